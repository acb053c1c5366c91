/** Create/edit form of a source's random statuses: the source (create only), rows of status + weight, live percentages. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionList } from '@crm/shared';
import { Alert, Button, Flex, Form, InputNumber, Modal, Select, toastOutcome, Typography } from '@crm/shared/ui';
import { maxRandomStatuses, percentagesOf, type SourceRandomStatusItem } from '@crm/shared/contract';

export type RandomStatusFormValues = { source_id?: number; statuses: { status_id?: number; weight?: number }[] };
type NamedOption = { id: number; name: string };
type StatusOption = NamedOption & { class: string };

type FieldPath = ['source_id'] | ['statuses', number, 'status_id' | 'weight'];

/** 'statuses.1.weight' → ['statuses', 1, 'weight'], the antd name path of that input; null for errors no input shows. */
function namePathOf(field: string): FieldPath | null {
  if (field === 'source_id') return ['source_id'];
  const match = /^statuses\.(\d+)\.(status_id|weight)$/.exec(field);
  return match ? ['statuses', Number(match[1]), match[2] === 'weight' ? 'weight' : 'status_id'] : null;
}

type Props = {
  editing: SourceRandomStatusItem | null;
  saving: boolean;
  /** The save call: resolves with the server's message, rejects with its error (which the form shows). */
  onSave(values: RandomStatusFormValues): Promise<{ message: string }>;
  onSaved(): void;
  onClose(): void;
};

export function SourceRandomStatusForm({ editing, saving, onSave, onSaved, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RandomStatusFormValues>();
  const [generalError, setGeneralError] = useState<string | null>(null);
  const sources = useOptionList<NamedOption>('sources');
  const statuses = useOptionList<StatusOption>('statuses');
  const rows = Form.useWatch('statuses', form) ?? [];
  const percentages = percentagesOf(rows.map((row) => Number(row?.weight ?? 0)));
  const initialValues: RandomStatusFormValues = editing ? { statuses: editing.statuses.map(({ status_id, weight }) => ({ status_id, weight })) } : { statuses: [{ weight: 1 }] };

  /** A 422's messages under their rows; one no input shows above the buttons. */
  function showFieldErrors(fieldErrors: Record<string, string>): boolean {
    const errors = Object.entries(fieldErrors).map(([field, message]) => ({ name: namePathOf(field), message }));
    form.setFields(errors.flatMap(({ name, message }) => (name ? [{ name, errors: [message] }] : [])));
    const other = errors.find(({ name }) => name === null);
    if (other) setGeneralError(other.message);
    return errors.length > 0;
  }

  async function submit(values: RandomStatusFormValues) {
    setGeneralError(null);
    if (await toastOutcome(() => onSave(values), { showFieldErrors })) onSaved();
  }

  const label = (key: string, index: number) => `${t(`settings:randomStatuses.${key}`)} ${index + 1}`;

  return (
    <Modal open title={`${t(editing ? 'resource.edit' : 'resource.create')} — ${t('settings:nouns.sourceRandomStatus')}`} onCancel={onClose} footer={null} destroyOnHidden width={640}>
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={(values) => void submit(values)} requiredMark={false} data-testid="random-status-form">
        {editing ? (
          <Typography.Paragraph strong data-testid="random-status-source">
            {t('settings:fields.source')}: {editing.source_name}
          </Typography.Paragraph>
        ) : (
          <Form.Item name="source_id" label={t('settings:fields.source')}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              aria-label={t('settings:fields.source')}
              loading={sources.loading}
              options={sources.data.map((source) => ({ value: source.id, label: source.name }))}
            />
          </Form.Item>
        )}
        {generalError && <Alert type="error" showIcon message={generalError} data-testid="random-status-error" style={{ marginBottom: 16 }} />}
        <Form.List name="statuses">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <Flex key={field.key} gap="small" align="start" data-testid="random-status-row">
                  <Form.Item name={[field.name, 'status_id']} style={{ flex: 1 }}>
                    <Select
                      showSearch={{ optionFilterProp: 'label' }}
                      aria-label={label('status', index)}
                      placeholder={t('settings:randomStatuses.status')}
                      options={statuses.data.filter((status) => status.class === 'lead').map((status) => ({ value: status.id, label: status.name }))}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'weight']} style={{ width: 120 }}>
                    <InputNumber aria-label={label('weight', index)} min={1} max={10_000} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                  <Typography.Text data-testid={`random-status-percentage-${index}`} style={{ width: 64, lineHeight: '32px', textAlign: 'right' }}>
                    {`${percentages[index] ?? 0}%`}
                  </Typography.Text>
                  <Button aria-label={label('remove', index)} onClick={() => remove(field.name)} disabled={fields.length === 1}>
                    −
                  </Button>
                </Flex>
              ))}
              <Button onClick={() => add({ weight: 1 })} disabled={fields.length >= maxRandomStatuses} block style={{ marginBottom: 16 }}>
                {t('settings:randomStatuses.add')}
              </Button>
            </>
          )}
        </Form.List>
        <Flex justify="end" gap="small">
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('resource.save')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
