/** A shave watch as the contract describes it, for this remote's tests: one department flagged, two without a test. */
import type { ShaveComparison, ShaveDepartment, ShaveWatch } from '@crm/shared/contract';
import type { TestReply } from '@crm/shared/testing';

const untested = (n: number, x: number): ShaveComparison => ({ n, x, rate: n === 0 ? null : x / n, z: null, p_value: null });

const fallingDepartment: ShaveDepartment = {
  id: 3,
  label: 'Shave One - Desk Falling',
  n: 40,
  x: 2,
  rate: 0.05,
  baseline: { n: 80, x: 24, rate: 0.3, z: -3.1337, p_value: 0.000863 },
  peers: { n: 40, x: 12, rate: 0.3, z: -2.94245, p_value: 0.001628 },
  flagged: true,
};

export function shaveWatchFixture(overrides: Partial<ShaveWatch> = {}): ShaveWatch {
  return {
    week: '2026-03-09',
    time_zone: 'Europe/Berlin',
    horizon_days: 7,
    starts_at: '2026-03-08T23:00:00.000Z',
    ends_at: '2026-03-15T23:00:00.000Z',
    baseline_starts_at: '2026-01-11T23:00:00.000Z',
    horizon_ends_at: '2026-03-22T23:00:00.000Z',
    alpha: 0.01,
    baseline_weeks: 8,
    min_sample: 30,
    min_expected_ftds: 5,
    departments: [
      fallingDepartment,
      { id: 5, label: 'Shave Three - Desk Small', n: 10, x: 1, rate: 0.1, baseline: untested(0, 0), peers: untested(0, 0), flagged: false },
      { id: 4, label: 'Shave Two - Desk Peer', n: 60, x: 12, rate: 0.2, baseline: untested(0, 0), peers: untested(40, 2), flagged: false },
    ],
    ...overrides,
  };
}

export const shaveAnswer = (watch: ShaveWatch): TestReply => ({ status: 200, data: { data: watch } });
