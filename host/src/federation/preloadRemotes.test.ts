import { preloadOnIdle, reachableRemotes, resetPreloaded, type RemotePreload } from './preloadRemotes.ts';

afterEach(() => {
  resetPreloaded();
  warm.mockClear();
});

/** An idle scheduler the test runs by hand: each call queues one callback. */
function manualIdle() {
  const queued: (() => void)[] = [];
  return {
    idle: (callback: () => void) => {
      queued.push(callback);
      return () => {
        if (queued.includes(callback)) queued.splice(queued.indexOf(callback), 1);
      };
    },
    runNext: () => queued.shift()?.(),
    pending: () => queued.length,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const warm = jest.fn((_: RemotePreload) => Promise.resolve());
const preloadedRemotes = (preload: jest.Mock<Promise<void>, [RemotePreload]>) => preload.mock.calls.map(([entry]) => entry.remote);

test('the remotes of the menu entries the user may open, in menu order, with those pages only', () => {
  expect(reachableRemotes(['dashboard.view', 'lead.view', 'lead.single.view', 'settings.tag.view', 'settings.request.view'])).toEqual([
    { remote: 'mfe_dashboard', pages: ['DashboardPage'] },
    // The lead profile and the request log have no menu entry: nobody reaches them by a first click.
    { remote: 'mfe_leads', pages: ['LeadSearchPage'] },
    { remote: 'mfe_settings', pages: ['TagsPage'] },
  ]);
  expect(reachableRemotes([])).toEqual([]);
});

test('nothing before the browser is idle, then every reachable remote', async () => {
  const scheduler = manualIdle();
  const preload = jest.fn((_: RemotePreload) => Promise.resolve());
  preloadOnIdle(reachableRemotes(['dashboard.view', 'lead.view']), { preload, warm, idle: scheduler.idle, busy: () => false });

  expect(preload).not.toHaveBeenCalled();
  scheduler.runNext();
  await settle();
  expect(preloadedRemotes(preload)).toEqual(['mfe_dashboard', 'mfe_leads']);
  expect(scheduler.pending()).toBe(0);
});

test('while a page the user asked for loads, preloading waits for a later idle period', async () => {
  const scheduler = manualIdle();
  const preload = jest.fn((_: RemotePreload) => Promise.resolve());
  let loading = true;
  preloadOnIdle(reachableRemotes(['dashboard.view']), { preload, warm, idle: scheduler.idle, busy: () => loading });

  scheduler.runNext();
  await settle();
  expect(preload).not.toHaveBeenCalled();
  loading = false;
  scheduler.runNext();
  await settle();
  expect(preloadedRemotes(preload)).toEqual(['mfe_dashboard']);
});

test('a failed preload (remote down, even a synchronous throw) does not keep the others from loading', async () => {
  const scheduler = manualIdle();
  const preload = jest
    .fn((_: RemotePreload): Promise<void> => Promise.resolve())
    .mockImplementationOnce(() => {
      throw new Error('no federation runtime');
    })
    .mockImplementationOnce(() => Promise.reject(new Error('Failed to fetch mf-manifest.json')));
  preloadOnIdle(reachableRemotes(['dashboard.view', 'lead.view', 'settings.tag.view']), { preload, warm, idle: scheduler.idle, busy: () => false });

  scheduler.runNext();
  await settle();
  expect(preloadedRemotes(preload)).toEqual(['mfe_dashboard', 'mfe_leads', 'mfe_settings']);
});

test('stopping (sign-out) cancels a preload not started yet; a remote is preloaded once per page', async () => {
  const scheduler = manualIdle();
  const preload = jest.fn((_: RemotePreload) => Promise.resolve());
  const stop = preloadOnIdle(reachableRemotes(['dashboard.view']), { preload, warm, idle: scheduler.idle, busy: () => false });
  stop();
  expect(scheduler.pending()).toBe(0);

  preloadOnIdle(reachableRemotes(['dashboard.view']), { preload, warm, idle: scheduler.idle, busy: () => false });
  scheduler.runNext();
  await settle();
  // Signed in again with more permissions (or the same handed again): only the remote not preloaded yet.
  preloadOnIdle(reachableRemotes(['dashboard.view', 'lead.view']), { preload, warm, idle: scheduler.idle, busy: () => false });
  scheduler.runNext();
  await settle();
  expect(preloadedRemotes(preload)).toEqual(['mfe_dashboard', 'mfe_leads']);
});

test("then the pages' modules, one remote after another, so the first to load a shared module shares it", async () => {
  const scheduler = manualIdle();
  const preload = jest.fn((_: RemotePreload) => Promise.resolve());
  let finishDashboard = () => {};
  const warming = jest.fn((entry: RemotePreload): Promise<void> => (entry.remote === 'mfe_dashboard' ? new Promise<void>((resolve) => (finishDashboard = resolve)) : Promise.resolve()));
  preloadOnIdle(reachableRemotes(['dashboard.view', 'lead.view']), { preload, warm: warming, idle: scheduler.idle, busy: () => false });
  scheduler.runNext();
  await settle();
  expect(warming.mock.calls.map(([entry]) => entry)).toEqual([{ remote: 'mfe_dashboard', pages: ['DashboardPage'] }]);
  finishDashboard();
  await settle();
  expect(warming.mock.calls.map(([entry]) => entry.remote)).toEqual(['mfe_dashboard', 'mfe_leads']);
});

test("a remote whose pages never load (its chunks hang) holds up the next one's warm-up 5 s at most", async () => {
  jest.useFakeTimers();
  try {
    const scheduler = manualIdle();
    const warming = jest.fn((entry: RemotePreload): Promise<void> => (entry.remote === 'mfe_dashboard' ? new Promise<void>(() => undefined) : Promise.resolve()));
    preloadOnIdle(reachableRemotes(['dashboard.view', 'lead.view']), { preload: () => Promise.resolve(), warm: warming, idle: scheduler.idle, busy: () => false });
    scheduler.runNext();
    await jest.advanceTimersByTimeAsync(4_999);
    expect(warming).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(warming.mock.calls.map(([entry]) => entry.remote)).toEqual(['mfe_dashboard', 'mfe_leads']);
  } finally {
    jest.useRealTimers();
  }
});
