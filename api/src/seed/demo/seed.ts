/** The demo seed run: reference rows first, then the leads batch by batch. */
import { performance } from 'node:perf_hooks';
import type { PoolClient } from 'pg';
import type { Database } from '../../db/database.ts';
import { failedLeads } from '../../db/schema/index.ts';
import { analyzeAfterBulkWrite } from '../../db/statistics.ts';
import type { SecretBox } from '../../modules/sending/secrets.ts';
import type { LeadGenerator } from './columns.ts';
import { createGenerator } from './leads.ts';
import { createRandom } from './random.ts';
import { seedDemoFailedLeads } from './failed.ts';
import { ensureDemoReference } from './reference.ts';
import { emptyCounts, type DemoSeedReport } from './report.ts';
import { writeBatch } from './writeBatch.ts';

export type DemoSeedOptions = {
  leads: number;
  /** Seals the demo integrations' secrets: the box the API opens them with (`secretBoxFor(config)`). */
  secrets: SecretBox;
  seed?: number;
  log?: (line: string) => void;
  /** Leads per transaction; 10,000 keeps each statement's arrays a few MB. */
  batchSize?: number;
};

export async function seedDemoData(database: Database, options: DemoSeedOptions): Promise<DemoSeedReport> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const batchSize = options.batchSize ?? 10_000;
  const counts = emptyCounts();
  const random = createRandom(options.seed ?? 1);

  const reference = await ensureDemoReference(database.db, random, options.secrets, counts);
  const generator = await createGenerator(database.db, reference, random);
  const total = Math.max(0, Math.floor(options.leads));
  log(`reference rows ready; writing ${total.toLocaleString('en')} leads in batches of ${batchSize.toLocaleString('en')}`);

  const client = await database.pool.connect();
  try {
    for (let done = 0, batches = 0; done < total;) {
      const batch = generator.nextBatch(Math.min(batchSize, total - done));
      batches += 1;
      // Without statistics the planner takes a fresh leads table for empty: the foreign-key checks and history
      // inserts then scan a whole index per row and every batch is slower than the last (under 1,000 leads/s by
      // 100,000 instead of 6,000). ANALYZE right after the first batch's leads (it counts its own transaction's
      // rows), then each time the run has doubled the table.
      const analyze = (batches & (batches - 1)) === 0;
      await inTransaction(client, () => writeBatch(client, batch, reference, counts, analyze));
      done += batch.size;
      if (done === total || (done / batchSize) % 10 === 0) {
        const seconds = (performance.now() - started) / 1000;
        log(`leads ${done.toLocaleString('en')}/${total.toLocaleString('en')} (${Math.round(done / seconds).toLocaleString('en')} leads/s)`);
      }
    }
    // Autovacuum would get there in time; the console's first queries on the new rows should not wait for it.
    if (total > 0) await client.query('ANALYZE leads, lead_status_histories, lead_send_histories, lead_broker_histories, lead_tags');
  } finally {
    client.release();
  }
  await seedDemoFailedLeads(database.db, random, total, counts);
  if (counts.failed_leads > 0) await analyzeAfterBulkWrite(database.db, failedLeads);
  return { counts, elapsedMs: Math.round(performance.now() - started) };
}

/**
 * A lead generator over the demo reference data (created if missing), for the benchmark's baseline: the same
 * rows `seedDemoData` writes, without the histories.
 */
export async function createDemoLeadGenerator(database: Database, seed: number, secrets: SecretBox): Promise<LeadGenerator> {
  const random = createRandom(seed);
  const reference = await ensureDemoReference(database.db, random, secrets, emptyCounts());
  return createGenerator(database.db, reference, random);
}

async function inTransaction(client: PoolClient, work: () => Promise<void>): Promise<void> {
  await client.query('BEGIN');
  try {
    await work();
    await client.query('COMMIT');
  } catch (error) {
    // The original error says what went wrong; a failed rollback on a broken connection would only hide it.
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
