/**
 * CSV preview: papaparse reads the local file in chunks of `importCsvChunkBytes` and is stopped at the last row
 * the preview shows, so a 200k-row file costs what its first chunk costs. Empty lines count as rows.
 * (papaparse reads a File whole unless a `chunk` callback is given, so one is.)
 */
import Papa, { type Parser } from 'papaparse';
import { importCsvChunkBytes } from '@crm/shared/contract';
import { clampStartRow, previewOfRows, previewRowLimit, type FilePreview, type PreviewSettings } from './filePreview.ts';

const byteOrderMark = '\uFEFF';
/** Stands for a row above the start row: counted, never shown, not held. */
const skippedRow: string[] = [];
/** The rows papaparse looks at to guess the delimiter. */
const guessRows = 10;

/** The line break after the last row is not a row of its own; an empty line before it is. */
function withoutFinalLineBreak(rows: string[][], endOfFile: boolean): string[][] {
  const last = rows.at(-1);
  return endOfFile && last?.length === 1 && last[0] === '' ? rows.slice(0, -1) : rows;
}

function withoutByteOrderMark(rows: string[][]): string[][] {
  const first = rows[0];
  if (!first?.[0]?.startsWith(byteOrderMark)) return rows;
  return [[first[0].slice(1), ...first.slice(1)], ...rows.slice(1)];
}

/**
 * papaparse's guess, made with empty lines left out: counted in, they pull a small two-column file's average
 * below two fields a row and the guess falls back to a comma.
 */
function guessDelimiter(sample: string): string {
  return Papa.parse<string[]>(sample, { preview: guessRows, skipEmptyLines: 'greedy' }).meta.delimiter;
}

export function previewCsv(file: File, settings: PreviewSettings): Promise<FilePreview> {
  const startRow = clampStartRow(settings.startRow);
  const limit = previewRowLimit(startRow);
  // One row more than shown: getting fewer means the file ended, so a last empty row is only its final line break.
  const wanted = limit + 1;
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    let delimiter = settings.delimiter;
    let settled = false;
    const finish = (parser?: Parser) => {
      if (settled) return;
      settled = true;
      parser?.abort();
      const endOfFile = rows.length < wanted;
      resolve(previewOfRows(withoutByteOrderMark(withoutFinalLineBreak(rows, endOfFile).slice(0, limit)), startRow, delimiter));
    };
    Papa.parse<string[]>(file, {
      preview: wanted,
      chunkSize: importCsvChunkBytes,
      skipEmptyLines: false,
      header: false,
      dynamicTyping: false,
      delimiter: settings.delimiter || guessDelimiter,
      quoteChar: '"',
      escapeChar: settings.escape || '"',
      chunk: (results, parser) => {
        delimiter = results.meta.delimiter;
        for (const row of results.data) {
          if (rows.length >= wanted) break;
          rows.push(rows.length === 0 || rows.length + 1 >= startRow ? row : skippedRow);
        }
        if (rows.length >= wanted) finish(parser);
      },
      complete: () => finish(),
      error: (error) => {
        if (settled) return;
        settled = true;
        reject(error);
      },
    });
  });
}
