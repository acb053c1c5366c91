import type { ApexOptions } from 'apexcharts';
import { sparklineOptions, weeklyChartOptions, type ChartLook } from '../components/chartOptions.ts';

const look = (language: string): ChartLook => ({ categories: [], colors: [], fontFamily: 'sans-serif', textColor: '#000', language });

function yAxisLabel(options: ApexOptions, value: number): string {
  const yaxis = Array.isArray(options.yaxis) ? options.yaxis[0] : options.yaxis;
  const formatter = yaxis?.labels?.formatter;
  if (!formatter) throw new Error('the y axis has no label formatter');
  return String(formatter(value));
}

test('axis ticks are grouped as the cards group their totals (250,000, not 250000)', () => {
  expect(yAxisLabel(weeklyChartOptions(look('en')), 250000)).toBe('250,000');
  expect(yAxisLabel(weeklyChartOptions(look('de'), true), 250000)).toBe('250.000');
  expect(yAxisLabel(weeklyChartOptions(look('en')), 12.4)).toBe('12');
});

test("a card's sparkline tooltip groups its value the same way", () => {
  const formatter = sparklineOptions(look('en')).tooltip?.y;
  // Only the value counts: the chart context apexcharts also passes is not read.
  const format = (Array.isArray(formatter) ? formatter[0]?.formatter : formatter?.formatter) as ((value: number) => string) | undefined;
  expect(format?.(200684)).toBe('200,684');
});
