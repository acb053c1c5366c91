/**
 * The engine's settings (`/distribution/settings`): the most broker calls per lead (failover included) and how long
 * a lead that nothing can take now is held and tried again. Read by holders of the rules' view, saved by their update;
 * a refusal shows under its field.
 */
import { useTranslation } from 'react-i18next';
import { useAccess } from '@crm/shared';
import type { DistributionSettingsBody } from '@crm/shared/contract';
import { Form, InputNumber, Modal, toastOutcome } from '@crm/shared/ui';
import { useDistributionSettingsQuery, useDistributionSettingsSaveMutation } from '../api/rulesApi.ts';
import { SaveButton, showErrorsIn, WhenLoaded } from '../forms.tsx';

const key = (name: string) => `brokers:rules.settings.${name}`;

export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open title={t(key('title'))} onCancel={onClose} footer={null} width={520}>
      <WhenLoaded query={useDistributionSettingsQuery()} testId="distribution-settings">
        {(settings) => <SettingsForm settings={settings} onSaved={onClose} />}
      </WhenLoaded>
    </Modal>
  );
}

function SettingsForm({ settings, onSaved }: { settings: DistributionSettingsBody; onSaved: () => void }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const [form] = Form.useForm<DistributionSettingsBody>();
  const [save, saving] = useDistributionSettingsSaveMutation();
  const editable = can('distribution.rule.update');

  async function submit(values: DistributionSettingsBody) {
    const saved = await toastOutcome(() => save(values).unwrap(), { successMessage: () => t(key('saved')), showFieldErrors: showErrorsIn(form) });
    if (saved) onSaved();
  }

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={settings}
      onFinish={(values) => void submit(values)}
      disabled={!editable}
      requiredMark={false}
      data-testid="distribution-settings-form"
    >
      <Form.Item name="max_attempts" label={t(key('max_attempts'))} extra={t(key('max_attempts_help'))}>
        <InputNumber aria-label={t(key('max_attempts'))} precision={0} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="hold_hours" label={t(key('hold_hours'))} extra={t(key('hold_hours_help'))}>
        <InputNumber aria-label={t(key('hold_hours'))} precision={0} style={{ width: 120 }} />
      </Form.Item>
      <SaveButton editable={editable} saving={saving.isLoading} />
    </Form>
  );
}
