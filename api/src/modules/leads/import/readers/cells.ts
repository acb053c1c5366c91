/** An xlsx cell as the text the import (and the preview) works with. */
import type { CellValue } from 'exceljs';

const two = (value: number) => String(value).padStart(2, '0');

/**
 * SPEC §2: dates as `YYYY-MM-DD HH:mm:ss`. Excel stores the wall-clock time without a zone and exceljs hands it
 * over as that time in UTC, so the UTC fields are the ones the sheet shows.
 */
export function formatSheetDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getUTCFullYear()}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
}

export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return formatSheetDate(value);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result);
  if ('hyperlink' in value) return value.text;
  // An error value (#N/A…) is kept as written, so the row fails on it visibly rather than as an empty cell.
  return value.error;
}

/** exceljs gives a row's values 1-based (index 0 is empty) and sparse; cells here are 0-based and dense. */
export function rowCells(values: CellValue[] | Record<string, CellValue>): string[] {
  if (!Array.isArray(values)) return [];
  const cells: string[] = [];
  for (let index = 1; index < values.length; index += 1) cells.push(cellText(values[index]));
  return cells;
}
