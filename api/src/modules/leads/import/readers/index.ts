/** The rows of an upload, whatever its kind, after the options (the header skipped), and how many there are. */
import type { ImportFileKind } from '@crm/shared/contract';
import { readCsvRows } from './csv.ts';
import { UnreadableFileError } from './limits.ts';
import type { FileMeasure, SheetRow } from './types.ts';
import { readXlsxRows } from './xlsx.ts';
import { measureXlsxRows } from './xlsxRowCount.ts';

export type { FileMeasure, SheetRow } from './types.ts';
export { FileLimitError, UnreadableFileError } from './limits.ts';

export type ReadOptions = { delimiter: string; escape: string; ignore_first_line: boolean };
export type ReadableUpload = { kind: ImportFileKind; path: string };

async function* guarded(rows: AsyncGenerator<SheetRow[]>): AsyncGenerator<SheetRow[]> {
  try {
    yield* rows;
  } catch (error) {
    throw unreadable(error);
  }
}

/** The readers' own refusals say what is wrong in their words; anything else (zlib, the XML parser) is prefixed. */
function unreadable(error: unknown): UnreadableFileError {
  if (error instanceof UnreadableFileError) return error;
  return new UnreadableFileError(`The file could not be read: ${error instanceof Error ? error.message : String(error)}`);
}

/** The rows in file order, in arrays of any size (as the reader produced them). */
export async function* readRows(upload: ReadableUpload, options: ReadOptions): AsyncGenerator<SheetRow[]> {
  const rows = upload.kind === 'csv' ? readCsvRows(upload.path, options) : readXlsxRows(upload.path);
  for await (const group of guarded(rows)) {
    const kept = options.ignore_first_line && group[0]?.row === 1 ? group.slice(1) : group;
    if (kept.length > 0) yield kept;
  }
}

/**
 * How many rows `readRows` yields (for xlsx, at least that many: see xlsxRowCount.ts), and the widest row's columns,
 * the header included.
 */
export async function measureRows(upload: ReadableUpload, options: ReadOptions): Promise<FileMeasure> {
  if (upload.kind === 'xlsx') {
    try {
      return await measureXlsxRows(upload.path, options.ignore_first_line);
    } catch (error) {
      throw unreadable(error);
    }
  }
  let rows = 0;
  let columns = 0;
  for await (const group of readRows(upload, { ...options, ignore_first_line: false })) {
    for (const row of group) {
      if (!options.ignore_first_line || row.row !== 1) rows += 1;
      columns = Math.max(columns, row.cells.length);
    }
  }
  return { rows, columns };
}

export const countRows = async (upload: ReadableUpload, options: ReadOptions): Promise<number> => (await measureRows(upload, options)).rows;
