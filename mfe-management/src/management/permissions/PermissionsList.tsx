/** Permissions: read-only list sorted by group, with a group filter and search, and how many roles hold each. */
import { useTranslation } from 'react-i18next';
import { Card, DataTable, type DataColumn } from '@crm/shared/ui';
import type { PermissionItem } from '@crm/shared/contract';
import { useManagementPermissionsQuery } from '../api/managementApi.ts';
import { ListHeader } from '../common/ListHeader.tsx';
import { SearchBox } from '../common/SearchBox.tsx';
import { useListQueryState } from '../common/useListQueryState.ts';
import { GroupFilter } from '../common/GroupFilter.tsx';

export function PermissionsList() {
  const { t } = useTranslation();
  const list = useListQueryState<'group'>();
  // Sorted by group, so a page reads as the catalogue's groups one after another.
  const permissions = useManagementPermissionsQuery({ ...list.params, sort: 'group', direction: 'asc' });

  const columns: DataColumn<PermissionItem>[] = [
    { key: 'group', title: t('management:permissions.fields.group') },
    { key: 'name', title: t('management:permissions.fields.name') },
    { key: 'guard_name', title: t('management:permissions.fields.guard_name') },
    { key: 'roles_count', title: t('management:permissions.fields.roles_count') },
  ];

  return (
    <Card>
      <ListHeader title={t('menu.management.permissions')}>
        <SearchBox label={t('management:permissions.list.search')} onSearch={list.setSearch} />
        <GroupFilter onChange={(group) => list.setFilter('group', group)} />
      </ListHeader>
      <DataTable<PermissionItem>
        rows={permissions.data?.data ?? []}
        columns={columns}
        rowKey={(permission) => permission.id}
        loading={permissions.isFetching}
        pagination={list.pagination(permissions.data?.meta.total ?? 0)}
      />
    </Card>
  );
}
