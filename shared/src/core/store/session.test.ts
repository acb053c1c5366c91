import { loginResponseFixture, notificationFixture, profileFixture } from '../../testing/fixtures.ts';
import { createMemoryStorage } from '../../testing/memoryStorage.ts';
import { createAppStore } from './createAppStore.ts';
import { fetchOptionList, initialOptionsState } from './options.ts';
import { initialSessionState, selectIsLoggedIn, selectPermissions, sessionActions } from './session.ts';

const newStore = () => createAppStore({ storage: createMemoryStorage() });

test('starts signed out and not loaded', () => {
  const store = newStore();

  expect(store.getState().session).toEqual(initialSessionState);
  expect(selectIsLoggedIn(store.getState())).toBe(false);
});

test('login marks the session loading, then fills it and marks it loaded', () => {
  const store = newStore();

  store.dispatch(sessionActions.loginStarted());
  expect(store.getState().session).toMatchObject({ loading: true, loaded: false, failed: false });

  const notification = notificationFixture(7);
  store.dispatch(
    sessionActions.loggedIn(loginResponseFixture(['lead.view'], { name: 'Bea', email: 'bea@example.com', is_sender: true, notifications: [notification], total_notifications: 5 }).data),
  );

  expect(store.getState().session).toEqual({
    ...initialSessionState,
    name: 'Bea',
    email: 'bea@example.com',
    isSender: true,
    permissions: ['lead.view'],
    notifications: [notification],
    totalNotifications: 5,
    accessToken: 'token-123',
    tokenType: 'Bearer',
    tokenExpiresAt: '2030-01-01T00:00:00.000Z',
    loaded: true,
  });
  expect(selectIsLoggedIn(store.getState())).toBe(true);
});

test('a failed login marks the session failed and not loading', () => {
  const store = newStore();
  store.dispatch(sessionActions.loginStarted());

  store.dispatch(sessionActions.loginFailed());

  expect(store.getState().session).toMatchObject({ loading: false, failed: true, loaded: false, accessToken: null });
});

test('a profile refresh with the same permissions keeps the permissions array', () => {
  const store = newStore();
  store.dispatch(sessionActions.loggedIn(loginResponseFixture(['lead.view', 'broker.view']).data));
  const before = selectPermissions(store.getState());

  store.dispatch(sessionActions.profileRefreshed(profileFixture({ name: 'Renamed', permissions: ['lead.view', 'broker.view'], total_notifications: 4 })));

  const session = store.getState().session;
  expect(session.name).toBe('Renamed');
  expect(session.totalNotifications).toBe(4);
  expect(selectPermissions(store.getState())).toBe(before);
});

test('a profile refresh with changed permissions replaces them', () => {
  const store = newStore();
  store.dispatch(sessionActions.loggedIn(loginResponseFixture(['lead.view']).data));
  const before = selectPermissions(store.getState());

  store.dispatch(sessionActions.profileRefreshed(profileFixture({ permissions: ['lead.view', 'dashboard.view'] })));

  expect(selectPermissions(store.getState())).not.toBe(before);
  expect(selectPermissions(store.getState())).toEqual(['lead.view', 'dashboard.view']);
});

test('a profile refresh keeps unchanged settings and replaces changed ones', () => {
  const store = newStore();
  const settings = [{ id: 1, key: 'columns', value: ['email'] }];
  store.dispatch(sessionActions.loggedIn(loginResponseFixture([], { settings }).data));
  const before = store.getState().session.settings;

  store.dispatch(sessionActions.profileRefreshed(profileFixture({ settings: [{ id: 1, key: 'columns', value: ['email'] }] })));
  expect(store.getState().session.settings).toBe(before);

  store.dispatch(sessionActions.profileRefreshed(profileFixture({ settings: [{ id: 1, key: 'columns', value: ['phone'] }] })));
  expect(store.getState().session.settings).toEqual([{ id: 1, key: 'columns', value: ['phone'] }]);
});

test('a profile refresh keeps the token', () => {
  const store = newStore();
  store.dispatch(sessionActions.loggedIn(loginResponseFixture(['lead.view']).data));

  store.dispatch(sessionActions.profileRefreshed(profileFixture({ permissions: ['lead.view'] })));

  expect(store.getState().session.accessToken).toBe('token-123');
});

test('logout resets the session and every option list', async () => {
  const store = newStore();
  store.dispatch(sessionActions.loggedIn(loginResponseFixture(['options.tags.all']).data));
  await store.dispatch(fetchOptionList({ name: 'tags', get: async () => ({ data: [{ id: 1, name: 'VIP' }] }) }));
  expect(store.getState().options.tags.data).toEqual([{ id: 1, name: 'VIP' }]);

  store.dispatch(sessionActions.loggedOut());

  expect(store.getState().session).toEqual(initialSessionState);
  expect(store.getState().options).toEqual(initialOptionsState);
});
