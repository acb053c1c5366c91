import { LiveConnection, type LiveConnectionOptions } from './liveConnection.ts';
import type { LiveStatus } from './liveSlice.ts';
import { TestSource } from './testSource.ts';

beforeEach(() => {
  jest.useFakeTimers();
  TestSource.opened = [];
});
afterEach(() => jest.useRealTimers());

const flush = async () => {
  for (let step = 0; step < 5; step += 1) await Promise.resolve();
};

function connecting(overrides: Partial<LiveConnectionOptions> = {}) {
  const statuses: LiveStatus[] = [];
  const messages: [string, string][] = [];
  let tickets = 0;
  const connection = new LiveConnection({
    requestTicket: async () => `ticket-${(tickets += 1)}`,
    streamUrl: (ticket, lastEventId) => `/events?ticket=${ticket}${lastEventId ? `&last_event_id=${lastEventId}` : ''}`,
    createSource: (url) => new TestSource(url),
    kinds: ['job', 'notification'],
    onMessage: (kind, data) => messages.push([kind, data]),
    onReady: () => messages.push(['ready', '']),
    onStatus: (status) => statuses.push(status),
    isFinal: (error) => error instanceof Error && error.message === 'signed out',
    random: () => 0.5,
    ...overrides,
  });
  connection.start();
  return { connection, statuses, messages };
}

test('opens with a one-time ticket and is open once the server says ready', async () => {
  const { connection, statuses, messages } = connecting();
  await flush();
  expect(TestSource.latest().url).toBe('/events?ticket=ticket-1');
  expect(statuses).toEqual(['connecting']);
  TestSource.latest().send('ready', 7, { complete: true });
  TestSource.latest().send('job', 8, { id: 1 });
  expect(statuses).toEqual(['connecting', 'open']);
  expect(messages).toEqual([
    ['ready', ''],
    ['job', '{"id":1}'],
  ]);
  connection.stop();
});

test('after a drop it reconnects with a new ticket after a backoff, resuming after the last event seen', async () => {
  const { connection, statuses } = connecting();
  await flush();
  const first = TestSource.latest();
  first.send('ready', 7, { complete: true });
  first.send('notification', 9, { id: 3, unread: 1 });
  first.fail();
  expect(first.closed).toBe(true);
  expect(statuses.at(-1)).toBe('reconnecting');
  jest.advanceTimersByTime(999);
  await flush();
  expect(TestSource.opened).toHaveLength(1);
  jest.advanceTimersByTime(1);
  await flush();
  expect(TestSource.latest().url).toBe('/events?ticket=ticket-2&last_event_id=9');
  TestSource.latest().send('ready', 9, { complete: true });
  expect(statuses.at(-1)).toBe('open');
  connection.stop();
});

test('backs off 1 s, 2 s, 4 s while no ticket can be had, and stops for good once the session has ended', async () => {
  let answer: () => Promise<string> = () => Promise.reject(new Error('network'));
  const requestTicket = jest.fn(() => answer());
  const { statuses } = connecting({ requestTicket });
  await flush();
  for (const wait of [1000, 2000, 4000]) {
    const before = requestTicket.mock.calls.length;
    jest.advanceTimersByTime(wait - 1);
    await flush();
    expect(requestTicket).toHaveBeenCalledTimes(before);
    jest.advanceTimersByTime(1);
    await flush();
    expect(requestTicket).toHaveBeenCalledTimes(before + 1);
  }
  answer = () => Promise.reject(new Error('signed out'));
  jest.advanceTimersByTime(8000);
  await flush();
  expect(statuses.at(-1)).toBe('off');
  jest.advanceTimersByTime(60_000);
  await flush();
  expect(requestTicket).toHaveBeenCalledTimes(5);
  expect(TestSource.opened).toHaveLength(0);
});

test('stop closes the stream and cancels a pending reconnect', async () => {
  const { connection, statuses } = connecting();
  await flush();
  const source = TestSource.latest();
  source.send('ready', 1, { complete: true });
  source.fail();
  connection.stop();
  jest.advanceTimersByTime(60_000);
  await flush();
  expect(TestSource.opened).toHaveLength(1);
  expect(statuses.at(-1)).toBe('off');
});

test('heartbeats keep a quiet connection; one silent for 45 s is taken for dead and replaced, resuming where it was', async () => {
  const { connection, statuses } = connecting();
  await flush();
  const first = TestSource.latest();
  first.send('ready', 7, { complete: true });
  for (let beat = 0; beat < 4; beat += 1) {
    jest.advanceTimersByTime(15_000);
    first.send('heartbeat', 0, {});
  }
  expect(first.closed).toBe(false);
  expect(statuses.at(-1)).toBe('open');
  // Half-open: no error, no heartbeat.
  jest.advanceTimersByTime(44_999);
  expect(first.closed).toBe(false);
  jest.advanceTimersByTime(1);
  expect(first.closed).toBe(true);
  expect(statuses.at(-1)).toBe('reconnecting');
  jest.advanceTimersByTime(1_000);
  await flush();
  expect(TestSource.latest()).not.toBe(first);
  expect(TestSource.latest().url).toBe('/events?ticket=ticket-2&last_event_id=7');
  connection.stop();
});
