/**
 * What the engine routes by: the matching rule's tiers (rules.ts finds the rule; the engine only sees this shape), and
 * the weighted pick within a tier.
 */

/** Departments of one priority tier, each with its weight (a share of the tier's total). */
export type RoutingTier = { departments: { departmentId: number; weight: number }[] };
/** The first enabled rule that matches a lead, or null when none does. */
export type RuleMatch = { ruleId: number; ruleName: string; tiers: RoutingTier[] } | null;

/** A uniform number in [0, 1): Math.random in production, a seeded sequence in tests. */
export type RandomSource = () => number;

/** A small seeded generator (mulberry32): the same sequence on every run (the simulator, tests, bench data). */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * One of `items` with probability weight ÷ total weight (items of weight 0 only when all are 0, then uniformly);
 * null for none. Pure: `random` is the only source of chance.
 */
export function weightedPick<Item extends { weight: number }>(items: readonly Item[], random: RandomSource): Item | null {
  if (items.length === 0) return null;
  const total = items.reduce((sum, item) => sum + Math.max(item.weight, 0), 0);
  if (total <= 0) return items[Math.min(Math.floor(random() * items.length), items.length - 1)] ?? null;
  let point = random() * total;
  for (const item of items) {
    const weight = Math.max(item.weight, 0);
    if (point < weight) return item;
    point -= weight;
  }
  // Rounding left the point at the very end: the last item with a weight.
  return [...items].reverse().find((item) => item.weight > 0) ?? null;
}
