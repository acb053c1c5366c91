import { createMemoryStorage } from '../../testing/memoryStorage.ts';
import { optionListNames, type OptionListName } from '../store/options.ts';
import { lastOptionFetchKey, startOptionCycle } from './optionCycle.ts';

const start = new Date('2026-03-01T12:00:00Z').getTime();
const everyGate = [
  'options.users.all',
  'options.brokers.all',
  'options.brokers.send',
  'options.broker_departments.all',
  'options.sources.all',
  'options.tags.all',
  'options.countries.all',
  'options.statuses.all',
  'options.statusesOfSent.all',
  'options.statuses.sendHistoryFailure',
  'options.affiliateCompanies.all',
  'management.user.create',
];

type Call = { name: OptionListName; at: number };

function cycle({ permissions = everyGate, storage = createMemoryStorage(), fail = [] as OptionListName[] } = {}) {
  const calls: Call[] = [];
  const fetch = jest.fn(async (name: OptionListName) => {
    calls.push({ name, at: Date.now() - start });
    if (fail.includes(name)) throw new Error(`${name} answered 500`);
  });
  const running = startOptionCycle({ fetch, permissions: () => permissions, storage });
  return { calls, fetch, storage, running };
}

beforeEach(() => jest.useFakeTimers({ now: start }));
afterEach(() => jest.useRealTimers());

test('fetches every permitted list in the fixed order with 2.5 s between calls', async () => {
  const { calls, running } = cycle();

  await jest.advanceTimersByTimeAsync(11 * 2_500);

  expect(calls.map((call) => call.name)).toEqual([...optionListNames]);
  expect(calls.map((call) => call.at)).toEqual(optionListNames.map((_, index) => index * 2_500));
  running.stop();
});

test('does not fetch the next list before 2.5 s have passed', async () => {
  const { calls, running } = cycle();

  await jest.advanceTimersByTimeAsync(2_499);

  expect(calls.map((call) => call.name)).toEqual(['users']);
  running.stop();
});

test('skips the lists the user may not load', async () => {
  const { calls, running } = cycle({ permissions: ['options.tags.all', 'options.users.all', 'management.user.update', 'lead.view'] });

  await jest.advanceTimersByTimeAsync(30_000);

  expect(calls).toEqual([
    { name: 'users', at: 0 },
    { name: 'tags', at: 2_500 },
    { name: 'roles', at: 5_000 },
  ]);
  running.stop();
});

test('starts a new cycle every 60 s', async () => {
  const { calls, running } = cycle({ permissions: ['options.users.all', 'options.tags.all'] });

  await jest.advanceTimersByTimeAsync(150_000);

  expect(calls.filter((call) => call.name === 'users').map((call) => call.at)).toEqual([0, 60_000, 120_000]);
  expect(calls.filter((call) => call.name === 'tags').map((call) => call.at)).toEqual([2_500, 62_500, 122_500]);
  running.stop();
});

test('with every list permitted (27.5 s of steps) a cycle still starts 60 s after the previous one started', async () => {
  const { calls, running } = cycle();

  await jest.advanceTimersByTimeAsync(125_000);

  expect(calls.filter((call) => call.name === 'users').map((call) => call.at)).toEqual([0, 60_000, 120_000]);
  running.stop();
});

test('stores the time of the last fetch', async () => {
  const { storage, running } = cycle({ permissions: ['options.users.all'] });

  await jest.advanceTimersByTimeAsync(0);
  expect(storage.getItem(lastOptionFetchKey)).toBe(String(start));
  await jest.advanceTimersByTimeAsync(60_000);
  expect(storage.getItem(lastOptionFetchKey)).toBe(String(start + 60_000));
  running.stop();
});

test('the first cycle waits until 60 s have passed since the stored last fetch', async () => {
  const storage = createMemoryStorage({ [lastOptionFetchKey]: String(start - 20_000) });
  const { calls, running } = cycle({ permissions: ['options.users.all'], storage });

  await jest.advanceTimersByTimeAsync(39_999);
  expect(calls).toEqual([]);
  await jest.advanceTimersByTimeAsync(1);
  expect(calls).toEqual([{ name: 'users', at: 40_000 }]);
  running.stop();
});

test('starts at once when the stored last fetch is older than 60 s', async () => {
  const storage = createMemoryStorage({ [lastOptionFetchKey]: String(start - 90_000) });
  const { calls, running } = cycle({ permissions: ['options.users.all'], storage });

  await jest.advanceTimersByTimeAsync(0);

  expect(calls).toEqual([{ name: 'users', at: 0 }]);
  running.stop();
});

test('a failed step is logged and the cycle goes on', async () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const { calls, running } = cycle({ permissions: ['options.users.all', 'options.brokers.all', 'options.tags.all'], fail: ['brokers'] });

  await jest.advanceTimersByTimeAsync(60_000);

  expect(logged).toHaveBeenCalledTimes(1);
  expect(logged).toHaveBeenCalledWith('option list brokers failed to refresh', expect.objectContaining({ message: 'brokers answered 500' }));
  expect(calls.map((call) => call.name)).toEqual(['users', 'brokers', 'tags', 'users']);
  running.stop();
});

test('stop ends the cycle between steps', async () => {
  const { calls, running } = cycle();

  await jest.advanceTimersByTimeAsync(2_500);
  running.stop();
  await jest.advanceTimersByTimeAsync(200_000);

  expect(calls.map((call) => call.name)).toEqual(['users', 'brokers']);
});
