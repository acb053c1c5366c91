/**
 * The bookkeeping around the engine's broker calls, written for many leads at once: the passes of a process hand their
 * writes to one writer, which commits them by group commit (a lone write goes at once; those that come while a
 * transaction runs go together in the next), so a busy worker spends a handful of statements on many leads instead of a
 * dozen on each. A batch that fails as a whole is written again lead by lead.
 *
 * Before a call (`start`), in one transaction: the cap slots (capSlots.ts, one order for the whole batch), a lock per
 * (department, lead) pair in one order, then one statement that — under those locks, so it sees every send committed
 * before — inserts a `sending` history row for each pair not sent before (nor under way, nor of unknown outcome), with
 * its verdicts and the lead's attempt count. A pair sent elsewhere comes back as ALREADY_SENT, its slots given back.
 * After a call (`finish`), or at the end of a pass without one: the send's outcome (outcome.ts), slots given back, the
 * verdicts and the lead's distribution state, in one transaction. Each transaction ends with one insert of live events
 * (modules/events): the leads it started or settled, and the departments whose cap counters it moved.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DistributionState, DistributionVerdict } from '@crm/shared/contract';
import type { Db, Executor } from '../../db/database.ts';
import { Batcher } from '../../db/batcher.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { columnLiteral } from '../../db/sqlArrays.ts';
import { publishChanges } from '../events/changes.ts';
import { outcomeUnknownStatuses } from '../sending/engine/checks.ts';
import { writeSendOutcomes, type SendOutcome } from '../sending/engine/outcome.ts';
import type { Verdict } from './candidates.ts';
import { releaseCapSlots, reserveCapSlotsFor, type CapSlot, type SlotRequest } from './capSlots.ts';
import { FullCounters } from './fullCounters.ts';

/** A verdict as stored: on a candidate of a tier, or on the lead (both null). */
export type Decision = Verdict & { tier: number | null; departmentId: number | null };

type AttemptStart = {
  leadId: number;
  ruleId: number;
  integrationId: number;
  attempt: number;
  /** The verdicts met on the way, then PICKED: written only when the attempt starts. */
  decisions: readonly Decision[];
  slots: SlotRequest;
};

type StartedAttempt = { ok: true; historyId: number; slots: CapSlot[] } | { ok: false; verdict: Verdict };

/** The lead's distribution as a step leaves it. */
type StateChange = {
  state: DistributionState;
  reason_code: DistributionVerdict;
  reason: string;
  hold_until: Date | null;
  /** Kept when null. */
  next_attempt_at: Date | null;
  delivered_department_id: number | null;
  /** Kept when null. */
  rule_id: number | null;
};

type LeadWrite = {
  leadId: number;
  attempt: number;
  decisions: readonly Decision[];
  send?: SendOutcome;
  release?: readonly CapSlot[];
  state?: StateChange;
};

type Decided = { leadId: number; attempt: number; decisions: readonly Decision[] };

/** The verdicts of many leads as the table `d(lead_id, attempt, tier, department_id, code, detail, position)`, in order. */
function decisionRows(entries: readonly Decided[]): SQL {
  const rows = entries.flatMap((entry) => entry.decisions.map((decision) => ({ leadId: entry.leadId, attempt: entry.attempt, ...decision })));
  const column = <Key extends keyof (typeof rows)[number]>(key: Key) => columnLiteral(rows.map((row) => row[key]));
  return sql`unnest(${column('leadId')}::int[], ${column('attempt')}::int[], ${column('tier')}::int[], ${column('departmentId')}::int[],
                    ${column('code')}::text[], ${column('detail')}::text[]) with ordinality as d(lead_id, attempt, tier, department_id, code, detail, position)`;
}

