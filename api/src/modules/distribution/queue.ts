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
import { distributeLead, type DistributionDeps } from './engine.ts';

/** Longer than any pass (a few broker calls at their timeout): a lead whose worker died is due again after it. */
const leaseSeconds = 300;
const claimBatch = 20;

async function claimDue(executor: Executor, states: readonly DistributionState[], limit: number): Promise<number[]> {
  const result = await executor.execute<{ lead_id: number }>(sql`
    update lead_distributions d
       set next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
     where d.lead_id in (select lead_id from lead_distributions
                          where state = any(${columnLiteral(states)}::text[]) and next_attempt_at <= now()
                          order by next_attempt_at limit ${limit} for update skip locked)
       and d.state = any(${columnLiteral(states)}::text[]) and d.next_attempt_at <= now()
    returning d.lead_id`);
  return result.rows.map((row) => Number(row.lead_id));
}

/** No rule is enabled: the leads are left unassigned with NO_RULE, their verdicts written, in one statement. */
async function settleWithoutRules(executor: Executor, leadIds: readonly number[]): Promise<void> {
  const detail = 'no rule matches the lead';
  await executor.execute(sql`
    with settled as (
      update lead_distributions set state = 'unassigned', reason_code = 'NO_RULE', reason = ${detail}, hold_until = null, updated_at = now()
       where lead_id = any(${columnLiteral(leadIds)}::int[]) and state in ('pending', 'held')
      returning lead_id, attempts
    )
    insert into distribution_decisions (lead_id, attempt, tier, department_id, code, detail)
    select lead_id, attempts + 1, null, null, 'NO_RULE', ${detail} from settled`);
}

/**
 * Distributes the leads due now in these states, a batch at a time (a batch's leads in parallel), for up to
 * `budgetMs`; returns how many were taken. Each claim moves its leads' next try past the lease, so the loop ends.
 */
export async function runDueDistributions(deps: DistributionDeps, states: readonly DistributionState[], budgetMs = 45_000): Promise<number> {
  const started = Date.now();
  let taken = 0;
  while (Date.now() - started < budgetMs) {
    const leadIds = await claimDue(deps.engine.db, states, claimBatch);
    if (leadIds.length === 0) break;
    taken += leadIds.length;
    if (deps.anyRule && !(await deps.anyRule(deps.engine.db))) {
      await settleWithoutRules(deps.engine.db, leadIds);
      continue;
    }
    const results = await Promise.allSettled(leadIds.map((leadId) => distributeLead(deps, leadId)));
    for (const result of results) if (result.status === 'rejected') console.error('distribution failed:', result.reason instanceof Error ? result.reason.message : result.reason);
  }
  return taken;
}
