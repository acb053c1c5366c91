import type { Job } from '../../contract/index.ts';
import { jobFixture, profileFixture } from '../../testing/fixtures.ts';
import { installTestHttpClient, type TestReply } from '../../testing/httpAdapter.ts';
import { createTestStore } from '../../testing/renderWithProviders.tsx';
import { baseApi } from '../http/baseApi.ts';
import { parseRuntimeConfig, setRuntimeConfig } from '../runtimeConfig.ts';
import { followJob, followJobList } from './liveCache.ts';
import { startLiveUpdates } from './startLiveUpdates.ts';
import { TestSource } from './testSource.ts';

type JobPage = { data: Job[] };
const testApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    testJob: build.query<{ data: Job }, number>({ query: (id) => ({ url: `/test/jobs/${id}` }), onCacheEntryAdded: followJob<{ data: Job }>((answer) => answer.data) }),
    testJobs: build.query<JobPage, void>({ query: () => ({ url: '/test/jobs' }), onCacheEntryAdded: followJobList<void, JobPage>((page) => page.data) }),
  }),
});

const progress = { total: 10, pending: 6, processed: 4, failed: 0 };

const ticket: TestReply = { status: 201, data: { data: { ticket: 't'.repeat(43), expires_at: '2026-11-28T10:00:00Z' } } };

function setUp(ticketReply: () => TestReply = () => ticket, jobReply: () => TestReply = () => ({ status: 200, data: { data: jobFixture({ id: 5, status: 'running', progress: 10 }) } })) {
  TestSource.opened = [];
  setRuntimeConfig(parseRuntimeConfig({ apiBaseUrl: 'http://api.test/api' }, { protocol: 'http:', hostname: 'console.test' }));
  // A test store: its cache entries end with the test (setupTests.ts), not answering the next test's events.
  const { store } = createTestStore();
  const http = installTestHttpClient((request) => {
    if (request.url === '/events/ticket') return ticketReply();
    if (request.url === '/profile') return { status: 200, data: { data: profileFixture({ total_notifications: 4 }) } };
    if (request.url === '/test/jobs/5') return jobReply();
    if (request.url === '/test/jobs') return { status: 200, data: { data: [jobFixture({ id: 5, status: 'running', progress: 10 })] } };
    return { status: 404 };
  });
  const live = startLiveUpdates(store, (url) => new TestSource(url));
  const requestsTo = (url: string) => http.adapter.requests.filter((request) => request.url === url).length;
  return { store, http, live, requestsTo };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

test('is open once the stream is ready, and reconnects with a new ticket after a drop, showing it meanwhile', async () => {
  const { store, live } = setUp();
  await settle();
  expect(store.getState().live.status).toBe('connecting');
  expect(TestSource.latest().url).toBe(`http://api.test/api/events?ticket=${'t'.repeat(43)}`);
  TestSource.latest().send('ready', 3, { complete: true });
  expect(store.getState().live.status).toBe('open');
  TestSource.latest().fail();
  expect(store.getState().live.status).toBe('reconnecting');
  live.stop();
  expect(store.getState().live.status).toBe('off');
});

test("a job's events move its cached job without a request, and its end refetches it once", async () => {
  const { store, live, requestsTo } = setUp();
  const subscription = store.dispatch(testApi.endpoints.testJob.initiate(5));
  await subscription;
  await settle();
  TestSource.latest().send('ready', 1, { complete: true });
  await settle();
  const afterReady = requestsTo('/test/jobs/5');
  expect(afterReady).toBe(2); // the first read, and the resync at ready
  TestSource.latest().send('job', 2, { id: 5, status: 'running', progress: 40, ...progress });
  TestSource.latest().send('job', 3, { id: 6, status: 'running', progress: 90, ...progress });
  expect(testApi.endpoints.testJob.select(5)(store.getState()).data?.data).toMatchObject({ status: 'running', progress: 40, processed: 4, pending: 6 });
  await settle();
  expect(requestsTo('/test/jobs/5')).toBe(afterReady);
  TestSource.latest().send('job', 4, { id: 5, status: 'finished', progress: 100, ...progress, pending: 0, processed: 10 });
  TestSource.latest().send('job', 5, { id: 5, status: 'finished', progress: 100, ...progress, pending: 0, processed: 10 });
  await settle();
  expect(requestsTo('/test/jobs/5')).toBe(afterReady + 1);
  subscription.unsubscribe();
  live.stop();
});

test('a job list refetches for a job it does not list (started since)', async () => {
  const { store, live, requestsTo } = setUp();
  const subscription = store.dispatch(testApi.endpoints.testJobs.initiate());
  await subscription;
  await settle();
  const before = requestsTo('/test/jobs');
  TestSource.latest().send('job', 2, { id: 5, status: 'running', progress: 50, ...progress });
  await settle();
  expect(requestsTo('/test/jobs')).toBe(before);
  expect(testApi.endpoints.testJobs.select()(store.getState()).data?.data[0]?.progress).toBe(50);
  TestSource.latest().send('job', 3, { id: 9, status: 'running', progress: 1, ...progress });
  await settle();
  expect(requestsTo('/test/jobs')).toBe(before + 1);
  subscription.unsubscribe();
  live.stop();
});

test('a notification sets the unread count at once and refreshes the bell', async () => {
  const { store, live, requestsTo } = setUp();
  await settle();
  const before = requestsTo('/profile');
  TestSource.latest().send('notification', 2, { id: 11, unread: 3 });
  expect(store.getState().session.totalNotifications).toBe(3);
  await settle();
  expect(requestsTo('/profile')).toBe(before + 1);
  expect(store.getState().session.totalNotifications).toBe(4);
  live.stop();
});

test('a ticket that cannot be had while the API restarts shows no error toast, and is asked for again', async () => {
  const { http, live, requestsTo } = setUp(() => ({ networkError: true }));
  await settle();
  expect(requestsTo('/events/ticket')).toBe(1);
  expect(http.serverError).not.toHaveBeenCalled();
  await new Promise((resolve) => setTimeout(resolve, 1300));
  expect(requestsTo('/events/ticket')).toBe(2);
  live.stop();
});

test('an entry whose first read failed (the API restarting) is read again when the stream comes back', async () => {
  let down = true;
  const { store, live, requestsTo } = setUp(undefined, () => (down ? { networkError: true } : { status: 200, data: { data: jobFixture({ id: 5, status: 'running', progress: 30 }) } }));
  const subscription = store.dispatch(testApi.endpoints.testJob.initiate(5));
  await subscription;
  expect(testApi.endpoints.testJob.select(5)(store.getState()).isError).toBe(true);
  // An event before any data patches nothing and asks for the job.
  TestSource.latest().send('job', 1, { id: 5, status: 'running', progress: 20, ...progress });
  await settle();
  expect(requestsTo('/test/jobs/5')).toBe(2);
  down = false;
  TestSource.latest().send('ready', 1, { complete: true });
  await settle();
  expect(requestsTo('/test/jobs/5')).toBe(3);
  expect(testApi.endpoints.testJob.select(5)(store.getState()).data?.data).toMatchObject({ progress: 30 });
  subscription.unsubscribe();
  live.stop();
});
