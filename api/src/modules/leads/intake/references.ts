/**
 * Step two of intake: every id and code the lead points at exists and has the right kind. The answer groups the
 * field messages by the reason a failed lead would carry, so staff see every bad reference at once.
 */
import { sql } from 'drizzle-orm';
import type { FailedLeadReasonCode } from '@crm/shared/contract';
import { columnLiteral } from '../../../db/sqlArrays.ts';
import type { Executor } from '../../../db/database.ts';
import type { PreparedLead } from './prepare.ts';
import { refusal, type IntakeCause, type IntakeRefusal } from './schema.ts';
import { preparedStatement } from '../../../db/prepared.ts';

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

type ReferenceRow = { kind: 'status' | 'source' | 'company' | 'tag' | 'country'; key: string; class: StatusClass | null; in_import: boolean | null };

/** One statement for every kind of reference the leads use. */
export async function loadReferences(executor: Executor, prepared: readonly PreparedLead[]): Promise<ReferenceSets> {
  const statusIds = numbers(prepared.flatMap(({ values, statusId }) => [statusId, ...subStatusFields.map(([field]) => values[field])]));
  const sourceIds = numbers(prepared.map(({ values }) => values.source_id));
  const companyIds = numbers(prepared.map(({ values }) => values.affiliate_company_id));
  const tagIds = numbers(prepared.flatMap((lead) => lead.tagIds));
  const isoCodes = [...new Set(prepared.map(({ values }) => values.country).filter((code): code is string => Boolean(code)))];
  const { rows } = await executor.execute<ReferenceRow>(sql`${preparedStatement('intake_references')}
    select 'status' as kind, id::text as key, class, in_import from statuses where id = any(${columnLiteral(statusIds)}::int4[])
    union all select 'source', id::text, null, null from sources where id = any(${columnLiteral(sourceIds)}::int4[])
    union all select 'company', id::text, null, null from affiliate_companies where id = any(${columnLiteral(companyIds)}::int4[])
    union all select 'tag', id::text, null, null from tags where id = any(${columnLiteral(tagIds)}::int4[])
    union all select 'country', iso_3166_2, null, null from countries where iso_3166_2 = any(${columnLiteral(isoCodes)}::text[])`);
  const keys = (kind: ReferenceRow['kind']) => rows.filter((row) => row.kind === kind).map((row) => row.key);
  return {
    statuses: new Map(rows.flatMap((row) => (row.kind === 'status' && row.class !== null ? [[Number(row.key), { class: row.class, in_import: row.in_import === true }] as const] : []))),
    sources: new Set(keys('source').map(Number)),
    companies: new Set(keys('company').map(Number)),
    tags: new Set(keys('tag').map(Number)),
    countries: new Set(keys('country')),
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
