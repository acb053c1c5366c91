/** GET /reports/shave-watch: each department's FTD rate of a week against its baseline and its peers (contract: shaveWatch.ts). */
import { shaveWatchAlpha, shaveWatchBaselineWeeks, shaveWatchMinExpectedFtds, shaveWatchMinSample, type ShaveDepartment, type ShaveWatch, type ShaveWatchQuery } from '@crm/shared/contract';
import type { Executor } from '../../db/database.ts';
import { departmentLabelsById } from '../brokers/relations.ts';
import { cohortCounts, shaveWeeks, type CohortCount } from './shaveCohorts.ts';
import { compareRates, type Proportion } from './shaveStats.ts';

const watchedWeek = shaveWatchBaselineWeeks + 1;

/** A stratum: the affiliate company and country a lead came with (either may be missing). */
const stratumOf = (row: CohortCount): string => `${row.affiliate_company_id ?? ''}|${row.country ?? ''}`;

const pooled = (rows: readonly CohortCount[]): Proportion => rows.reduce((sum, row) => ({ n: sum.n + row.n, x: sum.x + row.x }), { n: 0, x: 0 });

/** The lower of a department's p-values; a department with none goes after every one with one. */
const lowestP = (department: ShaveDepartment): number => Math.min(department.baseline.p_value ?? Infinity, department.peers.p_value ?? Infinity);

function compareDepartments(a: ShaveDepartment, b: ShaveDepartment): number {
  if (a.flagged !== b.flagged) return a.flagged ? -1 : 1;
  const byP = lowestP(a) - lowestP(b);
  return (Number.isNaN(byP) ? 0 : byP) || a.label.localeCompare(b.label) || a.id - b.id;
}

export async function buildShaveWatch(executor: Executor, query: ShaveWatchQuery, now = new Date()): Promise<ShaveWatch> {
  const weeks = shaveWeeks(query, now);
  const counts = await cohortCounts(executor, weeks);
  const watched = counts.filter((row) => row.week_index === watchedWeek);
  const departmentIds = [...new Set(watched.map((row) => row.department_id))];
  const labels = await departmentLabelsById(executor, departmentIds);

  const departments = departmentIds.map((id): ShaveDepartment => {
    const own = watched.filter((row) => row.department_id === id);
    const cohort = pooled(own);
    const strata = new Set(own.map(stratumOf));
    const baseline = pooled(counts.filter((row) => row.department_id === id && row.week_index < watchedWeek));
    const peers = pooled(watched.filter((row) => row.department_id !== id && strata.has(stratumOf(row))));
    const againstBaseline = compareRates(cohort, baseline);
    const againstPeers = compareRates(cohort, peers);
    const flagged = [againstBaseline, againstPeers].some((test) => test.p_value !== null && test.p_value < shaveWatchAlpha);
    return {
      id,
      label: labels.get(id)?.label ?? `#${id}`,
      ...cohort,
      rate: cohort.x / cohort.n,
      baseline: againstBaseline,
      peers: againstPeers,
      flagged,
    };
  });

  return {
    week: weeks.week,
    time_zone: weeks.zone,
    horizon_days: weeks.horizonDays,
    starts_at: weeks.startsAt.toISOString(),
    ends_at: weeks.endsAt.toISOString(),
    baseline_starts_at: weeks.baselineStartsAt.toISOString(),
    horizon_ends_at: weeks.horizonEndsAt.toISOString(),
    alpha: shaveWatchAlpha,
    baseline_weeks: shaveWatchBaselineWeeks,
    min_sample: shaveWatchMinSample,
    min_expected_ftds: shaveWatchMinExpectedFtds,
    departments: departments.sort(compareDepartments),
  };
}