/** The verdicts of many leads and their new states, in one statement. */
async function writeVerdictsAndStates(executor: Executor, writes: readonly LeadWrite[]): Promise<void> {
  const states = writes.flatMap((write) => (write.state ? [{ leadId: write.leadId, ...write.state }] : []));
  if (states.length === 0 && writes.every((write) => write.decisions.length === 0)) return;
  const state = <Key extends keyof (typeof states)[number]>(key: Key) => columnLiteral(states.map((entry) => entry[key]));
  await executor.execute(sql`${preparedStatement('distribution_verdicts_and_states')}
    with decided as (
      insert into distribution_decisions (lead_id, attempt, tier, department_id, code, detail)
      select lead_id, attempt, tier, department_id, code, detail from ${decisionRows(writes)} order by position
    )
    update lead_distributions as ld
       set state = v.state, reason_code = v.reason_code, reason = v.reason, hold_until = v.hold_until,
           next_attempt_at = coalesce(v.next_attempt_at, ld.next_attempt_at), delivered_department_id = v.delivered_department_id,
           rule_id = coalesce(v.rule_id, ld.rule_id), updated_at = now()
      from unnest(${state('leadId')}::int[], ${state('state')}::text[], ${state('reason_code')}::text[], ${state('reason')}::text[],
                  ${state('hold_until')}::timestamptz[], ${state('next_attempt_at')}::timestamptz[], ${state('delivered_department_id')}::int[],
                  ${state('rule_id')}::int[]) as v(lead_id, state, reason_code, reason, hold_until, next_attempt_at, delivered_department_id, rule_id)
     where ld.lead_id = v.lead_id`);
}

/** Inserts the `sending` rows of the pairs not sent before, with their verdicts and attempt counts: the leads started. */
async function insertClaimedRows(tx: Executor, starts: readonly AttemptStart[]): Promise<Map<number, number>> {
  const started = await tx.execute<{ id: string; lead_id: number }>(sql`${preparedStatement('distribution_start_attempts')}
    with wanted as (
      select * from unnest(${columnLiteral(starts.map((start) => start.leadId))}::int[], ${columnLiteral(starts.map((start) => start.slots.departmentId))}::int[],
                           ${columnLiteral(starts.map((start) => start.integrationId))}::int[], ${columnLiteral(starts.map((start) => start.attempt))}::int[],
                           ${columnLiteral(starts.map((start) => start.ruleId))}::int[]) as w(lead_id, department_id, integration_id, attempt, rule_id)
    ),
    free as (
      select wanted.* from wanted
       where not exists (
         select 1 from lead_send_histories as other
          where other.lead_id = wanted.lead_id and other.broker_department_id = wanted.department_id
            and (other.state in ('sending', 'success') or (other.state = 'failure' and other.failure_status = any(${columnLiteral(outcomeUnknownStatuses)}::text[]))))
    ),
    claimed as (
      insert into lead_send_histories (lead_id, broker_department_id, send_integration_id, state)
      select lead_id, department_id, integration_id, 'sending' from free
      returning id, lead_id
    ),
    decided as (
      insert into distribution_decisions (lead_id, attempt, tier, department_id, code, detail)
      select d.lead_id, d.attempt, d.tier, d.department_id, d.code, d.detail
        from ${decisionRows(starts)}
       where d.lead_id in (select lead_id from free)
       order by d.position
    ),
    counted as (
      update lead_distributions as ld set attempts = free.attempt, rule_id = free.rule_id, state = 'pending', updated_at = now()
        from free where ld.lead_id = free.lead_id
    )
    select id, lead_id from claimed`);
  return new Map(started.rows.map((row) => [row.lead_id, Number(row.id)]));
}

const refusedElsewhere: Verdict = { code: 'ALREADY_SENT', detail: 'already sent (by another send at the same time)' };

/** Gives back slots in the caller's transaction; this process stops passing their departments over as full. */
async function giveBack(tx: Executor, full: FullCounters, slots: readonly CapSlot[]): Promise<void> {
  await releaseCapSlots(tx, slots);
  full.forget(slots.map((slot) => slot.department_id));
}

