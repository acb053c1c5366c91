/** Data histories: every field change (field, old, new, who, when). */
import { useTranslation } from 'react-i18next';
import { DataTable, renderCell } from '@crm/shared/ui';
import type { LeadDataHistory } from '@crm/shared/contract';
import { useLeadHistory } from './useLeadHistory.ts';

export function DataHistoryTab({ leadId }: { leadId: number }) {
  const { t } = useTranslation('leads');
  const common = (key: string) => t(`common:${key}`);
  const history = useLeadHistory(leadId, 'data');
  return (
    <div data-testid="lead-history-data">
      <DataTable<LeadDataHistory>
        rows={history.rows}
        rowKey={(row) => row.id}
        loading={history.loading}
        pagination={history.pagination}
        columns={[
          // A field without a label of its own shows its API name.
          { key: 'field', title: t('leads.profile.history.field'), render: (row) => t(`leads.fields.${row.field}`, { defaultValue: row.field }) },
          { key: 'old_value', title: t('leads.profile.history.old_value'), render: (row) => renderCell('text', row.old_value ?? common('not_set'), common) },
          { key: 'new_value', title: t('leads.profile.history.new_value'), render: (row) => renderCell('text', row.new_value ?? common('not_set'), common) },
          { key: 'user', title: t('leads.profile.history.user'), render: (row) => row.user?.name ?? t('leads.profile.history.system') },
          { key: 'created_at', title: t('leads.profile.history.when'), type: 'datetime' },
        ]}
      />
    </div>
  );
}
