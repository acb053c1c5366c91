/**
 * A started import: its progress (job.progress, processed of total) read from `/lead/import/:id` until it ends, then
 * what it did (job.result), with links to the failed leads, the jobs and — for "import then send" — the send history
 * of the department. Its end refetches the lead lists.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAccess, useAppDispatch, usePollingFallback } from '@crm/shared';
import { routeUrl } from '@crm/shared/routes';
import { Alert, Flex, Progress, Typography } from '@crm/shared/ui';
import type { Job, JobStatus } from '@crm/shared/contract';
import { sendHistoryPath } from '../../send/sendRequest.ts';
import { refreshImportedLists, useLeadImportJobQuery } from '../api/importApi.ts';
import { reportOfJobResult } from '../request/reportCounts.ts';
import { ImportReportView, reportAttributes } from './ImportReportView.tsx';

const importJobPollMs = 1000;
const endStatuses: readonly JobStatus[] = ['finished', 'failed', 'cancelled'];

function ImportDone({ job, sentTo }: { job: Job; sentTo: number | null }) {
  const { t } = useTranslation('leads');
  const { can } = useAccess();
  const report = reportOfJobResult(job.result);
  const finished = job.status === 'finished';
  return (
    <div data-testid="lead-import-done" data-status={job.status} {...(report ? reportAttributes(report) : {})}>
      <Alert
        type={finished ? 'success' : 'error'}
        showIcon
        style={{ marginBottom: 16 }}
        title={t(`leads.import.job.${finished ? 'finished' : job.status === 'cancelled' ? 'cancelled' : 'failed'}`)}
        description={job.error ?? undefined}
      />
      {report && <ImportReportView report={report} title={t('leads.import.report.result')} testId="lead-import-result" />}
      <Flex gap="middle">
        {can('failed.lead.view') && (
          <Link to={routeUrl('failed/lead/search')} data-testid="lead-import-failed-link">
            {t('leads.import.job.failedLeads')}
          </Link>
        )}
        {can('user.profile.job.view') && <Link to={routeUrl('profile/jobs')}>{t('leads.import.job.jobs')}</Link>}
        {sentTo !== null && can('lead.history.view') && (
          <Link to={sendHistoryPath(sentTo)} data-testid="lead-import-send-history-link">
            {t('leads.import.job.sendHistory')}
          </Link>
        )}
      </Flex>
    </div>
  );
}

/** A worker died in the import (stalled), or another has taken it over (a later attempt): the person is told so. */
function ResumeNotice({ job }: { job: Job }) {
  const { t } = useTranslation('leads');
  if (job.stalled) {
    return (
      <div data-testid="lead-import-stalled">
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('leads.import.job.stalled', { rows: job.processed + job.failed })} />
      </div>
    );
  }
  if (job.attempts < 2) return null;
  return (
    <div data-testid="lead-import-resumed">
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('leads.import.job.resumed', { attempt: job.attempts })} />
    </div>
  );
}

export function ImportJobProgress({ started, sentTo = null }: { started: Job; sentTo?: number | null }) {
  const { t } = useTranslation('leads');
  const dispatch = useAppDispatch();
  const [over, setOver] = useState(false);
  const read = useLeadImportJobQuery(started.id, { pollingInterval: usePollingFallback(over ? 0 : importJobPollMs), skipPollingIfUnfocused: false });
  const job = read.data ?? started;
  const ended = endStatuses.includes(job.status);
  // The job could not be read (it was deleted, the network failed): say where it can be followed, stop asking.
  const unfollowable = read.isError && !read.data;

  useEffect(() => {
    if (ended || unfollowable) setOver(true);
  }, [ended, unfollowable]);
  useEffect(() => {
    if (ended) dispatch(refreshImportedLists());
  }, [ended, dispatch]);

  return (
    <>
      <div data-testid="lead-import-progress" data-status={job.status} data-progress={job.progress} style={{ marginBottom: 16 }}>
        <Typography.Text>{t('leads.import.job.started', { id: job.id })}</Typography.Text>
        <Progress percent={job.progress} status={job.status === 'finished' ? 'success' : ended ? 'exception' : 'active'} />
        <Typography.Text type="secondary">{t('leads.import.job.progress', { processed: job.processed, total: job.total })}</Typography.Text>
      </div>
      {job.status === 'running' && <ResumeNotice job={job} />}
      {unfollowable && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('leads.import.job.unfollowable')} />}
      {ended && <ImportDone job={job} sentTo={sentTo} />}
    </>
  );
}
