/**
 * The browser tab names the page open ("Send history · Lead console"), from the route table's title keys, so staff
 * with several tabs (and the browser's history) tell them apart.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation } from 'react-router-dom';
import { routeTable } from '@crm/shared/routes';

export function titleKeyOf(pathname: string): string | null {
  if (pathname === '/' || pathname === '/login') return 'login.title';
  return routeTable.find((route) => matchPath(`/${route.path}`, pathname))?.titleKey ?? null;
}

export function useDocumentTitle(): void {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    const key = titleKeyOf(pathname);
    document.title = key ? `${t(key)} · ${t('app_name')}` : t('app_name');
  }, [pathname, t, i18n.language]);
}
