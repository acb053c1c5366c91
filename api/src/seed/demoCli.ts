/**
 * `pnpm --filter @crm/api seed:demo -- --leads N [--seed S]`: adds N demo leads (with brokers, sources, tags and
 * histories) to the database the API uses: `DATABASE_URL`, or the embedded one under `DATA_DIR` (default ./data).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { runMigrations } from '../db/migrate.ts';
import { MissingReferenceDataError, seedDemoData } from './demo/index.ts';
import { wholeNumberOption } from './cliArgs.ts';
import { secretBoxFor } from '../modules/sending/secrets.ts';

const usage = 'usage: seed:demo -- --leads N [--seed S] [--batch-size B]';

const wholeNumber = (value: string | undefined, name: string, fallback: number): number => wholeNumberOption(value, { name, fallback, min: 0, usage });

async function main(): Promise<number> {
  // pnpm passes the `--` separator through to the script; parseArgs would take everything after it as positionals.
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  const { values } = parseArgs({
    args,
    options: {
      leads: { type: 'string' },
      seed: { type: 'string' },
      'batch-size': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || values.leads === undefined) {
    console.log(usage);
    return values.help ? 0 : 1;
  }
  const leads = wholeNumber(values.leads, 'leads', 0);
  const seed = wholeNumber(values.seed, 'seed', 1);
  const batchSize = Math.max(1, wholeNumber(values['batch-size'], 'batch-size', 10_000));

  const url = process.env.DATABASE_URL || undefined;
  // The API's own key (SECRETS_KEY or the key file in DATA_DIR), so it can open the demo integrations' secrets.
  const secrets = secretBoxFor(loadConfig());
  const dataDir = resolve(process.env.DATA_DIR ?? './data', 'pglite');
  const database = await openDatabase({ url, dataDir });
  try {
    if (database.kind === 'postgres') console.log('database: PostgreSQL (DATABASE_URL)');
    else console.log(`database: embedded PGlite in ${dataDir}`);
    await runMigrations(database.db);
    const report = await seedDemoData(database, { leads, seed, batchSize, secrets, log: (line) => console.log(line) });
    console.log(`done in ${(report.elapsedMs / 1000).toFixed(1)} s; rows inserted:`);
    for (const [table, rows] of Object.entries(report.counts)) console.log(`  ${table.padEnd(28)} ${rows.toLocaleString('en').padStart(12)}`);
    return 0;
  } catch (error) {
    if (error instanceof MissingReferenceDataError) {
      console.error(`${error.message}\nStart the API once (pnpm start): it seeds the reference data, then run seed:demo again.`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  return 1;
});
