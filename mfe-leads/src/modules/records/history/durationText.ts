type Translate = (key: string, values?: Record<string, unknown>) => string;

/** "340 ms" under a second, "2.4 s" above: broker calls range from milliseconds to the 120 s time-out. */
export function durationText(ms: number | null, t: Translate): string {
  if (ms === null) return t('not_set');
  return ms < 1000 ? t('leads:leads.history.ms', { value: ms }) : t('leads:leads.history.seconds', { value: (ms / 1000).toFixed(1) });
}
