/** How a report's figures read, in the console's language: counts grouped, conversion as a percent, the median as a duration. */
import type { ReportMetricKey, ReportMetrics } from '@crm/shared/contract';
import { formatCount } from '@crm/shared/ui';

/** A metric's value of a row or of the totals; null where there is none (no delivery, no FTD). */
export function metricValue(metrics: ReportMetrics, metric: ReportMetricKey): number | null {
  return metrics[metric];
}

/** 0.125 → '12.5%' ('12,5 %' in German). */
function formatConversion(ratio: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(ratio);
}

const durationUnits = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
] as const;

/**
 * Seconds as the two largest units that are not zero: 183_900 → '2d 3h', 840 → '14m', 45 → '45s' (in German '2 T 3h').
 * A median is a figure to compare at a glance, so what lies below the second unit is dropped, not rounded up.
 */
export function formatDuration(seconds: number, language: string): string {
  let rest = Math.max(0, Math.round(seconds));
  const parts: string[] = [];
  for (const [unit, size] of durationUnits) {
    const amount = Math.floor(rest / size);
    rest -= amount * size;
    if (amount > 0 && parts.length < 2) parts.push(new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'narrow' }).format(amount));
    if (parts.length === 2) break;
  }
  return parts.length > 0 ? parts.join(' ') : new Intl.NumberFormat(language, { style: 'unit', unit: 'second', unitDisplay: 'narrow' }).format(0);
}

/** A metric's value as a table cell or a chart label shows it; '—' where there is none. */
export function formatMetric(metric: ReportMetricKey, value: number | null, language: string): string {
  if (value === null) return '—';
  if (metric === 'conversion') return formatConversion(value, language);
  if (metric === 'median_ftd_seconds') return formatDuration(value, language);
  return formatCount(value, language);
}
