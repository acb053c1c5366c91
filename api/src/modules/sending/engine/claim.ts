/**
 * Claims queued send rows (queued → sending), one transaction per batch. The claim commits before the broker is
 * called: whatever happens next, the row is never sent again.
 *
 * The checks before sending (checks.ts) read without a lock, so two jobs sending one lead to one department (on two
 * workers) could both pass them and both call the broker. So the claim locks each (department, lead) pair — in lead
 * order, so two claims never wait on each other in a circle — and, holding the locks, skips a lead that another job
 * has sent, is sending, or may have sent (outcome unknown, unless staff asked to resend those): under READ COMMITTED
 * the statements after the lock see every claim committed before it. A job has one row per lead, so any other row of
 * the pair is another send's (automatic distribution's rows have no job).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { columnLiteral } from '../../../db/sqlArrays.ts';
import { outcomeUnknownStatuses, skipStatuses } from './checks.ts';

export type ClaimTarget = { departmentId: number; resendUnknown: boolean };

/** The ids of `historyIds` claimed for sending; the others were taken elsewhere (now skipped) or no longer queued. */
export async function claimSends(db: Executor, historyIds: readonly number[], target: ClaimTarget): Promise<Set<number>> {
  if (historyIds.length === 0) return new Set();
  const ids = columnLiteral(historyIds);
  const unknown = columnLiteral(target.resendUnknown ? [] : outcomeUnknownStatuses);
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      select pg_advisory_xact_lock(${target.departmentId}, pair.lead_id)
        from (select distinct lead_id from lead_send_histories where id = any(${ids}::bigint[]) order by lead_id) as pair`);
    const takenBy = (states: SQL) => sql`
      select 1 from lead_send_histories as other
       where other.lead_id = h.lead_id and other.broker_department_id = ${target.departmentId}
         and other.id <> h.id and (${states})`;
    const taken = sql`other.state in ('sending', 'success') or (other.state = 'failure' and other.failure_status = any(${unknown}::text[]))`;
    await tx.execute(sql`
      update lead_send_histories as h
         set state = 'failure', updated_at = now(),
             failure_status = case when exists (${takenBy(sql`other.state = 'success'`)}) then ${skipStatuses.alreadySent}
                                   else ${skipStatuses.outcomeUnknown} end
       where h.id = any(${ids}::bigint[]) and h.state = 'queued'
         and exists (${takenBy(taken)})`);
    const claimed = await tx.execute<{ id: string }>(sql`
      update lead_send_histories set state = 'sending', updated_at = now()
       where id = any(${ids}::bigint[]) and state = 'queued'
      returning id`);
    return new Set(claimed.rows.map((row) => Number(row.id)));
  });
}
