/** Export the report on show as CSV or XLSX (the same query the table was made from, in the table's order). */
import { useTranslation } from 'react-i18next';
import { downloadReport } from '../api/reportExport.ts';
import type { ReportRequest } from '../api/reportsApi.ts';
import type { ReportTableSort } from '../reportRows.ts';
import { DownloadButtons } from './DownloadButtons.tsx';

export function ReportExport({ request, sort, disabled }: { request: ReportRequest; sort: ReportTableSort | null; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <DownloadButtons
      download={(format) => downloadReport(request, format, sort)}
      textOf={(format) => t(`dashboard:reports.export.${format}`)}
      testIdOf={(format) => `reports-export-${format}`}
      disabled={disabled}
    />
  );
}