async function startAll(db: Db, full: FullCounters, starts: readonly AttemptStart[]): Promise<StartedAttempt[]> {
  return db.transaction(async (tx) => {
    const reservations = await reserveCapSlotsFor(
      tx,
      starts.map((start) => start.slots),
    );
    const open = starts.filter((_, index) => reservations[index]?.ok);
    let claimed = new Map<number, number>();
    if (open.length > 0) {
      // One order for every lock (department, then lead), as a send job's claim takes them (claim.ts).
      const pairs = open.map((start) => [start.slots.departmentId, start.leadId] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      await tx.execute(sql`${preparedStatement('distribution_lock_pairs')}
        select pg_advisory_xact_lock(p.department_id, p.lead_id)
          from unnest(${columnLiteral(pairs.map(([departmentId]) => departmentId))}::int[], ${columnLiteral(pairs.map(([, leadId]) => leadId))}::int[])
               with ordinality as p(department_id, lead_id, position)
         order by p.position`);
      claimed = await insertClaimedRows(tx, open);
    }
    const refusedSlots = open
      .filter((start) => !claimed.has(start.leadId))
      .flatMap((start) => {
        const reservation = reservations[starts.indexOf(start)];
        return reservation?.ok ? reservation.slots : [];
      });
    await giveBack(tx, full, refusedSlots);
    starts.forEach((start, index) => {
      const reservation = reservations[index];
      if (reservation && !reservation.ok) full.note(start.slots.departmentId, reservation.country, { code: reservation.code, detail: reservation.detail }, start.slots.at, start.slots);
    });
    const kept = starts.flatMap((start, index) => {
      const reservation = reservations[index];
      return claimed.has(start.leadId) && reservation?.ok ? [{ leadId: start.leadId, slots: reservation.slots }] : [];
    });
    await publishChanges(tx, { leadIds: kept.map((entry) => entry.leadId), departmentIds: kept.flatMap((entry) => entry.slots.map((slot) => slot.department_id)) });
    return starts.map((start, index): StartedAttempt => {
      const reservation = reservations[index];
      if (!reservation) throw new Error('a reservation is missing');
      if (!reservation.ok) return { ok: false, verdict: { code: reservation.code, detail: reservation.detail } };
      const historyId = claimed.get(start.leadId);
      return historyId === undefined ? { ok: false, verdict: refusedElsewhere } : { ok: true, historyId, slots: reservation.slots };
    });
  });
}

async function finishAll(db: Db, full: FullCounters, writes: readonly LeadWrite[]): Promise<void> {
  await db.transaction(async (tx) => {
    const sends = writes.flatMap((write) => (write.send ? [write.send] : []));
    if (sends.length > 0) await writeSendOutcomes(tx, sends);
    // All at once, in the one order of every counter lock (capSlots.ts).
    const released = writes.flatMap((write) => write.release ?? []);
    await giveBack(tx, full, released);
    await writeVerdictsAndStates(tx, writes);
    await publishChanges(tx, { leadIds: writes.map((write) => write.leadId), departmentIds: released.map((slot) => slot.department_id) });
  });
}

export type AttemptWriter = {
  start(start: AttemptStart): Promise<StartedAttempt>;
  finish(write: LeadWrite): Promise<void>;
  /** The counters its starts found full, for the passes' picks (fullCounters.ts). */
  full: FullCounters;
};

const writers = new WeakMap<Db, AttemptWriter>();

/** The process's writer on a database: every pass on it shares one, so their writes group. */
export function attemptWriterFor(db: Db): AttemptWriter {
  const known = writers.get(db);
  if (known) return known;
  const options = { maxItems: 64, maxWaitMs: 'while-busy', retrySingly: true } as const;
  const full = new FullCounters();
  const starts = new Batcher<AttemptStart, StartedAttempt>((batch) => startAll(db, full, batch), options);
  // No broker call waits on an outcome: a lone one waits 20 ms for others, and under load one transaction goes every
  // 100 ms at most (a worker settling 165 leads/s wrote 4 a transaction, at about 8 statements each).
  const finishes = new Batcher<LeadWrite, void>(
    async (batch) => {
      await finishAll(db, full, batch);
      return batch.map(() => undefined);
    },
    { ...options, gatherMs: 20, paceMs: 100 },
  );
  const writer: AttemptWriter = { start: (start) => starts.add(start), finish: (write) => finishes.add(write), full };
  writers.set(db, writer);
  return writer;
}
