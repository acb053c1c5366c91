/**
 * Send history: every attempt to send the lead (department, state, failure status, duration, when); a row
 * expands to the sanitized request and response the API stored. antd's Table directly, for the expansion.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAccess } from '@crm/shared';
import { Col, Row, Table, Typography, renderCell } from '@crm/shared/ui';
import type { LeadSendHistory } from '@crm/shared/contract';
import { routeUrl } from '@crm/shared/routes';
import { durationText } from '../../../records/history/durationText.ts';
import { StateTag } from '../../../records/history/StateTag.tsx';
import { useLeadHistory } from './useLeadHistory.ts';

/** Stored JSON pretty-printed; a body the broker sent as plain text stays as it is. */
function prettyJson(value: unknown): string {
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value ?? null, null, 2);
}

function Payload({ title, value, testId }: { title: string; value: unknown; testId: string }) {
  return (
    <>
      <Typography.Text strong>{title}</Typography.Text>
      <pre data-testid={testId} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 320, overflow: 'auto', margin: 0 }}>
        {prettyJson(value)}
      </pre>
    </>
  );
}

export function SendHistoryTab({ leadId }: { leadId: number }) {
  const { t } = useTranslation('leads');
  // The shared cells and durationText read the default namespace, as the send-history screen does.
  const { t: common } = useTranslation();
  const history = useLeadHistory(leadId, 'send');
  const { can } = useAccess();
  return (
    <div data-testid="lead-history-send">
      {can('settings.request.view') && (
        <Link to={routeUrl('settings/requests', undefined, { lead_id: leadId })} data-testid="lead-requests-link" style={{ display: 'inline-block', marginBottom: 8 }}>
          {t('leads.profile.history.all_requests')}
        </Link>
      )}
      <Table<LeadSendHistory>
        rowKey="id"
        size="small"
        dataSource={history.rows}
        loading={history.loading}
        pagination={{ ...history.pagination, showSizeChanger: true }}
        expandable={{
          expandedRowRender: (row) => (
            <Row gutter={16}>
              <Col xs={24} lg={12}>
                <Payload title={t('leads.profile.history.request')} value={row.request} testId="lead-send-request" />
              </Col>
              <Col xs={24} lg={12}>
                <Payload title={t('leads.profile.history.response')} value={row.response} testId="lead-send-response" />
              </Col>
            </Row>
          ),
        }}
        columns={[
          { key: 'department', title: t('leads.profile.history.department'), render: (_value, row) => renderCell('text', row.department?.label, common) },
          { key: 'state', title: t('leads.profile.history.state'), render: (_value, row) => <StateTag state={row.state} /> },
          { key: 'failure_status', title: t('leads.profile.history.failure_status'), render: (_value, row) => renderCell('text', row.failure_status, common) },
          {
            key: 'duration_ms',
            title: t('leads.profile.history.duration'),
            render: (_value, row) => durationText(row.duration_ms, common),
          },
          { key: 'user', title: t('leads.profile.history.user'), render: (_value, row) => row.user?.name ?? t('leads.profile.history.system') },
          { key: 'created_at', title: t('leads.profile.history.when'), render: (_value, row) => renderCell('datetime', row.created_at, common) },
        ]}
      />
    </div>
  );
}
