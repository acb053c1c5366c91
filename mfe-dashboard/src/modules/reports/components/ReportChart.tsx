/** The chosen metric drawn: a bar per group of the first key, or with two keys a line per group of the second. */
import type { ApexOptions } from 'apexcharts';
import { useTranslation } from 'react-i18next';
import type { Report, ReportMetricKey } from '@crm/shared/contract';
import { Typography } from '@crm/shared/ui';
import { ApexChart } from '../../statistics/components/ApexChart.tsx';
import { weeklyChartOptions } from '../../statistics/components/chartOptions.ts';
import { useChartPalette } from '../../statistics/hooks/useChartPalette.ts';
import { formatMetric } from '../reportFormat.ts';
import { maxChartLines, reportChart } from '../reportRows.ts';

const chartHeight = 320;

export function ReportChart({ report, metric }: { report: Report; metric: ReportMetricKey }) {
  const { t, i18n } = useTranslation();
  const palette = useChartPalette();
  const chart = reportChart(report, metric, t(`dashboard:reports.metrics.${metric}`), t('dashboard:reports.none'));
  const base = weeklyChartOptions({ categories: chart.categories, colors: palette.many, fontFamily: palette.fontFamily, textColor: palette.textColor, language: i18n.language });
  // The dashboard's look, with the metric's own labels (a percent, a duration) in place of whole numbers.
  const label = (value: number | null) => (value === null || !Number.isFinite(value) ? '' : formatMetric(metric, value, i18n.language));
  const options: ApexOptions = { ...base, yaxis: { min: 0, forceNiceScale: true, labels: { formatter: label } }, tooltip: { shared: true, intersect: false, y: { formatter: label } } };
  return (
    <div data-testid="reports-chart" data-metric={metric}>
      <ApexChart type={chart.type} height={chartHeight} series={chart.series} options={options} />
      {chart.hiddenLines > 0 && (
        <Typography.Text type="secondary" data-testid="reports-chart-hidden">
          {t('dashboard:reports.chartLargest', { count: maxChartLines, hidden: chart.hiddenLines })}
        </Typography.Text>
      )}
    </div>
  );
}
