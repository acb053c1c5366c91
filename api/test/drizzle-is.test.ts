/**
 * drizzle-orm's `is` as patched (patches/drizzle-orm@0.45.4.patch): it remembers each answer per prototype and type, since
 * query building asks it several times per chunk of SQL. The answers must stay those of the walk it replaces, asked
 * once or many times: a class of another copy of drizzle (same entity kind, not a subclass) still counts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { entityKind, is, sql, Param, SQL, StringChunk } from 'drizzle-orm';
import { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { leads } from '../src/db/schema/index.ts';

test('is answers as before, the first time and every time after', () => {
  for (let round = 0; round < 3; round += 1) {
    assert.equal(is(sql`select 1`, SQL), true);
    assert.equal(is(new Param(1), SQL), false);
    assert.equal(is(new Param(1), Param), true);
    assert.equal(is(new StringChunk('x'), Param), false);
    assert.equal(is(leads.id, PgColumn), true);
    assert.equal(is(leads.id, PgTable), false);
    assert.equal(is(leads, PgTable), true);
    assert.equal(is({ plain: true }, SQL), false);
    assert.equal(is(null, SQL), false);
    assert.equal(is('text', SQL), false);
  }
});

test('a class of another copy of drizzle counts by its entity kind, and a type that is no entity is refused each time', () => {
  class CopiedSql {
    static readonly [entityKind] = SQL[entityKind];
  }
  class Unrelated {}
  class NotAnEntity {}
  for (let round = 0; round < 2; round += 1) {
    assert.equal(is(new CopiedSql(), SQL), true);
    assert.equal(is(new Unrelated(), SQL), false);
    assert.throws(() => is(new Unrelated(), NotAnEntity as never), /doesn't look like a Drizzle entity/);
  }
});
