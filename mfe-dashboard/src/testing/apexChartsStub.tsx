/**
 * Stands in for react-apexcharts in Jest (jsdom cannot draw SVG charts): it writes out what the chart was
 * given, so a test reads the series and day labels. Use: `jest.mock('react-apexcharts', () => require('…/apexChartsStub.tsx'))`.
 */
import type { Props } from 'react-apexcharts';

type StubSeries = { name?: string; data: unknown[] };

export default function ReactApexChartStub({ type, series, options }: Props) {
  const categories = (options?.xaxis?.categories as unknown[] | undefined) ?? [];
  return (
    <div data-testid="apex-chart" data-type={type}>
      <ul>
        {((series ?? []) as StubSeries[]).map((one) => (
          <li key={one.name} data-testid="apex-series">
            {one.name}: {one.data.join(', ')}
          </li>
        ))}
      </ul>
      <div data-testid="apex-categories">{categories.join(', ')}</div>
    </div>
  );
}
