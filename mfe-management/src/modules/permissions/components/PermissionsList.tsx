/** Permissions: read-only list sorted by group, with a group filter and search, and how many roles hold each. */
import { useTranslation } from 'react-i18next';
import { Card, DataTable, ListHeader, SearchBox, useListState, type DataColumn } from '@crm/shared/ui';
import type { PermissionItem } from '@crm/shared/contract';
import { useManagementPermissionsQuery } from '../../common/api/managementApi.ts';
import { GroupFilter } from '../../common/components/GroupFilter.tsx';
import { searchWidth } from '../../common/searchWidth.ts';

export function PermissionsList() {
  const { t } = useTranslation();
  // Sorted by group until the user picks an order, so a page reads as the catalogue's groups one after another.
  const list = useListState<'group'>({ defaultSort: { sort: 'group', direction: 'asc' } });
  const permissions = useManagementPermissionsQuery(list.params);

  const columns: DataColumn<PermissionItem>[] = [
    { key: 'group', sortKey: 'group', title: t('management:permissions.fields.group') },
    { key: 'name', sortKey: 'name', title: t('management:permissions.fields.name') },
    { key: 'guard_name', title: t('management:permissions.fields.guard_name') },
    { key: 'roles_count', title: t('management:permissions.fields.roles_count') },
  ];

  return (
    <Card>
      <ListHeader title={t('menu.management.permissions')}>
        <SearchBox label={t('management:permissions.list.search')} onSearch={list.setSearch} width={searchWidth} />
        <GroupFilter onChange={(group) => list.setFilter('group', group)} />
      </ListHeader>
      <DataTable<PermissionItem>
        rows={permissions.data?.data ?? []}
        columns={columns}
        rowKey={(permission) => permission.id}
        loading={permissions.isFetching}
        pagination={list.pagination(permissions.data?.meta.total ?? 0)}
        onSortChange={list.setSort}
      />
    </Card>
  );
}
