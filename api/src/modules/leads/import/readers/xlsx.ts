/**
 * XLSX rows, streamed (the first sheet as Excel shows the tabs, dates `YYYY-MM-DD HH:mm:ss`). The
 * parts are found through the package's relationships and inflated straight from the file (zip.ts), each counted
 * against the bounds of limits.ts: the shared strings are held while the sheet is read, the sheet itself never is.
 * exceljs's streaming reader was used before: it took the first sheet in ZIP order (not the first tab) and held every
 * shared string and any run of text, however large the file made them.
 */
import { dateStyles } from './xlsxDates.ts';
import { workbookParts } from './xlsxParts.ts';
import { SheetRows } from './xlsxSheet.ts';
import { readSharedStrings } from './xlsxStrings.ts';
import type { SheetRow } from './types.ts';
import { parseXml } from './xml.ts';
import { entryText, newInflateBudget, readZipDirectory } from './zip.ts';

/** Rows handed on in arrays, so the layers above pay a promise per thousand rows rather than per row. */
const groupRows = 1_000;

/** The rows of the first sheet. */
export async function* readXlsxRows(path: string): AsyncGenerator<SheetRow[]> {
  const budget = newInflateBudget();
  const entries = await readZipDirectory(path);
  const parts = await workbookParts(path, entries, budget);
  const context = {
    dateStyles: await dateStyles(path, parts.styles, budget),
    strings: await readSharedStrings(path, parts.sharedStrings, budget),
    date1904: parts.date1904,
  };
  const sheet = new SheetRows(context);
  let group: SheetRow[] = [];
  for await (const _chunk of parseXml(entryText(path, parts.sheet, budget), sheet)) {
    for (const row of sheet.take()) group.push(row);
    if (group.length >= groupRows) {
      yield group;
      group = [];
    }
  }
  group.push(...sheet.take());
  if (group.length > 0) yield group;
}
