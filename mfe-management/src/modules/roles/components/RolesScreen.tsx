/** The roles page: the roles list, and the role-has-permissions view as a second tab for those who may see it. */
import { useTranslation } from 'react-i18next';
import { Card, Tabs } from '@crm/shared/ui';
import { useAccess } from '@crm/shared';
import { RoleHasPermissionsList } from './RoleHasPermissionsList.tsx';
import { RolesList } from './RolesList.tsx';

export function RolesScreen() {
  const { t } = useTranslation();
  const { can } = useAccess();
  if (!can('management.role_has_permissions.view')) {
    return (
      <Card>
        <RolesList />
      </Card>
    );
  }
  return (
    <Card>
      <Tabs
        items={[
          { key: 'roles', label: t('menu.management.roles'), children: <RolesList /> },
          { key: 'role-has-permissions', label: t('management:roles.has_permissions.title'), children: <RoleHasPermissionsList /> },
        ]}
      />
    </Card>
  );
}
