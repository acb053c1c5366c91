import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { baseApi, changeLanguage, getRuntimeConfig, sessionActions, useAccess, useAppDispatch, useAppSelector, useLogoutMutation } from '@crm/shared';
import { routeUrl } from '@crm/shared/routes';
import {
  Button,
  Dropdown,
  Flex,
  Grid,
  Layout,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  Modal,
  QuestionCircleOutlined,
  SearchOutlined,
  Select,
  UserOutlined,
  Input,
  type MenuProps,
} from '@crm/shared/ui';
import { LiveStatusIndicator } from './LiveStatusIndicator.tsx';
import { NotificationBell } from './NotificationBell.tsx';

export function Header({ collapsed, onToggleSidebar }: { collapsed: boolean; onToggleSidebar(): void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { can } = useAccess();
  const name = useAppSelector((state) => state.session.name);
  const locales = useAppSelector((state) => state.locales.data);
  const [logout] = useLogoutMutation();
  const [searchOpen, setSearchOpen] = useState(false);
  // On a phone's width the controls and the user's name do not fit one line: the name stays in the user menu only.
  const phone = Grid.useBreakpoint().sm === false;

  // Sign out clears the session whether the call succeeds or fails.
  const signOut = () => {
    void logout()
      .unwrap()
      .catch(() => undefined)
      .finally(() => {
        dispatch(sessionActions.loggedOut());
        dispatch(baseApi.util.resetApiState());
        navigate('/', { replace: true });
      });
  };

  const apiOrigin = new URL(getRuntimeConfig().apiBaseUrl).origin;
  const helpItems: MenuProps['items'] = [
    {
      key: 'docs',
      label: (
        <a href={`${apiOrigin}/api/docs`} target="_blank" rel="noreferrer">
          {t('header.api_docs')}
        </a>
      ),
    },
    { key: 'guide', label: <a href="#guide">{t('header.guide')}</a> },
    { key: 'support', label: <a href="#support">{t('header.support')}</a> },
  ];
  const userItems: MenuProps['items'] = [
    { key: 'name', label: name, disabled: true },
    { type: 'divider' },
    ...(can('user.profile.job.view') ? [{ key: 'jobs', label: t('menu.profile.jobs'), onClick: () => navigate(routeUrl('profile/jobs')) }] : []),
    ...(can('user.profile.notification.view') ? [{ key: 'notifications', label: t('menu.profile.notifications'), onClick: () => navigate(routeUrl('profile/notifications')) }] : []),
    ...(can('user.profile.view') ? [{ key: 'profile', label: t('menu.profile.settings'), onClick: () => navigate(routeUrl('profile')) }] : []),
    { key: 'sign-out', label: t('header.sign_out'), icon: <LogoutOutlined />, onClick: signOut },
  ];

  return (
    <Layout.Header style={{ background: '#fff', padding: '0 16px' }}>
      <Flex align="center" justify="space-between" style={{ height: '100%' }}>
        <Button type="text" icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} aria-label={collapsed ? t('header.expand') : t('header.collapse')} onClick={onToggleSidebar} />
        <Flex align="center" gap={phone ? 2 : 'small'} style={{ minWidth: 0 }}>
          <LiveStatusIndicator />
          <Button type="text" icon={<SearchOutlined />} aria-label={t('header.search')} onClick={() => setSearchOpen(true)} />
          <NotificationBell />
          <Dropdown menu={{ items: helpItems }} trigger={['click']}>
            <Button type="text" icon={<QuestionCircleOutlined />} aria-label={t('header.help')} />
          </Dropdown>
          <Select
            aria-label={t('header.language')}
            data-testid="language-select"
            size="small"
            value={i18n.language}
            style={{ width: phone ? 96 : 110 }}
            options={Object.entries(locales).map(([code, label]) => ({ value: code, label }))}
            onChange={(language: string) => void changeLanguage(language, localStorage)}
          />
          <Dropdown menu={{ items: userItems }} trigger={['click']}>
            <Button type="text" icon={<UserOutlined />} data-testid="user-menu" {...(phone ? { 'aria-label': name } : {})}>
              {phone ? null : name}
            </Button>
          </Dropdown>
        </Flex>
      </Flex>
      <Modal open={searchOpen} title={t('header.search')} footer={null} onCancel={() => setSearchOpen(false)}>
        <Input placeholder={t('header.search_placeholder')} prefix={<SearchOutlined />} />
        <p style={{ marginTop: 12 }}>{t('header.search_soon')}</p>
      </Modal>
    </Layout.Header>
  );
}
