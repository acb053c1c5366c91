/** The weighted pick within a tier: its distribution over 10,000 picks (a chi-square test) and its edge cases. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { seededRandom as seeded, weightedPick } from '../src/modules/distribution/routing.ts';

const departments = [
  { departmentId: 1, weight: 10 },
  { departmentId: 2, weight: 30 },
  { departmentId: 3, weight: 60 },
];
const picks = 10_000;
/** χ² with 2 degrees of freedom above which the split is off at p = 0.001. */
const critical = 13.816;

function chiSquare(counts: Map<number, number>): number {
  const total = departments.reduce((sum, entry) => sum + entry.weight, 0);
  return departments.reduce((sum, entry) => {
    const expected = (picks * entry.weight) / total;
    return sum + ((counts.get(entry.departmentId) ?? 0) - expected) ** 2 / expected;
  }, 0);
}

function countPicks(pick: () => number | undefined): Map<number, number> {
  const counts = new Map<number, number>();
  for (let index = 0; index < picks; index += 1) {
    const id = pick();
    if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

test('10,000 picks split as the weights say (chi-square, p = 0.001), for several seeds', () => {
  for (const seed of [1, 42, 2026]) {
    const random = seeded(seed);
    const counts = countPicks(() => weightedPick(departments, random)?.departmentId);
    assert.equal(
      [...counts.values()].reduce((sum, count) => sum + count, 0),
      picks,
    );
    const statistic = chiSquare(counts);
    assert.ok(statistic < critical, `seed ${seed}: χ² ${statistic.toFixed(2)} (counts ${JSON.stringify([...counts])})`);
  }
});

test('the statistic catches a split that ignores the weights', () => {
  const random = seeded(7);
  const uniform = countPicks(() => departments[Math.floor(random() * departments.length)]?.departmentId);
  assert.ok(chiSquare(uniform) > critical, 'a uniform pick is far from 10/30/60');
});

test('edges: the ends of the range, zero weights, no departments', () => {
  assert.equal(weightedPick(departments, () => 0)?.departmentId, 1);
  assert.equal(weightedPick(departments, () => 0.0999)?.departmentId, 1);
  assert.equal(weightedPick(departments, () => 0.1)?.departmentId, 2);
  assert.equal(weightedPick(departments, () => 0.9999999)?.departmentId, 3);
  const withZero = [{ departmentId: 1, weight: 0 }, ...departments.slice(1)];
  assert.equal(weightedPick(withZero, () => 0)?.departmentId, 2, 'a weight of 0 is never picked beside weighted ones');
  const allZero = [
    { departmentId: 1, weight: 0 },
    { departmentId: 2, weight: 0 },
  ];
  assert.equal(weightedPick(allZero, () => 0.75)?.departmentId, 2, 'all at 0: uniformly');
  assert.equal(
    weightedPick([], () => 0.5),
    null,
  );
});
