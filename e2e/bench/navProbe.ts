/**
 * Times a sidebar navigation inside the page, not with Playwright's wall clock (which adds the
 * protocol round trips): performance.now() at the pointerdown on the link (capture phase, before any
 * handler of the app) to the MutationObserver callback that first sees the target page's panel. Also
 * notes when the Suspense fallback (the page loader) first showed: React holds a revealed fallback at
 * about 300 ms (its FALLBACK_THROTTLE_MS), which the fallback→page figure makes visible.
 */
import type { Locator, Page } from '@playwright/test';

type Probe = {
  armed: { selector: string; href: string; before: Element | null } | null;
  start: number | null;
  fallback: number | null;
  end: number | null;
};
type ProbeWindow = Window & { __navProbe?: Probe };

export async function installProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const probe: Probe = { armed: null, start: null, fallback: null, end: null };
    (window as ProbeWindow).__navProbe = probe;
    window.addEventListener(
      'pointerdown',
      (event) => {
        const link = event.target instanceof Element ? event.target.closest('a') : null;
        if (probe.armed && probe.start === null && link?.getAttribute('href') === probe.armed.href) probe.start = performance.now();
      },
      true,
    );
    new MutationObserver(() => {
      const armed = probe.armed;
      if (!armed || probe.start === null || probe.end !== null) return;
      if (probe.fallback === null && document.querySelector('[data-testid="page-loader"]')?.checkVisibility()) probe.fallback = performance.now();
      const found = document.querySelector(armed.selector);
      // A new element (not the panel shown before the click) that is actually displayed.
      if (found && found !== armed.before && found.checkVisibility()) probe.end = performance.now();
    }).observe(document.body, { childList: true, subtree: true, attributes: true });
  });
}

// A remote page is rendered when the remote's page root is in the DOM: the Suspense boundary commits the
// `data-remote-page` wrapper and the whole page at once, after the page's chunk has loaded.
export const panelOf = (remote: string) => `[data-remote-page="${remote}"] > *`;

/** The sidebar link to `/path`, its group opened first when it is closed. */
async function menuLink(page: Page, path: string, group: string | null): Promise<Locator> {
  const sidebar = page.getByTestId('sidebar');
  const link = sidebar.locator(`a[href="/${path}"]`);
  if (group && !(await link.isVisible())) {
    await sidebar.locator('[role="menuitem"][aria-haspopup="true"]', { hasText: new RegExp(`^${group}$`) }).click();
    await link.waitFor({ state: 'visible' });
  }
  return link;
}

export type MenuTarget = { path: string; group: string | null; remote: string };

export type NavigationTime = { total: number; fallbackToPage: number | null };

/** Clicks the target's menu entry; in-page ms until its page rendered, and from the fallback to it. */
export async function timeNavigation(page: Page, target: MenuTarget): Promise<NavigationTime> {
  const link = await menuLink(page, target.path, target.group);
  await page.evaluate(
    ({ selector, href }) => {
      const probe = (window as ProbeWindow).__navProbe;
      if (!probe) throw new Error('the navigation probe is not installed');
      probe.armed = { selector, href, before: document.querySelector(selector) };
      probe.start = null;
      probe.fallback = null;
      probe.end = null;
    },
    { selector: panelOf(target.remote), href: `/${target.path}` },
  );
  await link.click();
  try {
    await page.waitForFunction(() => (window as ProbeWindow).__navProbe?.end != null, undefined, { timeout: 30_000 });
  } catch (error) {
    throw new Error(`${target.path}: the page never showed (${await probeState(page, panelOf(target.remote))})`, { cause: error });
  }
  return page.evaluate(() => {
    const probe = (window as ProbeWindow).__navProbe;
    if (probe?.start == null || probe.end == null) throw new Error('the click was not seen on the link');
    return { total: probe.end - probe.start, fallbackToPage: probe.fallback === null ? null : probe.end - probe.fallback };
  });
}

/** What the probe saw, for a navigation that never ended: which step is missing says where to look. */
async function probeState(page: Page, selector: string): Promise<string> {
  return page.evaluate((panel) => {
    const probe = (window as ProbeWindow).__navProbe;
    const found = document.querySelector(panel);
    return [
      `at ${location.pathname}`,
      probe?.start == null ? 'no pointerdown on the link seen' : 'click seen',
      probe?.fallback == null ? 'no page loader seen' : 'page loader seen',
      found ? `${panel} present, ${found.checkVisibility() ? 'visible' : 'not displayed'}` : `no ${panel}`,
    ].join('; ');
  }, selector);
}

/**
 * Waits until the page has requested nothing for `quietMs` (at most `limitMs`): the moment a user's first click
 * comes, after the page has settled — by then the host has preloaded, on idle, the remotes the menu reaches.
 */
export async function settle(page: Page, quietMs = 1_000, limitMs = 20_000): Promise<void> {
  await page.waitForFunction(
    (quiet) => {
      // A request still in flight has no entry yet; one that ended has its responseEnd.
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const last = entries.reduce((latest, entry) => Math.max(latest, entry.responseEnd), 0);
      return performance.now() - last >= quiet;
    },
    quietMs,
    { timeout: limitMs, polling: 100 },
  );
}
