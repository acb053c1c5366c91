/**
 * What an import file may expand to while it is read, the same for the API's streaming reader and the dialog's
 * preview (both read the first sheet, and must refuse the same files). A workbook is a ZIP of XML, and
 * deflate packs a repeated text about a thousand to one: a 5 MB upload can unpack to gigabytes, which aborted the API
 * process and froze the browser tab before any row was checked. Every reader counts as it streams and stops at the
 * first bound it passes, so memory stays small whatever the file claims; the bounds are far above what a sheet of
 * 200,000 leads needs.
 */
import { importMaxColumns, importMaxRows } from './leadTransfer.ts';

export const readLimits = {
  /** Bytes unpacked from one workbook, all parts together (a 200,000-row, 30-column sheet is about 300 MB). */
  inflatedBytes: 1024 * 1024 * 1024,
  /** Entries in the shared-strings part. */
  sharedStrings: 3_000_000,
  /** Characters of all shared strings together (they are held while the sheet is read). */
  sharedStringChars: 64 * 1024 * 1024,
  /** Excel's own limit for the text of one cell. */
  cellChars: 32_767,
  /** Characters between two tags: a cell's text, entities included, fits several times over. */
  markupRunChars: 256 * 1024,
  /** Cells of the sheet, empty ones included (rows × columns of what it lists). */
  sheetCells: importMaxRows * 50,
  /** Row elements of the sheet, empty ones included (Excel's own maximum). */
  sheetRows: 1_048_576,
  /** Characters of one CSV row before its line ends: an unclosed quote makes the rest of a file one row. */
  csvRowChars: 8 * 1024 * 1024,
  columns: importMaxColumns,
} as const;

const count = (value: number) => value.toLocaleString('en');
const megabytes = (bytes: number) => `${count(Math.round(bytes / 1024 / 1024))} MB`;

export const limitMessages = {
  inflated: `The workbook unpacks to more than ${megabytes(readLimits.inflatedBytes)}, far more than a list of leads needs: save the leads alone in a new file.`,
  sharedStrings: `The workbook holds more than ${count(readLimits.sharedStrings)} different texts: save the leads alone in a new file.`,
  sharedStringChars: `The workbook's texts add up to more than ${count(readLimits.sharedStringChars)} characters: save the leads alone in a new file.`,
  cell: (where: string) => `${where} holds more than ${count(readLimits.cellChars)} characters, more than a spreadsheet cell can.`,
  markupRun: `The workbook has a stretch of more than ${count(readLimits.markupRunChars)} characters without any markup: it is damaged or was not saved by a spreadsheet.`,
  sheetCells: `The first sheet lists more than ${count(readLimits.sheetCells)} cells, far more than ${count(importMaxRows)} rows of leads need.`,
  sheetRows: `The first sheet lists more than ${count(readLimits.sheetRows)} rows, more than a spreadsheet can.`,
  csvRow: (row: number) => `Row ${count(row)} of the file runs on for more than ${megabytes(readLimits.csvRowChars)}: a quote is probably not closed.`,
} as const;

/**
 * The open run once `chunk` is added to one of `run` characters, or more than the bound when a run inside the chunk
 * passes it (only possible in a chunk longer than the bound: inflated chunks are 16 KB).
 */
export function runAfter(run: number, chunk: string): number {
  if (chunk.length <= readLimits.markupRunChars) {
    // A run inside the chunk is shorter than the chunk: only its ends can join a long run.
    const last = Math.max(chunk.lastIndexOf('<'), chunk.lastIndexOf('>'));
    if (last < 0) return run + chunk.length;
    const lt = chunk.indexOf('<');
    const gt = chunk.indexOf('>');
    const first = lt < 0 ? gt : gt < 0 ? lt : Math.min(lt, gt);
    return run + first > readLimits.markupRunChars ? run + first : chunk.length - last - 1;
  }
  let from = 0;
  let lt = chunk.indexOf('<');
  let gt = chunk.indexOf('>');
  let open = run;
  while (lt >= 0 || gt >= 0) {
    const at = lt < 0 ? gt : gt < 0 ? lt : Math.min(lt, gt);
    if (open + at - from > readLimits.markupRunChars) return open + at - from;
    open = 0;
    from = at + 1;
    if (at === lt) lt = chunk.indexOf('<', from);
    else gt = chunk.indexOf('>', from);
  }
  return open + chunk.length - from;
}
