/** A statistics answer as the contract describes it, for this remote's tests. */
import { dashboardCardKeys, type DashboardCard, type DashboardCardKey, type DashboardDepartment, type DashboardStatistics } from '@crm/shared/contract';

const weekDays = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07'];
const zeros = [0, 0, 0, 0, 0, 0, 0];

export function cardFixture(key: DashboardCardKey, overrides: Partial<DashboardCard> = {}): DashboardCard {
  return { key, value: 0, previous: 0, percentage: 0, increase: false, values: zeros, ...overrides };
}

export function departmentFixture(id: number, label: string, overrides: Partial<DashboardDepartment> = {}): DashboardDepartment {
  return { broker_department_id: id, label, sent_success: zeros, sent_failure: zeros, ftds: zeros, ...overrides };
}

/** A week with something on every card and two departments. */
export function statisticsFixture(overrides: Partial<DashboardStatistics> = {}): DashboardStatistics {
  return {
    time_zone: 'Europe/Berlin',
    days: weekDays,
    cards: [
      cardFixture('leads', { value: 1234, previous: 1097, percentage: 12.5, increase: true, values: [100, 150, 200, 180, 204, 200, 200] }),
      cardFixture('failed_leads', { value: 40, previous: 50, percentage: -20, increase: false, values: [5, 5, 6, 6, 6, 6, 6] }),
      cardFixture('sent_success', { value: 300, previous: 0, percentage: 100, increase: true, values: [40, 40, 40, 40, 40, 50, 50] }),
      cardFixture('sent_failure', { value: 12, previous: 12, percentage: 0, increase: false, values: [1, 1, 2, 2, 2, 2, 2] }),
      cardFixture('ftds', { value: 9, previous: 10, percentage: -10, increase: false, values: [1, 1, 1, 1, 1, 2, 2] }),
    ],
    departments: [
      departmentFixture(3, 'Broker One - Berlin', { sent_success: [10, 10, 10, 10, 10, 10, 10], sent_failure: [1, 0, 0, 0, 0, 0, 1], ftds: [0, 1, 0, 0, 0, 0, 1] }),
      departmentFixture(4, 'Broker Two - Vienna', { sent_success: [5, 5, 5, 5, 5, 5, 5], sent_failure: [0, 0, 2, 0, 0, 0, 0], ftds: [0, 0, 0, 1, 0, 0, 0] }),
    ],
    ...overrides,
  };
}

/** A week in which nothing happened. */
export function emptyStatisticsFixture(): DashboardStatistics {
  return statisticsFixture({ cards: dashboardCardKeys.map((key) => cardFixture(key)), departments: [] });
}
