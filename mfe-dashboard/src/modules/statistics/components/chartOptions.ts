/** The apexcharts options of the dashboard's charts: one look for all, in the antd theme's font and colours. */
import type { ApexOptions } from 'apexcharts';
import { formatCount } from '@crm/shared/ui';

/** `language`: the console's, so a chart's numbers read as the cards' do (250,000; 250.000 in German). */
export type ChartLook = { categories: string[]; colors: string[]; fontFamily: string; textColor: string; language: string };

const wholeNumbers = (language: string) => (value: number) => (Number.isFinite(value) ? formatCount(Math.round(value), language) : '');

export function weeklyChartOptions({ categories, colors, fontFamily, textColor, language }: ChartLook, stacked = false): ApexOptions {
  return {
    chart: { toolbar: { show: false }, zoom: { enabled: false }, fontFamily, foreColor: textColor, stacked, animations: { enabled: false } },
    colors,
    dataLabels: { enabled: false },
    stroke: { curve: 'smooth', width: 2 },
    fill: { opacity: 0.9 },
    grid: { strokeDashArray: 4 },
    legend: { position: 'top', horizontalAlign: 'left' },
    plotOptions: { bar: { columnWidth: '55%', borderRadius: 3 } },
    xaxis: { categories, axisTicks: { show: false } },
    yaxis: { min: 0, forceNiceScale: true, labels: { formatter: wholeNumbers(language) } },
    tooltip: { shared: true, intersect: false },
  };
}

/** A card's seven-day line: no axes or grid, the day and value in the tooltip. */
export function sparklineOptions({ categories, colors, fontFamily, language }: ChartLook): ApexOptions {
  return {
    chart: { sparkline: { enabled: true }, fontFamily, animations: { enabled: false } },
    colors,
    stroke: { curve: 'smooth', width: 2 },
    fill: { type: 'gradient', gradient: { opacityFrom: 0.45, opacityTo: 0.05 } },
    xaxis: { categories },
    yaxis: { min: 0 },
    tooltip: { x: { show: true }, y: { formatter: wholeNumbers(language) }, marker: { show: false } },
  };
}
