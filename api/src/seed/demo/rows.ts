/** Shared by the reference-row writers: the transaction they run in and name → id lookups. */
import type { Db } from '../../db/database.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function idOf(ids: ReadonlyMap<string, number>, name: string): number {
  const id = ids.get(name);
  if (id === undefined) throw new Error(`demo row "${name}" was neither inserted nor found`);
  return id;
}
