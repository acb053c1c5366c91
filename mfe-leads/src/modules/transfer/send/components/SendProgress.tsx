/**
 * Where a started send stands: its progress (processed of total) read from `/lead/send/:id` until it ends, then the
 * counts (sent, failed, skipped) and a link to the department's send history.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAccess } from '@crm/shared';
import { routeUrl } from '@crm/shared/routes';
import { Alert, Flex, Progress, Statistic, Typography, theme } from '@crm/shared/ui';
import type { Job, SendReport } from '@crm/shared/contract';
import { useSendJob } from '../hooks/useSendJob.ts';
import { sendHistoryPath } from '../sendRequest.ts';

function ReportCounts({ report }: { report: SendReport }) {
  const { t } = useTranslation('leads');
  const { token } = theme.useToken();
  return (
    <Flex
      gap="large"
      wrap
      data-testid="lead-send-report"
      data-total={report.total}
      data-sent={report.sent}
      data-failed={report.failed}
      data-skipped={report.skipped}
      style={{ marginBottom: 8 }}
    >
      <Statistic title={t('leads.send.report.total')} value={report.total} />
      <Statistic title={t('leads.send.report.sent')} value={report.sent} styles={{ content: { color: token.colorSuccess } }} />
      <Statistic title={t('leads.send.report.failed')} value={report.failed} styles={report.failed > 0 ? { content: { color: token.colorError } } : {}} />
      <Statistic title={<span title={t('leads.send.report.skippedHelp')}>{t('leads.send.report.skipped')}</span>} value={report.skipped} />
    </Flex>
  );
}

function SendLinks({ departmentId }: { departmentId: number }) {
  const { t } = useTranslation('leads');
  const { can } = useAccess();
  return (
    <Flex gap="middle">
      {can('lead.history.view') && (
        <Link to={sendHistoryPath(departmentId)} data-testid="lead-send-history-link">
          {t('leads.send.history')}
        </Link>
      )}
      {can('user.profile.job.view') && <Link to={routeUrl('profile/jobs')}>{t('leads.import.job.jobs')}</Link>}
    </Flex>
  );
}

export function SendProgress({ started, departmentId }: { started: Job; departmentId: number }) {
  const { t } = useTranslation('leads');
  const { job, state, unfollowable } = useSendJob(started);
  const ended = state.kind !== 'running';

  return (
    <div>
      <div data-testid="lead-send-progress" data-status={job.status} data-progress={job.progress} style={{ marginBottom: 16 }}>
        <Progress percent={job.progress} status={state.kind === 'finished' ? 'success' : ended ? 'exception' : 'active'} />
        <Typography.Text type="secondary">{t('leads.send.running', { processed: job.processed, total: job.total })}</Typography.Text>
      </div>
      {unfollowable && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('leads.send.unfollowable')} />}
      {state.kind === 'finished' && (
        <>
          <Alert type="success" showIcon style={{ marginBottom: 16 }} title={t('leads.send.finished')} />
          {state.report && <ReportCounts report={state.report} />}
        </>
      )}
      {state.kind === 'failed' && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} data-testid="lead-send-failed" title={t('leads.send.failed')} description={state.error ?? undefined} />
      )}
      {state.kind === 'cancelled' && <Alert type="info" showIcon style={{ marginBottom: 16 }} data-testid="lead-send-cancelled" title={t('leads.send.cancelled')} />}
      {(ended || unfollowable) && <SendLinks departmentId={departmentId} />}
    </div>
  );
}
