import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { compareRates, erf, erfc, normalCdf } from '../src/modules/reports/shaveStats.ts';

/** Within a relative tolerance (tail probabilities are tiny: an absolute one would pass anything). */
const near = (actual: number | null, expected: number, relative: number, what: string) => {
  assert.ok(actual !== null, `${what} is null`);
  assert.ok(Math.abs(actual - expected) <= Math.abs(expected) * relative, `${what}: ${actual} is not ${expected}`);
};

describe('shave watch statistics', () => {
  test('erf and erfc against tabulated values', () => {
    // Abramowitz & Stegun, table 7.1; erfc(5) from its asymptotic series.
    near(erf(0.5), 0.5204998778, 1e-6, 'erf(0.5)');
    near(erf(1), 0.8427007929, 1e-6, 'erf(1)');
    near(erf(-1), -0.8427007929, 1e-6, 'erf(-1)');
    near(erf(2), 0.995322265, 1e-6, 'erf(2)');
    near(erfc(3), 2.209049699858544e-5, 1e-6, 'erfc(3)');
    near(erfc(5), 1.5374597944280349e-12, 1e-6, 'erfc(5)');
    assert.ok(Math.abs(erf(0)) < 1e-7);
  });

  test('the normal CDF at the usual critical values, and far in the tail', () => {
    near(normalCdf(0), 0.5, 1e-6, 'Φ(0)');
    near(normalCdf(-1.959964), 0.025, 1e-5, 'Φ(−1.96)');
    near(normalCdf(-2.326348), 0.01, 1e-5, 'Φ(−2.33)');
    near(normalCdf(-3.090232), 0.001, 1e-5, 'Φ(−3.09)');
    near(normalCdf(-6), 9.865876450377e-10, 1e-6, 'Φ(−6)');
    near(normalCdf(1.644854), 0.95, 1e-6, 'Φ(1.64)');
  });

  test('the two-proportion z-test: lower is a small p, higher a large one', () => {
    // 5 of 100 against 20 of 100: p = 0.125, √(0.125 · 0.875 · 0.02) = 0.046771, z = −0.15 / 0.046771 = −3.20713.
    const lower = compareRates({ n: 100, x: 5 }, { n: 100, x: 20 });
    assert.deepEqual([lower.n, lower.x, lower.rate], [100, 20, 0.2]);
    near(lower.z, -3.20713, 1e-5, 'z');
    near(lower.p_value, 0.00067033, 1e-4, 'p');
    const higher = compareRates({ n: 100, x: 20 }, { n: 100, x: 5 });
    near(higher.z, 3.20713, 1e-5, 'z');
    near(higher.p_value, 0.99933, 1e-4, 'p');
  });

  test('not enough data: under 30 on a side, or under 5 FTDs expected at the comparison’s rate', () => {
    const untested = { z: null, p_value: null };
    assert.deepEqual(compareRates({ n: 29, x: 0 }, { n: 1000, x: 500 }), { n: 1000, x: 500, rate: 0.5, ...untested });
    assert.deepEqual(compareRates({ n: 100, x: 0 }, { n: 29, x: 20 }), { n: 29, x: 20, rate: 20 / 29, ...untested });
    // 40 × 0.1 = 4 expected FTDs.
    assert.deepEqual(compareRates({ n: 40, x: 0 }, { n: 100, x: 10 }), { n: 100, x: 10, rate: 0.1, ...untested });
    assert.deepEqual(compareRates({ n: 40, x: 0 }, { n: 0, x: 0 }), { n: 0, x: 0, rate: null, ...untested });
    // 50 × 0.1 = 5: tested.
    assert.notEqual(compareRates({ n: 50, x: 0 }, { n: 100, x: 10 }).z, null);
    // Every lead converting on both sides: no spread, no difference.
    const all = compareRates({ n: 40, x: 40 }, { n: 40, x: 40 });
    assert.equal(all.z, 0);
    near(all.p_value, 0.5, 1e-6, 'p');
  });
});
