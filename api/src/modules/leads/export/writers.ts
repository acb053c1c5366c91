/**
 * The export file, written a batch at a time: CSV by hand (RFC 4180 quoting, CRLF, a UTF-8 byte order mark so Excel
 * reads accents right), XLSX through exceljs's streaming writer (rows are flushed to the file as they are committed;
 * no shared strings or styles, which would be held in memory until the end).
 *
 * Formula injection (OWASP "CSV injection"): a text cell starting with =, +, -, @, a tab or a carriage return is
 * taken for a formula by spreadsheet programs, in CSV and once an XLSX is re-saved as CSV alike. Such cells get a
 * leading single quote, which shows the text as typed and runs nothing. Except a sign followed by digits only (every
 * phone, E.164 `+4915112345678`): a spreadsheet reads that as a number, which can neither call a function nor refer
 * to a cell or another file, so there is nothing to neutralize, and the quote only broke the phone for every program
 * that reads the file. In XLSX such a phone is a text cell (as every text is), so it keeps its `+` and digits.
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import type { ExportableLeadColumn, ExportFormat } from '@crm/shared/contract';
import { cellKindOf, headersOf, type CellKind } from './columns.ts';
import type { ExportRow } from './selection.ts';

export type ExportWriter = {
  writeRows(rows: readonly ExportRow[]): Promise<void>;
  /** Completes the file. */
  finish(): Promise<void>;
  /** Stops and removes the file (a cancel or a failure). */
  discard(): Promise<void>;
};

const formulaStart = /^[=+\-@\t\r]/;
const signedDigits = /^[+-]\d+$/;

function neutralizeFormula(text: string): string {
  return formulaStart.test(text) && !signedDigits.test(text) ? `'${text}` : text;
}

/** One CSV field: neutralized, and quoted when it holds a delimiter, a quote or a line break. */
function csvField(value: string | null): string {
  if (value === null) return '';
  const text = neutralizeFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (fields: readonly (string | null)[]): string => `${fields.map(csvField).join(',')}\r\n`;

/** An XLSX cell: amounts as numbers and flags as booleans (so sums and filters work), text neutralized. */
function xlsxCell(value: string | null, kind: CellKind): string | number | boolean | null {
  if (value === null) return null;
  if (kind === 'number' && Number.isFinite(Number(value))) return Number(value);
  if (kind === 'boolean') return value === 'true';
  return neutralizeFormula(value);
}

/** A sheet's header row and how each column's cells are written. */
export type TableLayout = { sheetName: string; headers: readonly string[]; kinds: readonly CellKind[] };

async function openCsv(path: string, layout: TableLayout): Promise<ExportWriter> {
  const stream = createWriteStream(path);
  // Kept for the next write to throw: an 'error' event nobody listens to would bring the whole process down.
  let failure: Error | undefined;
  stream.on('error', (error) => {
    failure = error;
  });
  await once(stream, 'open');
  const put = async (text: string) => {
    if (failure) throw failure;
    // Honour backpressure: a slow disk holds the export back instead of filling memory.
    if (!stream.write(text)) await once(stream, 'drain');
  };
  await put(`\uFEFF${csvLine(layout.headers)}`);
  return {
    writeRows: (rows) => put(rows.map(csvLine).join('')),
    async finish() {
      if (failure) throw failure;
      stream.end();
      await once(stream, 'finish');
    },
    async discard() {
      stream.destroy();
      await rm(path, { force: true });
    },
  };
}

async function openXlsx(path: string, { sheetName, headers, kinds }: TableLayout): Promise<ExportWriter> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow([...headers]).commit();
  return {
    async writeRows(rows) {
      for (const row of rows) sheet.addRow(row.map((value, index) => xlsxCell(value, kinds[index] ?? 'text'))).commit();
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
    async discard() {
      // The writer has no abort: close the archive, then drop the file.
      await workbook.commit().catch(() => undefined);
      await rm(path, { force: true });
    },
  };
}

/** A file of any table (the report export writes one), with the same quoting and formula guard as the lead export. */
export function openTableWriter(format: ExportFormat, path: string, layout: TableLayout): Promise<ExportWriter> {
  return format === 'csv' ? openCsv(path, layout) : openXlsx(path, layout);
}

export function openExportWriter(format: ExportFormat, path: string, columns: readonly ExportableLeadColumn[]): Promise<ExportWriter> {
  return openTableWriter(format, path, { sheetName: 'Leads', headers: headersOf(columns), kinds: columns.map(cellKindOf) });
}
