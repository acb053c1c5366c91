/**
 * Step two of intake: every id and code the lead points at exists and has the right kind. The answer groups the
 * field messages by the reason a failed lead would carry, so staff see every bad reference at once.
 */
import { eq, inArray } from 'drizzle-orm';
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

export async function checkReferences(executor: Executor, lead: PreparedLead, cause: IntakeCause): Promise<IntakeRefusal | null> {
  const { values, statusId, tagIds } = lead;
  const grouped: Partial<Record<FailedLeadReasonCode, Record<string, string[]>>> = {};
  const fail = (reason: FailedLeadReasonCode, field: string, message: string) => {
    ((grouped[reason] ??= {})[field] ??= []).push(message);
  };

  const statusIds = [statusId, ...subStatusFields.map(([field]) => values[field])].filter((id): id is number => typeof id === 'number');
  const [statusRows, sourceRows, affiliateRows, tagRows, countryRows] = await Promise.all([
    statusIds.length > 0 ? executor.select({ id: statuses.id, class: statuses.class, in_import: statuses.in_import }).from(statuses).where(inArray(statuses.id, statusIds)) : [],
    typeof values.source_id === 'number' ? executor.select({ id: sources.id }).from(sources).where(eq(sources.id, values.source_id)) : [],
    typeof values.affiliate_company_id === 'number'
      ? executor.select({ id: affiliateCompanies.id }).from(affiliateCompanies).where(eq(affiliateCompanies.id, values.affiliate_company_id))
      : [],
    tagIds.length > 0 ? executor.select({ id: tags.id }).from(tags).where(inArray(tags.id, tagIds)) : [],
    values.country ? executor.select({ id: countries.id }).from(countries).where(eq(countries.iso_3166_2, values.country)) : [],
  ]);

  const statusById = new Map(statusRows.map((row) => [row.id, row]));
  const classOf = (id: number): StatusClass | undefined => statusById.get(id)?.class;

  if (typeof values.source_id === 'number' && sourceRows.length === 0) fail('UNKNOWN_SOURCE', 'source_id', 'The selected source does not exist.');
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
  if (typeof values.affiliate_company_id === 'number' && affiliateRows.length === 0) fail('INVALID', 'affiliate_company_id', 'The selected affiliate company does not exist.');
  if (tagIds.length > tagRows.length) fail('INVALID', 'tag_ids', 'The selected tags do not all exist.');
  if (values.country && countryRows.length === 0) fail('INVALID', 'country', 'The selected country does not exist.');

  const reason = reasonOrder.find((code) => grouped[code] !== undefined);
  if (!reason) return null;
  // The reason comes first in reasonOrder, so the refusal's message (its first field message) is about it.
  const errors: Record<string, string[]> = {};
  for (const code of reasonOrder) Object.assign(errors, grouped[code]);
  return refusal(reason, errors);
}
