/** The one user form of the create and edit pages (antd Form; the server's 422 messages under the fields). */
import { useTranslation } from 'react-i18next';
import { fallbackLanguage, useAppSelector } from '@crm/shared';
import { Form, Input, Select, Switch, placeFieldErrors } from '@crm/shared/ui';
import type { UserItem } from '@crm/shared/contract';
import { routeUrl } from '@crm/shared/routes';
import { FormActions } from '../../common/components/FormActions.tsx';
import { useRoleChoices } from '../../common/hooks/useRoleChoices.ts';
import { useSubmitAndReturn } from '../../common/hooks/useSubmitAndReturn.ts';
import { minPasswordLength, passwordProblem } from '../passwordRule.ts';

export type UserFormValues = { name: string; email: string; password?: string; roles: number[]; is_sender: boolean; locale: string };
type UserFormMode = 'create' | 'edit';

const fieldNames = ['name', 'email', 'password', 'roles', 'is_sender', 'locale'] as const satisfies readonly (keyof UserFormValues)[];

export function userFormValuesOf(user: UserItem): UserFormValues {
  return { name: user.name, email: user.email, roles: user.roles.map((role) => role.id), is_sender: user.is_sender, locale: user.locale };
}

const emptyUser: UserFormValues = { name: '', email: '', roles: [], is_sender: false, locale: fallbackLanguage };

type UserFormProps = {
  mode: UserFormMode;
  initialValues?: UserFormValues;
  saving: boolean;
  save(values: UserFormValues): Promise<{ message: string }>;
};

export function UserForm({ mode, initialValues = emptyUser, saving, save }: UserFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserFormValues>();
  const submit = useSubmitAndReturn(fieldNames, (errors) => placeFieldErrors(form, errors), routeUrl('management/users'));
  const roles = useRoleChoices();
  const locales = useAppSelector((state) => state.locales.data);
  const languageChoices = Object.entries(locales).map(([value, label]) => ({ value, label }));
  const required = (key: string) => ({ required: true, whitespace: true, message: t(`management:users.validation.${key}`) });
  const passwordRules = t('management:users.form.password_rules', { min: minPasswordLength });

  return (
    <Form<UserFormValues>
      form={form}
      layout="vertical"
      noValidate
      requiredMark={mode === 'create'}
      initialValues={initialValues}
      onFinish={(values) => void submit(() => save(values))}
      style={{ maxWidth: 560 }}
    >
      <Form.Item name="name" label={t('management:users.fields.name')} rules={[required('name_required')]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="email" label={t('management:users.fields.email')} rules={[required('email_required'), { type: 'email', message: t('management:users.validation.email_invalid') }]}>
        <Input type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('management:users.fields.password')}
        extra={mode === 'edit' ? `${t('management:users.form.password_keep')} ${passwordRules}` : passwordRules}
        rules={[
          { required: mode === 'create', message: t('management:users.validation.password_required') },
          {
            validator: async (_rule, value: string | undefined) => {
              if (!value) return;
              const problem = passwordProblem(value);
              if (problem) throw new Error(problem);
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="roles" label={t('management:users.fields.roles')}>
        <Select mode="multiple" allowClear loading={roles.loading} options={roles.choices} optionFilterProp="label" placeholder={t('management:users.form.roles_placeholder')} />
      </Form.Item>
      <Form.Item name="is_sender" label={t('management:users.fields.is_sender')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="locale" label={t('management:users.fields.locale')}>
        <Select options={languageChoices} />
      </Form.Item>
      <FormActions saving={saving} saveLabel={t('management:users.form.save')} backTo={routeUrl('management/users')} />
    </Form>
  );
}
