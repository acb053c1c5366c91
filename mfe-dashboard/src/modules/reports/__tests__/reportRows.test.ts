import { attachmentName } from '../api/reportExport.ts';
import { formatDuration, formatMetric } from '../reportFormat.ts';
import { maxChartLines, reportChart } from '../reportRows.ts';
import { companyKey, countryKey, dayKey, reportFixture, rowFixture } from '../../../testing/reportFixtures.tsx';

test('a median reads as its two largest units', () => {
  expect(formatDuration(183_900, 'en')).toBe('2d 3h');
  expect(formatDuration(2 * 86_400 + 59, 'en')).toBe('2d 59s');
  expect(formatDuration(840, 'en')).toBe('14m');
  expect(formatDuration(45.4, 'en')).toBe('45s');
  expect(formatDuration(0, 'en')).toBe('0s');
  expect(formatDuration(183_900, 'de')).toBe('2 T 3h');
});

test('conversion reads as a percent and counts grouped, in the language; no value as a dash', () => {
  expect(formatMetric('conversion', 3 / 22, 'en')).toBe('13.6%');
  expect(formatMetric('conversion', 0.125, 'de')).toBe('12,5\u00a0%');
  expect(formatMetric('accepted', 12_345, 'de')).toBe('12.345');
  expect(formatMetric('median_ftd_seconds', null, 'en')).toBe('—');
});

test('with two keys, a period first: the periods in time order, a line per second key, missing pairs zero', () => {
  const report = reportFixture({
    group_by: ['day', 'country'],
    rows: [
      rowFixture([dayKey('2026-03-02'), countryKey('DE')], { ftds: 2, conversion: 0.5 }),
      rowFixture([dayKey('2026-03-01'), countryKey('AT')], { ftds: 1, conversion: 1 }),
      rowFixture([dayKey('2026-03-01'), countryKey('DE')], { ftds: 3, conversion: 0.3 }),
    ],
  });

  expect(reportChart(report, 'ftds', 'FTDs', 'None')).toEqual({
    type: 'line',
    categories: ['2026-03-01', '2026-03-02'],
    series: [
      { name: 'DE', data: [3, 2] },
      { name: 'AT', data: [1, 0] },
    ],
    hiddenLines: 0,
  });
  // A ratio has no value where no row is: not zero.
  expect(reportChart(report, 'conversion', 'Conversion', 'None').series[1]).toEqual({ name: 'AT', data: [1, null] });
});

test(`more than ${maxChartLines} second keys: the largest are drawn, in the answer's order`, () => {
  const countries = Array.from({ length: maxChartLines + 2 }, (_, index) => `C${index}`);
  const report = reportFixture({
    group_by: ['affiliate_company', 'country'],
    rows: countries.map((code, index) => rowFixture([companyKey(1, 'Acme'), countryKey(code)], { accepted: index === 0 ? 1 : index === 5 ? 0 : 10 + index })),
  });

  const chart = reportChart(report, 'accepted', 'Accepted', 'None');
  expect(chart.hiddenLines).toBe(2);
  expect(chart.series.map((line) => line.name)).toEqual(countries.filter((code) => code !== 'C0' && code !== 'C5'));
});

test("the export's file name comes from Content-Disposition, plain or UTF-8 encoded", () => {
  expect(attachmentName('attachment; filename="report_2026-03-01_2026-03-07.csv"')).toBe('report_2026-03-01_2026-03-07.csv');
  expect(attachmentName('attachment; filename="report.xlsx"; filename*=UTF-8\'\'Bericht%20M%C3%A4rz.xlsx')).toBe('Bericht März.xlsx');
  expect(attachmentName('attachment')).toBeNull();
  expect(attachmentName(undefined)).toBeNull();
});
