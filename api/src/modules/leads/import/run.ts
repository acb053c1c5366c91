/**
 * Reading an upload in batches and deciding its rows: shared by the dry run (reads, checks, writes nothing) and the
 * job (batch.ts commits each batch). The JavaScript work of a batch (parsing, normalizing phones) is done while the
 * previous batch's statements run in the database.
 */
import { importMaxRows, importMessages, type ImportReport } from '@crm/shared/contract';
import type { Db } from '../../../db/database.ts';
import { invalid } from '../../../http/errors.ts';
import { duplicateWindowDays } from '../intake/duplicates.ts';
import { decideBatch, type CheckState } from './checks.ts';
import type { PreparedBatch } from './batch.ts';
import { columnMapping, missingColumnErrors, type ColumnMapping } from './mapping.ts';
import { measureRows, readRows, type FileMeasure, type ReadOptions, type ReadableUpload, type SheetRow } from './readers/index.ts';
import { loadImportReferences, type ImportReferences } from './references.ts';
import { countOutcomes, emptyReport } from './report.ts';
import { checkRow } from './rows.ts';
import { defaultImportBatchRows, type ImportRequestData, type RowCandidate, type RowRefusal } from './schema.ts';

/** Batches of `size` rows, starting after row `afterRow` (a resumed job skips what it committed). */
export async function* rowBatches(groups: AsyncIterable<SheetRow[]>, size: number, afterRow = 0): AsyncGenerator<SheetRow[]> {
  let batch: SheetRow[] = [];
  for await (const group of groups) {
    for (const row of group) {
      if (row.row <= afterRow) continue;
      batch.push(row);
      if (batch.length >= size) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * A CSV line with nothing in it (no cell, or only empty or blank ones): counted as a skipped blank line, not stored as
 * an empty failed lead. (A workbook's blank rows never reach here: its reader leaves them out.)
 */
const isBlankRow = (row: SheetRow): boolean => row.cells.every((cell) => cell.trim() === '');

/** Rows checked between two turns of the event loop while a batch is prepared. */
const rowsPerTurn = 50;

/**
 * The JavaScript checks of a batch. It yields to the event loop every 50 rows: the previous batch is being
 * committed meanwhile, and each of its statements must be sent as soon as the one before returns, not after the
 * whole batch is prepared (that would make the database wait for JavaScript and JavaScript for the database).
 */
export async function prepareBatch(rows: readonly SheetRow[], mapping: ColumnMapping, references: ImportReferences): Promise<PreparedBatch> {
  const candidates: RowCandidate[] = [];
  const refused: RowRefusal[] = [];
  let blankLines = 0;
  for (const [index, row] of rows.entries()) {
    if (index > 0 && index % rowsPerTurn === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    if (isBlankRow(row)) {
      blankLines += 1;
      continue;
    }
    const check = checkRow(row, mapping, references);
    if (check.ok) candidates.push(check.candidate);
    else refused.push(check.refusal);
  }
  return { candidates, refused, blankLines, lastRow: rows.at(-1)?.row ?? 0 };
}

export function readOptionsOf(request: Pick<ImportRequestData, 'options'>): ReadOptions {
  return { delimiter: request.options.delimiter, escape: request.options.escape, ignore_first_line: request.options.ignore_first_line };
}

/** `committing`: each batch is committed before the next is decided (the job), not only checked (the dry run). */
export function newCheckState({ committing }: { committing: boolean }, random: () => number = Math.random): CheckState {
  return { windowDays: duplicateWindowDays(), acceptedContacts: new Map(), remembersEarlierBatches: !committing, random };
}

/** The rows and columns of the upload, or null above the limit: more than 200k rows are refused before anything is checked or written. */
export async function measureWithinLimit(upload: ReadableUpload, options: ReadOptions): Promise<FileMeasure | null> {
  const measure = await measureRows(upload, options);
  return measure.rows > importMaxRows ? null : measure;
}

/**
 * What the routes check of the file before a dry run or an import: the row limit (422 under `file`) and that every
 * mapped column is one the file has (422 under `columns.<letter>`); a whole reading of the file, nothing written.
 */
export async function checkFileForRequest(upload: ReadableUpload, request: ImportRequestData): Promise<void> {
  const measure = await measureWithinLimit(upload, readOptionsOf(request));
  if (measure === null) throw invalid({ file: [importMessages.tooManyRows] });
  const missing = missingColumnErrors(request.columns, measure.columns);
  if (Object.keys(missing).length > 0) throw invalid(missing);
}

/**
 * The dry run: every row read and checked as the import would (blacklist, duplicates in the window and in the file),
 * nothing written. A file above the row limit is a 422 under `file`.
 */
export async function dryRunImport(db: Db, upload: ReadableUpload, request: ImportRequestData, batchRows = defaultImportBatchRows): Promise<ImportReport> {
  const references = await loadImportReferences(db, request.fixed);
  const options = readOptionsOf(request);
  await checkFileForRequest(upload, request);

  const mapping = columnMapping(request);
  const state = newCheckState({ committing: false });
  const report = emptyReport();
  // As in the job, a batch is checked in the database while the next one is prepared.
  let inFlight: Promise<void> | null = null;
  try {
    for await (const rows of rowBatches(readRows(upload, options), batchRows)) {
      const batch = await prepareBatch(rows, mapping, references);
      await inFlight;
      inFlight = decideBatch(db, batch.candidates, references, state).then((decision) => {
        countOutcomes(report, decision.accepted.length, [...batch.refused, ...decision.refused], batch.blankLines);
      });
      inFlight.catch(() => undefined);
    }
    await inFlight;
  } finally {
    await inFlight?.catch(() => undefined);
  }
  return report;
}
