/**
 * The lead columns written from a lead's values, as PostgreSQL arrays: the bulk inserts (an import's batch, a batch of
 * affiliate calls) send one array per column to `INSERT … SELECT FROM unnest`, one statement whatever the batch's size.
 */
import { sql, type SQL } from 'drizzle-orm';
import { leadFieldEntries, type LeadFieldEntryOf } from '@crm/shared/contract';
import { literalElement, literalOf, type Cell } from '../../../db/sqlArrays.ts';
import type { LeadValues } from './prepare.ts';

type ValueColumn = { name: keyof LeadValues; type: 'text' | 'date' | 'timestamptz' | 'numeric' | 'bool' };

const columnTypes: Readonly<Record<LeadFieldEntryOf<'importable'>['kind'], ValueColumn['type']>> = {
  text: 'text',
  email: 'text',
  phone: 'text',
  date: 'date',
  datetime: 'timestamptz',
  money: 'numeric',
  flag: 'bool',
};

/**
 * The lead columns a row fills from the file: the importable fields of the lead-field catalogue and the columns intake
 * derives from them (a phone's prefix and E.164 form); status, provenance and references are added per batch or import.
 */
const valueColumns: readonly ValueColumn[] = leadFieldEntries('importable').flatMap((entry): ValueColumn[] => [
  { name: entry.name, type: columnTypes[entry.kind] },
  ...('derived' in entry ? entry.derived.map((name) => ({ name, type: 'text' as const })) : []),
]);

/**
 * A lead's values as array-literal elements, one per column above. Made when the row is checked, while the previous
 * batch commits, so building the insert inside the transaction is only joining them.
 */
export function literalElements(values: LeadValues): string[] {
  return valueColumns.map((column) => literalElement(values[column.name] as Cell));
}

/** The value columns of many leads as `unnest` arguments (one array each) and their names, in the same order. */
export function valueArrays(rows: readonly (readonly string[])[]): { names: string[]; arrays: SQL[] } {
  return {
    names: valueColumns.map((column) => column.name),
    arrays: valueColumns.map((column, index) => sql`${literalOf(rows.map((elements) => elements[index] as string))}::${sql.raw(column.type)}[]`),
  };
}
