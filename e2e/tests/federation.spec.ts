import { readFileSync, writeFileSync } from 'node:fs';
import { pagesOf, type RemoteName } from '@crm/shared/routes';
import { remotes } from '../stack/apps.ts';
import { workerSlot } from '../stack/slots.ts';
import { admin, expect, signIn, test } from './fixtures.ts';

test('host and remote share one store: a session change in the host re-renders the remote', async ({ page }) => {
  await signIn(page, admin, /\/dashboard$/);
  await page.goto('/settings/tags');
  const create = page.getByTestId('resource-screen').getByRole('button', { name: 'Create' });
  await expect(create).toBeVisible();
  // The host's store takes a profile without settings.tag.create: the remote's button goes at once.
  await page.evaluate(() => {
    type Session = { email: string; permissions: string[] };
    const store = (window as unknown as { __crmStore: { dispatch(action: unknown): void; getState(): { session: Session } } }).__crmStore;
    const { email, permissions } = store.getState().session;
    store.dispatch({
      type: 'session/profileRefreshed',
      payload: {
        id: 1,
        name: 'Renamed Admin',
        email,
        is_sender: true,
        locale: 'en',
        permissions: permissions.filter((name) => name !== 'settings.tag.create'),
        notifications: [],
        total_notifications: 0,
        settings: [],
      },
    });
  });
  await expect(create).toHaveCount(0);
  await expect(page.getByTestId('user-menu')).toHaveText(/Renamed Admin/);
});

test('one i18n instance: switching the language in the host re-renders the remote text', async ({ page }) => {
  await signIn(page, admin, /\/dashboard$/);
  await page.goto('/settings/requests');
  const screen = page.getByTestId('requests-screen');
  await expect(screen.getByRole('columnheader', { name: 'Direction' })).toBeVisible();
  await page.getByTestId('language-select').click();
  await page.getByTitle('Deutsch').click();
  // The remote's own namespace and the host's common one, both from the one instance.
  await expect(screen.getByRole('columnheader', { name: 'Richtung' })).toBeVisible();
  await expect(screen.getByText('Anfragen', { exact: true })).toBeVisible();
  // The choice is remembered.
  await page.reload();
  await expect(page.getByTestId('requests-screen').getByRole('columnheader', { name: 'Richtung' })).toBeVisible();
});

test("one moment: a remote's dates name their months in the chosen language, antd's texts follow", async ({ page }) => {
  await signIn(page, admin, /\/dashboard$/);
  await page.goto('/lead/search');
  const screen = page.getByTestId('lead-search-screen');
  // 'MMM DD, YYYY' (the tables' date format): moment's English short months, then its German ones (all differ: "Nov" / "Nov.", "Mar" / "März").
  await expect(screen.getByText(/^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{2}, \d{4}/).first()).toBeVisible();
  await page.getByTestId('language-select').click();
  await page.getByTitle('Deutsch').click();
  await expect(screen.getByText(/^(Jan\.|Feb\.|März|Apr\.|Mai|Juni|Juli|Aug\.|Sep\.|Okt\.|Nov\.|Dez\.) \d{2}, \d{4}/).first()).toBeVisible();
  await expect(screen.getByText(/^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{2}, \d{4}/)).toHaveCount(0);
  // antd's own texts (the host's one ConfigProvider) and the page's language follow too.
  await expect(screen.getByText('25 / Seite')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test("the host's theme applies inside a remote (one antd, one theme)", async ({ page }) => {
  await signIn(page, admin, /\/dashboard$/);
  await page.goto('/settings/requests');
  const themeClass = async (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => [...element.classList].find((name) => name.startsWith('css-')) ?? null);
  const hostHash = await themeClass('[data-testid="user-menu"]');
  const remoteHash = await themeClass('[data-testid="requests-screen"]');
  expect(hostHash).toBeTruthy();
  expect(remoteHash).toBe(hostHash);
});

test('independent deploy: /config.json pointed at a second build of a remote shows it without rebuilding the host', async ({ page }) => {
  const original = readFileSync(workerSlot.hostConfigFile, 'utf8');
  try {
    await signIn(page, admin, /\/dashboard$/);
    await page.goto('/settings/requests');
    await expect(page.getByTestId('requests-screen')).toBeVisible();
    await expect(page.getByTestId('build-label')).toHaveCount(0);

    const config = JSON.parse(original) as { remotes: Record<string, string> };
    config.remotes['mfe_settings'] = 'http://localhost:3104/mf-manifest.json';
    writeFileSync(workerSlot.hostConfigFile, JSON.stringify(config));
    await page.reload();
    await expect(page.getByTestId('build-label')).toHaveText('v2');
  } finally {
    writeFileSync(workerSlot.hostConfigFile, original);
  }
});

test("each remote's published manifest exposes every page the route table gives it", async ({ request }) => {
  for (const app of remotes) {
    const manifest = (await (await request.get(`http://localhost:${app.port}/mf-manifest.json`)).json()) as { exposes: { name: string }[] };
    const exposed = manifest.exposes.map((expose) => expose.name).sort();
    expect(exposed, app.folder).toEqual([...pagesOf(app.federationName as RemoteName)].sort());
  }
});

test('manifests and remote entries are served no-cache, hashed chunks immutable', async ({ request }) => {
  const manifest = await request.get('http://localhost:3004/mf-manifest.json');
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  const entry = await request.get('http://localhost:3004/remoteEntry.js');
  expect(entry.headers()['cache-control']).toBe('no-cache');
  const body = (await manifest.json()) as { exposes: { assets: { js: { sync: string[] } } }[] };
  const chunk = body.exposes.flatMap((expose) => expose.assets.js.sync).find((file) => /\.[0-9a-f]{8,}\.js$/.test(file));
  expect(chunk).toBeTruthy();
  const chunkResponse = await request.get(`http://localhost:3004/${chunk}`);
  expect(chunkResponse.status()).toBe(200);
  expect(chunkResponse.headers()['cache-control']).toContain('immutable');
  const config = await request.get('/config.json');
  expect(config.headers()['cache-control']).toBe('no-cache');
});

test('a remote runs standalone for its team: its own shell, login and pages, without the host', async ({ page }) => {
  await page.goto('http://localhost:3304/');
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/localhost:3304\/settings\/locales$/);
  await page.getByRole('link', { name: 'Requests' }).click();
  // The remote's real screen, with the session its own login made, reading the real API (other specs' sends add
  // entries; the fixture's URL holds "e2e").
  const search = page.getByTestId('requests-screen').getByRole('searchbox', { name: 'Search' });
  await search.fill('e2e');
  await search.press('Enter');
  await expect(page.getByTestId('requests-screen').getByRole('row', { name: /e2e-broker\.test/ })).toBeVisible();
});
