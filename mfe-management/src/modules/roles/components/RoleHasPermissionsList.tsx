/** Role has permissions: one row per role and permission it holds, filtered by role, group and search. */
import { useTranslation } from 'react-i18next';
import { DataTable, ListHeader, SearchBox, Select, useListState, type DataColumn } from '@crm/shared/ui';
import type { RoleHasPermissionItem } from '@crm/shared/contract';
import { useManagementRoleHasPermissionsQuery, useManagementRolesQuery } from '../../common/api/managementApi.ts';
import { GroupFilter } from '../../common/components/GroupFilter.tsx';
import { searchWidth } from '../../common/searchWidth.ts';

/** The API's page size cap: enough for every role in the filter. */
const allRolesParams = { per_page: 500, sort: 'name', direction: 'asc' };

export function RoleHasPermissionsList() {
  const { t } = useTranslation();
  const list = useListState<'role_id' | 'group'>();
  const rows = useManagementRoleHasPermissionsQuery(list.params);
  const roles = useManagementRolesQuery(allRolesParams);
  const roleChoices = (roles.data?.data ?? []).map((role) => ({ value: role.id, label: role.name }));

  const columns: DataColumn<RoleHasPermissionItem>[] = [
    { key: 'role_name', title: t('management:roles.has_permissions.role') },
    { key: 'permission_name', title: t('management:roles.has_permissions.permission') },
    { key: 'group', title: t('management:roles.has_permissions.group') },
  ];

  return (
    <>
      <ListHeader title={t('management:roles.has_permissions.title')}>
        <SearchBox label={t('management:roles.has_permissions.search')} onSearch={list.setSearch} width={searchWidth} />
        <Select<number>
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t('management:roles.has_permissions.role_filter')}
          placeholder={t('management:roles.has_permissions.role_filter')}
          options={roleChoices}
          loading={roles.isFetching}
          style={{ width: 200 }}
          onChange={(roleId) => list.setFilter('role_id', roleId)}
        />
        <GroupFilter onChange={(group) => list.setFilter('group', group)} />
      </ListHeader>
      <DataTable<RoleHasPermissionItem>
        rows={rows.data?.data ?? []}
        columns={columns}
        rowKey={(row) => `${row.role_id}:${row.permission_id}`}
        loading={rows.isFetching}
        pagination={list.pagination(rows.data?.meta.total ?? 0)}
      />
    </>
  );
}
