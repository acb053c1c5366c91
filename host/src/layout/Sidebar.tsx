import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useAccess } from '@crm/shared';
import { ApartmentOutlined, BarChartOutlined, DashboardOutlined, Menu, ProfileOutlined, SettingOutlined, TeamOutlined, type MenuProps } from '@crm/shared/ui';
import { menuPathOf, visibleMenu } from './menuItems.ts';

const groupIcons = { leads: <ProfileOutlined />, brokers: <ApartmentOutlined />, management: <TeamOutlined />, settings: <SettingOutlined /> };
/** The entries above the groups, each its own icon: in the collapsed rail the icon is all that tells them apart. */
const topIcons: Partial<Record<string, ReactNode>> = { '/reports': <BarChartOutlined /> };

/**
 * The menu of the pages the user may open. The current page's entry is marked and its group opened, on
 * every navigation. Collapsed into the icon rail, a group opens as a popup on hover instead: those popups
 * have their own open keys, so collapsing does not leave the inline tree's open groups standing as popups.
 */
export function SidebarMenu({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
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
      ...(section.group === 'top' ? { icon: topIcons[entry.path] ?? <DashboardOutlined /> } : {}),
    }));
    if (section.group === 'top') return links;
    return [{ key: `group:${section.group}`, label: t(`menu.groups.${section.group}`), icon: groupIcons[section.group], children: links }];
  });
  const current = menuPathOf(pathname);
  const currentGroup = sections.find((section) => section.entries.some((entry) => entry.path === current))?.group;
  const currentGroupKey = currentGroup && currentGroup !== 'top' ? `group:${currentGroup}` : undefined;
  const [openGroups, setOpenGroups] = useState<string[]>(currentGroupKey ? [currentGroupKey] : []);
  const [openPopups, setOpenPopups] = useState<string[]>([]);
  useEffect(() => {
    if (currentGroupKey) setOpenGroups((keys) => (keys.includes(currentGroupKey) ? keys : [...keys, currentGroupKey]));
  }, [current, currentGroupKey]);
  useEffect(() => setOpenPopups([]), [collapsed]);

  return (
    <nav aria-label={t('header.menu')}>
      <Menu
        mode="inline"
        theme="dark"
        items={items}
        selectedKeys={current ? [current] : []}
        openKeys={collapsed ? openPopups : openGroups}
        onOpenChange={collapsed ? setOpenPopups : setOpenGroups}
      />
    </nav>
  );
}
