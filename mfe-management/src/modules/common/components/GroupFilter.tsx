import { useTranslation } from 'react-i18next';
import { permissionGroups, type PermissionGroup } from '@crm/shared/access';
import { Select } from '@crm/shared/ui';

const groupChoices = permissionGroups.map((group) => ({ value: group, label: group }));

/** Filter by the catalogue's group label. */
export function GroupFilter({ onChange }: { onChange(group: PermissionGroup | undefined): void }) {
  const { t } = useTranslation();
  const label = t('management:permissions.list.group_filter');
  return <Select<PermissionGroup> allowClear showSearch aria-label={label} placeholder={label} options={groupChoices} style={{ width: 200 }} onChange={onChange} />;
}
