/**
 * The send job: its leads are fixed on the first attempt (targets.ts); then, chunk by chunk, each queued lead is
 * checked, marked `sending` (committed before the broker is called, so no retry or restart calls it again), sent
 * through the integration's limiter, and its outcome written with the lead's broker fields in one transaction.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { SendReport } from '@crm/shared/contract';
import { brokerDepartments, leadSendHistories, leads, sources } from '../../../db/schema/index.ts';
import { refreshSmallTableStatistics } from '../../../db/statistics.ts';
import { publishLeadChanges } from '../../events/changes.ts';
import { PermanentJobError, type JobContext, type JobOutcome } from '../../jobs/queue.ts';
import { html } from '../../notifications/html.ts';
import type { LeadToSend } from '../adapters/types.ts';
import { Batcher } from '../../../db/batcher.ts';
import { loadIntegrationConfig } from '../integrations/resource.ts';
import { skipReasons, skipStatuses, type CheckedLead } from './checks.ts';
import { claimSends, type ClaimTarget } from './claim.ts';
import type { SendEngine } from './deps.ts';
import { leadToSendColumns, writeSendOutcomes } from './outcome.ts';
import { sendJobPayload } from './payload.ts';
import { sendLead, type LeadAttempt } from './sendLead.ts';
import { sendableDepartment } from './start.ts';
import { materializeTargets } from './targets.ts';

type QueuedLead = LeadToSend & CheckedLead & { historyId: number };

const plural = (count: number) => `${count} lead${count === 1 ? '' : 's'}`;

/**
 * The next queued rows after `afterId` (a keyset: rows handed to senders but not yet claimed are still queued), each
 * with its lead. The chunk comes first, then each lead by its primary key (a lateral join): left to a plain join, the
 * planner took a job's rows and freshly written leads without statistics (no ANALYZE yet) for one row each and
 * walked every lead against every row of the job, 40 ms to 1 s a chunk at 2,000–5,000 leads.
 */
async function queuedChunk(context: JobContext, size: number, afterId: number): Promise<QueuedLead[]> {
  const chunk = context.db
    .select({ historyId: leadSendHistories.id, leadId: leadSendHistories.lead_id })
    .from(leadSendHistories)
    .where(and(eq(leadSendHistories.job_id, context.job.id), eq(leadSendHistories.state, 'queued'), gt(leadSendHistories.id, afterId)))
    .orderBy(asc(leadSendHistories.id))
    .limit(size)
    .as('chunk');
  const lead = context.db
    .select(leadToSendColumns)
    .from(leads)
    .leftJoin(sources, eq(sources.id, leads.source_id))
    .where(eq(leads.id, chunk.leadId))
    // One row by its key anyway; the limit keeps PostgreSQL from pulling the subquery up into a plain join.
    .limit(1)
    .as('lead');
  const rows = await context.db.select().from(chunk).crossJoinLateral(lead).orderBy(asc(chunk.historyId));
  return rows.map((row) => ({ historyId: row.chunk.historyId, ...row.lead }));
}

/** A lead not sent at all: refused by a check right before sending, or cancelled. */
const skipped = sql`coalesce(${leadSendHistories.failure_status} = any(${`{${Object.values(skipStatuses)
  .map((status) => `"${status}"`)
  .join(',')}}`}::text[]), false)`;

/** Counts per outcome, from the rows themselves: right however many attempts the job took. */
async function sendCounts(context: Pick<JobContext, 'db' | 'job'>): Promise<SendReport & { queued: number }> {
  const [row] = await context.db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      sent: sql<number>`count(*) filter (where ${leadSendHistories.state} = 'success')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${leadSendHistories.state} = 'failure' and not ${skipped})`.mapWith(Number),
      skipped: sql<number>`count(*) filter (where ${leadSendHistories.state} = 'failure' and ${skipped})`.mapWith(Number),
      queued: sql<number>`count(*) filter (where ${leadSendHistories.state} in ('queued', 'sending'))`.mapWith(Number),
    })
    .from(leadSendHistories)
    .where(eq(leadSendHistories.job_id, context.job.id));
  return row ?? { total: 0, sent: 0, failed: 0, skipped: 0, queued: 0 };
}

async function skip(context: JobContext, historyIds: readonly number[], status: string): Promise<void> {
  if (historyIds.length === 0) return;
  await context.db.execute(sql`
    update lead_send_histories set state = 'failure', failure_status = ${status}, updated_at = now()
     where id = any(${`{${historyIds.join(',')}}`}::bigint[]) and state = 'queued'`);
}

type Written = { lead: QueuedLead; attempt: LeadAttempt };

