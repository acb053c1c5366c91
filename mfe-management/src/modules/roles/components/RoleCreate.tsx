import { useTranslation } from 'react-i18next';
import { FormCard } from '../../common/components/FormCard.tsx';
import { useManagementRoleCreateMutation } from '../../common/api/managementApi.ts';
import { RoleForm, type RoleFormValues } from './RoleForm.tsx';

export function RoleCreate() {
  const { t } = useTranslation();
  const [create, creating] = useManagementRoleCreateMutation();
  const save = (values: RoleFormValues) => create(values).unwrap();
  return (
    <FormCard title={t('menu.management.roleCreate')}>
      <RoleForm saving={creating.isLoading} save={save} />
    </FormCard>
  );
}
