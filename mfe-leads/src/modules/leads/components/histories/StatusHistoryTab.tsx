/** Status histories: from → to as status cells, the cause (user, rule, import, broker …), who and when. */
import { useTranslation } from 'react-i18next';
import { DataTable } from '@crm/shared/ui';
import type { LeadStatusHistory } from '@crm/shared/contract';
import { useLeadHistory } from './useLeadHistory.ts';

export function StatusHistoryTab({ leadId }: { leadId: number }) {
  const { t } = useTranslation('leads');
  const history = useLeadHistory(leadId, 'status');
  return (
    <div data-testid="lead-history-status">
      <DataTable<LeadStatusHistory>
        rows={history.rows}
        rowKey={(row) => row.id}
        loading={history.loading}
        pagination={history.pagination}
        columns={[
          { key: 'from_status', title: t('leads.profile.history.from_status'), type: 'status' },
          { key: 'to_status', title: t('leads.profile.history.to_status'), type: 'status' },
          { key: 'cause', title: t('leads.profile.history.cause'), render: (row) => t(`leads.profile.causes.${row.cause}`) },
          { key: 'user', title: t('leads.profile.history.user'), render: (row) => row.user?.name ?? t('leads.profile.history.system') },
          { key: 'created_at', title: t('leads.profile.history.when'), type: 'datetime' },
        ]}
      />
    </div>
  );
}
