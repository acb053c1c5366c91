import { baseApi } from '../http/baseApi.ts';
import { loginResponseFixture } from '../../testing/fixtures.ts';
import { createMemoryStorage } from '../../testing/memoryStorage.ts';
import { createAppStore, persistedStateKey, restoreState } from './createAppStore.ts';
import { fetchOptionList } from './options.ts';
import { initialSessionState, sessionActions } from './session.ts';

test('saves the client state to storage on every change, without the server cache', () => {
  const storage = createMemoryStorage();
  const store = createAppStore({ storage });

  store.dispatch(sessionActions.loggedIn(loginResponseFixture(['lead.view']).data));

  const saved = JSON.parse(storage.getItem(persistedStateKey) ?? '{}') as Record<string, unknown>;
  expect(saved).toMatchObject({ session: { accessToken: 'token-123', permissions: ['lead.view'], loaded: true } });
  expect(Object.keys(saved).sort()).toEqual(['locales', 'options', 'session']);
  expect(saved).not.toHaveProperty(baseApi.reducerPath);
});

test('a new store restores the saved state', () => {
  const storage = createMemoryStorage();
  createAppStore({ storage }).dispatch(sessionActions.loggedIn(loginResponseFixture(['lead.view'], { name: 'Bea' }).data));

  const reloaded = createAppStore({ storage });

  expect(reloaded.getState().session).toMatchObject({ name: 'Bea', accessToken: 'token-123', permissions: ['lead.view'] });
});

test('a load under way when the page went is not under way once restored, so the list is asked for again', () => {
  const storage = createMemoryStorage();
  const store = createAppStore({ storage });
  store.dispatch(fetchOptionList.pending('request-1', { name: 'roles', get: () => new Promise(() => undefined) }));
  store.dispatch(sessionActions.loginStarted());
  expect(store.getState().options.roles.loading).toBe(true);

  const reloaded = createAppStore({ storage }).getState();

  expect(reloaded.options.roles).toEqual({ data: [], loading: false, loaded: false, failed: false });
  expect(reloaded.session.loading).toBe(false);
});

test('starts from the initial state when the saved state is missing or unreadable', () => {
  expect(createAppStore({ storage: createMemoryStorage() }).getState().session).toEqual(initialSessionState);
  expect(createAppStore({ storage: createMemoryStorage({ [persistedStateKey]: '{not json' }) }).getState().session).toEqual(initialSessionState);
  expect(restoreState(createMemoryStorage({ [persistedStateKey]: 'null' }))).toBeUndefined();
});

test('keeps working when the storage refuses to save', () => {
  const storage = createMemoryStorage();
  storage.setItem = () => {
    throw new Error('QuotaExceededError');
  };
  const store = createAppStore({ storage });

  store.dispatch(sessionActions.loggedIn(loginResponseFixture(['lead.view']).data));

  expect(store.getState().session.accessToken).toBe('token-123');
});
