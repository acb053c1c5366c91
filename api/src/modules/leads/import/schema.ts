/** The import's own types: the job type and payload, and a row on its way to becoming a lead or a failed lead. */
import { z } from 'zod';
import { importRequest, type FailedLeadReasonCode } from '@crm/shared/contract';
import type { ContactValues } from '../blacklist/matcher.ts';
import type { PreparedLead } from '../intake/prepare.ts';

export const leadImportJobType = 'lead.import';

/** Rows per transaction: large enough for set-based checks to pay off, small enough to hold add-lead back briefly. */
export const defaultImportBatchRows = 2_000;

/** The job's payload: the request as the route validated it, plus a batch size (tests and the benchmark set it). */
export const leadImportPayload = importRequest.extend({ batch_size: z.number().int().min(1).max(20_000).optional() });
export type ImportRequestData = z.output<typeof importRequest>;

/** A row as it came from the file, keyed by lead field (plus the fixed values): what a failed lead keeps. */
export type RawRow = Record<string, unknown>;

/**
 * A row that passed the checks done in JavaScript; the database checks (blacklist, duplicates) are still to come.
 * Its contacts (as the blacklist matches them) and its values as array-literal elements are worked out with the
 * checks, before the batch's transaction, to keep the transaction short.
 */
export type RowCandidate = { row: number; raw: RawRow; lead: PreparedLead; contacts: ContactValues; elements: string[] };

/** A refused row, as a failed lead records it. */
export type RowRefusal = { row: number; raw: RawRow; reason: FailedLeadReasonCode; message: string };

/** A row that becomes a lead, with the status it starts with (fixed, or drawn from the source's random statuses). */
export type AcceptedRow = RowCandidate & { statusId: number | null };
