/**
 * The status-rules job: every lead whose status is a rule's condition status, and has been for the rule's
 * `duration_day` days (or at all, with `ignore_duration`), gets the rule's last status, with a status history
 * (cause `rule`, the rule, the job).
 *
 * One change per lead per run: a lead is eligible only if its status last changed *before the run started*
 * (`jobs.started_at`, kept across retries). A lead changed by this run has `status_changed_at = now()`, later than
 * that, so no other rule of the run touches it again (a chain A→B, B→C moves a lead one step per run, and rules
 * cannot loop) and a retried attempt skips what the failed one already changed: the job is idempotent.
 *
 * Set-based: per rule, batches of leads read in `(status_id, created_at, id)` index order, each batch one statement
 * that updates the leads and writes their histories together, and a `lead` event naming them (modules/events).
 */
import { and, asc, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { jobs as jobsTable, leads, leadStatusSettings } from '../../../db/schema/index.ts';
import { publishLeadChanges } from '../../events/changes.ts';
import type { JobContext, JobOutcome, JobQueue } from '../../jobs/queue.ts';
import type { JobRow } from '../../jobs/service.ts';
import { html } from '../../notifications/html.ts';

export const leadStatusRulesJobType = 'lead.status-rules';
const leadStatusRulesJobName = 'Apply lead status rules';
const dayMs = 86_400_000;

type Rule = typeof leadStatusSettings.$inferSelect;
type RuleOutcome = { id: number; condition_status_id: number; last_status_id: number; changed: number };
export type StatusRulesResult = { changed: number; rules: RuleOutcome[] };

/** A lead's status is stale enough for a rule when it last changed before this moment. */
function cutoffOf(rule: Rule, runStart: Date): Date {
  return rule.ignore_duration ? runStart : new Date(runStart.getTime() - rule.duration_day * dayMs);
}

function eligible(rule: Rule, cutoff: Date): SQL {
  return sql`${leads.status_id} = ${rule.condition_status_id} and coalesce(${leads.status_changed_at}, ${leads.created_at}) < ${cutoff.toISOString()}::timestamptz`;
}

type Cursor = { createdAt: string; id: number } | null;
type BatchOutcome = { changed: number; scanned: number; cursor: Cursor };

/** Changes one batch of a rule's eligible leads after `cursor`; the cursor is text so no microsecond is lost. */
async function applyBatch(db: Db, rule: Rule, cutoff: Date, jobId: number, cursor: Cursor, batchSize: number): Promise<BatchOutcome> {
  const after = cursor ? sql`and (${leads.created_at}, ${leads.id}) > (${cursor.createdAt}::timestamptz, ${cursor.id})` : sql``;
  return db.transaction(async (tx) => {
    const result = await tx.execute<{ changed: number[]; scanned: number; last_created: string | null; last_id: number | null }>(sql`
    with candidates as (
      select ${leads.id} as id, ${leads.created_at} as created_at from ${leads}
      where ${eligible(rule, cutoff)} ${after}
      order by ${leads.created_at}, ${leads.id}
      limit ${batchSize}
      for update
    ),
    changed as (
      update ${leads} set status_id = ${rule.last_status_id}, status_changed_at = now(), updated_at = now()
      from candidates
      where ${leads.id} = candidates.id and ${eligible(rule, cutoff)}
      returning ${leads.id} as id
    ),
    written as (
      insert into lead_status_histories (lead_id, from_status_id, to_status_id, cause, lead_status_setting_id, job_id)
      select id, ${rule.condition_status_id}, ${rule.last_status_id}, 'rule', ${rule.id}, ${jobId} from changed
    )
    select coalesce((select json_agg(id) from changed), '[]'::json) as changed,
           (select count(*) from candidates)::int as scanned,
           tail.created_at::text as last_created, tail.id as last_id
    from (select 1) as one
    left join lateral (select id, created_at from candidates order by created_at desc, id desc limit 1) as tail on true`);
    const row = result.rows[0];
    const changed = row?.changed ?? [];
    await publishLeadChanges(tx, changed);
    const nextCursor = row?.last_created && row.last_id !== null ? { createdAt: row.last_created, id: Number(row.last_id) } : null;
    return { changed: changed.length, scanned: Number(row?.scanned ?? 0), cursor: nextCursor };
  });
}

async function eligibleCount(db: Db, rule: Rule, cutoff: Date): Promise<number> {
  const result = await db.execute<{ total: number }>(sql`select count(*)::int as total from ${leads} where ${eligible(rule, cutoff)}`);
  return Number(result.rows[0]?.total ?? 0);
}

/** Changes made by earlier attempts of this job (a retry), per rule. */
async function earlierChanges(db: Db, jobId: number): Promise<Map<number, number>> {
  const result = await db.execute<{ rule_id: number; changed: number }>(
    sql`select lead_status_setting_id as rule_id, count(*)::int as changed from lead_status_histories where job_id = ${jobId} and cause = 'rule' group by 1`,
  );
  return new Map(result.rows.map((row) => [Number(row.rule_id), Number(row.changed)]));
}

export type ApplyOptions = { batchSize?: number };

export async function applyLeadStatusRules(context: JobContext, options: ApplyOptions = {}): Promise<JobOutcome> {
  const { db, job } = context;
  const batchSize = options.batchSize ?? 5_000;
  const runStart = job.started_at ?? new Date();
  const rules = await db.select().from(leadStatusSettings).orderBy(asc(leadStatusSettings.id));
  const counts = job.attempts > 1 ? await earlierChanges(db, job.id) : new Map<number, number>();
  const already = [...counts.values()].reduce((sum, value) => sum + value, 0);

  let total = already;
  for (const rule of rules) total += await eligibleCount(db, rule, cutoffOf(rule, runStart));
  let processed = already;
  await context.report({ processed, total });

  let cancelled = false;
  for (const rule of rules) {
    const cutoff = cutoffOf(rule, runStart);
    let cursor: Cursor = null;
    for (;;) {
      if (await context.isCancelled()) {
        cancelled = true;
        break;
      }
      const batch = await applyBatch(db, rule, cutoff, job.id, cursor, batchSize);
      counts.set(rule.id, (counts.get(rule.id) ?? 0) + batch.changed);
      processed += batch.changed;
      await context.report({ processed, total: Math.max(total, processed) });
      if (batch.scanned < batchSize || !batch.cursor) break;
      cursor = batch.cursor;
    }
    if (cancelled) break;
  }

  const outcomes = rules.map((rule) => ({ id: rule.id, condition_status_id: rule.condition_status_id, last_status_id: rule.last_status_id, changed: counts.get(rule.id) ?? 0 }));
  const result: StatusRulesResult = { changed: processed, rules: outcomes };
  const summary = `${processed} lead${processed === 1 ? '' : 's'} changed by ${rules.length} rule${rules.length === 1 ? '' : 's'}.`;
  return { result, message: cancelled ? html`Stopped: ${summary}` : html`${summary}` };
}

/** Past this age a queued or running row is taken for a lost one, so a crashed run cannot block the rules forever. */
const busyWindowMs = 6 * 60 * 60 * 1000;

/**
 * The run that is queued or running, if any. Runs never overlap: two at once could each move a lead a step (or flip
 * it back and forth between rules that point at each other).
 */
async function activeRun(db: Db): Promise<JobRow | null> {
  const [busy] = await db
    .select()
    .from(jobsTable)
    .where(and(eq(jobsTable.type, leadStatusRulesJobType), inArray(jobsTable.status, ['pending', 'running']), gt(jobsTable.created_at, new Date(Date.now() - busyWindowMs))))
    .orderBy(desc(jobsTable.id))
    .limit(1);
  return busy ?? null;
}

/** Starts a run for a user (run now), or hands back the one already under way. */
export async function startRun(jobs: JobQueue, db: Db, userId: number): Promise<{ job: JobRow; started: boolean }> {
  const busy = await activeRun(db);
  if (busy) return { job: busy, started: false };
  return { job: await jobs.dispatch({ userId, type: leadStatusRulesJobType, name: leadStatusRulesJobName }), started: true };
}

/** The hourly run: a job without a user (so no notification), skipped while another run is under way. */
export async function dispatchScheduledRun(jobs: JobQueue, db: Db): Promise<void> {
  if (await activeRun(db)) return;
  await jobs.dispatch({ userId: null, type: leadStatusRulesJobType, name: leadStatusRulesJobName });
}
