/** The broker-reported status and FTD changes of the department's leads, newest first (pulled or pushed back). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepartmentBrokerHistoryItem } from '@crm/shared/contract';
import { Flex, renderCell, Switch, Table, Tag, Typography } from '@crm/shared/ui';
import { useDepartmentBrokerHistoryQuery } from '../api/departmentHistoriesApi.ts';
import { useHistoryPaging } from '../historyPaging.ts';
import { LeadLink } from './LeadLink.tsx';

export function BrokerHistoryTable({ departmentId }: { departmentId: number }) {
  const { t } = useTranslation();
  const [ftdOnly, setFtdOnly] = useState(false);
  const { page, restart, pagination } = useHistoryPaging();
  const history = useDepartmentBrokerHistoryQuery({ id: departmentId, page: page.current, per_page: page.pageSize, ...(ftdOnly ? { ftd_only: true } : {}) });
  const label = (key: string) => t(`brokers:histories.broker.${key}`);
  return (
    <div data-testid="department-broker-history">
      <Flex gap="small" align="center" style={{ marginBottom: 12 }}>
        <Switch
          id="department-broker-history-ftd-only"
          checked={ftdOnly}
          onChange={(checked) => {
            setFtdOnly(checked);
            restart();
          }}
        />
        <Typography.Text>
          <label htmlFor="department-broker-history-ftd-only">{label('ftdOnly')}</label>
        </Typography.Text>
      </Flex>
      <Table<DepartmentBrokerHistoryItem>
        rowKey="id"
        size="small"
        dataSource={history.data?.data ?? []}
        loading={history.isFetching}
        pagination={pagination(history.data?.meta.total ?? 0)}
        columns={[
          { key: 'lead', title: label('lead'), render: (_value, row) => <LeadLink lead={row.lead} /> },
          { key: 'channel', title: label('channel'), render: (_value, row) => <Tag>{t(`brokers:histories.channels.${row.channel}`)}</Tag> },
          { key: 'api_lead_status', title: label('api_lead_status'), render: (_value, row) => renderCell('text', row.api_lead_status, t) },
          { key: 'api_ftd_at', title: label('api_ftd_at'), render: (_value, row) => (row.api_ftd_at ? renderCell('datetime', row.api_ftd_at, t) : '') },
          { key: 'created_at', title: label('created_at'), render: (_value, row) => renderCell('datetime', row.created_at, t) },
        ]}
      />
    </div>
  );
}
