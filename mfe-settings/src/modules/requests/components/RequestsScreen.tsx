/**
 * Settings › requests: the read-only log of inbound and outbound HTTP requests, newest first. It has no menu
 * entry: an integration's row and a lead's send history link here with `?send_integration_id=` or
 * `?lead_id=`, shown as a tag that clears it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Card, DataTable, InputNumber, LeadProfileLink, ListHeader, SearchBox, Select, Tag, useListState, useResourceListQuery } from '@crm/shared/ui';
import { requestDirections, type RequestLogSummary } from '@crm/shared/contract';
import { parseRouteId } from '@crm/shared/routes';
import { integrationLabel } from './integrationLabel.ts';
import { RequestDetails } from './RequestDetails.tsx';

const path = '/settings/request';
/** The filters a link from another screen may set, by their query name (the API's). */
const linkedFilters = ['send_integration_id', 'lead_id'] as const;
type LinkedFilter = (typeof linkedFilters)[number];

/** The linked filters the URL sets: ids, anything else ignored. */
function linkedFiltersOf(searchParams: URLSearchParams): Partial<Record<LinkedFilter, number>> {
  const filters: Partial<Record<LinkedFilter, number>> = {};
  for (const name of linkedFilters) {
    const id = parseRouteId(searchParams.get(name) ?? undefined);
    if (id !== null) filters[name] = id;
  }
  return filters;
}

export function RequestsScreen() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const listState = useListState<'request_direction' | 'status' | LinkedFilter>({ initialFilters: () => linkedFiltersOf(searchParams) });
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useResourceListQuery({ path, params: listState.params });
  const rows = (list.data?.data ?? []) as unknown as RequestLogSummary[];
  const { request_direction: direction, status } = listState.filters;
  const clearLinked = (name: LinkedFilter) => {
    listState.setFilter(name, undefined);
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete(name);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Card data-testid="requests-screen">
      <ListHeader title={t('menu.settings.requests')}>
        {linkedFilters.map((name) => {
          const id = listState.filters[name];
          // An integration is named once a row of it has come.
          const integration = name === 'send_integration_id' ? rows.find((row) => row.send_integration_id === id)?.send_integration_name : undefined;
          return id === undefined ? null : (
            <Tag key={name} closable onClose={() => clearLinked(name)} data-testid={`requests-filter-${name}`}>
              {integration ? t('settings:requests.only.send_integration_name', { name: integration }) : t(`settings:requests.only.${name}`, { id })}
            </Tag>
          );
        })}
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
          { key: 'send_integration_id', title: t('settings:requests.integration'), render: (row) => integrationLabel(row, t) },
          { key: 'lead_id', title: t('settings:requests.lead'), render: (row) => (row.lead_id === null ? null : <LeadProfileLink id={row.lead_id}>{row.lead_id}</LeadProfileLink>) },
        ]}
        actions={{ view: { permission: 'settings.request.view', run: (row) => setOpenId(row.id) } }}
        pagination={listState.pagination(list.data?.meta.total ?? 0)}
        onSortChange={listState.setSort}
      />
      {openId !== null && <RequestDetails id={openId} onClose={() => setOpenId(null)} />}
    </Card>
  );
}
