/**
 * Automatic distribution (issue 33), the engine's verdicts: every candidate department a lead meets gets one, stored
 * as a row (`distribution_decisions`), so the lead profile's Distribution tab and the simulator speak the same codes.
 * `GET /lead/{id}/distribution` returns a lead's state and its decisions in order.
 */
import { z } from 'zod';
import { isoDateTime } from './common.ts';

/**
 * Verdict codes. Per candidate department: PICKED (then the call's outcome: DELIVERED, BROKER_REFUSED, BROKER_ERROR,
 * TIMEOUT) or why it was passed over. Per lead (no department): NO_RULE, NO_CANDIDATE, MAX_ATTEMPTS, HELD,
 * HOLD_EXPIRED.
 */
export const distributionVerdicts = [
  'PICKED',
  'DELIVERED',
  'BROKER_REFUSED',
  'BROKER_ERROR',
  'TIMEOUT',
  'CAP_REACHED',
  'PACING_REACHED',
  'CLOSED',
  'CIRCUIT_OPEN',
  'NOT_TARGETED',
  'ALREADY_SENT',
  'BLACKLISTED',
  'NO_CONTACT',
  'INACTIVE',
  'NO_RULE',
  'NO_CANDIDATE',
  'MAX_ATTEMPTS',
  'HELD',
  'HOLD_EXPIRED',
] as const;
export type DistributionVerdict = (typeof distributionVerdicts)[number];

/** Verdicts that pass over a department only for now: a lead meeting only these is held and tried again. */
export const passingVerdicts = ['CAP_REACHED', 'PACING_REACHED', 'CLOSED', 'CIRCUIT_OPEN'] as const satisfies readonly DistributionVerdict[];

/**
 * A lead's distribution: `pending` (queued or being distributed), `delivered`, `held` (nothing open or under cap:
 * tried again until `hold_until`), `unassigned` (left for staff, with the reason), `timeout` (the broker did not
 * answer and may have the lead: no failover).
 */
export const distributionStates = ['pending', 'delivered', 'held', 'unassigned', 'timeout'] as const;
export type DistributionState = (typeof distributionStates)[number];

export const distributionDecision = z.object({
  id: z.number().int(),
  /** The broker call this verdict leads to (1 for the first; the verdicts after the last call carry the next number). */
  attempt: z.number().int(),
  /** The tier the candidate was met in (0 first); null for a verdict on the lead. */
  tier: z.number().int().nullable(),
  department: z.object({ id: z.number().int(), label: z.string() }).nullable(),
  code: z.enum(distributionVerdicts),
  detail: z.string(),
  at: isoDateTime,
});
export type DistributionDecision = z.infer<typeof distributionDecision>;

export const leadDistribution = z.object({
  lead_id: z.number().int(),
  /** Null when the lead was never queued for distribution. */
  state: z.enum(distributionStates).nullable(),
  reason_code: z.enum(distributionVerdicts).nullable(),
  reason: z.string().nullable(),
  rule_id: z.number().int().nullable(),
  /** The matched rule's name; null when none matched or the rule was deleted since. */
  rule_name: z.string().nullable(),
  attempts: z.number().int(),
  hold_until: isoDateTime.nullable(),
  next_attempt_at: isoDateTime.nullable(),
  delivered_department_id: z.number().int().nullable(),
  delivered_department: z.object({ id: z.number().int(), label: z.string() }).nullable(),
  decisions: z.array(distributionDecision),
});
export type LeadDistribution = z.infer<typeof leadDistribution>;
