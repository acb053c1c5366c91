/**
 * A report as a CSV or XLSX file: the table as the screen shows it (one column per key, every metric, the refusals per
 * reason) and the totals last, written by the lead export's writers (same quoting, formula guard and number cells).
 */
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { failedLeadReasonCodes, reportCountKeys, type ExportFormat, type Report, type ReportCountKey, type ReportGrouping, type ReportMetrics } from '@crm/shared/contract';
import { exportDirectory, newStoredFileName } from '../leads/export/files.ts';
import { openTableWriter, type ExportWriter, type TableLayout } from '../leads/export/writers.ts';
import type { CellKind } from '../leads/export/columns.ts';

/**
 * The columns' names as the screen's (mfe-dashboard i18n en.json, reports.groupings and reports.metrics; the files are
 * English), so a file reads like the table; reports-files.test.ts holds the two together. The median is in hours
 * here, a number a spreadsheet can sum, so its name says so.
 */
const groupingHeaders: Record<ReportGrouping, string> = {
  hour: 'Hour',
  day: 'Day',
  week: 'Week',
  month: 'Month',
  affiliate_company: 'Affiliate company',
  source: 'Source',
  broker: 'Broker',
  department: 'Department',
  country: 'Country',
  language: 'Language',
  funnel: 'Funnel',
};

const countHeaders: Record<ReportCountKey, string> = {
  received: 'Received',
  accepted: 'Accepted',
  refused: 'Refused',
  distributed: 'Distributed',
  delivered: 'Delivered',
  broker_refused: 'Refused by brokers',
  unassigned: 'Unassigned',
  ftds: 'FTDs',
};

/** The screen's word for the group of leads without a value of a key (reports.none). */
const noValueLabel = 'None';

const metricCells = (metrics: ReportMetrics): (string | null)[] => [
  ...reportCountKeys.map((key) => String(metrics[key])),
  ...failedLeadReasonCodes.map((code) => String(metrics.refused_by_reason[code] ?? 0)),
  metrics.conversion === null ? null : String(metrics.conversion),
  metrics.median_ftd_seconds === null ? null : (metrics.median_ftd_seconds / 3600).toFixed(2),
];

/** The file's name as the browser saves it: the range and the grouping. */
export const reportFileName = (report: Report, format: ExportFormat): string => `report_${report.from}_${report.to}_${report.group_by.join('-')}.${format}`;

/**
 * Writes a table to a file in the export directory (`write` gets the writer) and opens it for reading; the file goes
 * once read or closed, or at once when writing fails.
 */
export async function tableFile(format: ExportFormat, layout: TableLayout, write: (writer: ExportWriter) => Promise<void>): Promise<Readable> {
  const directory = exportDirectory();
  await mkdir(directory, { recursive: true });
  const path = join(directory, newStoredFileName(format));
  const writer = await openTableWriter(format, path, layout);
  try {
    await write(writer);
    await writer.finish();
  } catch (error) {
    await writer.discard();
    throw error;
  }
  const stream = createReadStream(path);
  stream.once('close', () => void rm(path, { force: true }));
  return stream;
}

/** The report as a file: its rows, then the totals. */
export function reportFile(report: Report, format: ExportFormat): Promise<Readable> {
  const headers = [
    ...report.group_by.map((grouping) => groupingHeaders[grouping]),
    ...reportCountKeys.map((key) => countHeaders[key]),
    ...failedLeadReasonCodes.map((code) => `Refused ${code}`),
    'Conversion',
    'Median time to FTD (hours)',
  ];
  const kinds: CellKind[] = [...report.group_by.map((): CellKind => 'text'), ...headers.slice(report.group_by.length).map((): CellKind => 'number')];
  return tableFile(format, { sheetName: 'Report', headers, kinds }, async (writer) => {
    await writer.writeRows(report.rows.map((row) => [...row.keys.map((key) => (key.value === null ? noValueLabel : key.label)), ...metricCells(row)]));
    await writer.writeRows([[...report.group_by.map((_, index) => (index === 0 ? 'Total' : '')), ...metricCells(report.totals)]]);
  });
}
