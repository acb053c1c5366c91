/**
 * Saved reports, per user: a name and the screen's URL query, kept as one `user_settings` row (key `reports.presets`)
 * holding the list. Saving under a name that exists replaces that preset.
 */
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { reportMaxPresets, reportPreset, type ReportPreset, type ReportPresetInput } from '@crm/shared/contract';
import type { Db, Executor } from '../../db/database.ts';
import { userSettings } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../http/errors.ts';

const settingKey = 'reports.presets';
const storedList = z.array(reportPreset);

async function readPresets(db: Executor, userId: number, lock = false): Promise<ReportPreset[]> {
  const query = db
    .select({ value: userSettings.value })
    .from(userSettings)
    .where(and(eq(userSettings.user_id, userId), eq(userSettings.key, settingKey)));
  const [row] = lock ? await query.for('update') : await query;
  const parsed = storedList.safeParse(row?.value ?? []);
  return parsed.success ? parsed.data : [];
}

async function writePresets(db: Executor, userId: number, presets: readonly ReportPreset[]): Promise<void> {
  await db
    .insert(userSettings)
    .values({ user_id: userId, key: settingKey, value: presets })
    .onConflictDoUpdate({ target: [userSettings.user_id, userSettings.key], set: { value: presets, updated_at: sql`now()` } });
}

export const listPresets = (db: Db, userId: number): Promise<ReportPreset[]> => readPresets(db, userId);

export function savePreset(db: Db, userId: number, input: ReportPresetInput): Promise<ReportPreset> {
  return db.transaction(async (tx) => {
    // Two tabs saving at once: the row lock makes the second read the first's list (a first save has no row to lock,
    // and the unique key makes a racing first insert update instead).
    const presets = await readPresets(tx, userId, true);
    const existing = presets.find((preset) => preset.name === input.name);
    if (!existing && presets.length >= reportMaxPresets) throw invalid({ name: [`At most ${reportMaxPresets} reports can be saved; delete one first.`] });
    const saved = { id: existing?.id ?? Math.max(0, ...presets.map((preset) => preset.id)) + 1, name: input.name, query: input.query };
    const next = existing ? presets.map((preset) => (preset.id === existing.id ? saved : preset)) : [...presets, saved];
    await writePresets(tx, userId, next);
    return saved;
  });
}

export function deletePreset(db: Db, userId: number, id: number): Promise<void> {
  return db.transaction(async (tx) => {
    const presets = await readPresets(tx, userId, true);
    if (!presets.some((preset) => preset.id === id)) throw notFound('Saved report');
    await writePresets(
      tx,
      userId,
      presets.filter((preset) => preset.id !== id),
    );
  });
}
