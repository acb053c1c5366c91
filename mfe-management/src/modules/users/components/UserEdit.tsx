import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { isNotFound, LoadFailed, Skeleton } from '@crm/shared/ui';
import { FormCard } from '../../common/components/FormCard.tsx';
import { NotFoundState } from '../../common/components/NotFoundState.tsx';
import { parseRouteId, routeUrl } from '@crm/shared/routes';
import { useManagementUserQuery, useManagementUserUpdateMutation } from '../../common/api/managementApi.ts';
import { UserForm, userFormValuesOf, type UserFormValues } from './UserForm.tsx';

export function UserEdit() {
  const { t } = useTranslation();
  const userId = parseRouteId(useParams().id);
  const user = useManagementUserQuery(userId ?? skipToken, { refetchOnMountOrArgChange: true });
  const [update, updating] = useManagementUserUpdateMutation();

  if (userId === null || isNotFound(user.error)) return <NotFoundState title={t('management:users.not_found')} backTo={routeUrl('management/users')} />;
  if (user.error) return <LoadFailed retry={() => void user.refetch()} />;

  // A blank password keeps the current one: the field is left out of the body.
  const save = ({ password, ...values }: UserFormValues) => update({ id: userId, body: password ? { ...values, password } : values }).unwrap();
  return (
    <FormCard title={t('menu.management.userEdit')}>
      {user.data && !user.isFetching ? <UserForm mode="edit" initialValues={userFormValuesOf(user.data.data)} saving={updating.isLoading} save={save} /> : <Skeleton active />}
    </FormCard>
  );
}
