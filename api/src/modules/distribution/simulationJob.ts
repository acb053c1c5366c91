/**
 * The simulator as a job (`distribution.simulate`): the rules are taken when it is started (the saved ones, or the
 * draft), the period's leads are read in received order in keyset chunks and replayed (simulation.ts), with progress
 * after each chunk. Nothing is written but the job row.
 */
import { and, asc, count, gte, lt, sql } from 'drizzle-orm';
import type { SimulationResult } from '@crm/shared/contract';
import type { Executor } from '../../db/database.ts';
import { leads } from '../../db/schema/index.ts';
import type { JobContext, JobOutcome, JobQueue } from '../jobs/queue.ts';
import type { JobRow } from '../jobs/service.ts';
import { html } from '../notifications/html.ts';
import { candidatesOf } from './candidates.ts';
import { seededRandom } from './routing.ts';
import { Replay, type SimulatedDepartment } from './simulation.ts';
import type { RoutingRule } from './rules.ts';

export const simulationJobType = 'distribution.simulate';

/** What the job replays: the rules as they were when it started, and the period as instants. */
export type SimulationPayload = { rules: RoutingRule[]; draft: boolean; start: string; end: string };

const chunkSize = 1000;
/** Fixed, so a simulation of the same period and rules gives the same split. */
const seed = 33;

const leadColumns = {
  id: leads.id,
  created_at: leads.created_at,
  affiliate_company_id: leads.affiliate_company_id,
  source_id: leads.source_id,
  country: leads.country,
  language: leads.language,
  funnel: leads.funnel,
  sub1: leads.sub1,
  sub2: leads.sub2,
  sub3: leads.sub3,
  sub4: leads.sub4,
  sub5: leads.sub5,
};

const inPeriod = (start: Date, end: Date) => and(gte(leads.created_at, start), lt(leads.created_at, end));

/** The leads received in [start, end). */
export async function periodLeadCount(executor: Executor, start: Date, end: Date): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(leads).where(inPeriod(start, end));
  return row?.n ?? 0;
}

type Cursor = { at: Date; id: number } | null;

function leadChunk(executor: Executor, start: Date, end: Date, cursor: Cursor) {
  const after = cursor ? sql`(${leads.created_at}, ${leads.id}) > (${cursor.at.toISOString()}::timestamptz, ${cursor.id})` : undefined;
  return executor
    .select(leadColumns)
    .from(leads)
    .where(and(inPeriod(start, end), after))
    .orderBy(asc(leads.created_at), asc(leads.id))
    .limit(chunkSize);
}

/** Every department named by the rules, with what the replay checks. */
async function departmentsOf(executor: Executor, rules: readonly RoutingRule[]): Promise<Map<number, SimulatedDepartment>> {
  const candidates = await candidatesOf(
    executor,
    rules.flatMap((rule) => rule.tiers),
  );
  return new Map(
    candidates.map((candidate) => [
      candidate.departmentId,
      {
        id: candidate.departmentId,
        label: candidate.label,
        active: candidate.integrationId !== null,
        countries: candidate.countries,
        languages: candidate.languages,
        limits: candidate.limits,
        caps: candidate.caps,
      },
    ]),
  );
}

async function runSimulation(context: JobContext): Promise<JobOutcome> {
  const payload = context.job.payload as SimulationPayload;
  const start = new Date(payload.start);
  const end = new Date(payload.end);
  const replay = new Replay(payload.rules, await departmentsOf(context.db, payload.rules), seededRandom(seed));
  let processed = 0;
  let stopped = false;
  let cursor: Cursor = null;
  for (;;) {
    if (await context.isCancelled()) {
      stopped = true;
      break;
    }
    const chunk = await leadChunk(context.db, start, end, cursor);
    for (const lead of chunk) replay.route(lead);
    processed += chunk.length;
    await context.report({ processed, total: Math.max(context.job.total, processed) });
    const last = chunk.at(-1);
    if (!last || chunk.length < chunkSize) break;
    cursor = { at: last.created_at, id: last.id };
  }
  const result: SimulationResult = { leads: processed, draft: payload.draft, assumes_delivery: true, stopped, ...replay.counts() };
  const assigned = result.by_department.reduce((sum, row) => sum + row.leads, 0);
  return { result, message: html`Simulation: ${assigned} of ${processed} leads would be assigned.` };
}

export function registerSimulationJob(jobs: JobQueue): void {
  jobs.register(simulationJobType, runSimulation);
}

export const startSimulation = (jobs: JobQueue, userId: number, payload: SimulationPayload, total: number): Promise<JobRow> =>
  jobs.dispatch({ userId, type: simulationJobType, name: 'Distribution simulation', payload, total });
