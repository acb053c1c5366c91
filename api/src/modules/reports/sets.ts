/**
 * The grouping sets the rollups are counted by. A report grouped by a period alone reads set 0; by a period and a key,
 * or by one key, the key's set: all of these per UTC hour, so a local day or hour of any zone on a whole-hour offset
 * is a run of whole rows. By two keys, the pair's set per UTC day (15 pairs by the hour would hold more rows than
 * there are leads); the part of a range that is not a whole UTC day is read from the leads' facts. A broker is its
 * department's: broker groupings read the department's sets.
 */
import type { ReportGrouping } from '@crm/shared/contract';

export const rollupKeys = ['affiliate_company_id', 'source_id', 'department_id', 'country', 'language', 'funnel'] as const;
type RollupKey = (typeof rollupKeys)[number];

export type GroupingSet = { id: number; grainSeconds: number; keys: readonly RollupKey[] };

const hourSeconds = 3600;
const daySeconds = 86_400;

const pairs = rollupKeys.flatMap((first, index) => rollupKeys.slice(index + 1).map((second) => [first, second] as const));

export const groupingSets: readonly GroupingSet[] = [
  { id: 0, grainSeconds: hourSeconds, keys: [] },
  ...rollupKeys.map((key, index) => ({ id: index + 1, grainSeconds: hourSeconds, keys: [key] })),
  ...pairs.map((keys, index) => ({ id: rollupKeys.length + 1 + index, grainSeconds: daySeconds, keys })),
];

const keyOfGrouping: Partial<Record<ReportGrouping, RollupKey>> = {
  affiliate_company: 'affiliate_company_id',
  source: 'source_id',
  broker: 'department_id',
  department: 'department_id',
  country: 'country',
  language: 'language',
  funnel: 'funnel',
};

/** The set holding what these groupings need. */
export function groupingSetFor(groupings: readonly ReportGrouping[]): GroupingSet {
  const needed = new Set(groupings.flatMap((grouping) => keyOfGrouping[grouping] ?? []));
  const keys = rollupKeys.filter((key) => needed.has(key));
  const found = groupingSets.find((set) => set.keys.length === keys.length && set.keys.every((key, index) => key === keys[index]));
  if (!found) throw new Error(`no grouping set for ${groupings.join(', ')}`);
  return found;
}
