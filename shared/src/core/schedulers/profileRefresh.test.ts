import { startProfileRefresh } from './profileRefresh.ts';

const start = new Date('2026-03-01T12:00:00Z').getTime();

beforeEach(() => jest.useFakeTimers({ now: start }));
afterEach(() => jest.useRealTimers());

function refreshing(lastActivity: () => number = () => Date.now()) {
  const refresh = jest.fn(async () => undefined);
  const running = startProfileRefresh({ refresh, lastActivity });
  return { refresh, running };
}

test('refreshes the profile first 100 ms after start', () => {
  const { refresh, running } = refreshing();

  jest.advanceTimersByTime(99);
  expect(refresh).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  expect(refresh).toHaveBeenCalledTimes(1);
  running.stop();
});

test('then refreshes every 30 s', () => {
  const { refresh, running } = refreshing();

  jest.advanceTimersByTime(29_999);
  expect(refresh).toHaveBeenCalledTimes(1);
  jest.advanceTimersByTime(1);
  expect(refresh).toHaveBeenCalledTimes(2);
  jest.advanceTimersByTime(60_000);
  expect(refresh).toHaveBeenCalledTimes(4);
  running.stop();
});

test('skips refreshes while the user has been idle for 15 minutes and resumes on activity', () => {
  let last = start;
  const { refresh, running } = refreshing(() => last);

  jest.advanceTimersByTime(870_000);
  // the first fetch plus 29 refreshes, the last at 14 min 30 s of inactivity
  expect(refresh).toHaveBeenCalledTimes(30);
  jest.advanceTimersByTime(300_000);
  expect(refresh).toHaveBeenCalledTimes(30);

  last = Date.now();
  jest.advanceTimersByTime(30_000);
  expect(refresh).toHaveBeenCalledTimes(31);
  running.stop();
});

test('a failed refresh is logged and the next one still runs', async () => {
  const warned = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const refresh = jest.fn(async () => {
    throw new Error('offline');
  });
  const running = startProfileRefresh({ refresh, lastActivity: () => Date.now() });

  await jest.advanceTimersByTimeAsync(30_000);

  expect(warned).toHaveBeenCalledWith('profile refresh failed', 'offline');
  expect(refresh).toHaveBeenCalledTimes(2);
  running.stop();
});

test('stop cancels the first fetch and the polling', () => {
  const { refresh, running } = refreshing();

  running.stop();
  jest.advanceTimersByTime(120_000);

  expect(refresh).not.toHaveBeenCalled();
});
