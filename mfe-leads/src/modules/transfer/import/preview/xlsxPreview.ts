/**
 * XLSX preview: the first sheet only (the first tab as Excel shows them, the one the import reads), the rows up to
 * the last one shown (`sheetRows`), read by the xlsx library loaded on demand (its own chunk). Dates are read from the
 * cell's serial number and format, so they show as the sheet has them (YYYY-MM-DD HH:mm:ss), whatever the browser's
 * time zone. A file past the import's bounds is refused (`tooBig`), never handed whole to the library.
 */
import type { CellObject, WorkBook, WorkSheet } from 'xlsx';
import { firstShownSheet } from '@crm/shared/contract';
import { blobBytes } from './blobBytes.ts';
import { cellText, formatDateParts } from './cellText.ts';
import { clampStartRow, previewOfRows, previewRowLimit, type FilePreview, type PreviewSettings } from './filePreview.ts';
import { PreviewLimitError } from './previewBounds.ts';
import { PreviewError, xlsxErrorCode } from './previewErrors.ts';
import { slicedXlsx } from './xlsxSlice.ts';

type XlsxLibrary = typeof import('xlsx');
/** The part of xlsx's number-format library (untyped in its d.ts) the preview uses. */
type DateCode = { y: number; m: number; d: number; H: number; M: number; S: number };
type NumberFormats = { is_date(format: string): boolean; parse_date_code(value: number, options?: { date1904?: boolean }): DateCode | null | undefined };

function cellValue(cell: CellObject | undefined, formats: NumberFormats, date1904: boolean): string {
  if (!cell) return '';
  if (cell.t === 'n' && typeof cell.v === 'number' && typeof cell.z === 'string' && formats.is_date(cell.z)) {
    const code = formats.parse_date_code(cell.v, { date1904 });
    if (code) return formatDateParts({ year: code.y, month: code.m, day: code.d, hours: code.H, minutes: code.M, seconds: code.S });
  }
  if (cell.t === 'e') return cell.w ?? '';
  return cellText(cell.v);
}

/** Row 1 and the rows from the start row, as text; rows in between stay empty (never shown). */
function sheetRows(xlsx: XlsxLibrary, sheet: WorkSheet | undefined, startRow: number, limit: number, date1904: boolean): string[][] {
  const reference = sheet?.['!ref'];
  if (!sheet || !reference) return [];
  const range = xlsx.utils.decode_range(reference);
  // Past the 702nd column too, for the preview to count what the import leaves out (previewOfRows cuts them).
  const lastColumn = range.e.c;
  const lastRow = Math.min(range.e.r, limit - 1);
  const formats: NumberFormats = xlsx.SSF;
  const rows: string[][] = [];
  for (let row = 0; row <= lastRow; row += 1) {
    const shown = row === 0 || row >= startRow - 1;
    const cells: string[] = [];
    for (let column = 0; shown && column <= lastColumn; column += 1) {
      cells.push(cellValue(sheet[xlsx.utils.encode_cell({ r: row, c: column })] as CellObject | undefined, formats, date1904));
    }
    while (cells.length > 0 && cells.at(-1) === '') cells.pop();
    rows.push(cells);
  }
  return rows;
}

/**
 * The xlsx library, loaded on first use (a chunk of its own in the bundle). Under Node's ESM loader (the
 * benchmark) its CommonJS build exposes only some names; the default export is the whole module there.
 */
export async function loadXlsx(): Promise<XlsxLibrary> {
  const loaded: XlsxLibrary & { default?: XlsxLibrary } = await import('xlsx');
  return loaded.SSF ? loaded : (loaded.default ?? loaded);
}

/** `sheet`: the one to parse, when known (a cut-down copy holds no other); else every sheet, to choose from. */
function readWorkbook(xlsx: XlsxLibrary, bytes: Uint8Array, limit: number, sheet?: string): WorkBook {
  return xlsx.read(bytes, { type: 'array', sheetRows: limit, cellNF: true, ...(sheet === undefined ? {} : { sheets: sheet }) });
}

/** The first tab that is not hidden, as the library read the workbook's tabs. */
function shownSheetName(workbook: WorkBook): string | undefined {
  const tabs = workbook.SheetNames.map((name, index) => ({ name, state: workbook.Workbook?.Sheets?.[index]?.Hidden ? 'hidden' : undefined }));
  return firstShownSheet(tabs)?.name;
}

/** The cut-down copy (null when this reader cannot walk the file); past a bound, the preview's refusal. */
async function slicedOrNull(file: Blob, startRow: number, limit: number): ReturnType<typeof slicedXlsx> {
  try {
    return await slicedXlsx(file, clampStartRow(startRow), limit);
  } catch (error) {
    if (error instanceof PreviewLimitError) throw new PreviewError('tooBig', error);
    return null;
  }
}

export async function previewXlsx(file: Blob, settings: PreviewSettings): Promise<FilePreview> {
  const xlsx = await loadXlsx();
  const limit = previewRowLimit(settings.startRow);
  const sliced = await slicedOrNull(file, settings.startRow, limit);
  let workbook: WorkBook;
  try {
    workbook = sliced ? readWorkbook(xlsx, sliced.bytes, limit, sliced.sheetName) : readWorkbook(xlsx, await blobBytes(file), limit);
  } catch (error) {
    if (!sliced) throw new PreviewError(xlsxErrorCode(error), error);
    // Something this reader did not foresee in the cut-down copy: let xlsx read the whole file instead (its
    // archive's declared sizes are within the bounds, or the copy would not have been made).
    try {
      workbook = readWorkbook(xlsx, await blobBytes(file), limit);
    } catch (wholeError) {
      throw new PreviewError(xlsxErrorCode(wholeError), wholeError);
    }
  }
  const shownName = shownSheetName(workbook);
  const sheet = shownName === undefined ? undefined : workbook.Sheets[shownName];
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  return previewOfRows(sheetRows(xlsx, sheet, settings.startRow, limit, date1904), settings.startRow);
}