/** Claims in one transaction per batch of rows handed to senders (claim.ts). */
function claimer(context: JobContext, target: ClaimTarget, concurrency: number): Batcher<number, boolean> {
  return new Batcher(
    async (historyIds: number[]) => {
      const claimed = await claimSends(context.db, historyIds, target);
      return historyIds.map((id) => claimed.has(id));
    },
    { maxItems: concurrency, maxWaitMs: 0 },
  );
}

/** Outcomes written in one transaction per batch, with one live event naming the batch's leads. */
function outcomeWriter(context: JobContext, departmentId: number): Batcher<Written, void> {
  return new Batcher(
    async (written: Written[]) => {
      await context.db.transaction(async (tx) => {
        await writeSendOutcomes(
          tx,
          written.map(({ lead, attempt }) => ({ leadId: lead.id, historyId: lead.historyId, departmentId, attempt })),
        );
        await publishLeadChanges(
          tx,
          written.map(({ lead }) => lead.id),
        );
      });
      return written.map(() => undefined);
    },
    { maxItems: 100, maxWaitMs: 50 },
  );
}

export type SendRunOptions = { chunkSize?: number };

export async function runSendJob(context: JobContext, engine: SendEngine, options: SendRunOptions = {}): Promise<JobOutcome> {
  const payload = sendJobPayload.parse(context.job.payload);
  // Checked again when the job runs: a department, broker or integration switched off meanwhile stops it.
  await sendableDepartment(context.db, payload.broker_department_id).catch(() => {
    throw new PermanentJobError(`${payload.department_label} cannot be sent to now: it, its broker or its send integration was switched off or removed.`);
  });
  const [department] = await context.db.select().from(brokerDepartments).where(eq(brokerDepartments.id, payload.broker_department_id));
  if (!department?.send_integration_id) throw new PermanentJobError(`${payload.department_label} has no send integration.`);
  const integration = await loadIntegrationConfig(context.db, engine.secrets, department.send_integration_id);
  if (!integration) throw new PermanentJobError(`The send integration of ${payload.department_label} no longer exists.`);

  const total = await materializeTargets(context.db, context.job, payload, integration.id);
  // A first large send in a fresh console: the queued rows (and leads written without an import) get statistics.
  await refreshSmallTableStatistics(context.db, leadSendHistories);
  await refreshSmallTableStatistics(context.db, leads);
  const limiter = engine.limiters.for(integration.id, integration.concurrency);
  const chunkSize = options.chunkSize ?? Math.max(100, integration.concurrency * 20);
  const claims = claimer(context, { departmentId: department.id, resendUnknown: payload.resend_unknown }, integration.concurrency);
  const outcomes = outcomeWriter(context, department.id);
  // The limiter holds a slot for the claim and the call only; the outcome is written behind, in batches.
  let stopped = false;
  const sendOne = async (lead: QueuedLead): Promise<void> => {
    const attempt = await limiter.run(async () => (!stopped && (await claims.add(lead.historyId)) ? sendLead(engine, integration, lead) : null));
    if (attempt) await outcomes.add({ lead, attempt });
  };
  const report = async () => {
    const counts = await sendCounts(context);
    await context.report({ processed: counts.sent, failed: counts.failed + counts.skipped, total });
  };
  await report();
  // Chunks follow one another without a pause: the next is read and checked while the last is still being sent, and
  // at most two chunks' leads wait for the limiter at once.
  const inFlight = new Set<Promise<void>>();
  let cursor = 0;
  for (;;) {
    if (await context.isCancelled()) {
      stopped = true;
      break;
    }
    const chunk = await queuedChunk(context, chunkSize, cursor);
    if (chunk.length === 0) break;
    cursor = chunk[chunk.length - 1]?.historyId ?? cursor;
    const reasons = await skipReasons(context.db, chunk, {
      departmentId: department.id,
      jobId: context.job.id,
      resendUnknown: payload.resend_unknown,
      countries: department.countries,
      languages: department.languages,
    });
    for (const status of new Set(reasons.values())) {
      await skip(
        context,
        chunk.filter((lead) => reasons.get(lead.id) === status).map((lead) => lead.historyId),
        status,
      );
    }
    for (const lead of chunk.filter((candidate) => !reasons.has(candidate.id))) {
      const sending: Promise<void> = sendOne(lead).finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    }
    while (inFlight.size > chunkSize) await Promise.race(inFlight);
    await report();
  }
  await Promise.all(inFlight);
  await engine.requestLog.flush();
  if (await context.isCancelled()) {
    await context.db.execute(sql`
      update lead_send_histories set state = 'failure', failure_status = ${skipStatuses.cancelled}, updated_at = now()
       where job_id = ${context.job.id} and state = 'queued'`);
  }
  const { queued: _queued, ...counts } = await sendCounts(context);
  await report();
  const message = html`${plural(counts.total)} to ${payload.department_label}: ${counts.sent} sent, ${counts.failed} failed, ${counts.skipped} skipped.`;
  return { result: counts, message };
}
