/**
 * The distribution worker keeps the planner's statistics of the tables it fills (autovacuum is off on some servers):
 * a table changed past autovacuum's threshold since its last ANALYZE is analyzed, and then not again until it changes;
 * one of 1,000 rows or more not again within the minute.
 * The report fold vacuums the rollups the same way once their dead rows pass autovacuum's threshold.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { departmentCapCounters, reportDeltas, requestLogs } from '../src/db/schema/index.ts';
import { analyzeChangedTables, vacuumChangedTables } from '../src/db/statistics.ts';
import { createTestContext, type TestContext } from './helpers.ts';

let context: TestContext;
before(async () => {
  context = await createTestContext();
});
after(async () => {
  await context.close();
});

test('a table changed past the threshold is analyzed once, an unchanged one never', async () => {
  const { db } = context.database;
  const tables = [requestLogs, departmentCapCounters];
  await analyzeChangedTables(db, tables);
  await db.execute(sql`
    insert into request_logs (direction, method, url, request_headers, request_body, status, response_body, duration_ms)
    select 'outbound', 'POST', 'http://broker.test/' || n, '{}'::jsonb, null, 200, null, 50 from generate_series(1, 200) as n`);
  const analyzedAt = async () =>
    (await db.execute<{ at: string | null }>(sql`select coalesce(last_analyze, last_autoanalyze)::text as at from pg_stat_user_tables where relid = 'request_logs'::regclass`)).rows[0]?.at ??
    null;
  // A server's sessions report their changes about once a second: wait for the count to arrive.
  let analyzed: string[] = [];
  for (let tries = 0; tries < 50 && analyzed.length === 0; tries += 1) {
    analyzed = await analyzeChangedTables(db, tables);
    if (analyzed.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.deepEqual(analyzed, ['request_logs']);
  assert.notEqual(await analyzedAt(), null);
  const estimate = await db.execute<{ rows: number }>(sql`select reltuples::int as rows from pg_class where oid = 'request_logs'::regclass`);
  assert.equal(estimate.rows[0]?.rows, 200, 'the planner now knows the rows');
  assert.deepEqual(await analyzeChangedTables(db, tables), [], 'nothing changed since');
});

test('a table the planner knows to hold 1,000 rows or more is analyzed again only a minute after its last analysis', async () => {
  const { db } = context.database;
  const tables = [requestLogs];
  const addLogs = (count: number) =>
    db.execute(sql`
      insert into request_logs (direction, method, url, request_headers, request_body, status, response_body, duration_ms)
      select 'outbound', 'POST', 'http://broker.test/' || n, '{}'::jsonb, null, 200, null, 50 from generate_series(1, ${count}) as n`);
  const changedSince = async () =>
    (await db.execute<{ n: number }>(sql`select n_mod_since_analyze::int as n from pg_stat_user_tables where relid = 'request_logs'::regclass`)).rows[0]?.n ?? 0;
  // A session reports its changes when idle, at least 1 s apart, or after 10 s of idleness: wait up to 15 s.
  const waitForChanges = async (count: number) => {
    for (let tries = 0; tries < 150 && (await changedSince()) < count; tries += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.ok((await changedSince()) >= count, 'the changes were reported');
  };
  await addLogs(1_200);
  await waitForChanges(1_200);
  assert.deepEqual(await analyzeChangedTables(db, tables), ['request_logs'], 'known to be small: analyzed');
  await addLogs(1_200);
  await waitForChanges(1_200);
  assert.deepEqual(await analyzeChangedTables(db, tables), [], 'analyzed less than a minute ago with over 1,000 rows');
  assert.ok((await changedSince()) >= 1_200, 'its changes wait for the next analysis');
});

test('a table with dead rows past the threshold is vacuumed once, then not until more die', async () => {
  const { db } = context.database;
  const tables = [reportDeltas, departmentCapCounters];
  await vacuumChangedTables(db, tables);
  await db.execute(sql`
    insert into report_deltas (created_at, accepted) select now(), 1 from generate_series(1, 300)`);
  await db.execute(sql`delete from report_deltas`);
  const vacuumedAt = async () =>
    (await db.execute<{ at: string | null }>(sql`select coalesce(last_vacuum, last_autovacuum)::text as at from pg_stat_user_tables where relid = 'report_deltas'::regclass`)).rows[0]?.at ??
    null;
  const before = await vacuumedAt();
  let vacuumed: string[] = [];
  for (let tries = 0; tries < 50 && vacuumed.length === 0; tries += 1) {
    vacuumed = await vacuumChangedTables(db, tables);
    if (vacuumed.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.deepEqual(vacuumed, ['report_deltas']);
  assert.notEqual(await vacuumedAt(), before, 'vacuumed');
  assert.deepEqual(await vacuumChangedTables(db, tables), [], 'no dead rows since');
});
