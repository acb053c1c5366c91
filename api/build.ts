/**
 * The API's build (`pnpm --filter @crm/api build`): its TypeScript, with @crm/shared's, bundled by esbuild into
 * `dist/`, one file per entry point plus the chunks they share; the packages of node_modules stay imports. Production
 * runs `node dist/main.js`. tsx, which compiles the source as it loads, is for development and tests: it costs a
 * process ~100 MB of resident memory (its loader thread, the transformed code and source maps), twice over when the
 * embedded database's worker thread loads through it too (`pnpm bench:import`).
 *
 * Modules started in a thread or process of their own (db/embedded.ts) are entry points named as their file, so that
 * `./name.js` beside any chunk finds them. Every output file sits one folder below the API's folder, as the source
 * files of `src/*` do.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const apiDirectory = fileURLToPath(new URL('.', import.meta.url));

export const outputDirectory = 'dist';

/**
 * The flags production starts `dist/main.js` with (the Dockerfile's CMD, `pnpm start`, the benchmarks): a young
 * generation of 32 MB instead of 16. Every call allocates (parsing, validation, building its statements), and with the
 * default the scavenger ran all the time: +10 % intake throughput (`pnpm bench:intake`, docs/benchmarks.md).
 */
export const productionNodeFlags = ['--max-semi-space-size=32'];

/** What production starts: the server (or job worker) and the embedded database's thread and initdb child. */
const productionEntries: Record<string, string> = {
  main: 'src/main.ts',
  pgliteWorker: 'src/db/pgliteWorker.ts',
  pglite: 'src/db/pglite.ts',
};

function packagesOfNodeModules(): string[] {
  const manifest = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
  return Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@crm/'));
}

/** Builds the production entry points and `extraEntries` (a benchmark's measured run: name → source file). */
export async function buildApi(extraEntries: Record<string, string> = {}): Promise<void> {
  await build({
    absWorkingDir: apiDirectory,
    entryPoints: { ...productionEntries, ...extraEntries },
    outdir: outputDirectory,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: packagesOfNodeModules(),
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await buildApi();
