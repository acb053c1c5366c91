/** Edit lead (lead.update): the add form's fields less the status; only changed fields are sent. */
import { useTranslation } from 'react-i18next';
import { Form, toastOutcome } from '@crm/shared/ui';
import type { LeadDetail } from '@crm/shared/contract';
import { useLeadEditMutation } from '../../api/leadsApi.ts';
import { LeadFormFields } from './LeadFormFields.tsx';
import { LeadFormModal } from './LeadFormModal.tsx';
import { leadFormValuesOf, leadUpdateBodyOf, type LeadFormValues } from './leadFormValues.ts';
import { showLeadFieldErrorsIn } from './useLeadFieldErrors.ts';

export function EditLeadModal({ lead, onClose }: { lead: LeadDetail; onClose(): void }) {
  const { t } = useTranslation('leads');
  const [form] = Form.useForm<LeadFormValues>();
  const [edit, editing] = useLeadEditMutation();

  const submit = async (values: LeadFormValues) => {
    const body = leadUpdateBodyOf(values, lead);
    // Nothing changed: the API would refuse an empty update, and there is nothing to tell.
    if (Object.keys(body).length === 0) return onClose();
    const saved = await toastOutcome(() => edit({ id: lead.id, body }).unwrap(), { showFieldErrors: showLeadFieldErrorsIn(form) });
    if (saved) onClose();
  };

  return (
    <LeadFormModal
      name="lead-edit"
      title={t('leads.profile.edit_title', { lead: lead.lead_id })}
      form={form}
      initialValues={leadFormValuesOf(lead)}
      saving={editing.isLoading}
      submitLabel={t('leads.profile.save')}
      onSubmit={(values) => void submit(values)}
      onClose={onClose}
    >
      <LeadFormFields withStatus={false} normalizedPhone={lead.phone_normalized} />
    </LeadFormModal>
  );
}
