/** The apexcharts options of the dashboard's charts: one look for all, in the antd theme's font and colours. */
import type { ApexOptions } from 'apexcharts';

export type ChartLook = { categories: string[]; colors: string[]; fontFamily: string; textColor: string };

const wholeNumbers = (value: number) => (Number.isFinite(value) ? Math.round(value).toString() : '');

export function weeklyChartOptions({ categories, colors, fontFamily, textColor }: ChartLook, stacked = false): ApexOptions {
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
    yaxis: { min: 0, forceNiceScale: true, labels: { formatter: wholeNumbers } },
    tooltip: { shared: true, intersect: false },
  };
}

/** A card's seven-day line: no axes or grid, the day and value in the tooltip. */
export function sparklineOptions({ categories, colors, fontFamily }: ChartLook): ApexOptions {
  return {
    chart: { sparkline: { enabled: true }, fontFamily, animations: { enabled: false } },
    colors,
    stroke: { curve: 'smooth', width: 2 },
    fill: { type: 'gradient', gradient: { opacityFrom: 0.45, opacityTo: 0.05 } },
    xaxis: { categories },
    yaxis: { min: 0 },
    tooltip: { x: { show: true }, marker: { show: false } },
  };
}
