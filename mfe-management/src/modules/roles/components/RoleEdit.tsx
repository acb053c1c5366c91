import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { isNotFound, LoadFailed, Skeleton } from '@crm/shared/ui';
import { FormCard } from '../../common/components/FormCard.tsx';
import { NotFoundState } from '../../common/components/NotFoundState.tsx';
import { parseRouteId, routeUrl } from '@crm/shared/routes';
import { useManagementRoleQuery, useManagementRoleUpdateMutation } from '../../common/api/managementApi.ts';
import { RoleForm, roleFormValuesOf, type RoleFormValues } from './RoleForm.tsx';

export function RoleEdit() {
  const { t } = useTranslation();
  const roleId = parseRouteId(useParams().id);
  const role = useManagementRoleQuery(roleId ?? skipToken, { refetchOnMountOrArgChange: true });
  const [update, updating] = useManagementRoleUpdateMutation();

  if (roleId === null || isNotFound(role.error)) return <NotFoundState title={t('management:roles.not_found')} backTo={routeUrl('management/roles')} />;
  if (role.error) return <LoadFailed retry={() => void role.refetch()} />;

  const save = (values: RoleFormValues) => update({ id: roleId, body: values }).unwrap();
  return (
    <FormCard title={t('menu.management.roleEdit')}>
      {role.data && !role.isFetching ? <RoleForm initialValues={roleFormValuesOf(role.data.data)} saving={updating.isLoading} save={save} /> : <Skeleton active />}
    </FormCard>
  );
}
