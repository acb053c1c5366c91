/** Users: server-paginated list with search and a role filter, create / edit / delete per permission. */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button, Card, DataTable, ListHeader, SearchBox, Select, Tag, toastOutcome, useListState, type DataColumn } from '@crm/shared/ui';
import type { UserItem } from '@crm/shared/contract';
import { useAccess } from '@crm/shared';
import { useManagementUserDeleteMutation, useManagementUsersQuery } from '../../common/api/managementApi.ts';
import { routeUrl } from '@crm/shared/routes';
import { searchWidth } from '../../common/searchWidth.ts';
import { useRoleChoices } from '../../common/hooks/useRoleChoices.ts';

export function UsersList() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const navigate = useNavigate();
  const list = useListState<'role_id'>();
  const users = useManagementUsersQuery(list.params);
  const [remove] = useManagementUserDeleteMutation();
  const roles = useRoleChoices();

  const columns: DataColumn<UserItem>[] = [
    { key: 'name', sortKey: 'name', title: t('management:users.fields.name') },
    { key: 'email', sortKey: 'email', title: t('management:users.fields.email') },
    { key: 'roles', title: t('management:users.fields.roles'), render: (user) => user.roles.map((role) => <Tag key={role.id}>{role.name}</Tag>) },
    { key: 'is_sender', title: t('management:users.fields.is_sender'), type: 'boolean' },
    { key: 'created_at', sortKey: 'created_at', title: t('management:users.fields.created_at'), type: 'datetime' },
  ];

  return (
    <Card>
      <ListHeader title={t('menu.management.users')}>
        <SearchBox label={t('management:users.list.search')} onSearch={list.setSearch} width={searchWidth} />
        {/* The roles option list is loaded only for users who may assign roles. */}
        {roles.available && (
          <Select<number>
            allowClear
            aria-label={t('management:users.list.role_filter')}
            placeholder={t('management:users.list.role_filter')}
            options={roles.choices}
            loading={roles.loading}
            optionFilterProp="label"
            showSearch
            style={{ width: 200 }}
            onChange={(roleId) => list.setFilter('role_id', roleId)}
          />
        )}
        {can('management.user.create') && (
          <Button type="primary" onClick={() => navigate(routeUrl('management/user/create'))}>
            {t('management:users.list.create')}
          </Button>
        )}
      </ListHeader>
      <DataTable<UserItem>
        rows={users.data?.data ?? []}
        columns={columns}
        rowKey={(user) => user.id}
        loading={users.isFetching}
        actions={{
          edit: { permission: 'management.user.update', run: (user) => navigate(routeUrl('management/user/:id/edit', { id: user.id })) },
          delete: { permission: 'management.user.delete', run: (user) => void toastOutcome(() => remove(user.id).unwrap()) },
        }}
        pagination={list.pagination(users.data?.meta.total ?? 0)}
        onSortChange={list.setSort}
      />
    </Card>
  );
}
