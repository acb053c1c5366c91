/**
 * Step two of intake: every id and code the lead points at exists and has the right kind. The answer groups the
 * field messages by the reason a failed lead would carry, so staff see every bad reference at once.
 */
import { inArray } from 'drizzle-orm';
import type { FailedLeadReasonCode } from '@crm/shared/contract';
import { affiliateCompanies, countries, sources, statuses, tags } from '../../../db/schema/index.ts';
import type { Executor } from '../../../db/database.ts';
import type { PreparedLead } from './prepare.ts';
import { refusal, type IntakeCause, type IntakeRefusal } from './schema.ts';

type StatusClass = 'lead' | 'email' | 'phone';

/** The sub-status fields and the status class each must have. */
const subStatusFields = [
  ['email_status_id', 'email'],
  ['alt_email_status_id', 'email'],
  ['phone_status_id', 'phone'],
  ['alt_phone_status_id', 'phone'],
] as const;

const missing = 'The selected record does not exist.';

/** The first reason present, in this order, is the refusal's reason; the messages of all of them are kept. */
const reasonOrder: readonly FailedLeadReasonCode[] = ['INVALID', 'UNKNOWN_SOURCE', 'UNKNOWN_STATUS'];

/** The referenced rows that exist, for a set of leads: looked up once, whatever the number of leads. */
export type ReferenceSets = {
  statuses: Map<number, { class: StatusClass; in_import: boolean }>;
  sources: Set<number>;
  companies: Set<number>;
  tags: Set<number>;
  countries: Set<string>;
};

const numbers = (values: readonly unknown[]): number[] => [...new Set(values.filter((value): value is number => typeof value === 'number'))];

/** One statement per kind of reference the leads use (none for a kind no lead uses). */
export async function loadReferences(executor: Executor, prepared: readonly PreparedLead[]): Promise<ReferenceSets> {
  const statusIds = numbers(prepared.flatMap(({ values, statusId }) => [statusId, ...subStatusFields.map(([field]) => values[field])]));
  const sourceIds = numbers(prepared.map(({ values }) => values.source_id));
  const companyIds = numbers(prepared.map(({ values }) => values.affiliate_company_id));
  const tagIds = numbers(prepared.flatMap((lead) => lead.tagIds));
  const isoCodes = [...new Set(prepared.map(({ values }) => values.country).filter((code): code is string => Boolean(code)))];
  // One after the other: a transaction's statements share one connection.
  const statusRows =
    statusIds.length > 0 ? await executor.select({ id: statuses.id, class: statuses.class, in_import: statuses.in_import }).from(statuses).where(inArray(statuses.id, statusIds)) : [];
  const sourceRows = sourceIds.length > 0 ? await executor.select({ id: sources.id }).from(sources).where(inArray(sources.id, sourceIds)) : [];
  const companyRows = companyIds.length > 0 ? await executor.select({ id: affiliateCompanies.id }).from(affiliateCompanies).where(inArray(affiliateCompanies.id, companyIds)) : [];
  const tagRows = tagIds.length > 0 ? await executor.select({ id: tags.id }).from(tags).where(inArray(tags.id, tagIds)) : [];
  const countryRows = isoCodes.length > 0 ? await executor.select({ code: countries.iso_3166_2 }).from(countries).where(inArray(countries.iso_3166_2, isoCodes)) : [];
  return {
    statuses: new Map(statusRows.map((row) => [row.id, { class: row.class, in_import: row.in_import }])),
    sources: new Set(sourceRows.map((row) => row.id)),
    companies: new Set(companyRows.map((row) => row.id)),
    tags: new Set(tagRows.map((row) => row.id)),
    countries: new Set(countryRows.map((row) => row.code)),
  };
}

export async function checkReferences(executor: Executor, lead: PreparedLead, cause: IntakeCause): Promise<IntakeRefusal | null> {
  return referenceRefusal(lead, await loadReferences(executor, [lead]), cause);
}

/** Why the lead's references do not hold, or null when they do. */
export function referenceRefusal(lead: PreparedLead, found: ReferenceSets, cause: IntakeCause): IntakeRefusal | null {
  const { values, statusId, tagIds } = lead;
  const grouped: Partial<Record<FailedLeadReasonCode, Record<string, string[]>>> = {};
  const fail = (reason: FailedLeadReasonCode, field: string, message: string) => {
    ((grouped[reason] ??= {})[field] ??= []).push(message);
  };

  const statusById = found.statuses;
  const classOf = (id: number): StatusClass | undefined => statusById.get(id)?.class;

  if (typeof values.source_id === 'number' && !found.sources.has(values.source_id)) fail('UNKNOWN_SOURCE', 'source_id', 'The selected source does not exist.');
  if (statusId !== null) {
    const status = statusById.get(statusId);
    if (!status) fail('UNKNOWN_STATUS', 'status_id', 'The selected status does not exist.');
    else if (status.class !== 'lead') fail('UNKNOWN_STATUS', 'status_id', 'The status must be a lead status.');
    // `in_import` marks the statuses an import may set (docs/product.md#lead-statuses).
    else if (cause === 'import' && !status.in_import) fail('UNKNOWN_STATUS', 'status_id', 'This status is not allowed in imports.');
  }
  for (const [field, expected] of subStatusFields) {
    const id = values[field];
    if (typeof id !== 'number') continue;
    const found = classOf(id);
    if (found === undefined) fail('INVALID', field, missing);
    else if (found !== expected) fail('INVALID', field, `The status must be ${expected === 'email' ? 'an email' : 'a phone'} status.`);
  }
  if (typeof values.affiliate_company_id === 'number' && !found.companies.has(values.affiliate_company_id))
    fail('INVALID', 'affiliate_company_id', 'The selected affiliate company does not exist.');
  if (!tagIds.every((id) => found.tags.has(id))) fail('INVALID', 'tag_ids', 'The selected tags do not all exist.');
  if (values.country && !found.countries.has(values.country)) fail('INVALID', 'country', 'The selected country does not exist.');

  const reason = reasonOrder.find((code) => grouped[code] !== undefined);
  if (!reason) return null;
  // The reason comes first in reasonOrder, so the refusal's message (its first field message) is about it.
  const errors: Record<string, string[]> = {};
  for (const code of reasonOrder) Object.assign(errors, grouped[code]);
  return refusal(reason, errors);
}
