/**
 * From cells to an add-lead body (issue 6): the column letters the person mapped give the lead fields,
 * the fixed values are added to every row. Cells stay text for the add-lead schema to read, except the yes/no fields,
 * a date of birth written as a date-time (how a spreadsheet date reaches us), and a date-time without an offset: the
 * wall-clock time the preview showed, read in the importing person's zone (`time_zone`), not the server's.
 */
import { leadFieldNames, type ImportColumns, type ImportableLeadField } from '@crm/shared/contract';
import { parseInZone } from '../../../time/zones.ts';
import type { ImportRequestData, RawRow } from './schema.ts';

/** `A` → 0 … `Z` → 25, `AA` → 26 … `ZZ` → 701. */
export function columnIndex(letters: string): number {
  let index = 0;
  for (const letter of letters) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

type MappedColumns = readonly { index: number; field: ImportableLeadField }[];

/** The mapped columns in file order, and the zone date-times without an offset are read in. */
export type ColumnMapping = { columns: MappedColumns; timeZone: string };

const mappedColumns = (columns: ImportColumns): MappedColumns =>
  Object.entries(columns)
    .map(([letters, field]) => ({ index: columnIndex(letters), field }))
    .sort((a, b) => a.index - b.index);

export function columnMapping(request: Pick<ImportRequestData, 'columns' | 'time_zone'>): ColumnMapping {
  return { columns: mappedColumns(request.columns), timeZone: request.time_zone };
}

const letterOf = (index: number): string => (index < 26 ? String.fromCharCode(65 + index) : letterOf(Math.floor(index / 26) - 1) + letterOf(index % 26));

/** Per mapped column the file does not have (its widest row has `fileColumns`), the message under `columns.<letter>`. */
export function missingColumnErrors(columns: ImportColumns, fileColumns: number): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const last = fileColumns > 0 ? `its last column is ${letterOf(fileColumns - 1)}` : 'it holds no cells';
  for (const { index } of mappedColumns(columns)) {
    const letters = letterOf(index);
    if (index >= fileColumns) errors[`columns.${letters}`] = [`The file has no column ${letters}: ${last}.`];
  }
  return errors;
}

const booleanFields: ReadonlySet<ImportableLeadField> = new Set(leadFieldNames('importable', ['flag']));
const booleanWords: ReadonlyMap<string, boolean> = new Map([
  ['yes', true],
  ['no', false],
  ['true', true],
  ['false', false],
  ['1', true],
  ['0', false],
]);
const midnight = /^(\d{4}-\d{2}-\d{2})[ T]00:00(?::00(?:\.0+)?)?Z?$/;
const dateFields: ReadonlySet<ImportableLeadField> = new Set(leadFieldNames('importable', ['date']));
const dateTimeFields: ReadonlySet<ImportableLeadField> = new Set(leadFieldNames('importable', ['datetime']));
/** A date and time without an offset, as the preview shows a date cell (seconds and fractions optional). */
const wallClock = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;

/** A date-time as the add-lead schema reads it: a wall-clock text becomes the instant it is in `timeZone`. */
function dateTimeIn(text: string, timeZone: string): string {
  if (!wallClock.test(text)) return text;
  return parseInZone(text, timeZone)?.toISOString() ?? text;
}

/** The fixed values as add-lead fields, once per import (the same for every row). */
export function fixedFields(fixed: ImportRequestData['fixed']): RawRow {
  const fields: RawRow = {};
  if (fixed.source_id != null) fields['source_id'] = fixed.source_id;
  if (fixed.status_id != null) fields['status_id'] = fixed.status_id;
  if (fixed.affiliate_company_id != null) fields['affiliate_company_id'] = fixed.affiliate_company_id;
  if (fixed.tag_ids && fixed.tag_ids.length > 0) fields['tag_ids'] = fixed.tag_ids;
  return fields;
}

export type MappedRow = {
  /** What the row said, by field (empty cells left out), plus the fixed values: kept as a failed lead's raw data. */
  raw: RawRow;
  /** The add-lead body to validate. */
  body: Record<string, unknown>;
  /** Cells that cannot become their field's type before the body is even validated. */
  errors: Record<string, string[]>;
};

export function mapRow(cells: readonly string[], mapping: ColumnMapping, fixed: RawRow): MappedRow {
  const raw: RawRow = {};
  const body: Record<string, unknown> = { ...fixed };
  const errors: Record<string, string[]> = {};
  for (const { index, field } of mapping.columns) {
    const text = cells[index]?.trim() ?? '';
    if (text === '') continue;
    raw[field] = text;
    if (booleanFields.has(field)) {
      const value = booleanWords.get(text.toLowerCase());
      if (value === undefined) errors[field] = [`The ${field.replaceAll('_', ' ')} field must be yes/no, true/false or 1/0.`];
      else body[field] = value;
    } else if (dateFields.has(field)) {
      body[field] = midnight.exec(text)?.[1] ?? text;
    } else if (dateTimeFields.has(field)) {
      body[field] = dateTimeIn(text, mapping.timeZone);
    } else {
      body[field] = text;
    }
  }
  return { raw: { ...raw, ...fixed }, body, errors };
}
