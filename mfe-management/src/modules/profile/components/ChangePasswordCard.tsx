/** Current password, new password and its confirmation; only with user.profile.update. */
import { useTranslation } from 'react-i18next';
import type { PasswordChangeBody } from '@crm/shared/contract';
import { Card, Form, Input, showFieldErrorsIn, SubmitButton, toastOutcome } from '@crm/shared/ui';
import { useChangePasswordMutation } from '../api/profileApi.ts';

export function ChangePasswordCard() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordChangeBody>();
  const [changePassword, changing] = useChangePasswordMutation();

  async function save(values: PasswordChangeBody) {
    if (await toastOutcome(() => changePassword(values).unwrap(), { showFieldErrors: showFieldErrorsIn(form) })) form.resetFields();
  }

  return (
    <Card title={t('management:profile.password.title')} data-testid="profile-password">
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)} requiredMark={false} name="profile-password">
        <Form.Item name="current_password" label={t('management:profile.password.current')}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label={t('management:profile.password.new')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="password_confirmation" label={t('management:profile.password.confirmation')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <SubmitButton loading={changing.isLoading}>{t('management:profile.password.save')}</SubmitButton>
      </Form>
    </Card>
  );
}
