/** Reading and writing blacklist entries (lead/black_list): values are stored normalized, one per (type, value). */
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { BlacklistItem, BlacklistType, PaginationMeta, blacklistCreateBody, blacklistSearchQuery } from '@crm/shared/contract';
import type { Db, Executor } from '../../../db/database.ts';
import { blacklist, users } from '../../../db/schema/index.ts';
import { invalid, notFound } from '../../../http/errors.ts';
import { pageWindow, paginationMetaOf } from '../../../http/pagination.ts';
import { searchCondition } from '../../../http/resource.ts';
import { pgErrorCode, pgUniqueViolation } from '../../../db/errors.ts';
import { countMatchingLeads } from './matcher.ts';
import { normalizeBlacklistValue } from './normalize.ts';

type ParsedSearch = z.output<typeof blacklistSearchQuery>;
type ParsedCreate = z.output<typeof blacklistCreateBody>;

const itemColumns = {
  id: blacklist.id,
  type: blacklist.type,
  value: blacklist.value,
  comment: blacklist.comment,
  user_id: users.id,
  user_name: users.name,
  created_at: blacklist.created_at,
  updated_at: blacklist.updated_at,
};

type ItemRow = { id: number; type: BlacklistType; value: string; comment: string | null; user_id: number | null; user_name: string | null; created_at: Date; updated_at: Date };

function toItem(row: ItemRow): BlacklistItem {
  return {
    id: row.id,
    type: row.type,
    value: row.value,
    comment: row.comment,
    user: row.user_id !== null && row.user_name !== null ? { id: row.user_id, name: row.user_name } : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const sortColumns = { created_at: blacklist.created_at, value: blacklist.value, type: blacklist.type } as const;

export async function listBlacklist(db: Db, query: ParsedSearch): Promise<{ data: BlacklistItem[]; meta: PaginationMeta }> {
  const conditions = [searchCondition([blacklist.value, blacklist.comment], query.search), query.type ? eq(blacklist.type, query.type) : undefined].filter(
    (condition): condition is SQL => condition !== undefined,
  );
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const order = query.direction === 'desc' ? desc : asc;
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select(itemColumns)
      .from(blacklist)
      .leftJoin(users, eq(users.id, blacklist.user_id))
      .where(where)
      .orderBy(order(sortColumns[query.sort]), order(blacklist.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(blacklist).where(where),
  ]);
  return { data: rows.map(toItem), meta: paginationMetaOf(query, total?.total ?? 0) };
}

async function findItem(executor: Executor, id: number): Promise<BlacklistItem> {
  const [row] = await executor.select(itemColumns).from(blacklist).leftJoin(users, eq(users.id, blacklist.user_id)).where(eq(blacklist.id, id));
  if (!row) throw notFound('Blacklist entry');
  return toItem(row);
}

const takenMessage = 'This value is already blacklisted.';

/** Adds an entry (422 under `value` when it is malformed or already listed) and counts the stored leads it matches. */
export async function createBlacklistEntry(db: Db, body: ParsedCreate, userId: number): Promise<{ data: BlacklistItem; matching_leads: number }> {
  const normalized = normalizeBlacklistValue(body.type, body.value);
  if ('error' in normalized) throw invalid({ value: [normalized.error] });
  const [taken] = await db
    .select({ id: blacklist.id })
    .from(blacklist)
    .where(and(eq(blacklist.type, body.type), eq(blacklist.value, normalized.value)));
  if (taken) throw invalid({ value: [takenMessage] });
  const [row] = await db
    .insert(blacklist)
    .values({ type: body.type, value: normalized.value, comment: body.comment?.trim() || null, user_id: userId })
    .returning({ id: blacklist.id })
    .catch((error: unknown) => {
      // Two people adding the same value at once: the unique index decides, the loser gets the same 422.
      throw pgErrorCode(error) === pgUniqueViolation ? invalid({ value: [takenMessage] }) : error;
    });
  if (!row) throw new Error('blacklist insert returned nothing');
  const [data, matching_leads] = await Promise.all([findItem(db, row.id), countMatchingLeads(db, body.type, normalized.value)]);
  return { data, matching_leads };
}

export async function deleteBlacklistEntry(db: Db, id: number): Promise<void> {
  const removed = await db.delete(blacklist).where(eq(blacklist.id, id)).returning({ id: blacklist.id });
  if (removed.length === 0) throw notFound('Blacklist entry');
}
