/** Export the report on show as CSV or XLSX (the same query the table was made from). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, toastOutcome } from '@crm/shared/ui';
import { downloadReport, type ReportExportFormat } from '../api/reportExport.ts';
import type { ReportRequest } from '../api/reportsApi.ts';

const formats: readonly ReportExportFormat[] = ['csv', 'xlsx'];

export function ReportExport({ request, disabled }: { request: ReportRequest; disabled: boolean }) {
  const { t } = useTranslation();
  const [running, setRunning] = useState<ReportExportFormat | null>(null);

  async function exportAs(format: ReportExportFormat) {
    setRunning(format);
    // The file is the answer: no success toast; a refusal's message is toasted.
    await toastOutcome(() => downloadReport(request, format), { successMessage: () => '' });
    setRunning(null);
  }

  return (
    <Flex gap={8}>
      {formats.map((format) => (
        <Button
          key={format}
          onClick={() => void exportAs(format)}
          loading={running === format}
          disabled={disabled || (running !== null && running !== format)}
          data-testid={`reports-export-${format}`}
        >
          {t(`dashboard:reports.export.${format}`)}
        </Button>
      ))}
    </Flex>
  );
}
