/** Marked statements run as named prepared statements (db/prepared.ts), on PGlite and on PostgreSQL; others stay unnamed. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { preparedStatement } from '../src/db/prepared.ts';
import { createTestDatabase } from './helpers.ts';

test('a marked statement is prepared once per connection under its name; an unmarked one is not; a name keeps its text', async () => {
  const database = await createTestDatabase();
  try {
    await database.db.transaction(async (tx) => {
      for (const value of [1, 2, 3]) {
        const result = await tx.execute<{ value: number }>(sql`${preparedStatement('probe_statement')}select ${value}::int as value`);
        assert.equal(result.rows[0]?.value, value, 'each call gets its own parameters');
      }
      await tx.execute(sql`select 1 as unmarked`);
      const names = await tx.execute<{ name: string; statement: string }>(sql`select name, statement from pg_prepared_statements`);
      const probe = names.rows.filter((row) => row.name === 'probe_statement');
      assert.equal(probe.length, 1, 'prepared under its name');
      assert.match(probe[0]?.statement ?? '', /^\/\* prepared:probe_statement \*\/ select \$1::int as value$/);
      assert.ok(!names.rows.some((row) => row.statement.includes('unmarked')), 'an unmarked statement is not prepared');
      await assert.rejects(
        tx.execute(sql`${preparedStatement('probe_statement')}select 2 as other`),
        (error: unknown) => error instanceof Error && /Prepared statements must be unique/.test(String(error.cause)),
        'a name reused for another text is refused',
      );
    });
    if (database.kind === 'postgres') {
      // A generic plan, made once: else PostgreSQL plans them again on each call (their arrays' sizes vary).
      const mode = await database.db.execute<{ plan_cache_mode: string }>(sql`show plan_cache_mode`);
      assert.equal(mode.rows[0]?.plan_cache_mode, 'force_generic_plan');
    }
  } finally {
    await database.close();
  }
});

test('only a plain name can mark a statement', () => {
  assert.throws(() => preparedStatement('x */ drop table leads; /*'), /not a statement name/);
});
