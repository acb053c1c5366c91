/**
 * The distribution queue's door (DESIGN §6): a lead is queued by a `lead_distributions` row written in the caller's
 * transaction (the intake's, an add lead's, an import batch's), and the workers are woken by a `NOTIFY` on
 * `distributionWakeChannel` in that same transaction, so they look only once the rows are there. The distribution
 * module (a layer above) takes the rows; a missed wake-up only delays a lead until its next sweep.
 */
import { sql, type SQL } from 'drizzle-orm';
import { autoDistributePermission, isAllowed } from '@crm/shared/contract';
import type { Db, Executor } from '../../db/database.ts';
import { columnLiteral } from '../../db/sqlArrays.ts';
import { noPermission } from '../../http/errors.ts';
import { assertSender } from '../auth/permissions.ts';

/** The channel the distribution workers listen on; the payload is empty (the rows are the work). */
export const distributionWakeChannel = 'crm_distribution';

/** A lead's distribution leaving 'pending' is announced here with its row id, on commit (migration 0025's trigger). */
export const distributionSettledChannel = 'crm_distribution_settled';

/** A 403 for a person who may not ask for leads to be distributed (add lead's or an import's `auto_distribute`): it needs the permission and the sender flag, as a send does. */
export async function assertMayDistribute(db: Db, auth: { userId: number; permissions: readonly string[] }): Promise<void> {
  if (!isAllowed(auth.permissions, autoDistributePermission)) throw noPermission();
  await assertSender(db, auth.userId);
}

/** The words of a lead left unassigned because no enabled rule matches it (here, or by a worker's pass). */
export const noRuleDetail = 'no rule matches the lead';

/**
 * The CTEs that queue the leads `ids` selects (one `id` column) for distribution — `routed`, `queued`, `decided` and
 * `woken`, which the statement must read for the workers to be woken on commit (a lead queued before keeps its row).
 * While no rule is enabled no worker could place them: they are left unassigned with NO_RULE and its verdict here, in
 * the caller's statement, and no worker is woken (an intake call costs one insert more, not a worker's claim and pass).
 */
export function queueingSteps(ids: SQL): SQL {
  return sql`routed as materialized (
      select exists (select 1 from distribution_rules where is_enabled) as any_rule
    ),
    queued as (
      insert into lead_distributions (lead_id, state, reason_code, reason)
      select to_queue.id,
             case when routed.any_rule then 'pending' else 'unassigned' end,
             case when routed.any_rule then null else 'NO_RULE' end,
             case when routed.any_rule then null else ${noRuleDetail} end
        from (${ids}) as to_queue(id), routed
      on conflict (lead_id) do nothing
      returning lead_id, state
    ),
    decided as (
      insert into distribution_decisions (lead_id, attempt, tier, department_id, code, detail)
      select lead_id, 1, null, null, 'NO_RULE', ${noRuleDetail} from queued where state = 'unassigned'
    ),
    woken as (
      select count(pg_notify(${distributionWakeChannel}, '')) as notified from (select 1 from queued where state = 'pending' limit 1) as any_queued
    )`;
}

/** Queues leads for distribution in the caller's transaction (`queueingSteps`). */
export async function enqueueDistribution(executor: Executor, leadIds: readonly number[]): Promise<void> {
  if (leadIds.length === 0) return;
  await executor.execute(sql`
    with ${queueingSteps(sql`select unnest(${columnLiteral([...new Set(leadIds)])}::int[])`)}
    select notified from woken`);
}
