/**
 * Counts the rows of an xlsx's first sheet (and finds its widest column holding a value) without parsing its cells: the job must refuse a file above the row limit
 * before writing anything, and a full parse just to count would double the time of a large workbook. The sheet is
 * inflated straight from the ZIP archive and its XML scanned for `<row>` tags holding at least one value, which is
 * what `readXlsxRows` yields (a value that turns out to be an empty string is counted but not read: the count may
 * only be higher). The scan keeps to the same bounds as the reading (limits.ts).
 */
import { FileLimitError, limitMessages, readLimits } from './limits.ts';
import type { FileMeasure } from './types.ts';
import { workbookParts } from './xlsxParts.ts';
import { referenceColumn } from './xlsxSheet.ts';
import { runAfter } from './xml.ts';
import { entryText, newInflateBudget, readZipDirectory } from './zip.ts';

/** A row's or a cell's opening tag (with its attributes), or the start of a cell value (`<v>`, an inline string's `<is>`). */
const tokens = /<(?:[\w.-]+:)?(?:row\b([^>]*)>|c(?=[\s>/])([^>]*)>|v[\s>]|is[\s>])/g;
const rowNumber = /\br="(\d+)"/;
const cellReference = /\br="([A-Za-z]+)\d*"/;

/** Rows holding a value in the first sheet (leaving out row 1 when it is skipped as a header), and its widest one. */
export async function measureXlsxRows(path: string, skipFirstRow: boolean): Promise<FileMeasure> {
  const budget = newInflateBudget();
  const parts = await workbookParts(path, await readZipDirectory(path), budget);
  let count = 0;
  let rows = 0;
  let cells = 0;
  let currentRow: number | null = null;
  let currentHasValue = false;
  let column = -1;
  let columns = 0;
  const closeRow = () => {
    if (currentRow !== null && currentHasValue && !(skipFirstRow && currentRow === 1)) count += 1;
  };
  const scan = (text: string) => {
    tokens.lastIndex = 0;
    for (let match = tokens.exec(text); match; match = tokens.exec(text)) {
      const token = match[0].replace(/^<[\w.-]+:/, '<');
      if (token.startsWith('<row')) {
        closeRow();
        if ((rows += 1) > readLimits.sheetRows) throw new FileLimitError(limitMessages.sheetRows);
        // `r` is optional in the format: a row without it follows the one before.
        const given = rowNumber.exec(match[1] ?? '')?.[1];
        currentRow = given === undefined ? (currentRow ?? 0) + 1 : Number(given);
        currentHasValue = false;
        column = -1;
      } else if (token.startsWith('<c')) {
        if ((cells += 1) > readLimits.sheetCells) throw new FileLimitError(limitMessages.sheetCells);
        // As the reader places it: by its reference, or after the cell before.
        const letters = cellReference.exec(match[2] ?? '')?.[1];
        column = (letters === undefined ? null : referenceColumn(letters)) ?? column + 1;
      } else {
        currentHasValue = true;
        // Columns past ZZ are not read (xlsxSheet.ts).
        if (column < readLimits.columns) columns = Math.max(columns, column + 1);
      }
    }
  };
  let carry = '';
  let run = 0;
  for await (const chunk of entryText(path, parts.sheet, budget)) {
    run = runAfter(run, chunk);
    if (run > readLimits.markupRunChars) throw new FileLimitError(limitMessages.markupRun);
    const text = carry + chunk;
    // A tag cut in two by the chunk boundary waits for the next chunk.
    const lastOpen = text.lastIndexOf('<');
    const cut = lastOpen >= 0 && text.indexOf('>', lastOpen) < 0 ? lastOpen : text.length;
    scan(text.slice(0, cut));
    carry = text.slice(cut);
  }
  scan(carry);
  closeRow();
  return { rows: count, columns };
}
