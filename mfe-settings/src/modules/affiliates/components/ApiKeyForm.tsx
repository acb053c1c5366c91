/** Create or edit an API key: name, the source its leads get, allowed IPs, rate limit, active, expiry. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionList } from '@crm/shared';
import { Alert, Button, Flex, Form, Input, InputNumber, Modal, Select, Switch, placeFieldErrors, toastOutcome } from '@crm/shared/ui';
import type { AffiliateKeyCreateBody, AffiliateKeyItem } from '@crm/shared/contract';
import { localInputOf, momentOfLocalInput } from '../keyState.ts';

export type ApiKeyFormValues = {
  name?: string;
  source_id?: number;
  allowed_ips?: string[];
  rate_limit_per_minute?: number;
  is_active?: boolean;
  /** A `datetime-local` value; empty for no expiry. */
  expires_at?: string;
};

/** The API's default, shown in a new key's form. */
const defaultRateLimit = 600;
const fieldNames = ['name', 'source_id', 'allowed_ips', 'rate_limit_per_minute', 'is_active', 'expires_at'] as const;
type FieldName = (typeof fieldNames)[number];

/** The server's field for a message: 'allowed_ips.1' (one address of the list) is shown under the list. */
function fieldOf(name: string): FieldName | null {
  const head = name.split('.')[0];
  return fieldNames.find((field) => field === head) ?? null;
}

function bodyOf(values: ApiKeyFormValues): AffiliateKeyCreateBody {
  return {
    name: values.name ?? '',
    source_id: values.source_id ?? 0,
    allowed_ips: values.allowed_ips ?? [],
    rate_limit_per_minute: values.rate_limit_per_minute ?? defaultRateLimit,
    is_active: values.is_active ?? true,
    expires_at: momentOfLocalInput(values.expires_at),
  };
}

function initialValuesOf(editing: AffiliateKeyItem | null): ApiKeyFormValues {
  if (!editing) return { allowed_ips: [], rate_limit_per_minute: defaultRateLimit, is_active: true, expires_at: '' };
  const { name, source_id, allowed_ips, rate_limit_per_minute, is_active, expires_at } = editing;
  return { name, source_id, allowed_ips, rate_limit_per_minute, is_active, expires_at: localInputOf(expires_at) };
}

type Props<Answer> = {
  editing: AffiliateKeyItem | null;
  saving: boolean;
  /** The save call: resolves with the server's answer (its message toasted), rejects with its error (which the form shows). */
  onSave(body: AffiliateKeyCreateBody): Promise<Answer>;
  onSaved(answer: Answer): void;
  onClose(): void;
};

export function ApiKeyForm<Answer extends { message: string }>({ editing, saving, onSave, onSaved, onClose }: Props<Answer>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ApiKeyFormValues>();
  const [generalError, setGeneralError] = useState<string | null>(null);
  // Fetched again each time the form opens: a source added a moment ago is offered at once, not after the 60 s cycle.
  const sources = useOptionList<{ id: number; name: string }>('sources', { refetchOnMount: true });
  const label = (name: string) => t(`settings:affiliates.keys.fields.${name}`);

  /** A 422's messages under their fields; one no input shows above the buttons. */
  function showFieldErrors(errors: Record<string, string>): boolean {
    const entries = Object.entries(errors).map(([name, message]) => ({ field: fieldOf(name), message }));
    placeFieldErrors(
      form,
      entries.flatMap(({ field, message }) => (field ? [{ name: field, errors: [message] }] : [])),
    );
    setGeneralError(entries.find(({ field }) => field === null)?.message ?? null);
    return entries.length > 0;
  }

  async function submit(values: ApiKeyFormValues) {
    setGeneralError(null);
    const answer = await toastOutcome(() => onSave(bodyOf(values)), { showFieldErrors });
    if (answer) onSaved(answer);
  }

  return (
    <Modal open title={`${t(editing ? 'resource.edit' : 'resource.create')} — ${t('settings:affiliates.keys.noun')}`} onCancel={onClose} footer={null} destroyOnHidden width={560}>
      <Form form={form} layout="vertical" initialValues={initialValuesOf(editing)} onFinish={(values) => void submit(values)} requiredMark={false} data-testid="api-key-form">
        <Form.Item name="name" label={label('name')} rules={[{ required: true, whitespace: true, message: t('resource.required', { field: label('name') }) }]}>
          <Input data-testid="api-key-name" />
        </Form.Item>
        <Form.Item
          name="source_id"
          label={label('source_id')}
          extra={t('settings:affiliates.keys.help.source_id')}
          rules={[{ required: true, message: t('resource.required', { field: label('source_id') }) }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={label('source_id')}
            data-testid="api-key-source"
            loading={sources.loading}
            options={sources.data.map((source) => ({ value: source.id, label: source.name }))}
          />
        </Form.Item>
        <Form.Item name="allowed_ips" label={label('allowed_ips')} extra={t('settings:affiliates.keys.help.allowed_ips')}>
          <Select mode="tags" aria-label={label('allowed_ips')} data-testid="api-key-allowed-ips" tokenSeparators={[',', ' ']} open={false} suffixIcon={null} />
        </Form.Item>
        <Form.Item name="rate_limit_per_minute" label={label('rate_limit_per_minute')}>
          <InputNumber aria-label={label('rate_limit_per_minute')} data-testid="api-key-rate-limit" min={1} max={100_000} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="is_active" label={label('is_active')} valuePropName="checked">
          <Switch aria-label={label('is_active')} data-testid="api-key-active" />
        </Form.Item>
        <Form.Item name="expires_at" label={label('expires_at')} extra={t('settings:affiliates.keys.help.expires_at')}>
          <Input type="datetime-local" aria-label={label('expires_at')} data-testid="api-key-expires-at" style={{ width: 240 }} />
        </Form.Item>
        {generalError && <Alert type="error" showIcon title={generalError} data-testid="api-key-form-error" style={{ marginBottom: 16 }} />}
        <Flex justify="end" gap="small">
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="api-key-save">
            {t('resource.save')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
