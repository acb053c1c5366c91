/** Create or edit a lead status rule: condition status → last status after N days (or at once). */
import { useTranslation } from 'react-i18next';
import { useOptionList } from '@crm/shared';
import { Button, Flex, Form, InputNumber, Modal, Select, SubmitButton, Switch, showFieldErrorsIn, toastOutcome } from '@crm/shared/ui';
import type { LeadStatusSettingItem } from '@crm/shared/contract';
import { useStatusRuleCreateMutation, useStatusRuleUpdateMutation } from '../api/statusRulesApi.ts';
import { durationMissing, maxDurationDays, ruleBodyOf, sameStatuses, type StatusRuleValues } from './ruleValidation.ts';

type StatusOption = { id: number; name: string; class: string };
type Props = { editing: LeadStatusSettingItem | null; onClose(): void };

export function StatusRuleForm({ editing, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StatusRuleValues>();
  const statuses = useOptionList<StatusOption>('statuses');
  const [create, creating] = useStatusRuleCreateMutation();
  const [update, updating] = useStatusRuleUpdateMutation();
  const label = (key: string) => t(`leads:leads.rules.${key}`);
  const options = statuses.data.filter((status) => status.class === 'lead').map((status) => ({ value: status.id, label: status.name }));
  const initialValues: StatusRuleValues = editing
    ? { condition_status_id: editing.condition_status_id, last_status_id: editing.last_status_id, duration_day: editing.duration_day, ignore_duration: editing.ignore_duration }
    : { ignore_duration: false, duration_day: 1 };

  async function submit(values: StatusRuleValues) {
    const { condition_status_id, last_status_id } = values;
    // The required rules have run; this only narrows the types.
    if (condition_status_id === undefined || last_status_id === undefined) return;
    const body = ruleBodyOf({ ...values, condition_status_id, last_status_id });
    const saved = await toastOutcome(() => (editing ? update({ id: editing.id, body }) : create(body)).unwrap(), { showFieldErrors: showFieldErrorsIn(form) });
    if (saved) onClose();
  }

  return (
    <Modal open title={`${t(editing ? 'resource.edit' : 'resource.create')} — ${label('noun')}`} onCancel={onClose} footer={null} destroyOnHidden>
      <Form<StatusRuleValues> form={form} layout="vertical" requiredMark={false} initialValues={initialValues} onFinish={(values) => void submit(values)} data-testid="rules-form">
        <Form.Item<StatusRuleValues> name="condition_status_id" label={label('condition')} rules={[{ required: true, message: label('conditionRequired') }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} aria-label={label('condition')} data-testid="rules-form-condition" loading={statuses.loading} options={options} />
        </Form.Item>
        <Form.Item<StatusRuleValues>
          name="last_status_id"
          label={label('last')}
          dependencies={['condition_status_id']}
          rules={[
            { required: true, message: label('lastRequired') },
            ({ getFieldsValue }) => ({
              validator: () => (sameStatuses(getFieldsValue()) ? Promise.reject(new Error(label('sameStatus'))) : Promise.resolve()),
            }),
          ]}
        >
          <Select showSearch={{ optionFilterProp: 'label' }} aria-label={label('last')} data-testid="rules-form-last" loading={statuses.loading} options={options} />
        </Form.Item>
        <Form.Item<StatusRuleValues>
          name="duration_day"
          label={label('duration')}
          dependencies={['ignore_duration']}
          rules={[
            ({ getFieldsValue }) => ({
              validator: () => (durationMissing(getFieldsValue()) ? Promise.reject(new Error(label('durationRequired'))) : Promise.resolve()),
            }),
          ]}
        >
          <InputNumber aria-label={label('duration')} data-testid="rules-form-duration" min={0} max={maxDurationDays} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item<StatusRuleValues> name="ignore_duration" label={label('ignoreDuration')} valuePropName="checked" extra={label('ignoreDurationHelp')}>
          <Switch aria-label={label('ignoreDuration')} data-testid="rules-form-ignore" />
        </Form.Item>
        <Flex justify="end" gap="small">
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <SubmitButton loading={creating.isLoading || updating.isLoading}>{t('resource.save')}</SubmitButton>
        </Flex>
      </Form>
    </Modal>
  );
}
