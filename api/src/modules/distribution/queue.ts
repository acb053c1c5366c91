/**
 * The distribution queue (DESIGN §6: the hold queue lives in PostgreSQL). `enqueueDistribution` (leads/distributionQueue.ts)
 * writes a pending row per lead in the caller's transaction; workers take due rows — pending ones, and held ones whose next
 * try has come — with a lease (`FOR UPDATE SKIP LOCKED`, `next_attempt_at` moved past the run), so two workers never
 * distribute one lead at once and a lead whose worker died is taken again when its lease ends.
 */
import { sql } from 'drizzle-orm';
import type { DistributionState } from '@crm/shared/contract';
import type { Executor } from '../../db/database.ts';
import { columnLiteral } from '../../db/sqlArrays.ts';
import { publishLeadChanges } from '../events/changes.ts';
import { noRuleDetail } from '../leads/distributionQueue.ts';
import { loadPassBatch } from './batch.ts';
import { distributeLead, type DistributionDeps } from './engine.ts';

/** Longer than any pass (a few broker calls at their timeout): a lead whose worker died is due again after it. */
const defaultLeaseSeconds = 300;
const claimBatch = 20;
/**
 * While leads are in flight, a claim waits for room for this many (at most a quarter of `inFlight`): under a backlog a
 * claim for each lead that ended took 3 leads on average, each claim a chain of statements (bench:distribution).
 */
const fullerClaim = 10;

/**
 * A run claims from just before the latest due time it has claimed (`cursorMarginMs` back), and from the oldest at its
 * start and every `fromOldestEveryMs`. The index of due rows keeps an entry for each earlier version of a row, dead once
 * its lead was claimed or settled, until the table is vacuumed: a claim from the oldest walked those of every lead
 * distributed since (1.5 ms and 290 buffers a claim at 20,000 leads in bench:distribution, growing with them). The
 * margin takes the leads of a transaction that committed after later ones were claimed; the claim from the oldest, any
 * left behind.
 */
const cursorMarginMs = 1_000;

type Claimed = { leadIds: number[]; latestDue: number | null };

async function claimDue(executor: Executor, states: readonly DistributionState[], limit: number, leaseSeconds: number, fromMs: number | null): Promise<Claimed> {
  // The due rows are chosen once (a MATERIALIZED CTE): as `IN (subquery … LIMIT)` the planner may run the subquery again
  // for each row it updates, each run finding the next due rows, and claim far more than the limit (seen on PGlite).
  // `state in ('pending', 'held')` spelled out lets the planner use the partial index of due rows (a parameter cannot).
  const from = fromMs === null ? sql`` : sql`and next_attempt_at >= ${new Date(fromMs).toISOString()}::timestamptz`;
  const result = await executor.execute<{ lead_id: number; due_ms: number }>(sql`
    with due as materialized (
      select lead_id, next_attempt_at from lead_distributions
       where state in ('pending', 'held') and state = any(${columnLiteral(states)}::text[]) and next_attempt_at <= now() ${from}
       order by next_attempt_at limit ${limit} for update skip locked
    )
    update lead_distributions d
       set next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
      from due
     where d.lead_id = due.lead_id
    returning d.lead_id, extract(epoch from due.next_attempt_at)::float8 * 1000 as due_ms`);
  const dues = result.rows.map((row) => Number(row.due_ms));
  return { leadIds: result.rows.map((row) => Number(row.lead_id)), latestDue: dues.length > 0 ? Math.max(...dues) : null };
}

/** No rule is enabled: the leads are left unassigned with NO_RULE, their verdicts written, in one statement, then their event. */
async function settleWithoutRules(executor: Executor, leadIds: readonly number[]): Promise<void> {
  const detail = noRuleDetail;
  await executor.transaction(async (tx) => {
    const settled = await tx.execute<{ lead_id: number }>(sql`
      with settled as (
        update lead_distributions set state = 'unassigned', reason_code = 'NO_RULE', reason = ${detail}, hold_until = null, updated_at = now()
         where lead_id = any(${columnLiteral(leadIds)}::int[]) and state in ('pending', 'held')
        returning lead_id, attempts
      ),
      decided as (
        insert into distribution_decisions (lead_id, attempt, tier, department_id, code, detail)
        select lead_id, attempts + 1, null, null, 'NO_RULE', ${detail} from settled
      )
      select lead_id from settled`);
    await publishLeadChanges(
      tx,
      settled.rows.map((row) => Number(row.lead_id)),
    );
  });
}

