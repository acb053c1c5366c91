/** Roles: server-paginated list with search, create / edit / delete per permission. */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button, DataTable, ListHeader, SearchBox, toastOutcome, useListState, type DataColumn } from '@crm/shared/ui';
import type { RoleItem } from '@crm/shared/contract';
import { useAccess } from '@crm/shared';
import { useManagementRoleDeleteMutation, useManagementRolesQuery } from '../../common/api/managementApi.ts';
import { routeUrl } from '@crm/shared/routes';
import { searchWidth } from '../../common/searchWidth.ts';
import { useRoleChoices } from '../../common/hooks/useRoleChoices.ts';

export function RolesList() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const navigate = useNavigate();
  const list = useListState();
  const roles = useManagementRolesQuery(list.params);
  const [remove] = useManagementRoleDeleteMutation();
  const refreshRoleChoices = useRoleChoices().reload;

  const columns: DataColumn<RoleItem>[] = [
    { key: 'name', sortKey: 'name', title: t('management:roles.fields.name') },
    { key: 'guard_name', title: t('management:roles.fields.guard_name') },
    { key: 'permissions', title: t('management:roles.fields.permissions_count'), render: (role) => role.permissions.length },
    { key: 'users_count', title: t('management:roles.fields.users_count') },
    { key: 'created_at', sortKey: 'created_at', title: t('management:roles.fields.created_at'), type: 'datetime' },
  ];

  return (
    <>
      <ListHeader title={t('menu.management.roles')}>
        <SearchBox label={t('management:roles.list.search')} onSearch={list.setSearch} width={searchWidth} />
        {can('management.role.create') && (
          <Button type="primary" onClick={() => navigate(routeUrl('management/role/create'))}>
            {t('management:roles.list.create')}
          </Button>
        )}
      </ListHeader>
      <DataTable<RoleItem>
        rows={roles.data?.data ?? []}
        columns={columns}
        rowKey={(role) => role.id}
        loading={roles.isFetching}
        actions={{
          edit: { permission: 'management.role.update', run: (role) => navigate(routeUrl('management/role/:id/edit', { id: role.id })) },
          delete: {
            permission: 'management.role.delete',
            run: (role) => void toastOutcome(() => remove(role.id).unwrap()).then(refreshRoleChoices),
          },
        }}
        pagination={list.pagination(roles.data?.meta.total ?? 0)}
        onSortChange={list.setSort}
      />
    </>
  );
}
