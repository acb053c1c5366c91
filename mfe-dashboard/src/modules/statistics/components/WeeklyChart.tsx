import { useTranslation } from 'react-i18next';
import { hasData, type ChartSeries } from '../statistics.ts';
import { useChartPalette } from '../hooks/useChartPalette.ts';
import { ApexChart } from './ApexChart.tsx';
import { weeklyChartOptions } from './chartOptions.ts';
import { EmptyStatistics } from './EmptyStatistics.tsx';

type ChartName = 'leads' | 'failed-leads' | 'sends' | 'ftds' | 'department-ftds' | 'combiner';

export type WeeklyChartProps = {
  name: ChartName;
  type: 'area' | 'bar' | 'line';
  series: ChartSeries[];
  /** The seven day labels. */
  categories: string[];
  colors: string[];
  stacked?: boolean;
};

const chartHeight = 280;

/** One chart of the week, or 'Statistics not found' in its place when every value is zero. */
export function WeeklyChart({ name, type, series, categories, colors, stacked = false }: WeeklyChartProps) {
  const palette = useChartPalette();
  const { i18n } = useTranslation();
  return (
    <div data-testid={`dashboard-chart-${name}`}>
      {hasData(series) ? (
        <ApexChart
          type={type}
          height={chartHeight}
          series={series}
          options={weeklyChartOptions({ categories, colors, fontFamily: palette.fontFamily, textColor: palette.textColor, language: i18n.language }, stacked)}
        />
      ) : (
        <EmptyStatistics testId={`dashboard-chart-${name}-empty`} minHeight={chartHeight} />
      )}
    </div>
  );
}
