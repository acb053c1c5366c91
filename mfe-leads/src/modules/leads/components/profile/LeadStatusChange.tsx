/**
 * Change status (lead.status.update): pick one of the lead-class statuses, confirm, and the API records a
 * status history with cause `user`. Test ids: lead-status-select, lead-status-apply, lead-status-confirm.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, Popconfirm, Select, toastOutcome } from '@crm/shared/ui';
import type { LeadDetail } from '@crm/shared/contract';
import { useLeadChangeStatusMutation } from '../../api/leadsApi.ts';
import { useStatusChoices } from '../../hooks/useLeadChoices.ts';

export function LeadStatusChange({ lead }: { lead: LeadDetail }) {
  const { t } = useTranslation('leads');
  const statuses = useStatusChoices('lead');
  const [statusId, setStatusId] = useState<number | null>(null);
  const [change, changing] = useLeadChangeStatusMutation();
  const chosen = statuses.choices.find((choice) => choice.value === statusId);
  const options = statuses.choices.filter((choice) => choice.value !== lead.status_id);

  const apply = async () => {
    if (statusId === null) return;
    const done = await toastOutcome(() => change({ id: lead.id, status_id: statusId }).unwrap());
    if (done) setStatusId(null);
  };

  return (
    <Flex gap="small" align="center">
      <span data-testid="lead-status-select">
        <Select<number>
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('leads.profile.new_status')}
          placeholder={t('leads.profile.new_status')}
          style={{ minWidth: 200 }}
          loading={statuses.loading}
          value={statusId ?? undefined}
          onChange={setStatusId}
          options={options}
        />
      </span>
      <Popconfirm
        title={t('leads.profile.confirm_status', { status: chosen?.label ?? '' })}
        okText={t('common:confirm.yes')}
        cancelText={t('common:confirm.no')}
        okButtonProps={{ 'data-testid': 'lead-status-confirm' } as Record<string, string>}
        onConfirm={() => void apply()}
        disabled={statusId === null}
      >
        <Button data-testid="lead-status-apply" disabled={statusId === null} loading={changing.isLoading}>
          {t('leads.profile.change_status')}
        </Button>
      </Popconfirm>
    </Flex>
  );
}
