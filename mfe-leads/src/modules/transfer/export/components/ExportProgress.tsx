/** Where a started export stands: its progress, then the download link (or why there is none). */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getRuntimeConfig } from '@crm/shared';
import { Alert, Progress, Typography, dateTimeFormat, formatDate } from '@crm/shared/ui';
import { downloadHref } from '../exportRequest.ts';
import { useExportJob } from '../hooks/useExportJob.ts';

export function ExportProgress({ jobId }: { jobId: number }) {
  const { t } = useTranslation('leads');
  const state = useExportJob(jobId);
  const apiBaseUrl = useMemo(() => getRuntimeConfig().apiBaseUrl, []);

  if (state?.kind === 'failed') return <Alert type="error" showIcon data-testid="lead-export-failed" title={t('leads.export.failed')} description={state.error} />;
  if (state?.kind === 'cancelled') return <Alert type="info" showIcon data-testid="lead-export-cancelled" title={t('leads.export.cancelled')} />;
  if (state?.kind === 'finished') {
    const { result } = state;
    return (
      <div>
        <Progress percent={100} data-testid="lead-export-progress" />
        <Alert
          type="success"
          showIcon
          title={t('leads.export.finished', { count: result.rows })}
          description={
            <>
              {/* A plain link: the API answers with an attachment, so the browser downloads and stays on this page. */}
              <a href={downloadHref(apiBaseUrl, result.download_url)} data-testid="lead-export-download">
                {t('leads.export.download', { file: result.file_name })}
              </a>
              <Typography.Text type="secondary"> {t('leads.export.expires', { time: formatDate(result.expires_at, dateTimeFormat) })}</Typography.Text>
            </>
          }
        />
      </div>
    );
  }
  return (
    <div>
      <Progress percent={state?.percent ?? 0} status="active" data-testid="lead-export-progress" />
      <Typography.Text type="secondary">{t('leads.export.running', { processed: state?.processed ?? 0, total: state?.total ?? 0 })}</Typography.Text>
    </div>
  );
}
