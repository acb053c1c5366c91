/**
 * The database checks of a batch of candidate rows, set-based: one statement finds every blacklist entry
 * the batch hits and one every lead it duplicates, instead of two per row. Then, in file order, each row is refused
 * as BLACKLISTED, or as a DUPLICATE of a lead in the window or of an earlier row of the file that was accepted, or
 * accepted: the same rules and messages as add-lead (intake/blacklist and intake/duplicates).
 */
import type { Executor } from '../../../db/database.ts';
import { pickWeightedStatus } from '../../settings/randomStatuses/pickWeightedStatus.ts';
import { blacklistIndex, entriesFor } from '../blacklist/batch.ts';
import { blacklistErrors, hitsAmong } from '../blacklist/matcher.ts';
import { duplicateMessage, newestLeadsWith, type Contacts } from '../intake/duplicates.ts';
import { refusal } from '../intake/schema.ts';
import type { ImportReferences } from './references.ts';
import type { AcceptedRow, RowCandidate, RowRefusal } from './schema.ts';

/** What the checks remember from batch to batch of one run. */
export type CheckState = {
  /** Duplicate window in days (0: no duplicate check, as in add-lead). */
  windowDays: number;
  /** `email:…` / `phone:…` of the rows accepted so far → their row: a later row repeating one is a DUPLICATE. */
  acceptedContacts: Map<string, number>;
  /**
   * Whether earlier batches' rows stay in `acceptedContacts`. The dry run writes nothing, so it must remember them all;
   * the job commits each batch before deciding the next, whose window query then finds them as stored leads, so it
   * keeps one batch's worth (a 200k-row file's contacts would hold some 50 MB for nothing).
   */
  remembersEarlierBatches: boolean;
  random: () => number;
};

export type BatchDecision = { accepted: AcceptedRow[]; refused: RowRefusal[] };

/** Why a row is a duplicate (a lead in the window, or an earlier accepted row of the file), field by field; null if not. */
function duplicateErrors(candidate: RowCandidate, inWindow: ReadonlyMap<string, string>, accepted: ReadonlyMap<string, number>): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  for (const [field, value] of contactKeys(candidate)) {
    const stored = inWindow.get(`${field}:${value}`);
    const earlierRow = accepted.get(`${field}:${value}`);
    if (stored !== undefined) errors[field] = [duplicateMessage(field, stored)];
    else if (earlierRow !== undefined) errors[field] = [duplicateMessage(field, `row ${earlierRow} of this file`)];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

const contactsOf = (candidate: RowCandidate): Contacts => ({ email: candidate.lead.values.email ?? null, phone: candidate.lead.values.phone_normalized ?? null });

/** The contacts duplicates are matched on (normalized email and phone; empty ones never match). */
function contactKeys(candidate: RowCandidate): ['email' | 'phone', string][] {
  const keys: ['email' | 'phone', string][] = [];
  if (candidate.lead.values.email) keys.push(['email', candidate.lead.values.email]);
  if (candidate.lead.values.phone_normalized) keys.push(['phone', candidate.lead.values.phone_normalized]);
  return keys;
}

export async function decideBatch(executor: Executor, candidates: readonly RowCandidate[], references: ImportReferences, state: CheckState): Promise<BatchDecision> {
  const [blacklisted, inWindow] = await Promise.all([
    blacklistIndex(
      executor,
      candidates.map((candidate) => candidate.contacts),
    ),
    state.windowDays > 0 ? newestLeadsWith(executor, candidates.map(contactsOf), state.windowDays) : new Map<string, string>(),
  ]);

  if (!state.remembersEarlierBatches) state.acceptedContacts.clear();
  const decision: BatchDecision = { accepted: [], refused: [] };
  const refuse = (candidate: RowCandidate, reason: 'BLACKLISTED' | 'DUPLICATE', errors: Record<string, string[]>) => {
    decision.refused.push({ row: candidate.row, raw: candidate.raw, reason, message: refusal(reason, errors).message });
  };
  for (const candidate of candidates) {
    const hits = hitsAmong(candidate.contacts, entriesFor(candidate.contacts, blacklisted));
    if (hits.length > 0) {
      refuse(candidate, 'BLACKLISTED', blacklistErrors(hits));
      continue;
    }
    if (state.windowDays > 0) {
      const duplicates = duplicateErrors(candidate, inWindow, state.acceptedContacts);
      if (duplicates) {
        refuse(candidate, 'DUPLICATE', duplicates);
        continue;
      }
      for (const [field, value] of contactKeys(candidate)) state.acceptedContacts.set(`${field}:${value}`, candidate.row);
    }
    const statusId = references.statusId ?? (references.randomStatuses.length > 0 ? pickWeightedStatus(references.randomStatuses, state.random) : null);
    decision.accepted.push({ ...candidate, statusId });
  }
  return decision;
}
