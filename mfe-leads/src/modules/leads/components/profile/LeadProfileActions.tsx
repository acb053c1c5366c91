/** The profile's actions, each behind its permission: change status, send, edit, delete (then back to the search). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAccess } from '@crm/shared';
import { Button, DeleteOutlined, EditOutlined, Flex, confirmDelete, toastOutcome } from '@crm/shared/ui';
import type { LeadDetail } from '@crm/shared/contract';
import { useLeadRemoveMutation } from '../../api/leadsApi.ts';
import { routeUrl } from '@crm/shared/routes';
import { SendButton } from '../../../transfer/send/SendButton.tsx';
import { EditLeadModal } from '../form/EditLeadModal.tsx';
import { LeadStatusChange } from './LeadStatusChange.tsx';

export function LeadProfileActions({ lead }: { lead: LeadDetail }) {
  const { t } = useTranslation('leads');
  const { t: common } = useTranslation();
  const { can } = useAccess();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [remove, removing] = useLeadRemoveMutation();

  const deleteLead = () =>
    confirmDelete(common, () => {
      void toastOutcome(() => remove(lead.id).unwrap()).then((done) => {
        if (done) navigate(routeUrl('lead/search'));
      });
    });

  return (
    <Flex gap="small" wrap align="center">
      {can('lead.status.update') && <LeadStatusChange lead={lead} />}
      <SendButton scope={{ kind: 'lead', id: lead.id, label: lead.lead_id }} />
      {can('lead.update') && (
        <Button icon={<EditOutlined />} data-testid="lead-edit-open" onClick={() => setEditing(true)}>
          {t('leads.profile.edit')}
        </Button>
      )}
      {can('lead.delete') && (
        <Button danger icon={<DeleteOutlined />} data-testid="lead-delete" loading={removing.isLoading} onClick={deleteLead}>
          {common('actions.delete')}
        </Button>
      )}
      {editing && <EditLeadModal lead={lead} onClose={() => setEditing(false)} />}
    </Flex>
  );
}
