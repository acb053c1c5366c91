/**
 * The one render helper (STYLE 10): a real store from createAppStore on an in-memory storage, a MemoryRouter, the one
 * i18n instance with the host's English texts, and antd's configuration (AppConfig), its styles kept out of the
 * document (antdStyles.tsx) — then Testing Library, re-exported, so a test imports everything from here.
 */
import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { App as AntApp } from 'antd';
import { baseApi } from '../core/http/baseApi.ts';
import { i18n } from '../core/i18n/i18n.ts';
import { createAppStore, persistedStateKey, type AppStore } from '../core/store/createAppStore.ts';
import type { SessionState } from '../core/store/session.ts';
import { AppConfig } from '../ui/login/AppConfig.tsx';
import { TestStyles } from './antdStyles.tsx';
import { initTestI18n } from './i18nForTests.ts';
import { createMemoryStorage, type MemoryStorage } from './memoryStorage.ts';

export type TestStoreOptions = {
  /** The session the store starts with (restored from storage, as at a page load). */
  session?: SessionState;
  storage?: MemoryStorage;
};

const storesMade = new Set<AppStore>();

export function createTestStore({ session, storage = createMemoryStorage() }: TestStoreOptions = {}): { store: AppStore; storage: MemoryStorage } {
  if (session) storage.setItem(persistedStateKey, JSON.stringify({ session }));
  const store = createAppStore({ storage });
  storesMade.add(store);
  return { store, storage };
}

/**
 * Ends the cache entries of the stores the test made (setupTests.ts, after each test): an entry that outlived its test
 * would still answer live events (one emitter per tab, a singleton here) and refetch through the next test's stub.
 */
export function endTestStores(): void {
  for (const store of storesMade) store.dispatch(baseApi.util.resetApiState());
  storesMade.clear();
}

export type ProvidersOptions = TestStoreOptions & {
  /** Use this store instead of creating one. */
  store?: AppStore;
  /** The router's history; the last entry is the current location unless initialIndex says otherwise. */
  initialEntries?: string[];
  initialIndex?: number;
};

export type RenderWithProvidersResult = RenderResult & { store: AppStore; storage: MemoryStorage };

export function renderWithProviders(
  ui: ReactElement,
  { store: givenStore, session, storage, initialEntries = ['/'], initialIndex, ...renderOptions }: ProvidersOptions & Omit<RenderOptions, 'wrapper' | 'queries'> = {},
): RenderWithProvidersResult {
  // Normally done by setupTests.ts; with inline resources i18next initialises synchronously.
  if (!i18n.isInitialized) void initTestI18n();
  if (!i18n.isInitialized) throw new Error('i18n did not initialise with the inline test resources');
  const created = givenStore ? { store: givenStore, storage: storage ?? createMemoryStorage() } : createTestStore({ ...(session ? { session } : {}), ...(storage ? { storage } : {}) });
  const { store } = created;
  function Providers({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <TestStyles>
            <AppConfig>
              <AntApp>
                <MemoryRouter initialEntries={initialEntries} initialIndex={initialIndex ?? initialEntries.length - 1}>
                  {children}
                </MemoryRouter>
              </AntApp>
            </AppConfig>
          </TestStyles>
        </I18nextProvider>
      </Provider>
    );
  }
  const result: RenderResult = render(ui, { ...renderOptions, wrapper: Providers });
  return { ...result, store, storage: created.storage };
}

export * from '@testing-library/react';
export { userEvent } from '@testing-library/user-event';
