/** Name, e-mail and language: an editable form with user.profile.update, read-only values otherwise. */
import { useTranslation } from 'react-i18next';
import { changeLanguage, i18n, useAccess, useAppSelector } from '@crm/shared';
import type { Profile } from '@crm/shared/contract';
import { Alert, Card, Descriptions, Form, Input, Select, showFieldErrorsIn, Skeleton, SubmitButton, toastOutcome } from '@crm/shared/ui';
import { useProfileQuery, useUpdateProfileMutation } from '../api/profileApi.ts';

type SettingsValues = { name: string; email: string; locale: string };

export function ProfileSettingsCard() {
  const { t } = useTranslation();
  const profile = useProfileQuery();
  const title = t('management:profile.settings.title');
  return (
    <Card title={title} data-testid="profile-settings">
      {profile.data ? <SettingsBody profile={profile.data.data} /> : profile.isError ? <Alert type="error" showIcon title={t('management:profile.load_failed')} /> : <Skeleton active />}
    </Card>
  );
}

function SettingsBody({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const locales = useAppSelector((state) => state.locales.data);
  const languageOptions = Object.entries({ [profile.locale]: profile.locale, ...locales }).map(([value, label]) => ({ value, label }));
  if (!can('user.profile.update')) {
    return (
      <Descriptions column={1} data-testid="profile-settings-read-only">
        <Descriptions.Item label={t('management:profile.settings.name')}>{profile.name}</Descriptions.Item>
        <Descriptions.Item label={t('management:profile.settings.email')}>{profile.email}</Descriptions.Item>
        <Descriptions.Item label={t('management:profile.settings.language')}>{locales[profile.locale] ?? profile.locale}</Descriptions.Item>
      </Descriptions>
    );
  }
  return <SettingsForm initialValues={{ name: profile.name, email: profile.email, locale: profile.locale }} languageOptions={languageOptions} />;
}

function SettingsForm({ initialValues, languageOptions }: { initialValues: SettingsValues; languageOptions: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SettingsValues>();
  const [update, updating] = useUpdateProfileMutation();

  async function save(values: SettingsValues) {
    const saved = await toastOutcome(() => update(values).unwrap(), { showFieldErrors: showFieldErrorsIn(form) });
    if (saved && saved.data.locale !== i18n.language) await changeLanguage(saved.data.locale, localStorage);
  }

  return (
    <Form form={form} layout="vertical" noValidate initialValues={initialValues} onFinish={(values) => void save(values)} requiredMark={false} name="profile-settings">
      <Form.Item name="name" label={t('management:profile.settings.name')}>
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item name="email" label={t('management:profile.settings.email')}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item name="locale" label={t('management:profile.settings.language')}>
        <Select options={languageOptions} />
      </Form.Item>
      <SubmitButton loading={updating.isLoading}>{t('management:profile.settings.save')}</SubmitButton>
    </Form>
  );
}
