import { preloadOnIdle, reachableRemotes, resetPreloaded, type RemotePreload } from './preloadRemotes.ts';

afterEach(resetPreloaded);

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

test('the remotes of the menu entries the user may open, in menu order, with those pages only', () => {
  expect(reachableRemotes(['dashboard.view', 'lead.view', 'lead.single.view', 'settings.tag.view', 'settings.request.view'])).toEqual([
    { remote: 'mfe_dashboard', pages: ['DashboardPage'] },
    // The lead profile and the request log have no menu entry: nobody reaches them by a first click.
    { remote: 'mfe_leads', pages: ['LeadSearchPage'] },
    { remote: 'mfe_settings', pages: ['TagsPage'] },
  ]);
  expect(reachableRemotes([])).toEqual([]);
});

test('one remote per idle period, the next only after the previous preload settled', async () => {
  const scheduler = manualIdle();
  const preload = jest.fn((_: RemotePreload) => Promise.resolve());
  preloadOnIdle(reachableRemotes(['dashboard.view', 'lead.view']), { preload, idle: scheduler.idle });

  expect(preload).not.toHaveBeenCalled();
  scheduler.runNext();
  await settle();
  expect(preload.mock.calls.map(([entry]) => entry.remote)).toEqual(['mfe_dashboard']);
  scheduler.runNext();
  await settle();
  expect(preload.mock.calls.map(([entry]) => entry.remote)).toEqual(['mfe_dashboard', 'mfe_leads']);
  expect(scheduler.pending()).toBe(0);
});

test('a failed preload (remote down, even a synchronous throw) moves on to the next remote', async () => {
  const scheduler = manualIdle();
  const preload = jest
    .fn((_: RemotePreload): Promise<void> => Promise.resolve())
    .mockImplementationOnce(() => {
      throw new Error('no federation runtime');
    });
  preloadOnIdle(reachableRemotes(['dashboard.view', 'lead.view']), { preload, idle: scheduler.idle });

  scheduler.runNext();
  await settle();
  scheduler.runNext();
  await settle();
  expect(preload).toHaveBeenCalledTimes(2);
});

test('stopping (sign-out) cancels what has not started; a remote is preloaded once per page', async () => {
  const scheduler = manualIdle();
  const preload = jest.fn((_: RemotePreload) => Promise.resolve());
  const stop = preloadOnIdle(reachableRemotes(['dashboard.view', 'lead.view']), { preload, idle: scheduler.idle });
  scheduler.runNext();
  await settle();
  stop();
  expect(scheduler.pending()).toBe(0);

  // Signed in again (or the same permissions handed again): only the remote not preloaded yet.
  preloadOnIdle(reachableRemotes(['dashboard.view', 'lead.view']), { preload, idle: scheduler.idle });
  scheduler.runNext();
  await settle();
  expect(preload.mock.calls.map(([entry]) => entry.remote)).toEqual(['mfe_dashboard', 'mfe_leads']);
});
