/** Settings › requests: the read-only log of inbound and outbound HTTP requests, newest first. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, DataTable, Flex, Input, InputNumber, Select, Space, Typography, useResourceListQuery } from '@crm/shared/ui';
import { requestDirections, type RequestLogSummary } from '@crm/shared/contract';
import { RequestDetails } from './RequestDetails.tsx';

const path = '/settings/request';

export function RequestsScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [direction, setDirection] = useState<string | undefined>();
  const [status, setStatus] = useState<number | undefined>();
  const [page, setPage] = useState({ current: 1, pageSize: 25 });
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useResourceListQuery({
    path,
    params: { page: page.current, per_page: page.pageSize, search: search || undefined, request_direction: direction, status },
  });
  const rows = (list.data?.data ?? []) as unknown as RequestLogSummary[];
  const firstPage = () => setPage((current) => ({ ...current, current: 1 }));

  return (
    <Card data-testid="requests-screen">
      <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('menu.settings.requests')}
        </Typography.Title>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('resource.search')}
            aria-label={t('resource.search')}
            onSearch={(value) => {
              setSearch(value.trim());
              firstPage();
            }}
          />
          <Select
            allowClear
            aria-label={t('settings:requests.direction')}
            placeholder={t('settings:requests.direction')}
            style={{ minWidth: 140 }}
            value={direction}
            onChange={(value: string | undefined) => {
              setDirection(value ?? undefined);
              firstPage();
            }}
            options={requestDirections.map((value) => ({ value, label: t(`settings:requests.directions.${value}`) }))}
          />
          <InputNumber
            aria-label={t('settings:requests.status')}
            placeholder={t('settings:requests.status')}
            min={100}
            max={599}
            precision={0}
            value={status ?? null}
            onChange={(value) => {
              setStatus(typeof value === 'number' && value >= 100 && value <= 599 ? value : undefined);
              firstPage();
            }}
          />
        </Space>
      </Flex>
      <DataTable<RequestLogSummary>
        rows={rows}
        rowKey={(row) => row.id}
        loading={list.isFetching}
        columns={[
          { key: 'created_at', title: t('settings:requests.time'), type: 'datetime' },
          { key: 'direction', title: t('settings:requests.direction'), render: (row) => t(`settings:requests.directions.${row.direction}`) },
          { key: 'method', title: t('settings:requests.method') },
          { key: 'url', title: t('settings:requests.url') },
          { key: 'status', title: t('settings:requests.status'), render: (row) => row.status ?? t('not_set') },
          { key: 'duration_ms', title: t('settings:requests.duration'), render: (row) => (row.duration_ms === null ? t('not_set') : `${row.duration_ms} ms`) },
          { key: 'send_integration_id', title: t('settings:requests.integration') },
          { key: 'lead_id', title: t('settings:requests.lead') },
        ]}
        actions={{ view: { permission: 'settings.request.view', run: (row) => setOpenId(row.id) } }}
        pagination={{ current: page.current, pageSize: page.pageSize, total: list.data?.meta.total ?? 0, onChange: (current, pageSize) => setPage({ current, pageSize }) }}
      />
      {openId !== null && <RequestDetails id={openId} onClose={() => setOpenId(null)} />}
    </Card>
  );
}
