/**
 * My jobs with their counts and progress, moved by live events (profileApi.ts); polls every 2 s while any is pending
 * or running and the live stream is down. Cancel is a
 * column of its own (not DataTable's actions) because it applies only to active jobs.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess, usePollingFallback } from '@crm/shared';
import type { Job } from '@crm/shared/contract';
import { Button, Card, confirmCancel, DataTable, PageTitle, Progress, StopOutlined, toastOutcome, Typography, type DataColumn } from '@crm/shared/ui';
import { useCancelJobMutation, useJobsQuery, useJobsQueryState } from '../api/profileApi.ts';
import { isActiveJob, pollingIntervalFor } from './jobState.ts';
import { JobStatusTag } from './JobStatusTag.tsx';

export function JobsTable() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const [page, setPage] = useState({ current: 1, pageSize: 25 });
  const args = { page: page.current, perPage: page.pageSize };
  // The cached answer decides the interval of the subscription that keeps it fresh: an answer with no
  // active job turns polling off, and so does the live stream.
  const cached = useJobsQueryState(args);
  const pollingInterval = usePollingFallback(pollingIntervalFor(cached.data?.data));
  const list = useJobsQuery(args, { pollingInterval });
  const [cancelJob] = useCancelJobMutation();
  const rows = list.data?.data ?? [];

  function cancel(job: Job) {
    confirmCancel(t, () => void toastOutcome(() => cancelJob(job.id).unwrap(), { successMessage: () => t('management:jobs.cancelled', { name: job.name }) }));
  }

  const columns: DataColumn<Job>[] = [
    {
      key: 'name',
      title: t('management:jobs.columns.name'),
      render: (job) => (
        <>
          <div>{job.name}</div>
          <Typography.Text type="secondary">{job.type}</Typography.Text>
        </>
      ),
    },
    { key: 'status', title: t('management:jobs.columns.status'), render: (job) => <JobStatusTag status={job.status} /> },
    { key: 'total', title: t('management:jobs.columns.total'), render: (job) => job.total },
    { key: 'pending', title: t('management:jobs.columns.pending'), render: (job) => job.pending },
    { key: 'processed', title: t('management:jobs.columns.processed'), render: (job) => job.processed },
    { key: 'failed', title: t('management:jobs.columns.failed'), render: (job) => job.failed },
    {
      key: 'progress',
      title: t('management:jobs.columns.progress'),
      render: (job) => (
        <Progress
          percent={job.progress}
          size="small"
          status={job.status === 'failed' ? 'exception' : isActiveJob(job) ? 'active' : 'normal'}
          aria-label={t('management:jobs.progress_label', { name: job.name })}
          style={{ minWidth: 120 }}
        />
      ),
    },
    { key: 'created_at', title: t('management:jobs.columns.created_at'), type: 'datetime' },
    { key: 'cancelled_at', title: t('management:jobs.columns.cancelled_at'), type: 'datetime' },
    { key: 'finished_at', title: t('management:jobs.columns.finished_at'), type: 'datetime' },
    { key: 'error', title: t('management:jobs.columns.error'), render: (job) => (job.error ? <Typography.Text type="danger">{job.error}</Typography.Text> : null) },
  ];
  if (can('user.profile.job.cancel')) {
    columns.push({
      key: 'actions',
      title: t('table.actions'),
      pinned: true,
      render: (job) =>
        isActiveJob(job) ? (
          <Button size="small" danger icon={<StopOutlined />} onClick={() => cancel(job)} aria-label={t('management:jobs.cancel_label', { name: job.name })}>
            {t('management:jobs.cancel')}
          </Button>
        ) : null,
    });
  }

  return (
    <Card title={<PageTitle inCard>{t('management:jobs.title')}</PageTitle>} data-testid="jobs-page" data-polling={String(pollingInterval > 0)}>
      <DataTable<Job>
        rows={rows}
        columns={columns}
        rowKey={(job) => job.id}
        loading={list.isLoading}
        pagination={{ current: page.current, pageSize: page.pageSize, total: list.data?.meta.total ?? 0, onChange: (current, pageSize) => setPage({ current, pageSize }) }}
      />
    </Card>
  );
}
