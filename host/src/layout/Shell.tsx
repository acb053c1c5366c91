/**
 * The signed-in layout: collapsible sidebar (remembered; a drawer on small screens that closes on
 * Escape or an outside click), header, and the page outlet. Starts the session's background work.
 */
import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { AntApp, Drawer, Grid, Layout } from '@crm/shared/ui';
import { usePreloadRemotes } from '../app/usePreloadRemotes.ts';
import { useSessionSchedulers } from '../app/useSessionSchedulers.ts';
import { Header } from './Header.tsx';
import { SidebarMenu } from './Sidebar.tsx';

const sidebarCollapsedKey = 'crm.sidebar.collapsed';

export function Shell() {
  useSessionSchedulers();
  usePreloadRemotes();
  const screens = Grid.useBreakpoint();
  const small = screens.md === false;
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(sidebarCollapsedKey) === 'true');
  const [drawerOpen, setDrawerOpen] = useState(false);

  const toggle = () => {
    if (small) {
      setDrawerOpen((open) => !open);
      return;
    }
    setCollapsed((value) => {
      localStorage.setItem(sidebarCollapsedKey, String(!value));
      return !value;
    });
  };

  // AntApp (message, modal and notification context) is part of the signed-in UI, not the login page.
  return (
    <AntApp>
      <Layout style={{ minHeight: '100vh' }}>
        {small ? (
          <Drawer placement="left" open={drawerOpen} onClose={() => setDrawerOpen(false)} width={260} styles={{ body: { padding: 0, background: '#001529' } }} data-testid="sidebar-drawer">
            <SidebarMenu onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        ) : (
          <Layout.Sider collapsible collapsed={collapsed} trigger={null} width={240} data-testid="sidebar">
            <SidebarMenu collapsed={collapsed} />
          </Layout.Sider>
        )}
        <Layout>
          <Header collapsed={small ? !drawerOpen : collapsed} onToggleSidebar={toggle} />
          <Layout.Content style={{ margin: 16 }}>
            <Outlet />
          </Layout.Content>
        </Layout>
      </Layout>
    </AntApp>
  );
}
