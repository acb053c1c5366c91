/**
 * Issue 34: live updates. An import started in one tab moves the jobs page of a second tab without a reload and
 * without polling; the import's notification lights the bell at once; an API restart drops the stream, the header says
 * so, and the stream comes back and carries on.
 */
import type { Page } from '@playwright/test';
import { admin, apiBaseUrl, apiLogin, controlApi, expect, pickFromOpenList, signIn, test } from './fixtures.ts';

/** The host's store, once the host has loaded (a poll may ask before). */
type LiveWindow = { __crmStore?: { getState(): { live: { status: string }; session: { totalNotifications: number; notifications: { data: { title: string } }[] } } } };
/** What the jobs page showed and asked for, recorded in the page: progress values and `/api/jobs` requests, by time. */
type Recorded = { progress: { at: number; label: string; value: number }[]; requests: number[] };

const liveStatus = (page: Page) => page.evaluate(() => (window as unknown as LiveWindow).__crmStore?.getState().live.status);
const session = (page: Page) =>
  page.evaluate(() => {
    const store = (window as unknown as LiveWindow).__crmStore;
    if (!store) throw new Error('the host has not loaded');
    return store.getState().session;
  });

async function expectLive(page: Page): Promise<void> {
  await expect.poll(() => liveStatus(page), { timeout: 15_000 }).toBe('open');
}

/** Records every progress value the page renders and every `/api/jobs` request it starts, from now on. */
async function recordJobsPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    const recorded: Recorded = { progress: [], requests: [] };
    Object.assign(window, { __recorded: recorded });
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        const bar = mutation.target;
        if (!(bar instanceof Element) || bar.getAttribute('role') !== 'progressbar') continue;
        recorded.progress.push({ at: performance.now(), label: bar.getAttribute('aria-label') ?? '', value: Number(bar.getAttribute('aria-valuenow')) });
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (/\/api\/jobs(\?|$)/.test(entry.name)) recorded.requests.push(entry.startTime);
    }).observe({ type: 'resource' });
  });
}

const recordedOf = (page: Page) => page.evaluate(() => (window as unknown as { __recorded: Recorded }).__recorded);

function importCsv(tag: string, rows: number): string {
  const lines = ['First name;Last name;E-mail;Phone;Country'];
  for (let row = 0; row < rows; row += 1) lines.push(`Live${row};Import;live-${tag}-${row}@example.com;;GB`);
  return lines.join('\n');
}

test('an import in one tab moves the jobs page of another without polling, and its notification lights the bell at once', async ({ page }) => {
  test.setTimeout(150_000);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const fileName = `live-${tag}.csv`;
  const label = `Progress of Import ${fileName}`;
  await signIn(page, admin, /\/dashboard$/);

  const jobsTab = await page.context().newPage();
  await jobsTab.goto('/profile/jobs');
  await expect(jobsTab.getByTestId('jobs-page')).toBeVisible();
  await expectLive(jobsTab);
  await recordJobsPage(jobsTab);

  // 10,000 rows: five batches of 2,000, each committing its progress.
  await page.goto('/lead/search');
  await expectLive(page);
  const unreadBefore = (await session(page)).totalNotifications;
  await page.getByTestId('lead-import-open').click();
  await page.getByTestId('lead-import-file').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(importCsv(tag, 10_000)) });
  await page.getByTestId('lead-import-delimiter').locator('.ant-select').first().click();
  await pickFromOpenList(page, 'Semicolon (;)');
  await page.getByTestId('lead-import-ignore-first').check();
  await expect(page.getByTestId('lead-import-map-C')).toContainText('Email');
  await page.getByTestId('lead-import-dry-run').click();
  await expect(page.getByTestId('lead-import-report')).toHaveAttribute('data-valid', '10000', { timeout: 60_000 });
  await page.getByTestId('lead-import-start').click();

  const row = jobsTab.getByRole('row', { name: new RegExp(`Import ${fileName}`) });
  await expect(row.getByRole('progressbar', { name: label })).toHaveAttribute('aria-valuenow', '100', { timeout: 90_000 });
  await expect(row).toContainText(/finished/i);
  await expect(jobsTab.getByTestId('jobs-page')).toHaveAttribute('data-polling', 'false');

  // The steps in between came as events: shown one after another with no request for the list meanwhile.
  const recorded = await recordedOf(jobsTab);
  const steps = recorded.progress.filter((step) => step.label === label && step.value > 0 && step.value < 100);
  expect(steps.length, 'intermediate progress shown on the jobs page').toBeGreaterThan(0);
  const first = steps[0]!.at;
  const last = steps.at(-1)!.at;
  expect(recorded.requests.filter((at) => at > first && at <= last)).toEqual([]);
  // The list is read when the new job first shows up and once it ends (its end time), not every 2 s.
  expect(recorded.requests.length).toBeLessThanOrEqual(3);

  // The import's own tab: finished, and its notification in the bell without waiting for the 30 s profile refresh.
  await expect(page.getByTestId('lead-import-done')).toHaveAttribute('data-status', 'finished', { timeout: 30_000 });
  await expect.poll(async () => (await session(page)).totalNotifications, { timeout: 3_000 }).toBeGreaterThan(unreadBefore);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByTestId('notification-list')).toContainText(`Import ${fileName} finished`);
});

