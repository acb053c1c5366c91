/**
 * `/distribution/simulations`: run a rule set (the saved rules, or a draft) over a past period's leads as a job
 * (simulationJob.ts), then read its progress and result. Only the user who started a simulation sees it.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudPermissions, dataOf, distributionRuleBody, idParam, simulation, simulationBody, type Job, type Simulation } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { requireAuth } from '../../http/access.ts';
import { invalidUnlessEmpty } from '../../http/errors.ts';
import { formatInZone, startOfDayInZone } from '../../time/zones.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { findOwnJobOfType, toJob } from '../jobs/service.ts';
import { referenceErrors } from './ruleStore.ts';
import { loadRules, type RoutingRule } from './rules.ts';
import { periodLeadCount, simulationJobType, startSimulation } from './simulationJob.ts';

const path = '/distribution/simulations';
const tags = ['distribution › simulations'];
const access = { access: crudPermissions('distribution.rule').view } as const;

type DraftRule = z.output<typeof distributionRuleBody>;

/** A draft rule as matching needs it; drafts have no ids, so they are numbered -1, -2… in their order. */
const routingRuleOf = ({ tiers, ...rule }: DraftRule, index: number): RoutingRule => ({
  ...rule,
  id: -(index + 1),
  tiers: tiers.map((tier) => ({ departments: tier.departments.map((entry) => ({ departmentId: entry.department_id, weight: entry.weight })) })),
});

/** A 422 under `rules.N.…` for each draft value that names nothing (as saving the rule would give). */
async function assertDraftReferencesExist(db: Db, rules: readonly DraftRule[]): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const [index, rule] of rules.entries()) {
    for (const [field, messages] of Object.entries(await referenceErrors(db, rule))) errors[`rules.${index}.${field}`] = messages;
  }
  invalidUnlessEmpty(errors);
}

const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const simulationOf = (job: Job): Simulation => ({ ...job, result: job.status === 'finished' ? (job.result as Simulation['result']) : null });

export const distributionSimulationRoutes: FastifyPluginAsyncZod<{ db: Db; jobs: JobQueue }> = async (app, { db, jobs }) => {
  app.post(
    path,
    {
      schema: {
        tags,
        summary: 'Simulate a rule set over the leads received in a past period, as a job (nothing is sent or written)',
        description:
          'The leads received from `from` to `to` (days in `time_zone`) are taken in received order: each is matched by the rules ' +
          '(`rules`: a draft, in order, the first enabled match wins; null: the saved rules), then per tier a department is picked ' +
          'by weight among those active, open at the received time (their hours, their zone), targeting the lead and under every cap ' +
          'and the pacing, counted for the simulation alone. The broker is taken to accept every lead (no failover). 422 under `to` ' +
          'for a period ending before it starts, after today or longer than the limit, under `rules.N.…` for a draft rule as saving it would.',
        body: simulationBody,
        response: { 202: z.object({ message: z.string(), data: simulation }) },
      },
      config: access,
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { from, to, time_zone, rules: draft } = request.body;
      // Leads of days to come are not there to replay: a period ends today (in its zone) at the latest.
      if (to > formatInZone(new Date(), time_zone).slice(0, 10)) invalidUnlessEmpty({ to: ['The period must end today at the latest.'] });
      if (draft) await assertDraftReferencesExist(db, draft);
      const rules = draft ? draft.map(routingRuleOf) : await loadRules(db);
      const start = startOfDayInZone(from, time_zone);
      const end = startOfDayInZone(nextDay(to), time_zone);
      const total = await periodLeadCount(db, start, end);
      const started = await startSimulation(jobs, auth.userId, { rules, draft: draft !== null, start: start.toISOString(), end: end.toISOString() }, total);
      return reply.status(202).send({ message: 'The simulation has started.', data: simulationOf(toJob(started)) });
    },
  );

  app.get(
    `${path}/:id`,
    {
      schema: { tags, summary: 'One of my simulations: its progress, then its result', params: idParam, response: { 200: dataOf(simulation) } },
      config: access,
    },
    async (request) => ({ data: simulationOf(toJob(await findOwnJobOfType(db, requireAuth(request).userId, request.params.id, simulationJobType, 'Simulation'))) }),
  );
};
