/** Export the report on show as CSV or XLSX (the same query the table was made from). */
import { useTranslation } from 'react-i18next';
import { downloadReport } from '../api/reportExport.ts';
import type { ReportRequest } from '../api/reportsApi.ts';
import { DownloadButtons } from './DownloadButtons.tsx';

export function ReportExport({ request, disabled }: { request: ReportRequest; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <DownloadButtons
      download={(format) => downloadReport(request, format)}
      textOf={(format) => t(`dashboard:reports.export.${format}`)}
      testIdOf={(format) => `reports-export-${format}`}
      disabled={disabled}
    />
  );
}
