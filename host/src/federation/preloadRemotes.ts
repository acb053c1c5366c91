/**
 * Preloads, while the browser is idle, the remotes whose pages the signed-in user can open from the menu: their
 * manifest and remote entry, and the chunks of those pages. A first click on another remote then waits for its
 * page to evaluate and render, not for a chain of requests (manifest → entry → chunks), which on the CI machine kind
 * kept a cold page over 400 ms. Then, one remote after another, those pages' modules themselves (and the shared modules
 * they consume): a first click renders at once instead of showing the page loader, which React keeps on screen about
 * 300 ms once shown. Only when the browser is idle, so preloading never holds up what the user is doing.
 */
import { loadRemote, preloadRemote } from '@module-federation/enhanced/runtime';
import { isAllowed } from '@crm/shared/access';
import { routeTable, type RemoteName } from '@crm/shared/routes';
import { pageLoading } from './loadPage.ts';

export type RemotePreload = { remote: RemoteName; pages: string[] };

/** The remotes of the menu entries the user may open, in menu order, each with those entries' pages. */
export function reachableRemotes(permissions: readonly string[]): RemotePreload[] {
  const pagesByRemote = new Map<RemoteName, string[]>();
  for (const route of routeTable) {
    if (route.menu === null || !isAllowed(permissions, route.permission)) continue;
    pagesByRemote.set(route.remote, [...(pagesByRemote.get(route.remote) ?? []), route.page]);
  }
  return [...pagesByRemote].map(([remote, pages]) => ({ remote, pages }));
}

/** Runs `callback` once the browser is idle (at the latest after `timeoutMs`); returns a cancel function. */
function whenIdle(callback: () => void, timeoutMs = 2_000): () => void {
  // Safari has no requestIdleCallback: a timer stands in.
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = setTimeout(callback, 200);
    return () => clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
  return () => window.cancelIdleCallback(handle);
}

const preloadPages = ({ remote, pages }: RemotePreload): Promise<void> =>
  // 'sync': the chunks a page needs to render, not its lazy parts (the import dialog's spreadsheet reader).
  preloadRemote([{ nameOrAlias: remote, exposes: pages.map((page) => `./${page}`), resourceCategory: 'sync' }]);

/** How long one remote's warm-up may hold up the next (a half-dead remote's chunks hang until the chunk limit). */
const warmUpLimitMs = 5_000;

const warmPages = async ({ remote, pages }: RemotePreload): Promise<void> => {
  for (const page of pages) await loadRemote(`${remote}/${page}`);
};

// Once per page load: a profile refresh hands the same permissions again.
const started = new Set<RemoteName>();

/**
 * Preloads the given remotes in an idle period with no page loading (a page the user asked for comes first), all at
 * once (a few small requests each, and four or five remote entries to run: less than one page's work); returns a
 * stop function (sign-out). A failed preload is only a missed head start: the page's own load reports the failure,
 * with Retry.
 */
export function preloadOnIdle(
  remotes: readonly RemotePreload[],
  options: {
    preload?: (remote: RemotePreload) => Promise<void>;
    warm?: (remote: RemotePreload) => Promise<void>;
    idle?: (callback: () => void) => () => void;
    busy?: () => boolean;
  } = {},
): () => void {
  const preload = options.preload ?? preloadPages;
  const warm = options.warm ?? warmPages;
  const idle = options.idle ?? whenIdle;
  const busy = options.busy ?? pageLoading;
  const pending = remotes.filter((entry) => !started.has(entry.remote));
  if (pending.length === 0) return () => undefined;
  let cancel = () => {};
  const run = () => {
    if (busy()) {
      cancel = idle(run);
      return;
    }
    for (const entry of pending) started.add(entry.remote);
    // Through promises, so even a synchronous throw (no federation runtime) ends as a missed head start.
    const attempt = (step: (remote: RemotePreload) => Promise<void>, entry: RemotePreload) =>
      Promise.resolve(entry)
        .then(step)
        .catch(() => undefined);
    void Promise.all(pending.map((entry) => attempt(preload, entry))).then(async () => {
      // One remote after another: the first to load a shared module (the contract, zod) shares it with the next.
      for (const entry of pending) {
        await Promise.race([attempt(warm, entry), new Promise((resolve) => setTimeout(resolve, warmUpLimitMs))]);
      }
    });
  };
  cancel = idle(run);
  return () => cancel();
}

/** For tests: forget which remotes this page has preloaded. */
export function resetPreloaded(): void {
  started.clear();
}
