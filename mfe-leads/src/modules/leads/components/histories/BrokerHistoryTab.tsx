/** Broker histories: the broker-side status and FTD changes pulled or pushed back (department, channel, status, FTD, when). */
import { useTranslation } from 'react-i18next';
import { DataTable, renderCell } from '@crm/shared/ui';
import type { LeadBrokerHistory } from '@crm/shared/contract';
import { useLeadHistory } from './useLeadHistory.ts';

export function BrokerHistoryTab({ leadId }: { leadId: number }) {
  const { t } = useTranslation('leads');
  const common = (key: string) => t(`common:${key}`);
  const history = useLeadHistory(leadId, 'broker');
  return (
    <div data-testid="lead-history-broker">
      <DataTable<LeadBrokerHistory>
        rows={history.rows}
        rowKey={(row) => row.id}
        loading={history.loading}
        pagination={history.pagination}
        columns={[
          { key: 'department', title: t('leads.profile.history.department'), render: (row) => renderCell('text', row.department?.label, common) },
          { key: 'channel', title: t('leads.profile.history.channel'), render: (row) => t(`leads.profile.channels.${row.channel}`) },
          { key: 'api_lead_status', title: t('leads.fields.api_lead_status') },
          { key: 'api_ftd_at', title: t('leads.fields.api_ftd_at'), type: 'datetime' },
          { key: 'created_at', title: t('leads.profile.history.when'), type: 'datetime' },
        ]}
      />
    </div>
  );
}
