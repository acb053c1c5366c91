/**
 * A remote's own shell for its domain team: the same store factory, login and translations as the host,
 * and the remote's pages at their route-table paths, without the host or the other remotes.
 */
import { Suspense, type ComponentType } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import { BrowserRouter, Link, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import { App as AntApp, Layout, Menu } from 'antd';
import { AppConfig } from '@crm/shared/ui/login';
import { defaults, i18n, selectIsLoggedIn, useAppSelector, type AppStore } from '@crm/shared';
import { routeTable, type PageOf, type RemoteName } from '@crm/shared/routes';
import { FullPageLoader, LoginForm } from '@crm/shared/ui/login';

/** A remote's pages by name, for its standalone shell: exactly the pages the route table gives it (its `pages.ts`). */
export type RemotePages<R extends RemoteName> = Record<PageOf<R>, ComponentType>;

type Pages = Partial<Record<string, ComponentType>>;

function StandaloneRoutes({ remote, pages }: { remote: RemoteName; pages: Pages }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const routes = routeTable.filter((route) => route.remote === remote);
  const first = routes.find((route) => !route.path.includes(':'));
  if (!loggedIn) return <LoginForm onLoggedIn={() => navigate(first ? `/${first.path}` : '/')} />;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={240}>
        <Menu
          theme="dark"
          mode="inline"
          items={routes.filter((route) => !route.path.includes(':')).map((route) => ({ key: route.path, label: <Link to={`/${route.path}`}>{t(route.titleKey)}</Link> }))}
        />
      </Layout.Sider>
      <Layout.Content style={{ margin: 16 }}>
        <Suspense fallback={<FullPageLoader />}>
          <Routes>
            {routes.map((route) => {
              const Page = pages[route.page];
              return Page ? <Route key={route.path} path={`/${route.path}`} element={<Page />} /> : null;
            })}
            <Route path="*" element={<Navigate to={first ? `/${first.path}` : '/'} replace />} />
          </Routes>
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}

export function StandaloneApp<R extends RemoteName>({ store, remote, pages }: { store: AppStore; remote: R; pages: RemotePages<R> }) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <AppConfig>
          <AntApp>
            <BrowserRouter>
              <StandaloneRoutes remote={remote} pages={pages} />
            </BrowserRouter>
            <Toaster position="bottom-right" toastOptions={{ duration: defaults.toastDurationMs }} />
          </AntApp>
        </AppConfig>
      </I18nextProvider>
    </Provider>
  );
}
