/**
 * XLSX rows, streamed with exceljs's WorkbookReader (SPEC §2 Import: first sheet only, dates `YYYY-MM-DD HH:mm:ss`):
 * the sheet is parsed as it is unzipped (or from the temporary file exceljs parks it in, see `drain`), never held in
 * memory whole. A row with no value in any cell (formatted but blank, as spreadsheets leave them) is not a row of the
 * import, and rows missing from the sheet are not rows either; the row number is the sheet's own, as the preview
 * shows it.
 */
import ExcelJS from 'exceljs';
import { rowCells } from './cells.ts';
import type { SheetRow } from './types.ts';

/** Rows handed on in arrays, so the layers above pay a promise per thousand rows rather than per row. */
const groupRows = 1_000;

type Sheets = AsyncIterator<ExcelJS.stream.xlsx.WorksheetReader>;

/**
 * Reads what is left of the workbook. exceljs writes a sheet that comes before the shared strings (as in files saved
 * by Excel) or without them to a temporary file, and deletes those files only once the whole workbook has been read:
 * stopping early would leave them behind, with their descriptors open.
 */
async function drain(sheets: Sheets): Promise<void> {
  for (let next = await sheets.next(); !next.done; next = await sheets.next()) {
    for await (const _row of next.value) {
      // skipped: only the first sheet is imported
    }
  }
}

export async function* readXlsxRows(path: string): AsyncGenerator<SheetRow[]> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell exceljs which numbers are dates.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const sheets: Sheets = workbook[Symbol.asyncIterator]();
  let drained = false;
  try {
    const first = await sheets.next();
    if (!first.done) {
      let group: SheetRow[] = [];
      for await (const row of first.value) {
        const cells = rowCells(row.values);
        if (cells.some((cell) => cell !== '')) group.push({ row: row.number, cells });
        if (group.length >= groupRows) {
          yield group;
          group = [];
        }
      }
      if (group.length > 0) yield group;
    }
    await drain(sheets);
    drained = true;
  } finally {
    // The reader stopped early (a cancel, an error): the rest is read anyway, for exceljs to clean up.
    if (!drained) await drain(sheets).catch(() => undefined);
  }
}
