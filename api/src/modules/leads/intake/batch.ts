/**
 * Many leads through intake in one transaction (the affiliate API groups concurrent calls this way): the rules of
 * `intakeLead` — normalize, references, blacklist, duplicates in the window and within the batch, the starting status —
 * checked set-based, a handful of statements whatever the batch's size, then the accepted leads inserted in one.
 * The batch locks its leads' contacts as add-lead does (in one statement), so batches of several processes run side by
 * side unless they share a contact.
 */
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { sourceRandomStatuses } from '../../../db/schema/index.ts';
import { pickWeightedStatus } from '../../settings/randomStatuses/pickWeightedStatus.ts';
import { blacklistIndex, entriesFor } from '../blacklist/batch.ts';
import { blacklistErrors, contactValuesOf, hitsAmong } from '../blacklist/matcher.ts';
import { duplicateMessage, duplicateWindowDays, lockContacts, newestLeadsWith, type Contacts } from './duplicates.ts';
import { prepareLead, type PreparedLead } from './prepare.ts';
import { loadReferences, referenceRefusal } from './references.ts';
import { refusal, type IntakeContext, type IntakeRefusal, type LeadIntakeInput } from './schema.ts';
import { insertNewLeads, type NewLead } from './insertBatch.ts';

export type BatchLead = { input: LeadIntakeInput; tracking?: IntakeContext['tracking'] };
export type BatchOutcome = { ok: true; id: number; leadId: string } | IntakeRefusal;
/** Called with the leads that passed every check (their indexes): refusals for those that may not be taken after all. */
type Admission = (executor: Executor, passed: readonly number[]) => Promise<Map<number, IntakeRefusal>>;

/** `distribute`: the accepted leads are queued for the distribution engine in the same statement. */
type BatchOptions = { cause: 'intake'; admit?: Admission; random?: () => number; distribute?: boolean };

const contactsOf = (lead: PreparedLead): Contacts => ({ email: lead.values.email ?? null, phone: lead.values.phone_normalized ?? null });

/** Duplicates of a lead: in the window, or of a lead taken earlier in this batch. */
function duplicateErrors(lead: PreparedLead, inWindow: ReadonlyMap<string, string>, taken: ReadonlySet<string>): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const contacts = contactsOf(lead);
  for (const field of ['email', 'phone'] as const) {
    const value = contacts[field];
    if (!value) continue;
    const stored = inWindow.get(`${field}:${value}`);
    if (stored !== undefined) errors[field] = [duplicateMessage(field, stored)];
    else if (taken.has(`${field}:${value}`)) errors[field] = [duplicateMessage(field, 'another lead posted at the same time')];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The weighted random statuses of the sources the leads come from. */
async function randomStatusesOf(executor: Executor, prepared: readonly PreparedLead[]): Promise<Map<number, { status_id: number; weight: number }[]>> {
  const sourceIds = [...new Set(prepared.filter((lead) => lead.statusId === null).map((lead) => lead.values.source_id))].filter((id): id is number => typeof id === 'number');
  const lists = new Map<number, { status_id: number; weight: number }[]>();
  if (sourceIds.length === 0) return lists;
  const rows = await executor
    .select({ source_id: sourceRandomStatuses.source_id, status_id: sourceRandomStatuses.status_id, weight: sourceRandomStatuses.weight })
    .from(sourceRandomStatuses)
    .where(inArray(sourceRandomStatuses.source_id, sourceIds))
    .orderBy(sourceRandomStatuses.id);
  for (const row of rows) lists.set(row.source_id, [...(lists.get(row.source_id) ?? []), { status_id: row.status_id, weight: row.weight }]);
  return lists;
}

export async function intakeLeadBatch(executor: Executor, batch: readonly BatchLead[], options: BatchOptions): Promise<BatchOutcome[]> {
  const outcomes: (BatchOutcome | undefined)[] = batch.map(() => undefined);
  const prepared: (PreparedLead | undefined)[] = batch.map((item, index) => {
    const result = prepareLead(item.input);
    if (result.ok) return result.lead;
    outcomes[index] = result;
    return undefined;
  });
  const checked = prepared.map((lead, index) => ({ lead, index })).filter((entry): entry is { lead: PreparedLead; index: number } => entry.lead !== undefined);

  await lockContacts(executor, ...checked.map((entry) => contactsOf(entry.lead)));
  const references = await loadReferences(
    executor,
    checked.map((entry) => entry.lead),
  );
  const contacts = checked.map((entry) => contactValuesOf(entry.lead.values));
  const blacklisted = await blacklistIndex(executor, contacts);
  const days = duplicateWindowDays();
  const inWindow =
    days > 0
      ? await newestLeadsWith(
          executor,
          checked.map((entry) => contactsOf(entry.lead)),
          days,
        )
      : new Map<string, string>();

  const taken = new Set<string>();
  const passed: number[] = [];
  checked.forEach(({ lead, index }, position) => {
    const badReference = referenceRefusal(lead, references, options.cause);
    if (badReference) return void (outcomes[index] = badReference);
    const values = contacts[position];
    const hits = values ? hitsAmong(values, entriesFor(values, blacklisted)) : [];
    if (hits.length > 0) return void (outcomes[index] = refusal('BLACKLISTED', blacklistErrors(hits)));
    if (days > 0) {
      const duplicates = duplicateErrors(lead, inWindow, taken);
      if (duplicates) return void (outcomes[index] = refusal('DUPLICATE', duplicates));
      const own = contactsOf(lead);
      if (own.email) taken.add(`email:${own.email}`);
      if (own.phone) taken.add(`phone:${own.phone}`);
    }
    passed.push(index);
  });

  const refusedLate = options.admit ? await options.admit(executor, passed) : new Map<number, IntakeRefusal>();
  for (const [index, late] of refusedLate) outcomes[index] = late;
  const admitted = passed.filter((index) => !refusedLate.has(index));
  if (admitted.length === 0) return outcomes.map((outcome) => outcome ?? refusal('INVALID', { _: ['The lead was not processed.'] }));

  const lists = await randomStatusesOf(
    executor,
    admitted.map((index) => prepared[index] as PreparedLead),
  );
  const random = options.random ?? Math.random;
  const newLeads = admitted.map((index): NewLead => {
    const lead = prepared[index] as PreparedLead;
    const sourceId = lead.values.source_id;
    const drawn = lead.statusId === null && typeof sourceId === 'number' ? pickWeightedStatus(lists.get(sourceId) ?? [], random) : null;
    return { values: lead.values, tracking: batch[index]?.tracking, statusId: lead.statusId ?? drawn, drawn: drawn !== null, tagIds: lead.tagIds, distribute: options.distribute === true };
  });
  const inserted = await insertNewLeads(executor, newLeads, options.cause);
  admitted.forEach((index, position) => {
    const lead = inserted[position];
    if (lead) outcomes[index] = { ok: true, id: lead.id, leadId: lead.leadId };
  });
  return outcomes.map((outcome) => outcome ?? refusal('INVALID', { _: ['The lead was not processed.'] }));
}
