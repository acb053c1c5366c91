/** My notifications, newest first, server-paginated; unread ones in bold; a mark-all-read action. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { routeUrl } from '@crm/shared/routes';
import type { NotificationSummary } from '@crm/shared/contract';
import { Button, Card, DataTable, formatDate, notificationTimeFormat, PageTitle, toastOutcome, type DataColumn } from '@crm/shared/ui';
import { useMarkAllNotificationsReadMutation, useNotificationsQuery } from '../api/profileApi.ts';
import { NotificationTypeTag } from './NotificationTypeTag.tsx';

export function NotificationsList() {
  const { t } = useTranslation();
  const [page, setPage] = useState({ current: 1, pageSize: 25 });
  const list = useNotificationsQuery({ page: page.current, perPage: page.pageSize });
  const [markAllRead, marking] = useMarkAllNotificationsReadMutation();
  const rows = list.data?.data ?? [];

  const columns: DataColumn<NotificationSummary>[] = [
    {
      key: 'title',
      title: t('management:notifications.columns.title'),
      render: (item) => (
        <Link to={routeUrl('profile/notification/:id', { id: item.id })} data-unread={String(item.read_at === null)} style={{ fontWeight: item.read_at === null ? 600 : 400 }}>
          {item.data.title}
        </Link>
      ),
    },
    { key: 'type', title: t('management:notifications.columns.type'), render: (item) => <NotificationTypeTag type={item.type} /> },
    { key: 'updated_at', title: t('management:notifications.columns.updated_at'), render: (item) => formatDate(item.updated_at, notificationTimeFormat) ?? t('not_set') },
  ];

  function markAll() {
    void toastOutcome(() => markAllRead().unwrap());
  }

  return (
    <Card
      title={<PageTitle inCard>{t('management:notifications.title')}</PageTitle>}
      data-testid="notifications-page"
      extra={
        <Button onClick={markAll} loading={marking.isLoading} disabled={!rows.some((item) => item.read_at === null)}>
          {t('management:notifications.mark_all_read')}
        </Button>
      }
    >
      <DataTable<NotificationSummary>
        rows={rows}
        columns={columns}
        rowKey={(item) => item.id}
        loading={list.isFetching}
        pagination={{ current: page.current, pageSize: page.pageSize, total: list.data?.meta.total ?? 0, onChange: (current, pageSize) => setPage({ current, pageSize }) }}
      />
    </Card>
  );
}
