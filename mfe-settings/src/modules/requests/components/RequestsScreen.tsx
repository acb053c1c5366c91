/** Settings › requests: the read-only log of inbound and outbound HTTP requests, newest first. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, DataTable, InputNumber, ListHeader, SearchBox, Select, useListState, useResourceListQuery } from '@crm/shared/ui';
import { requestDirections, type RequestLogSummary } from '@crm/shared/contract';
import { RequestDetails } from './RequestDetails.tsx';

const path = '/settings/request';

export function RequestsScreen() {
  const { t } = useTranslation();
  const listState = useListState<'request_direction' | 'status'>();
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useResourceListQuery({ path, params: listState.params });
  const rows = (list.data?.data ?? []) as unknown as RequestLogSummary[];
  const { request_direction: direction, status } = listState.filters;

  return (
    <Card data-testid="requests-screen">
      <ListHeader title={t('menu.settings.requests')}>
        <SearchBox label={t('resource.search')} onSearch={listState.setSearch} />
        <Select
          allowClear
          aria-label={t('settings:requests.direction')}
          placeholder={t('settings:requests.direction')}
          style={{ minWidth: 140 }}
          value={typeof direction === 'string' ? direction : undefined}
          onChange={(value: string | undefined) => listState.setFilter('request_direction', value)}
          options={requestDirections.map((value) => ({ value, label: t(`settings:requests.directions.${value}`) }))}
        />
        <InputNumber
          aria-label={t('settings:requests.status')}
          placeholder={t('settings:requests.status')}
          min={100}
          max={599}
          precision={0}
          value={typeof status === 'number' ? status : null}
          onChange={(value) => listState.setFilter('status', typeof value === 'number' && value >= 100 && value <= 599 ? value : undefined)}
        />
      </ListHeader>
      <DataTable<RequestLogSummary>
        rows={rows}
        rowKey={(row) => row.id}
        loading={list.isFetching}
        columns={[
          { key: 'created_at', sortKey: 'created_at', title: t('settings:requests.time'), type: 'datetime' },
          { key: 'direction', title: t('settings:requests.direction'), render: (row) => t(`settings:requests.directions.${row.direction}`) },
          { key: 'method', title: t('settings:requests.method') },
          { key: 'url', title: t('settings:requests.url') },
          { key: 'status', sortKey: 'status', title: t('settings:requests.status'), render: (row) => row.status ?? t('not_set') },
          {
            key: 'duration_ms',
            sortKey: 'duration_ms',
            title: t('settings:requests.duration'),
            render: (row) => (row.duration_ms === null ? t('not_set') : `${row.duration_ms} ms`),
          },
          { key: 'send_integration_id', title: t('settings:requests.integration') },
          { key: 'lead_id', title: t('settings:requests.lead') },
        ]}
        actions={{ view: { permission: 'settings.request.view', run: (row) => setOpenId(row.id) } }}
        pagination={listState.pagination(list.data?.meta.total ?? 0)}
        onSortChange={listState.setSort}
      />
      {openId !== null && <RequestDetails id={openId} onClose={() => setOpenId(null)} />}
    </Card>
  );
}
