/**
 * The preview of a picked file (docs/product.md#import): row 1 (the header the mapping is suggested from) and
 * `importPreviewRows` rows from the chosen start row, as text, with the column count capped at 702 (the columns
 * past it counted, so the dialog can say they are ignored: the import does not read them either).
 */
import { importMaxColumns, importMaxRows, importPreviewRows } from '@crm/shared/contract';

export type PreviewRow = { /** 1-based, as a spreadsheet numbers rows. */ number: number; cells: string[] };

export type FilePreview = {
  /** Row 1 of the file, whatever the start row. */
  header: string[];
  rows: PreviewRow[];
  /** Columns seen in the header and the shown rows, at most 702. */
  columnCount: number;
  /** Columns past the 702nd (ZZ) holding a value in the header or the shown rows: neither shown nor imported. */
  ignoredColumns: number;
  /** The CSV delimiter papaparse detected or was given; absent for xlsx. */
  delimiter?: string;
};

export type PreviewSettings = {
  /** 1-based row the preview starts at. */
  startRow: number;
  /** CSV only: '' detects it. */
  delimiter: string;
  /** CSV only: the quote escape character. */
  escape: string;
};

export const defaultPreviewSettings: PreviewSettings = { startRow: 1, delimiter: '', escape: '"' };

/** The last start row worth asking for: the row after the largest file the import takes. */
export const maxStartRow = importMaxRows + 1;

export function clampStartRow(startRow: number): number {
  if (!Number.isFinite(startRow)) return 1;
  return Math.min(Math.max(Math.trunc(startRow), 1), maxStartRow);
}

/** How many rows from the top the preview has to read. */
export function previewRowLimit(startRow: number): number {
  return clampStartRow(startRow) + importPreviewRows - 1;
}

/** Builds the preview from the file's first rows (row 1 first); cells beyond column 702 are dropped. */
export function previewOfRows(topRows: readonly (readonly string[])[], startRow: number, delimiter?: string): FilePreview {
  const first = clampStartRow(startRow) - 1;
  const cut = (cells: readonly string[]) => cells.slice(0, importMaxColumns);
  const header = cut(topRows[0] ?? []);
  const rows = topRows.slice(first, first + importPreviewRows).map((cells, index) => ({ number: first + index + 1, cells: cut(cells) }));
  const columnCount = Math.max(header.length, ...rows.map((row) => row.cells.length));
  const shown = [topRows[0] ?? [], ...topRows.slice(first, first + importPreviewRows)];
  const widest = Math.max(...shown.map((cells) => cells.findLastIndex((text) => text.trim() !== '') + 1));
  const ignoredColumns = Math.max(0, widest - importMaxColumns);
  return { header, rows, columnCount, ignoredColumns, ...(delimiter === undefined ? {} : { delimiter }) };
}
