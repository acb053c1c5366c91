import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { contrastRatio, readableContrast, type StatusClass } from '@crm/shared/contract';
import { migrationsFolder, runMigrations } from '../src/db/migrate.ts';
import * as tables from '../src/db/schema/index.ts';
import { statuses } from '../src/seed/data/statuses.ts';
import { seedReference } from '../src/seed/reference.ts';
import { adminEmail, adminPassword, createTestDatabase } from './helpers.ts';

test('every status a fresh console starts with is readable: its text on its colour meets WCAG AA', () => {
  for (const status of statuses) {
    const ratio = contrastRatio(status.text_color, status.bg_color);
    assert.ok(ratio >= readableContrast, `${status.class} ${status.name}: ${status.text_color} on ${status.bg_color} is ${ratio.toFixed(2)}:1`);
  }
});

/** The colours a console seeded before migration 0009 gave the statuses that were under 4.5:1. */
const firstSeeded: readonly { class: StatusClass; name: string; bg_color: string; text_color: string }[] = [
  { class: 'lead', name: 'New', bg_color: '#1677ff', text_color: '#ffffff' },
  { class: 'lead', name: 'Interested', bg_color: '#52c41a', text_color: '#ffffff' },
  { class: 'lead', name: 'Not interested', bg_color: '#8c8c8c', text_color: '#ffffff' },
  { class: 'email', name: 'Valid', bg_color: '#52C41A', text_color: '#FFFFFF' },
  { class: 'email', name: 'Invalid', bg_color: '#f5222d', text_color: '#ffffff' },
  { class: 'phone', name: 'Valid', bg_color: '#52c41a', text_color: '#ffffff' },
  { class: 'phone', name: 'Invalid', bg_color: '#f5222d', text_color: '#ffffff' },
];

test('an existing console: migration 0009 makes the statuses still as first seeded readable, and keeps one staff recoloured', async () => {
  const database = await createTestDatabase();
  try {
    await runMigrations(database.db);
    await seedReference(database.db, { adminEmail, adminPassword, demo: false });
    const setColours = (status: { class: StatusClass; name: string }, colours: { bg_color: string; text_color: string }) =>
      database.db
        .update(tables.statuses)
        .set(colours)
        .where(and(eq(tables.statuses.class, status.class), eq(tables.statuses.name, status.name)));
    // The statuses as such a console has them, but for the lead status "Not interested", which staff recoloured.
    for (const status of firstSeeded) await setColours(status, status);
    const recoloured = { class: 'lead', name: 'Not interested', bg_color: '#8c8c8c', text_color: '#000000' } as const;
    await setColours(recoloured, recoloured);

    const migration = await readFile(join(migrationsFolder, '0009_readable_seeded_statuses.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await database.db.execute(sql.raw(statement));

    const stored = await database.db.select().from(tables.statuses);
    const colours = (status: { class: string; name: string }) => {
      const row = stored.find((candidate) => candidate.class === status.class && candidate.name === status.name);
      return row && { bg_color: row.bg_color, text_color: row.text_color };
    };
    for (const seeded of statuses) {
      if (seeded.class === recoloured.class && seeded.name === recoloured.name) continue;
      assert.deepEqual(colours(seeded), { bg_color: seeded.bg_color, text_color: seeded.text_color }, `${seeded.class} ${seeded.name}`);
    }
    assert.deepEqual(colours(recoloured), { bg_color: recoloured.bg_color, text_color: recoloured.text_color });
  } finally {
    await database.close();
  }
});
