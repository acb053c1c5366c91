import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useAccess } from '@crm/shared';
import { ApartmentOutlined, DashboardOutlined, Menu, ProfileOutlined, SettingOutlined, TeamOutlined, type MenuProps } from '@crm/shared/ui';
import { menuPathOf, visibleMenu } from './menuItems.ts';

const groupIcons = { leads: <ProfileOutlined />, brokers: <ApartmentOutlined />, management: <TeamOutlined />, settings: <SettingOutlined /> };

export function SidebarMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { permissions } = useAccess();
  const { pathname } = useLocation();
  const sections = useMemo(() => visibleMenu(permissions), [permissions]);

  type Item = NonNullable<MenuProps['items']>[number];
  const items: Item[] = sections.flatMap((section): Item[] => {
    const links = section.entries.map((entry) => ({
      key: entry.path,
      label: (
        <Link to={entry.path} onClick={onNavigate}>
          {t(entry.titleKey)}
        </Link>
      ),
      ...(section.group === 'top' ? { icon: <DashboardOutlined /> } : {}),
    }));
    if (section.group === 'top') return links;
    return [{ key: `group:${section.group}`, label: t(`menu.groups.${section.group}`), icon: groupIcons[section.group], children: links }];
  });
  const current = menuPathOf(pathname);
  const openGroup = sections.find((section) => section.entries.some((entry) => entry.path === current))?.group;

  return (
    <nav aria-label={t('header.menu')}>
      <Menu
        mode="inline"
        theme="dark"
        items={items}
        selectedKeys={current ? [current] : []}
        defaultOpenKeys={openGroup && openGroup !== 'top' ? [`group:${openGroup}`] : []}
      />
    </nav>
  );
}
