/** Send history (lead/history/search): every attempt to send a lead, searchable, filters kept in the URL. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, DataTable, ListHeader, renderCell } from '@crm/shared/ui';
import type { LeadSendHistory } from '@crm/shared/contract';
import { useSendHistoryQuery } from '../api/sendHistoryApi.ts';
import { ListTotal } from '../components/ListTotal.tsx';
import { LeadLink } from './LeadLink.tsx';
import { SendHistoryDetails } from './SendHistoryDetails.tsx';
import { SendHistoryFilters } from './SendHistoryFilters.tsx';
import { StateTag } from './StateTag.tsx';
import { durationText } from './durationText.ts';
import { useHistoryQuery } from './useHistoryQuery.ts';

export function SendHistoryScreen() {
  const { t } = useTranslation();
  const query = useHistoryQuery();
  const [opened, setOpened] = useState<LeadSendHistory | null>(null);
  const list = useSendHistoryQuery(query.params);

  return (
    <Card data-testid="send-history-screen">
      <ListHeader title={t('menu.leads.history')}>
        <SendHistoryFilters filters={query.filters} onChange={query.setFilter} onClear={query.clearFilters} />
      </ListHeader>
      {list.data && <ListTotal meta={list.data.meta} texts="leads.history" testId="history-total" />}
      <DataTable<LeadSendHistory>
        rows={list.data?.data ?? []}
        rowKey={(row) => row.id}
        loading={list.isFetching}
        columns={[
          { key: 'created_at', sortKey: 'created_at', title: t('leads:leads.history.when'), type: 'datetime' },
          { key: 'lead', title: t('leads:leads.history.lead'), render: (row) => <LeadLink lead={row.lead} testId={`history-lead-${row.id}`} /> },
          { key: 'department', title: t('leads:leads.history.department_id'), render: (row) => (row.department ? renderCell('text', row.department.label, t) : t('not_set')) },
          { key: 'state', title: t('leads:leads.history.state'), render: (row) => <StateTag state={row.state} testId={`history-state-${row.id}`} /> },
          { key: 'failure_status', title: t('leads:leads.history.failure_status'), render: (row) => row.failure_status ?? '' },
          { key: 'duration_ms', sortKey: 'duration_ms', title: t('leads:leads.history.duration'), render: (row) => durationText(row.duration_ms, t) },
        ]}
        actions={{ view: { permission: 'lead.history.view', run: setOpened } }}
        pagination={query.pagination(list.data?.meta.total ?? 0)}
        onSortChange={query.setSort}
      />
      {opened && <SendHistoryDetails entry={opened} onClose={() => setOpened(null)} />}
    </Card>
  );
}
