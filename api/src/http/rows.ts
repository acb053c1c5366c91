import type { Row } from './resource.ts';

/** The ids of resource rows. */
export function rowIds(rows: readonly Row[]): number[] {
  return rows.map((row) => Number(row['id']));
}

/** The row without the named keys (relation fields of a body that are not columns). */
export function without(row: Row, keys: readonly string[]): Row {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !keys.includes(key)));
}

/** Groups related values by their owner's id. */
export function groupBy<Value>(pairs: readonly { owner: number; value: Value }[]): Map<number, Value[]> {
  const groups = new Map<number, Value[]>();
  for (const { owner, value } of pairs) {
    const group = groups.get(owner);
    if (group) group.push(value);
    else groups.set(owner, [value]);
  }
  return groups;
}
