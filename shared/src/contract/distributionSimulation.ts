/**
 * Automatic distribution (issue 33), the simulator: `POST /distribution/simulations` replays a rule set (the saved
 * rules, or a draft from the editor) over the leads received in a past period, as a job; `GET …/{id}` gives its
 * progress, then the result. Hours and caps are evaluated at each lead's received time; nothing is sent or written.
 */
import { z } from 'zod';
import { calendarDate, isoDateTime, timeZoneName } from './common.ts';
import { counterPeriods } from './distribution.ts';
import { distributionVerdicts } from './distributionDecisions.ts';
import { distributionRuleBody } from './distributionRules.ts';
import { job } from './jobs.ts';

export const maxSimulationDays = 93;
export const maxSimulationRules = 100;
/** The cap fill keeps at most this many hourly rows (the busiest departments' hours first come, first kept). */
export const maxCapFillRows = 5000;

const dayOf = (field: string) => calendarDate(`The ${field} date must be a day like 2026-11-21.`);
const dayMs = 86_400_000;
/** Days from `from` to `to`, both counted (1 for the same day). */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;

export const simulationBody = z
  .strictObject({
    /** The period's first and last day, in `time_zone`: the leads received from `from`'s midnight to the end of `to`. */
    from: dayOf('from'),
    to: dayOf('to'),
    time_zone: timeZoneName,
    /** A draft rule set (rule bodies in the order they are tried, the first enabled match wins); null: the saved rules. */
    rules: z.array(distributionRuleBody).min(1, 'Add at least one rule.').max(maxSimulationRules, `At most ${maxSimulationRules} rules.`).nullable(),
  })
  .superRefine((body, context) => {
    if (body.to < body.from) context.addIssue({ code: 'custom', path: ['to'], message: 'The end must not be before the start.' });
    else if (daysBetween(body.from, body.to) > maxSimulationDays) context.addIssue({ code: 'custom', path: ['to'], message: `The period may be at most ${maxSimulationDays} days long.` });
  });
export type SimulationBody = z.input<typeof simulationBody>;

export const simulationCapFill = z.object({
  department_id: z.number().int(),
  /** The start of the hour (the department's clock hour), ISO. */
  hour: isoDateTime,
  /** Leads the department would get in that hour. */
  delivered: z.number().int(),
  /** Every cap and the pacing (`hour`) counting that hour's leads, as used at the hour's end; country null: all countries. */
  caps: z.array(z.object({ period: z.enum(counterPeriods), country: z.string().nullable(), used: z.number().int(), cap: z.number().int() })),
});
export type SimulationCapFill = z.infer<typeof simulationCapFill>;

export const simulationResult = z.object({
  /** The leads of the period replayed. */
  leads: z.number().int(),
  /** Whether a draft was replayed (else the saved rules). */
  draft: z.boolean(),
  /** The broker is taken to accept every lead it is given: no refusals, no failover. */
  assumes_delivery: z.literal(true),
  by_department: z.array(z.object({ department_id: z.number().int(), label: z.string(), leads: z.number().int() })),
  /** Leads no department would get, by the verdict of the first department that passed them over (NO_RULE: no rule matched). */
  unassigned_by_reason: z.array(z.object({ code: z.enum(distributionVerdicts), leads: z.number().int() })),
  /** Hours with leads, for departments with caps or pacing. */
  cap_fill: z.array(simulationCapFill),
  /** More hours than `maxCapFillRows`: the rest were left out. */
  cap_fill_truncated: z.boolean(),
  /** True when the job was cancelled before the period's end: the counts cover the leads replayed. */
  stopped: z.boolean(),
});
export type SimulationResult = z.infer<typeof simulationResult>;

/** A simulation job: its progress, then (when finished) its result. */
export const simulation = job.extend({ result: simulationResult.nullable() });
export type Simulation = z.infer<typeof simulation>;
