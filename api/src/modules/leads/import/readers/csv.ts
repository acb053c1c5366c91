/**
 * CSV rows, streamed: the file is read in chunks of `importCsvChunkBytes` and each chunk parsed by
 * papaparse's parser as it arrives, a piece of `csvParseChars` at a time (the partial last line carried to the next
 * piece, as papaparse's own streamers do), so memory stays flat whatever the file's size. Papaparse's Node stream mode is not used: it pauses every 16
 * rows and re-slices the rest of its 2 MB chunk each time, which grows quadratically (20,000 rows took 6 s).
 *
 * Empty lines are NOT skipped here: each is a row with one empty cell, so rows keep their line numbers; the
 * import counts them as skipped blank lines (run.ts), so every line of the file is accounted for. The line break that
 * ends the last line is not a line of its own.
 */
import { createReadStream } from 'node:fs';
import Papa from 'papaparse';
import { importCsvChunkBytes } from '@crm/shared/contract';
import { readAt } from './fileBytes.ts';
import { FileLimitError, limitMessages, readLimits } from './limits.ts';
import type { SheetRow } from './types.ts';

export type CsvOptions = { delimiter: string; escape: string };

const utf8Bom = Buffer.from([0xef, 0xbb, 0xbf]);
const guessable = [',', ';', '\t', '|'];
const sampleBytes = 256 * 1024;

/**
 * Characters parsed at a time. A whole 2 MB chunk parsed at once is some 17,000 rows of arrays and strings alive
 * together, held while the job works through them batch by batch: ~100 MB more peak RSS for a 200,000-row import
 * (`pnpm bench:import`). A quarter of a megabyte is about one batch of a typical file.
 */
export const csvParseChars = 262_144;

type Dialect = { delimiter: string; newline: '\n' | '\r' | '\r\n' };

/** The delimiter (unless chosen) and the line break, as papaparse guesses them from the first lines. */
function dialectOf(sample: string, options: CsvOptions): Dialect {
  const result = Papa.parse<string[]>(sample, {
    preview: 20,
    // Blank lines would defeat the delimiter guess (they have one field); they are rows all the same when reading.
    skipEmptyLines: true,
    delimitersToGuess: guessable,
    escapeChar: options.escape,
    ...(options.delimiter ? { delimiter: options.delimiter } : {}),
  });
  const newline = result.meta.linebreak === '\r\n' || result.meta.linebreak === '\r' ? result.meta.linebreak : '\n';
  return { delimiter: options.delimiter || result.meta.delimiter || ',', newline };
}

/** The rows of the file, one array per piece parsed (a row per promise would cost more than parsing it). */
export async function* readCsvRows(path: string, options: CsvOptions): AsyncGenerator<SheetRow[]> {
  const head = await readAt(path, 0, sampleBytes);
  // A byte-order mark would otherwise stick to the first cell (and break a quoted one).
  const start = head.subarray(0, utf8Bom.length).equals(utf8Bom) ? utf8Bom.length : 0;
  const dialect = dialectOf(head.subarray(start).toString('utf8'), options);
  const parser = new Papa.Parser({ ...dialect, escapeChar: options.escape, quoteChar: '"' });

  // Decoding in the file stream keeps a character split between two chunks whole.
  const input = createReadStream(path, { encoding: 'utf8', start, highWaterMark: importCsvChunkBytes });
  let row = 0;
  let partial = '';
  let baseIndex = 0;
  const rowsOf = (text: string, more: boolean): SheetRow[] => {
    // With `more`, the text after the last line break is left for the next chunk (the cursor says where it starts).
    const result = parser.parse(text, baseIndex, more) as { data: string[][]; meta: { cursor: number } };
    if (more) {
      partial = text.substring(result.meta.cursor - baseIndex);
      baseIndex = result.meta.cursor;
      // The unfinished row is carried whole from piece to piece: it must end some time.
      if (partial.length > readLimits.csvRowChars) throw new FileLimitError(limitMessages.csvRow(row + 1));
    }
    return result.data.map((cells) => {
      row += 1;
      return { row, cells };
    });
  };
  try {
    for await (const chunk of input as AsyncIterable<string>) {
      for (let at = 0; at < chunk.length; at += csvParseChars) yield rowsOf(partial + chunk.slice(at, at + csvParseChars), true);
    }
    if (partial !== '') yield rowsOf(partial, false);
  } finally {
    input.destroy();
  }
}
