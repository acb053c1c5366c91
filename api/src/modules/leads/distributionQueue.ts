/**
 * The distribution queue's door (DESIGN §6): a lead is queued by a `lead_distributions` row written in the caller's
 * transaction (the intake's, an add lead's, an import batch's), and the workers are woken by a `NOTIFY` on
 * `distributionWakeChannel` in that same transaction, so they look only once the rows are there. The distribution
 * module (a layer above) takes the rows; a missed wake-up only delays a lead until its next sweep.
 */
import { sql } from 'drizzle-orm';
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

/** Queues leads for distribution and wakes the workers on commit (a lead queued before keeps its row). */
export async function enqueueDistribution(executor: Executor, leadIds: readonly number[]): Promise<void> {
  if (leadIds.length === 0) return;
  await executor.execute(sql`
    with queued as (
      insert into lead_distributions (lead_id)
      select id from unnest(${columnLiteral([...new Set(leadIds)])}::int[]) as queued(id)
      on conflict (lead_id) do nothing
      returning lead_id
    )
    select pg_notify(${distributionWakeChannel}, '') from (select 1 from queued limit 1) as any_queued`);
}
