/**
 * `pnpm bench:import [-- --rows N] [--only pglite|postgres] [--batch-rows B]`: the whole lead import job on a
 * generated N-row file (default 200,000), CSV and XLSX, on PGlite and, when DATABASE_URL is set, on PostgreSQL —
 * seconds, rows/s and peak RSS of the job — beside a baseline measured in the same run on the same database: the
 * same lead rows written plainly (COPY on PostgreSQL, `unnest` batches on PGlite) into a copy of `leads` without
 * foreign keys, and into `leads` itself. Goal: ≤ 2.5× the baseline and ≤ 400 MB peak RSS.
 *
 * Each measurement runs in its own process (importRun.ts, built with the API and run without tsx, as production runs)
 * on a fresh database: a temporary PGlite directory, or a `bench_import_<time>` database created through DATABASE_URL
 * and dropped afterwards.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { apiDirectory, buildApi, outputDirectory } from '../../build.ts';
import { defaultImportBatchRows } from '../modules/leads/import/schema.ts';
import { wholeNumberOption } from '../seed/cliArgs.ts';
import { writeBenchCsv, writeBenchXlsx } from './importData.ts';
import type { RunResult } from './importRun.ts';
import { inTemporaryDirectory, inThrowawayPostgres, machineLine } from './throwaway.ts';

type Target = 'pglite' | 'postgres';
type Kind = 'csv' | 'xlsx';
type Measured = RunResult & { target: Target; kind: Kind };

const usage = 'usage: bench:import -- [--rows N (default 200000)] [--only pglite|postgres] [--batch-rows B]';
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const perSecond = (rows: number, ms: number) => Math.round((rows * 1000) / ms).toLocaleString('en');
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The measured run, built with the API (build.ts) and run as production runs the API: compiled, without tsx. */
const measuredRun = { name: 'bench-import-run', source: 'src/bench/importRun.ts' };

function runChild(args: string[]): Promise<RunResult> {
  const script = join(apiDirectory, outputDirectory, `${measuredRun.name}.js`);
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      const line = output.split('\n').find((entry) => entry.startsWith('RESULT '));
      if (code === 0 && line) resolve(JSON.parse(line.slice('RESULT '.length)) as RunResult);
      else reject(new Error(`the measured run exited with ${code}: ${output}`));
    });
  });
}

const onPglite = (file: string, kind: Kind, batchRows: number): Promise<RunResult> =>
  inTemporaryDirectory('bench-import-pglite', (directory) => runChild(['--file', file, '--kind', kind, '--dir', directory, '--batch-rows', String(batchRows)]));

const onPostgres = (adminUrl: string, file: string, kind: Kind, batchRows: number): Promise<RunResult> =>
  inThrowawayPostgres(adminUrl, 'bench_import', (url) => runChild(['--file', file, '--kind', kind, '--url', url, '--batch-rows', String(batchRows)]));

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: { rows: { type: 'string' }, only: { type: 'string' }, 'batch-rows': { type: 'string' } },
  });
  const rows = wholeNumberOption(values.rows, { name: 'rows', fallback: 200_000, min: 1, usage });
  const batchRows = wholeNumberOption(values['batch-rows'], { name: 'batch-rows', fallback: defaultImportBatchRows, min: 1, usage });
  if (values.only !== undefined && values.only !== 'pglite' && values.only !== 'postgres') throw new Error(usage);
  const url = process.env['DATABASE_URL'] || undefined;

  console.log(machineLine());
  await buildApi({ [measuredRun.name]: measuredRun.source });
  console.log(`rows: ${rows.toLocaleString('en')} (plus a header), batch ${batchRows.toLocaleString('en')} rows`);

  const directory = await mkdtemp(join(tmpdir(), 'bench-import-files-'));
  try {
    const files: Record<Kind, string> = { csv: join(directory, 'leads.csv'), xlsx: join(directory, 'leads.xlsx') };
    for (const kind of ['csv', 'xlsx'] as const) {
      const started = performance.now();
      await (kind === 'csv' ? writeBenchCsv(files.csv, rows, 'csv.example') : writeBenchXlsx(files.xlsx, rows, 'xlsx.example'));
      console.log(`generated ${kind}: ${megabytes((await stat(files[kind])).size)} in ${seconds(performance.now() - started)}`);
    }

    const targets: Target[] = [];
    if (values.only !== 'postgres') targets.push('pglite');
    if (values.only !== 'pglite') {
      if (url) targets.push('postgres');
      else console.log('PostgreSQL skipped: set DATABASE_URL to measure it too.');
    }
    const results: Measured[] = [];
    for (const target of targets) {
      for (const kind of ['csv', 'xlsx'] as const) {
        console.log(`\n== ${target}, ${kind}`);
        const result = target === 'pglite' ? await onPglite(files[kind], kind, batchRows) : await onPostgres(url as string, files[kind], kind, batchRows);
        console.log(
          `  import job: ${seconds(result.jobMs)}, ${perSecond(result.rows, result.jobMs)} rows/s (${result.rows.toLocaleString('en')} rows, ` +
            `${result.leads.toLocaleString('en')} leads), peak RSS ${megabytes(result.peakRssBytes)} (${megabytes(result.startRssBytes)} before the job)`,
        );
        console.log(
          `  baseline ${result.baselineKind} of the ${result.leads.toLocaleString('en')} leads: ${seconds(result.baselineMs)}, ${perSecond(result.leads, result.baselineMs)} rows/s`,
        );
        console.log(`  the same into leads itself (its foreign keys checked): ${seconds(result.baselineIntoLeadsMs)}, ${perSecond(result.leads, result.baselineIntoLeadsMs)} rows/s`);
        results.push({ ...result, target, kind });
      }
    }

    console.log('\ndatabase   file  rows        import job                 peak RSS   baseline                  job/baseline  job/(into leads)');
    for (const result of results) {
      console.log(
        [
          result.target.padEnd(10),
          result.kind.padEnd(5),
          result.rows.toLocaleString('en').padEnd(11),
          `${seconds(result.jobMs)} = ${perSecond(result.rows, result.jobMs)} rows/s`.padEnd(26),
          megabytes(result.peakRssBytes).padEnd(10),
          `${result.baselineKind} ${seconds(result.baselineMs)} = ${perSecond(result.leads, result.baselineMs)}/s`.padEnd(25),
          `${(result.jobMs / result.baselineMs).toFixed(2)}×`.padEnd(13),
          `${(result.jobMs / result.baselineIntoLeadsMs).toFixed(2)}×`,
        ].join(' '),
      );
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

await main();
