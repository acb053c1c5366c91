/**
 * The one intake path every source of leads uses: add lead, failed-lead retry and the CSV import.
 * Normalize → check references → blacklist → duplicates (under a lock) → insert the lead, its tags, the first
 * status history and, when asked, its place in the distribution queue. A refusal writes nothing and says why, as a
 * failed lead would record it.
 */
import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { leadCreateBody } from '@crm/shared/contract';
import { leadStatusHistories, leadTags, leads, sourceRandomStatuses } from '../../../db/schema/index.ts';
import type { Executor } from '../../../db/database.ts';
import { pickWeightedStatus } from '../../settings/randomStatuses/pickWeightedStatus.ts';
import { blacklistErrors, findBlacklistHits } from '../blacklist/matcher.ts';
import { enqueueDistribution } from '../distributionQueue.ts';
import { duplicateWindowDays, findDuplicates, lockContacts } from './duplicates.ts';
import { prepareLead, type PreparedLead } from './prepare.ts';
import { checkReferences } from './references.ts';
import { refusal, type IntakeContext, type IntakeRefusal, type IntakeResult, type LeadIntakeInput, type LeadRow } from './schema.ts';

/** `L` + 10 random digits; a clash with a stored id is retried, so ids stay unguessable and never collide. */
export function newLeadId(): string {
  return `L${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
}

/**
 * A raw row (an import line, a stored failed lead) read with the add-lead body schema: the typed input, or an
 * INVALID refusal with the messages per field.
 */
export function parseLeadInput(raw: unknown): { ok: true; input: LeadIntakeInput } | IntakeRefusal {
  const parsed = leadCreateBody.safeParse(raw);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const unknownKey = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
    const field = [...issue.path.map(String), ...(unknownKey === undefined ? [] : [unknownKey])].join('.') || '_';
    (errors[field] ??= []).push(unknownKey === undefined ? issue.message : `The ${field} field is not allowed.`);
  }
  return refusal('INVALID', errors);
}

/** The status a lead starts with, and whether it was drawn from its source's weighted list. */
async function startingStatus(executor: Executor, lead: PreparedLead, random: () => number): Promise<{ statusId: number | null; drawn: boolean }> {
  if (lead.statusId !== null || typeof lead.values.source_id !== 'number') return { statusId: lead.statusId, drawn: false };
  const list = await executor
    .select({ status_id: sourceRandomStatuses.status_id, weight: sourceRandomStatuses.weight })
    .from(sourceRandomStatuses)
    .where(eq(sourceRandomStatuses.source_id, lead.values.source_id))
    .orderBy(sourceRandomStatuses.id);
  const drawn = pickWeightedStatus(list, random);
  return { statusId: drawn, drawn: drawn !== null };
}

async function insertLead(executor: Executor, values: Omit<typeof leads.$inferInsert, 'lead_id'>): Promise<LeadRow> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [row] = await executor
      .insert(leads)
      .values({ ...values, lead_id: newLeadId() })
      .onConflictDoNothing({ target: leads.lead_id })
      .returning();
    if (row) return row;
  }
  throw new Error('could not find a free lead id');
}

async function alreadyImported(executor: Executor, context: IntakeContext): Promise<LeadRow | null> {
  if (typeof context.importJobId !== 'number' || typeof context.importRow !== 'number') return null;
  const [row] = await executor
    .select()
    .from(leads)
    .where(and(eq(leads.import_job_id, context.importJobId), eq(leads.import_row, context.importRow)));
  return row ?? null;
}

/**
 * Adds one lead. Runs in its own transaction, or in a savepoint of the caller's (an import batch, a retry);
 * the contact locks last until the outermost transaction ends.
 */
export async function intakeLead(executor: Executor, input: LeadIntakeInput, context: IntakeContext): Promise<IntakeResult> {
  const prepared = prepareLead(input);
  if (!prepared.ok) return prepared;
  const lead = prepared.lead;

  return executor.transaction(async (tx): Promise<IntakeResult> => {
    const imported = await alreadyImported(tx, context);
    if (imported) {
      const tagRows = await tx.select({ tag_id: leadTags.tag_id }).from(leadTags).where(eq(leadTags.lead_id, imported.id));
      return { ok: true, lead: imported, tagIds: tagRows.map((row) => row.tag_id), created: false };
    }

    const badReference = await checkReferences(tx, lead, context.cause);
    if (badReference) return badReference;

    const hits = await findBlacklistHits(tx, lead.values);
    if (hits.length > 0) return refusal('BLACKLISTED', blacklistErrors(hits));

    const contacts = { email: lead.values.email ?? null, phone: lead.values.phone_normalized ?? null };
    await lockContacts(tx, contacts);
    const duplicates = await findDuplicates(tx, contacts, context.duplicateWindowDays ?? duplicateWindowDays());
    if (duplicates) return refusal('DUPLICATE', duplicates);

    const { statusId, drawn } = await startingStatus(tx, lead, context.random ?? Math.random);
    const row = await insertLead(tx, {
      ...lead.values,
      ...context.tracking,
      status_id: statusId,
      original_status_id: statusId,
      status_changed_at: statusId === null ? null : new Date(),
      created_by: context.userId,
      import_job_id: context.importJobId ?? null,
      import_row: context.importRow ?? null,
    });
    if (lead.tagIds.length > 0) await tx.insert(leadTags).values(lead.tagIds.map((tagId) => ({ lead_id: row.id, tag_id: tagId })));
    // A lead without a status has had no status change to record.
    if (statusId !== null) {
      await tx.insert(leadStatusHistories).values({
        lead_id: row.id,
        from_status_id: null,
        to_status_id: statusId,
        cause: drawn ? 'random' : context.cause,
        user_id: context.userId,
        job_id: context.importJobId ?? null,
      });
    }
    if (context.distribute === true) await enqueueDistribution(tx, [row.id]);
    return { ok: true, lead: row, tagIds: lead.tagIds, created: true };
  });
}
