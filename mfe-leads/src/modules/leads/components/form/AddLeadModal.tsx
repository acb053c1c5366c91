/**
 * Add lead (docs/product.md#leads): the form, then what the API made of it — the lead's id and its phone as
 * E.164 — with a way to open the new lead or add another. The list refreshes through the mutation's tags.
 * Senders holding lead.send may have the lead queued for distribution as it is saved ("Auto-distribute", issue 33).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAccess } from '@crm/shared';
import { Alert, Button, Checkbox, Descriptions, Flex, Form, Modal, toastOutcome } from '@crm/shared/ui';
import { useLeadAddMutation, type LeadSaved } from '../../api/leadsApi.ts';
import { routeUrl } from '@crm/shared/routes';
import { useMayAutoDistribute } from '../../../transfer/send/hooks/useMaySend.ts';
import { LeadFormFields } from './LeadFormFields.tsx';
import { LeadFormModal } from './LeadFormModal.tsx';
import { addLeadBodyOf, type LeadFormValues } from './leadFormValues.ts';
import { showLeadFieldErrorsIn } from './useLeadFieldErrors.ts';

function AddedLead({ saved, onAnother, onClose }: { saved: LeadSaved; onAnother(): void; onClose(): void }) {
  const { t } = useTranslation('leads');
  const { can } = useAccess();
  const navigate = useNavigate();
  return (
    <Modal open title={t('leads.add.title')} onCancel={onClose} footer={null} width={560} data-testid="lead-add-modal">
      <Alert type="success" showIcon title={saved.message} style={{ marginBottom: 16 }} />
      <Descriptions column={1} bordered size="small" data-testid="lead-add-result">
        <Descriptions.Item label={t('leads.fields.lead_id')}>
          <span data-testid="lead-add-result-lead_id">{saved.data.lead_id}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('leads.fields.phone_normalized')}>
          <span data-testid="lead-add-result-phone_normalized">{saved.data.phone_normalized ?? t('common:not_set')}</span>
        </Descriptions.Item>
      </Descriptions>
      <Flex gap="small" justify="end" style={{ marginTop: 16 }}>
        <Button onClick={onAnother} data-testid="lead-add-another">
          {t('leads.add.another')}
        </Button>
        {can('lead.single.view') && (
          <Button onClick={() => navigate(routeUrl('lead/single/:id', { id: saved.data.id }))} data-testid="lead-add-open-profile">
            {t('leads.add.open_profile')}
          </Button>
        )}
        <Button type="primary" onClick={onClose}>
          {t('leads.add.close')}
        </Button>
      </Flex>
    </Modal>
  );
}

function AddLeadForm({ onSaved, onClose }: { onSaved(saved: LeadSaved): void; onClose(): void }) {
  const { t } = useTranslation('leads');
  const [form] = Form.useForm<LeadFormValues>();
  const [add, adding] = useLeadAddMutation();
  const mayAutoDistribute = useMayAutoDistribute();

  const submit = async (values: LeadFormValues) => {
    const response = await toastOutcome(() => add(addLeadBodyOf(values)).unwrap(), { showFieldErrors: showLeadFieldErrorsIn(form) });
    if (response) onSaved(response);
  };

  return (
    <LeadFormModal
      name="lead-add"
      title={t('leads.add.title')}
      form={form}
      saving={adding.isLoading}
      submitLabel={t('leads.add.submit')}
      onSubmit={(values) => void submit(values)}
      onClose={onClose}
    >
      <LeadFormFields withStatus />
      {mayAutoDistribute && (
        <Form.Item<LeadFormValues> name="auto_distribute" valuePropName="checked" extra={t('leads.add.autoDistributeHelp')} data-testid="lead-form-auto_distribute">
          <Checkbox>{t('leads.add.autoDistribute')}</Checkbox>
        </Form.Item>
      )}
    </LeadFormModal>
  );
}

export function AddLeadModal({ onClose }: { onClose(): void }) {
  const [saved, setSaved] = useState<LeadSaved | null>(null);
  // "Add another" starts from an empty form: a new form component, not a reset of the old one.
  const [round, setRound] = useState(0);
  if (saved) {
    const another = () => {
      setSaved(null);
      setRound((count) => count + 1);
    };
    return <AddedLead saved={saved} onAnother={another} onClose={onClose} />;
  }
  return <AddLeadForm key={round} onSaved={setSaved} onClose={onClose} />;
}
