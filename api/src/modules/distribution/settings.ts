/** The console's distribution settings (`distribution_settings`, one row; the column defaults without it). */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { distributionSettings } from '../../db/schema/index.ts';

export type DistributionSettings = { max_attempts: number; hold_hours: number };

export async function distributionSettingsOf(executor: Executor): Promise<DistributionSettings> {
  const [row] = await executor.select({ max_attempts: distributionSettings.max_attempts, hold_hours: distributionSettings.hold_hours }).from(distributionSettings);
  return row ?? { max_attempts: Number(distributionSettings.max_attempts.default), hold_hours: Number(distributionSettings.hold_hours.default) };
}

/** Replaces the settings (the single row, created at the first save). */
export async function writeDistributionSettings(executor: Executor, settings: DistributionSettings): Promise<DistributionSettings> {
  await executor
    .insert(distributionSettings)
    .values({ id: 1, ...settings })
    .onConflictDoUpdate({ target: distributionSettings.id, set: { ...settings, updated_at: sql`now()` } });
  return distributionSettingsOf(executor);
}
