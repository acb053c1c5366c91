/**
 * Start-up shared by the host and a remote's standalone shell: read /config.json (remote URLs, API base,
 * time limits — replaceable per environment without a rebuild), create the one store, HTTP client and
 * i18n instance, and start the server localizations.
 */
import axios from 'axios';
import toast from 'react-hot-toast';
import { createHttpClient, installHttpClient } from './http/client.ts';
import { i18n, initI18n, storedLanguage } from './i18n/i18n.ts';
import { startServerLocalizations } from './i18n/serverLocalizations.ts';
import { parseRuntimeConfig, setRuntimeConfig, type RuntimeConfig } from './runtimeConfig.ts';
import { createAppStore, type AppStore } from './store/createAppStore.ts';
import { sessionActions } from './store/session.ts';

async function readConfig(): Promise<unknown> {
  try {
    const response = await fetch('/config.json', { cache: 'no-store' });
    return response.ok ? await response.json() : {};
  } catch {
    return {};
  }
}

export async function bootstrapApp(): Promise<{ store: AppStore; config: RuntimeConfig }> {
  const config = parseRuntimeConfig(await readConfig(), window.location);
  setRuntimeConfig(config);

  const store = createAppStore({ storage: localStorage });
  // The one store, reachable from the browser console and the end-to-end tests.
  Object.assign(window, { __crmStore: store });

  installHttpClient(
    createHttpClient({
      baseURL: config.apiBaseUrl,
      getToken: () => store.getState().session.accessToken,
      getLanguage: () => i18n.language || 'en',
      warn: (message) => toast(message, { icon: '⚠️' }),
      serverError: () => toast.error(i18n.t('server.error')),
      signOutAndReload: () => {
        // Signed out first: a state write racing the clear can then only store a signed-out session.
        store.dispatch(sessionActions.loggedOut());
        localStorage.clear();
        window.location.reload();
      },
    }),
  );

  await initI18n({ language: storedLanguage(localStorage) });
  // Translation failures are only logged, so this loader uses a bare request, not the client.
  startServerLocalizations({ get: async (path) => (await axios.get(`${config.apiBaseUrl}${path}`)).data, storage: localStorage });
  return { store, config };
}
