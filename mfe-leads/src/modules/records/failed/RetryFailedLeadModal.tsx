/**
 * Fix and retry a failed lead: the form is prefilled from the raw row. A success closes it (the row is gone
 * from the list); a 422 leaves it open with the messages under their fields, and the reason above follows
 * the row, which the server has updated with the new reason.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionList } from '@crm/shared';
import { Alert, Button, Descriptions, Flex, Form, Modal, SubmitButton, Typography, placeFieldErrors, toastOutcome } from '@crm/shared/ui';
import type { FailedLeadItem } from '@crm/shared/contract';
import { useFailedLeadRetryMutation } from '../api/failedLeadsApi.ts';
import { ReasonTag } from './ReasonTag.tsx';
import { RetryFormFields, type NamedOption } from './RetryFormFields.tsx';
import { idByName, mapRaw, retryBodyOf, retryFieldNames, type RetryFormValues } from './rawLeadFields.ts';

type Props = { item: FailedLeadItem; onClose(): void };

export function RetryFailedLeadModal({ item, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RetryFormValues>();
  const [retry, retrying] = useFailedLeadRetryMutation();
  const [otherErrors, setOtherErrors] = useState<[string, string][]>([]);
  const sources = useOptionList<NamedOption>('sources');
  const statuses = useOptionList<NamedOption>('statuses');
  const mapping = useMemo(() => mapRaw(item.raw), [item.raw]);
  const sourceId = mapping.values.source_id ?? item.source?.id ?? idByName(sources.data, mapping.sourceName);
  const statusId = mapping.values.status_id ?? idByName(statuses.data, mapping.statusName);

  // Source and status given by name can only be matched once the option lists are there.
  useEffect(() => {
    if (sourceId !== undefined && !form.isFieldTouched('source_id') && form.getFieldValue('source_id') === undefined) form.setFieldValue('source_id', sourceId);
    if (statusId !== undefined && !form.isFieldTouched('status_id') && form.getFieldValue('status_id') === undefined) form.setFieldValue('status_id', statusId);
  }, [form, sourceId, statusId]);

  function showFieldErrors(errors: Record<string, string>): boolean {
    const entries = Object.entries(errors);
    const known = entries.filter(([field]) => retryFieldNames.includes(field));
    placeFieldErrors(
      form,
      known.map(([name, message]) => ({ name: name as keyof RetryFormValues, errors: [message] })),
    );
    setOtherErrors(entries.filter(([field]) => !retryFieldNames.includes(field)));
    return entries.length > 0;
  }

  async function submit(values: RetryFormValues) {
    setOtherErrors([]);
    const retried = await toastOutcome(() => retry({ id: item.id, body: retryBodyOf(values) }).unwrap(), { showFieldErrors });
    if (retried) onClose();
  }

  return (
    <Modal open title={t('leads:leads.failed.retryTitle')} onCancel={onClose} footer={null} destroyOnHidden width={760} data-testid="failed-retry-modal">
      <Alert
        type="warning"
        showIcon
        data-testid="failed-retry-reason"
        style={{ marginBottom: 16 }}
        title={
          <Flex gap="small" wrap align="center">
            <ReasonTag code={item.reason_code} />
            <Typography.Text>{item.message}</Typography.Text>
          </Flex>
        }
      />
      <Form<RetryFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ ...mapping.values, source_id: sourceId, status_id: statusId }}
        onFinish={(values) => void submit(values)}
        data-testid="failed-retry-form"
      >
        <RetryFormFields />
        {otherErrors.length > 0 && (
          <Alert
            type="error"
            showIcon
            data-testid="failed-retry-errors"
            style={{ marginBottom: 16 }}
            title={otherErrors.map(([field, message]) => (
              <div key={field}>{`${field}: ${message}`}</div>
            ))}
          />
        )}
        {mapping.unmapped.length > 0 && (
          <Descriptions size="small" bordered column={1} title={t('leads:leads.failed.otherRaw')} data-testid="failed-retry-unmapped" style={{ marginBottom: 16 }}>
            {mapping.unmapped.map(([key, text]) => (
              <Descriptions.Item key={key} label={key}>
                {text}
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
        <Flex justify="end" gap="small">
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <SubmitButton loading={retrying.isLoading}>{t('leads:leads.failed.retrySubmit')}</SubmitButton>
        </Flex>
      </Form>
    </Modal>
  );
}