/** Wake-ups of a worker (worker.ts): a run that found nothing more to claim claims again after one. */
export class Wakes {
  private woken = false;
  private waiting: Promise<void> | null = null;
  private release: (() => void) | null = null;

  wake(): void {
    this.woken = true;
    this.release?.();
    this.waiting = null;
    this.release = null;
  }

  /** Whether a wake-up came since the last `take`. */
  take(): boolean {
    const woken = this.woken;
    this.woken = false;
    return woken;
  }

  /** Settles at the next wake-up (one promise for all who wait meanwhile). */
  next(): Promise<void> {
    this.waiting ??= new Promise<void>((resolve) => (this.release = resolve));
    return this.waiting;
  }
}

export type RunOptions = {
  /** Claims no more after this long (the leads in flight finish). */
  budgetMs?: number;
  /** Leads distributed at once by this process: above the sum of the integrations' concurrency, so they stay busy. */
  inFlight?: number;
  /** DISTRIBUTION_LEASE_SECONDS (300). */
  leaseSeconds?: number;
  /** A worker's wake-ups: with them a run goes on claiming while leads keep coming (without: until none is due). */
  wakes?: Wakes;
  /** How often a claim starts from the oldest due row (5 s; the others start just before the latest claimed). */
  fromOldestEveryMs?: number;
};

async function startPasses(deps: DistributionDeps, leadIds: readonly number[], running: Set<Promise<void>>): Promise<void> {
  // The rules first: while none is enabled the batch is settled without reading anything else.
  const router = await deps.router(deps.engine.db);
  if (!router.anyEnabled) {
    await settleWithoutRules(deps.engine.db, leadIds);
    return;
  }
  const batch = await loadPassBatch(deps, leadIds, router);
  for (const leadId of leadIds) {
    const pass = distributeLead(deps, leadId, batch).then(
      () => undefined,
      (error: unknown) => console.error(`distribution of lead ${leadId} failed:`, error instanceof Error ? error.message : error),
    );
    running.add(pass);
    void pass.finally(() => running.delete(pass));
  }
}

/**
 * Distributes the leads due now in these states, keeping up to `inFlight` leads in flight: a lead that ends makes room
 * for the next claim. When a claim finds fewer due leads than it had room for, the run claims again only after a
 * wake-up (new leads queued), and ends once nothing is in flight; it also stops claiming when the budget is spent.
 * Returns how many were taken. Each claim moves its leads' next try past the lease, so the run ends.
 */
export async function runDueDistributions(deps: DistributionDeps, states: readonly DistributionState[], options: RunOptions = {}): Promise<number> {
  const { budgetMs = 45_000, inFlight = 160, leaseSeconds = defaultLeaseSeconds, wakes, fromOldestEveryMs = 5_000 } = options;
  const started = Date.now();
  const running = new Set<Promise<void>>();
  let taken = 0;
  let idle = false;
  let latestDue: number | null = null;
  let fromOldestAt = Number.NEGATIVE_INFINITY;
  for (;;) {
    if (idle && wakes?.take()) idle = false;
    const room = Math.min(claimBatch, inFlight - running.size);
    const wanted = running.size === 0 ? 1 : Math.min(fullerClaim, Math.ceil(inFlight / 4));
    if (!idle && room >= wanted && Date.now() - started < budgetMs) {
      const from = latestDue === null || Date.now() - fromOldestAt >= fromOldestEveryMs ? null : latestDue - cursorMarginMs;
      if (from === null) fromOldestAt = Date.now();
      const claimed = await claimDue(deps.engine.db, states, room, leaseSeconds, from);
      if (claimed.latestDue !== null) latestDue = Math.max(latestDue ?? claimed.latestDue, claimed.latestDue);
      const { leadIds } = claimed;
      taken += leadIds.length;
      idle = leadIds.length < room;
      if (leadIds.length > 0) await startPasses(deps, leadIds, running);
      continue;
    }
    if (running.size === 0) return taken;
    await Promise.race(idle && wakes ? [...running, wakes.next()] : running);
  }
}
