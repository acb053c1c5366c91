import { useTranslation } from 'react-i18next';
import { FormCard } from '../../common/components/FormCard.tsx';
import { useManagementUserCreateMutation } from '../../common/api/managementApi.ts';
import { UserForm, type UserFormValues } from './UserForm.tsx';

export function UserCreate() {
  const { t } = useTranslation();
  const [create, creating] = useManagementUserCreateMutation();
  const save = ({ password = '', ...values }: UserFormValues) => create({ ...values, password }).unwrap();
  return (
    <FormCard title={t('menu.management.userCreate')}>
      <UserForm mode="create" saving={creating.isLoading} save={save} />
    </FormCard>
  );
}
