/** What was sent to the department, newest first: lead, state, failure status, the broker's id and URL, duration. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendStates, type DepartmentSendHistoryItem, type SendState } from '@crm/shared/contract';
import { Flex, renderCell, Select, Table, Tag, Typography } from '@crm/shared/ui';
import { useDepartmentSendHistoryQuery } from '../api/departmentHistoriesApi.ts';
import { useHistoryPaging } from '../historyPaging.ts';
import { LeadLink } from './LeadLink.tsx';

const stateColours: Record<SendState, string> = { queued: 'default', sending: 'processing', success: 'success', failure: 'error' };

export function SendHistoryTable({ departmentId }: { departmentId: number }) {
  const { t } = useTranslation();
  const [state, setState] = useState<SendState | undefined>(undefined);
  const { page, restart, pagination } = useHistoryPaging();
  const history = useDepartmentSendHistoryQuery({ id: departmentId, page: page.current, per_page: page.pageSize, ...(state ? { state } : {}) });
  const label = (key: string) => t(`brokers:histories.send.${key}`);
  return (
    <div data-testid="department-send-history">
      <Flex gap="small" style={{ marginBottom: 12 }}>
        <Select<SendState>
          allowClear
          aria-label={label('state')}
          placeholder={label('state')}
          style={{ minWidth: 180 }}
          value={state}
          onChange={(next) => {
            setState(next ?? undefined);
            restart();
          }}
          options={sendStates.map((value) => ({ value, label: t(`brokers:histories.states.${value}`) }))}
        />
      </Flex>
      <Table<DepartmentSendHistoryItem>
        rowKey="id"
        size="small"
        dataSource={history.data?.data ?? []}
        loading={history.isFetching}
        pagination={pagination(history.data?.meta.total ?? 0)}
        columns={[
          { key: 'lead', title: label('lead'), render: (_value, row) => <LeadLink lead={row.lead} /> },
          { key: 'state', title: label('state'), render: (_value, row) => <Tag color={stateColours[row.state]}>{t(`brokers:histories.states.${row.state}`)}</Tag> },
          { key: 'failure_status', title: label('failure_status'), render: (_value, row) => renderCell('text', row.failure_status, t) },
          { key: 'api_lead_id', title: label('api_lead_id'), render: (_value, row) => renderCell('text', row.api_lead_id, t) },
          {
            key: 'lead_url',
            title: label('lead_url'),
            render: (_value, row) =>
              row.lead_url ? (
                <Typography.Link href={row.lead_url} target="_blank" rel="noreferrer noopener">
                  {label('open')}
                </Typography.Link>
              ) : null,
          },
          { key: 'duration_ms', title: label('duration'), render: (_value, row) => (row.duration_ms === null ? t('not_set') : t('brokers:milliseconds', { count: row.duration_ms })) },
          { key: 'created_at', title: label('created_at'), render: (_value, row) => renderCell('datetime', row.created_at, t) },
        ]}
      />
    </div>
  );
}
