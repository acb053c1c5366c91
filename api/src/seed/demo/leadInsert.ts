/** SQL for a batch of leads: one `unnest` insert with one array literal per column. */
import { leadColumnKinds, leadColumns, type Cell, type ColumnKind, type LeadBatch } from './columns.ts';

const unnestTypes: Record<ColumnKind, string> = { text: 'text[]', int: 'int4[]', bool: 'bool[]', ms: 'int8[]', numeric: 'numeric[]', date: 'date[]' };

/** Quoting only what needs it: building the literals ourselves is several times faster than node-postgres' generic path. */
const needsEscape = /["\\]/;
export function arrayLiteral(values: readonly Cell[]): string {
  let out = '{';
  for (let index = 0; index < values.length; index++) {
    if (index > 0) out += ',';
    const value = values[index];
    if (value === null || value === undefined) out += 'NULL';
    else if (typeof value === 'string') out += `"${needsEscape.test(value) ? value.replace(/["\\]/g, '\\$&') : value}"`;
    else if (typeof value === 'boolean') out += value ? 't' : 'f';
    else out += String(value);
  }
  return `${out}}`;
}

/** One `INSERT … SELECT FROM unnest(…)` of the batch's leads into `table` (the leads table or a copy of it). */
export function leadInsertStatement(table: string, batch: LeadBatch, returning = ''): { text: string; values: string[] } {
  const parameters = leadColumns.map((column, index) => `$${index + 1}::${unnestTypes[leadColumnKinds[column]]}`);
  const selected = leadColumns.map((column) => (leadColumnKinds[column] === 'ms' ? `to_timestamp(t.${column}::float8 / 1000)` : `t.${column}`));
  return {
    text: `insert into ${table} (${leadColumns.join(', ')}) select ${selected.join(', ')} from unnest(${parameters.join(', ')}) as t(${leadColumns.join(', ')})${returning}`,
    values: leadColumns.map((column) => arrayLiteral(batch.columns[column])),
  };
}
