import { createMemoryStorage } from '../../testing/memoryStorage.ts';
import { createAppStore } from './createAppStore.ts';
import { fetchOptionList, mayLoadOption } from './options.ts';

const newStore = () => createAppStore({ storage: createMemoryStorage() });

test('a list is marked loading while it loads, then holds the data of the answer', async () => {
  const store = newStore();
  let answer: (body: unknown) => void = () => undefined;
  const pending = store.dispatch(fetchOptionList({ name: 'tags', get: () => new Promise((resolve) => (answer = resolve)) }));

  expect(store.getState().options.tags).toMatchObject({ loading: true, loaded: false });
  answer({ data: [{ id: 1, name: 'VIP' }] });
  await pending;

  expect(store.getState().options.tags).toEqual({ data: [{ id: 1, name: 'VIP' }], loading: false, loaded: true, failed: false });
});

test('plain lists are read from the answer itself, from their own path', async () => {
  const store = newStore();
  const get = jest.fn(async () => [{ status: 'sent' }]);

  await store.dispatch(fetchOptionList({ name: 'sentLeadStatuses', get }));

  expect(get).toHaveBeenCalledWith('/lead/last/statuses/all');
  expect(store.getState().options.sentLeadStatuses.data).toEqual([{ status: 'sent' }]);
});

test('a failed load is marked failed and keeps the previous data', async () => {
  const store = newStore();
  await store.dispatch(fetchOptionList({ name: 'tags', get: async () => ({ data: [{ id: 1, name: 'VIP' }] }) }));

  await store.dispatch(fetchOptionList({ name: 'tags', get: async () => ({ message: 'not a list' }) }));

  expect(store.getState().options.tags).toEqual({ data: [{ id: 1, name: 'VIP' }], loading: false, loaded: true, failed: true });
});

test('a list may be loaded only with its gate', () => {
  expect(mayLoadOption('users', ['options.users.all'])).toBe(true);
  expect(mayLoadOption('users', ['management.user.view'])).toBe(false);
  expect(mayLoadOption('roles', ['management.user.update'])).toBe(true);
  expect(mayLoadOption('roles', ['management.role.view'])).toBe(false);
});
