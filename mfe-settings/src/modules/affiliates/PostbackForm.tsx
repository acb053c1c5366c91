/** The postback of one event: method, URL template (with the macros it may use) and the active flag. */
import { useTranslation } from 'react-i18next';
import { Button, Flex, Form, Input, Modal, Select, Switch, Tag, toastOutcome, Typography, showFieldErrorsIn } from '@crm/shared/ui';
import { affiliatePostbackMacros, affiliatePostbackMethods, type AffiliatePostbackEvent, type AffiliatePostbackItem, type AffiliatePostbackMethod } from '@crm/shared/contract';

export type PostbackFormValues = { method: AffiliatePostbackMethod; url_template: string; is_active: boolean };

type Props = {
  event: AffiliatePostbackEvent;
  editing: AffiliatePostbackItem | null;
  saving: boolean;
  /** The save call: resolves with the server's message, rejects with its error (which the form shows). */
  onSave(values: PostbackFormValues): Promise<{ message: string }>;
  onClose(): void;
};

export function PostbackForm({ event, editing, saving, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PostbackFormValues>();
  const initialValues: PostbackFormValues = editing
    ? { method: editing.method, url_template: editing.url_template, is_active: editing.is_active }
    : { method: 'GET', url_template: '', is_active: true };

  async function submit(values: PostbackFormValues) {
    if (await toastOutcome(() => onSave(values), { showFieldErrors: showFieldErrorsIn(form) })) onClose();
  }

  return (
    <Modal open title={`${t('settings:postbacks.title')} — ${t(`settings:postbacks.events.${event}`)}`} onCancel={onClose} footer={null} destroyOnHidden width={640}>
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={(values) => void submit(values)} requiredMark={false} data-testid="postback-form">
        <Form.Item name="method" label={t('settings:postbacks.method')}>
          <Select aria-label={t('settings:postbacks.method')} options={affiliatePostbackMethods.map((method) => ({ value: method, label: method }))} />
        </Form.Item>
        <Form.Item name="url_template" label={t('settings:postbacks.urlTemplate')}>
          <Input aria-label={t('settings:postbacks.urlTemplate')} placeholder="https://tracker.example/postback?click={click_id}&status={status}" />
        </Form.Item>
        <Typography.Paragraph type="secondary" data-testid="postback-macros">
          {t('settings:postbacks.macroHelp')}{' '}
          {affiliatePostbackMacros.map((macro) => (
            <Tag key={macro}>{`{${macro}}`}</Tag>
          ))}
        </Typography.Paragraph>
        <Form.Item name="is_active" label={t('settings:postbacks.active')} valuePropName="checked">
          <Switch aria-label={t('settings:postbacks.active')} />
        </Form.Item>
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
