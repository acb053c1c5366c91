/** GET /dashboard/statistics: the cards (this week against the week before) and the departments' daily figures. */
import {
  dashboardCardKeys,
  dashboardDays,
  departmentMetricKeys,
  type DashboardCard,
  type DashboardCardKey,
  type DashboardDepartment,
  type DashboardStatistics,
  type DashboardStatisticsQuery,
} from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { departmentLabelsById } from '../brokers/relations.ts';
import { windowCounts, type DailySeries } from './counts.ts';
import { statisticsWindow, todayInZone } from './window.ts';

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);
const shownWeek = (series: DailySeries): number[] => series.slice(dashboardDays);

/** (value − previous) ÷ previous × 100 to one decimal; 100 from nothing to something, 0 from nothing to nothing. */
export function percentageChange(value: number, previous: number): number {
  if (previous === 0) return value === 0 ? 0 : 100;
  // `|| 0`: a fall too small to show is 0, not −0.
  return Math.round(((value - previous) / previous) * 1000) / 10 || 0;
}

function cardOf(key: DashboardCardKey, series: DailySeries): DashboardCard {
  const values = shownWeek(series);
  const value = sum(values);
  const previous = sum(series.slice(0, dashboardDays));
  return { key, value, previous, percentage: percentageChange(value, previous), increase: value > previous, values };
}

export async function dashboardStatistics(db: Db, query: DashboardStatisticsQuery, now = new Date()): Promise<DashboardStatistics> {
  const zone = query.time_zone;
  const window = statisticsWindow(query.date ?? todayInZone(zone, now), zone);
  const counts = await windowCounts(db, window.bounds);

  const active = [...counts.departments].flatMap(([id, series]) => {
    const week = { sent_success: shownWeek(series.sent_success), sent_failure: shownWeek(series.sent_failure), ftds: shownWeek(series.ftds) };
    return departmentMetricKeys.some((key) => sum(week[key]) > 0) ? [{ broker_department_id: id, ...week }] : [];
  });
  const labels = await departmentLabelsById(
    db,
    active.map((department) => department.broker_department_id),
  );
  const departments: DashboardDepartment[] = active
    .flatMap((department) => {
      const label = labels.get(department.broker_department_id)?.label;
      return label === undefined ? [] : [{ ...department, label }];
    })
    .sort((a, b) => a.label.localeCompare(b.label) || a.broker_department_id - b.broker_department_id);

  return { time_zone: zone, days: window.days, cards: dashboardCardKeys.map((key) => cardOf(key, counts[key])), departments };
}
