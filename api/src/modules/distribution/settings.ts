/** The console's distribution settings (`distribution_settings`, one row; the column defaults without it). */
import type { Executor } from '../../db/database.ts';
import { distributionSettings } from '../../db/schema/index.ts';

export type DistributionSettings = { max_attempts: number; hold_hours: number };

export async function distributionSettingsOf(executor: Executor): Promise<DistributionSettings> {
  const [row] = await executor.select({ max_attempts: distributionSettings.max_attempts, hold_hours: distributionSettings.hold_hours }).from(distributionSettings);
  return row ?? { max_attempts: Number(distributionSettings.max_attempts.default), hold_hours: Number(distributionSettings.hold_hours.default) };
}
