/** Add a blacklist entry: type, value (normalized by the API for its type) and a comment. */
import { useTranslation } from 'react-i18next';
import { Button, Flex, Form, Input, Modal, Select, SubmitButton, showFieldErrorsIn, toastOutcome } from '@crm/shared/ui';
import { blacklistTypes, type BlacklistCreateBody, type BlacklistCreated, type BlacklistType } from '@crm/shared/contract';
import { useBlacklistAddMutation } from '../api/blacklistApi.ts';

type Values = { type: BlacklistType; value?: string; comment?: string };
type Props = { onAdded(created: BlacklistCreated): void; onClose(): void };

export function BlacklistAddModal({ onAdded, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [add, adding] = useBlacklistAddMutation();
  const type = Form.useWatch('type', form) ?? 'email';
  const label = (key: string) => t(`leads:leads.blacklist.${key}`);

  async function submit(values: Values) {
    const comment = values.comment?.trim();
    const body: BlacklistCreateBody = { type: values.type, value: values.value?.trim() ?? '', comment: comment ? comment : null };
    const created = await toastOutcome(() => add(body).unwrap(), {
      successMessage: (response) => t('leads:leads.blacklist.added', { count: response.matching_leads }),
      showFieldErrors: showFieldErrorsIn(form),
    });
    if (created) onAdded(created);
  }

  return (
    <Modal open title={label('addTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      <Form<Values> form={form} layout="vertical" requiredMark={false} initialValues={{ type: 'email' }} onFinish={(values) => void submit(values)} data-testid="blacklist-form">
        <Form.Item<Values> name="type" label={label('type')}>
          <Select aria-label={label('type')} data-testid="blacklist-form-type" options={blacklistTypes.map((value) => ({ value, label: t(`leads:leads.blacklist.types.${value}`) }))} />
        </Form.Item>
        <Form.Item<Values> name="value" label={label('value')} rules={[{ required: true, whitespace: true, message: label('valueRequired') }]}>
          <Input aria-label={label('value')} placeholder={t(`leads:leads.blacklist.examples.${type}`)} data-testid="blacklist-form-value" />
        </Form.Item>
        <Form.Item<Values> name="comment" label={label('comment')}>
          <Input.TextArea rows={3} aria-label={label('comment')} data-testid="blacklist-form-comment" />
        </Form.Item>
        <Flex justify="end" gap="small">
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <SubmitButton loading={adding.isLoading}>{label('add')}</SubmitButton>
        </Flex>
      </Form>
    </Modal>
  );
}
