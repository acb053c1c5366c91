/** The draw the leads engine makes for a lead arriving without a status. Pure, so it is tested alone. */
export type WeightedStatus = { status_id: number; weight: number };

/**
 * A status id chosen with probability weight / total, or null for a list with no positive weight.
 * `random` returns a number in [0, 1), as Math.random does.
 */
export function pickWeightedStatus(list: readonly WeightedStatus[], random: () => number = Math.random): number | null {
  const usable = list.filter((entry) => Number.isFinite(entry.weight) && entry.weight > 0);
  const total = usable.reduce((sum, entry) => sum + entry.weight, 0);
  if (total <= 0) return null;
  const point = Math.min(Math.max(random(), 0), 1) * total;
  let reached = 0;
  for (const entry of usable) {
    reached += entry.weight;
    if (point < reached) return entry.status_id;
  }
  // random() === 1 (outside its contract) or float rounding: the last entry.
  return usable[usable.length - 1]?.status_id ?? null;
}
