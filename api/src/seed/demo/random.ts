/** Seeded randomness: everything random in the demo data comes from one of these, so a run is reproducible. */
export type Random = {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
};

/** mulberry32: tiny, fast and good enough for demo data; not for anything secret. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (maxExclusive: number): number => Math.floor(next() * maxExclusive);
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      const item = items[int(items.length)];
      if (item === undefined) throw new Error('cannot pick from an empty list');
      return item;
    },
  };
}

export function pickDistinct<T>(random: Random, items: readonly T[], count: number): T[] {
  const chosen: T[] = [];
  while (chosen.length < Math.min(count, items.length)) {
    const item = random.pick(items);
    if (!chosen.includes(item)) chosen.push(item);
  }
  return chosen;
}
