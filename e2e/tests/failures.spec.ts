/**
 * The card's "chunk-load failure and timeout handling": a remote whose entry is down, 404s or hangs,
 * whose chunk fails or times out, or that throws while rendering shows an in-place error with Retry;
 * the sidebar, header and other remotes keep working; Retry works once the remote is back.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page, Route } from '@playwright/test';
import { routeTable, type RemoteName } from '@crm/shared/routes';
import { workerSlot } from '../stack/slots.ts';
import { admin, expect, LoginPage, openFromSidebar, signIn, test, translate } from './fixtures.ts';

const settingsOrigin = 'http://localhost:3004';
const isManifest = (url: URL) => url.origin === settingsOrigin && url.pathname === '/mf-manifest.json';
const isEntry = (url: URL) => url.origin === settingsOrigin && url.pathname === '/remoteEntry.js';
const isChunk = (url: URL) => url.origin === settingsOrigin && url.pathname.endsWith('.js') && !isEntry(url);

async function expectContainedFailure(page: Page, kind: string, text: RegExp) {
  const failure = page.getByTestId('remote-error');
  await expect(failure).toBeVisible({ timeout: 15_000 });
  await expect(failure).toHaveAttribute('data-kind', kind);
  await expect(failure).toContainText(text);
  // The rest of the console keeps working: header, sidebar and other remotes, even those sharing modules (the
  // contract, zod) that the failing remote registered first.
  await expect(page.getByTestId('user-menu')).toBeVisible();
  const sidebar = page.getByTestId('sidebar');
  await sidebar.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('dashboard-page')).toBeVisible();
  await sidebar.getByText('Leads', { exact: true }).first().click();
  await sidebar.getByRole('link', { name: 'Leads', exact: true }).click();
  await expect(page.getByTestId('lead-search-screen')).toBeVisible();
  await page.goBack();
  await page.goBack();
  await expect(failure).toBeVisible({ timeout: 15_000 });
}

async function retryRecovers(page: Page, unblock: () => Promise<void>) {
  await unblock();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('requests-screen')).toBeVisible();
  await expect(page.getByTestId('remote-error')).toHaveCount(0);
}

async function openTagsWith(page: Page, matcher: (url: URL) => boolean, handler: (route: Route) => Promise<void> | void) {
  await signIn(page, admin, /\/dashboard$/);
  await page.route((url) => matcher(url), handler);
  await page.goto('/settings/requests');
}

test('a remote whose server is down', async ({ page }) => {
  await openTagsWith(page, isManifest, (route) => route.abort('connectionrefused'));
  await expectContainedFailure(page, 'unavailable', /Settings is unavailable/);
  await retryRecovers(page, () => page.unrouteAll());
});

test('a remote whose manifest is a 404', async ({ page }) => {
  await openTagsWith(page, isManifest, (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await expectContainedFailure(page, 'unavailable', /Settings is unavailable/);
  await retryRecovers(page, () => page.unrouteAll());
});

test('a remote whose entry hangs times out', async ({ page }) => {
  const hanging: Route[] = [];
  await openTagsWith(page, isEntry, (route) => void hanging.push(route));
  await expectContainedFailure(page, 'timeout', /timed out/);
  await retryRecovers(page, async () => {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});

test('a chunk that fails to load', async ({ page }) => {
  await openTagsWith(page, isChunk, (route) => route.abort('failed'));
  await expectContainedFailure(page, 'chunk', /Loading chunk \S+ failed \(error\)/);
  await retryRecovers(page, () => page.unrouteAll());
});

test('a chunk that times out', async ({ page }) => {
  await openTagsWith(page, isChunk, () => undefined);
  await expectContainedFailure(page, 'chunk', /Loading chunk \S+ failed \(timeout\)/);
  await retryRecovers(page, () => page.unrouteAll({ behavior: 'ignoreErrors' }));
});

test('a remote that throws while rendering', async ({ page }) => {
  const original = readFileSync(workerSlot.hostConfigFile, 'utf8');
  const config = JSON.parse(original) as { remotes: Record<string, string> };
  config.remotes['mfe_settings'] = 'http://localhost:3204/mf-manifest.json';
  writeFileSync(workerSlot.hostConfigFile, JSON.stringify(config));
  try {
    await signIn(page, admin, /\/dashboard$/);
    await page.goto('/settings/requests');
    await expectContainedFailure(page, 'render', /Settings failed while rendering/);
  } finally {
    writeFileSync(workerSlot.hostConfigFile, original);
  }
  // Fixed deploy: the config points back at the good build; a reload brings the page back.
  await page.reload();
  await expect(page.getByTestId('requests-screen')).toBeVisible();
});

test('a remote whose chunks hang delays no other remote, even one opened while they hang', async ({ page }) => {
  // Production's limits (120 s): the hanging chunks stay pending for the whole test, as on a half-dead server.
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...config, remoteEntryTimeoutMs: 120_000, chunkLoadTimeoutMs: 120_000 } });
  });
  const hanging: Route[] = [];
  await page.route(
    (url) => isChunk(url),
    (route) => void hanging.push(route),
  );
  // Settings is the first remote this page loads (a deep link): its copies of the shared modules (the contract, zod)
  // are the first registered, and their chunks hang.
  await page.goto('/settings/locales');
  await new LoginPage(page).signIn(admin);
  await expect(page).toHaveURL(/\/settings\/locales$/);
  await expect.poll(() => hanging.length).toBeGreaterThan(0);

  const others: RemoteName[] = ['mfe_dashboard', 'mfe_leads', 'mfe_brokers', 'mfe_management'];
  for (const remote of others) {
    const route = routeTable.find((entry) => entry.remote === remote && entry.menu !== null);
    if (!route) throw new Error(`${remote} has no menu entry`);
    await openFromSidebar(page, route);
    // Its normal time (the page-load delay and a cold load), not the hanging remote's 120 s.
    await expect(page.locator(`[data-remote-page="${remote}"]`).getByText(translate(route.titleKey), { exact: true }).first()).toBeVisible({ timeout: 8_000 });
    await expect(page.getByTestId('remote-error')).toHaveCount(0);
  }
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