test('the stream drops while the API restarts, says so in the header, then comes back and carries on', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, admin, /\/dashboard$/);
  await page.goto('/profile/jobs');
  await expectLive(page);
  const reconnecting = page.getByTestId('live-reconnecting');
  await expect(reconnecting).toHaveCount(0);

  await controlApi('stop');
  try {
    await expect(reconnecting).toBeVisible({ timeout: 15_000 });
    expect(await liveStatus(page)).toBe('reconnecting');
  } finally {
    await controlApi('start');
  }
  // The backoff reaches the restarted API within its 30 s ceiling.
  await expect(reconnecting).toHaveCount(0, { timeout: 45_000 });
  expect(await liveStatus(page)).toBe('open');

  // A job started after the restart reaches the page through the new stream.
  const token = await apiLogin(request, admin);
  const started = await request.post(`${apiBaseUrl}/lead/status/settings/run`, { headers: { authorization: `Bearer ${token}` }, data: {} });
  expect(started.status()).toBe(202);
  const { name } = ((await started.json()) as { data: { name: string } }).data;
  const row = page.getByRole('row', { name: new RegExp(name) }).first();
  await expect(row).toContainText(/finished/i, { timeout: 20_000 });
  await expect(page.getByTestId('jobs-page')).toHaveAttribute('data-polling', 'false');
});

test("a lead's status changed elsewhere shows on its open profile without a reload", async ({ page, request }) => {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const headers = { authorization: `Bearer ${await apiLogin(request, admin)}` };
  const create = async (path: string, data: unknown): Promise<number> => {
    const response = await request.post(`${apiBaseUrl}${path}`, { headers, data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { data: { id: number } }).data.id;
  };
  const statusId = await create('/settings/status', { name: `E2E live ${tag}`, class: 'lead' });
  const leadId = await create('/lead', { name: 'E2E Live', email: `e2e-live-${tag}@example.com` });

  await signIn(page, admin, /\/dashboard$/);
  await page.goto(`/lead/single/${leadId}`);
  await expect(page.getByTestId('lead-profile-status')).not.toContainText(`E2E live ${tag}`);
  await expectLive(page);
  // Another user (a postback, a rule) moves the lead: the open profile follows within the event's round trip.
  const changed = await request.put(`${apiBaseUrl}/lead/${leadId}/status`, { headers, data: { status_id: statusId } });
  expect(changed.status(), await changed.text()).toBe(200);
  await expect(page.getByTestId('lead-profile-status')).toContainText(`E2E live ${tag}`, { timeout: 5_000 });
});
