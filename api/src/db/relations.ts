/**
 * Loaders for what lead rows point to, one query per relation for a whole page (never one per row):
 * status cells, named rows (companies, users); department labels come from brokers/relations.ts.
 * Shared by the profile, the histories and the status rules.
 */
import { inArray } from 'drizzle-orm';
import type { StatusCell } from '@crm/shared/contract';
import type { Executor } from './database.ts';
import { affiliateCompanies, sendIntegrations, statuses, users } from './schema/index.ts';

export type Named = { id: number; name: string };

/** The distinct non-null ids of a list. */
export function idsOf(values: readonly (number | null | undefined)[]): number[] {
  return [...new Set(values.filter((value): value is number => typeof value === 'number'))];
}

/** Reads a loaded map; null for a missing or null id (a deleted row reads as "not set"). */
export function pick<Value>(map: ReadonlyMap<number, Value>, id: number | null | undefined): Value | null {
  return id === null || id === undefined ? null : (map.get(id) ?? null);
}

export async function statusCells(executor: Executor, ids: readonly number[]): Promise<Map<number, StatusCell>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: statuses.id, name: statuses.name, bg_color: statuses.bg_color, text_color: statuses.text_color })
    .from(statuses)
    .where(inArray(statuses.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function companyNames(executor: Executor, ids: readonly number[]): Promise<Map<number, Named>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: affiliateCompanies.id, name: affiliateCompanies.name })
    .from(affiliateCompanies)
    .where(inArray(affiliateCompanies.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function userNames(executor: Executor, ids: readonly number[]): Promise<Map<number, Named>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function integrationNames(executor: Executor, ids: readonly number[]): Promise<Map<number, Named>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: sendIntegrations.id, name: sendIntegrations.name })
    .from(sendIntegrations)
    .where(inArray(sendIntegrations.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

export const isoOrNull = (value: Date | null): string | null => value?.toISOString() ?? null;
