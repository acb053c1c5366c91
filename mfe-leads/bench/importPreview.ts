/**
 * Issue 6 benchmark: the import preview of a 200k-row file must take about what a 20-row file takes (≤ 300 ms).
 * Generates a 200k-row and a 20-row lead file as CSV and as XLSX (shared strings and date cells, as Excel writes
 * them), runs the dialog's own preview functions on each in Node, and prints the median time per file, the
 * ratio to the small file of the same kind, and the machine.
 *
 *   node --import tsx mfe-leads/bench/importPreview.ts [--rows 200000] [--runs 7] [--start-row 1] [--whole]
 *
 * --whole also times what the fast path avoids: xlsx reading the whole large workbook, even with `sheetRows`.
 *
 * Files come from previewFiles.ts (generated once, then reused). `pnpm bench:import-preview-browser` times the dialog
 * itself in Chromium.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem, type } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { previewCsv } from '../src/modules/transfer/import/preview/csvPreview.ts';
import type { FilePreview, PreviewSettings } from '../src/modules/transfer/import/preview/filePreview.ts';
import { loadXlsx, previewXlsx } from '../src/modules/transfer/import/preview/xlsxPreview.ts';
import { ensurePreviewFile } from './previewFiles.ts';

const budgetMs = 300;
const { values } = parseArgs({
  // `pnpm bench:import-preview -- --rows N` passes the `--` on.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { rows: { type: 'string', default: '200000' }, runs: { type: 'string', default: '7' }, 'start-row': { type: 'string', default: '1' }, whole: { type: 'boolean', default: false } },
});
const bigRows = Number(values.rows);
const runs = Number(values.runs);
const settings: PreviewSettings = { startRow: Number(values['start-row']), delimiter: '', escape: '"' };

/** papaparse reads a File through FileReader, which Node lacks: the little it uses, on Blob.arrayBuffer. */
class NodeFileReader {
  result: string | ArrayBuffer | null = null;
  error: Error | null = null;
  onload: ((event: { target: NodeFileReader }) => void) | null = null;
  onerror: ((event: { target: NodeFileReader }) => void) | null = null;
  readAsText(blob: Blob, encoding?: string): void {
    blob.arrayBuffer().then(
      (buffer) => {
        this.result = new TextDecoder(encoding || 'utf-8').decode(buffer);
        this.onload?.({ target: this });
      },
      (error: Error) => {
        this.error = error;
        this.onerror?.({ target: this });
      },
    );
  }
}
Object.assign(globalThis, { FileReader: NodeFileReader });

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? Number.NaN;

async function measure(kind: 'csv' | 'xlsx', path: string): Promise<{ ms: number; preview: FilePreview }> {
  const file = new File([readFileSync(path)], path.slice(path.lastIndexOf('/') + 1));
  const preview = (current: File) => (kind === 'csv' ? previewCsv(current, settings) : previewXlsx(current, settings));
  let last = await preview(file);
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    last = await preview(file);
    times.push(performance.now() - started);
  }
  return { ms: median(times), preview: last };
}

function machineLine(): string {
  const model = cpus()[0]?.model.trim() ?? 'unknown cpu';
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  return `${model}, ${cpus().length} cores, ${(totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, ${type()} ${release()}, node ${process.version}, load avg ${load}`;
}

async function main(): Promise<void> {
  const coldStart = performance.now();
  await loadXlsx();
  const xlsxLoadMs = performance.now() - coldStart;
  console.log(`import preview benchmark: start row ${settings.startRow}, median of ${runs} runs after one warm-up`);
  let failed = false;
  for (const kind of ['csv', 'xlsx'] as const) {
    const small = await measure(kind, ensurePreviewFile(kind, 20));
    const big = await measure(kind, ensurePreviewFile(kind, bigRows));
    const ratio = big.ms / small.ms;
    // The budget is for the first rows; a later start row has to read (CSV: parse) the rows before it.
    const judged = settings.startRow === 1;
    const within = big.ms <= budgetMs;
    failed ||= judged && !within;
    const shown = big.preview.rows.map((row) => row.number);
    console.log(
      `${kind.padEnd(4)}  20 rows ${small.ms.toFixed(1).padStart(7)} ms   ${bigRows} rows ${big.ms.toFixed(1).padStart(7)} ms   ratio ${ratio.toFixed(2)}   ` +
        `rows ${shown[0]}–${shown.at(-1)}, ${big.preview.columnCount} columns   ${judged ? (within ? `ok (≤ ${budgetMs} ms)` : `OVER the ${budgetMs} ms budget`) : 'no budget past row 1'}`,
    );
  }
  if (values.whole) {
    const xlsx = await loadXlsx();
    const bytes = readFileSync(ensurePreviewFile('xlsx', bigRows));
    const started = performance.now();
    xlsx.read(bytes, { type: 'buffer', sheetRows: settings.startRow + 10, cellNF: true, sheets: 0 });
    console.log(`xlsx reading the whole ${bigRows}-row workbook with sheetRows (avoided): ${(performance.now() - started).toFixed(0)} ms`);
  }
  console.log(`xlsx library load (once per page, its own chunk): ${xlsxLoadMs.toFixed(0)} ms`);
  console.log(`machine: ${machineLine()}`);
  if (failed) process.exitCode = 1;
}

await main();
