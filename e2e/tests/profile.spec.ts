/** Issue 4: the profile pages — settings, browser sessions, notifications and jobs — end to end. */
import { admin, apiBaseUrl, apiLogin, expect, openConfirm, signIn, test, tokenOf, userWithPermissions } from './fixtures.ts';

test('"log out other sessions" in one browser locks the other at its next request', async ({ browser, request }) => {
  const user = await userWithPermissions(request, ['user.profile.view', 'settings.tag.view'], 'E2E two browsers');
  const first = await browser.newContext();
  const second = await browser.newContext();
  const here = await first.newPage();
  const there = await second.newPage();
  await signIn(here, user, /\/lead\/search$/);
  await signIn(there, user, /\/lead\/search$/);

  await here.goto('/profile');
  const sessions = here.getByTestId('browser-sessions');
  await expect(sessions.locator('[data-current="true"]')).toHaveCount(1);
  await expect(sessions.locator('tr[data-current]')).toHaveCount(2);
  await here.getByRole('button', { name: 'Log out other sessions' }).click();
  await here.locator('.ant-modal-confirm').getByRole('button', { name: 'Log out others' }).click();
  await expect(sessions.locator('tr[data-current]')).toHaveCount(1);

  await there.getByTestId('sidebar').getByText('Settings', { exact: true }).click();
  await there.getByTestId('sidebar').getByRole('link', { name: 'Tags' }).click();
  await expect(there.getByText('Token has expired. Login again.')).toBeVisible({ timeout: 10_000 });
  await expect(there.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 10_000 });

  // The session that asked keeps working.
  await here.reload();
  await expect(here.getByTestId('browser-sessions')).toBeVisible();
  await first.close();
  await second.close();
});

test('profile settings change the name in the header; a new password replaces the old one', async ({ page, request }) => {
  const user = await userWithPermissions(request, ['user.profile.view', 'user.profile.update'], 'E2E profile');
  await signIn(page, user, /\/lead\/search$/);
  await page.goto('/profile');
  const settings = page.getByTestId('profile-settings');
  await settings.getByLabel('Name', { exact: true }).fill('Renamed Person');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings successfully updated')).toBeVisible();
  await expect(page.getByTestId('user-menu')).toContainText('Renamed Person');

  const password = page.getByTestId('profile-password');
  await password.getByLabel('Current password', { exact: true }).fill('wrong-password-1');
  await password.getByLabel('New password', { exact: true }).fill('brand-new-pass-77');
  await password.getByLabel('Confirm new password', { exact: true }).fill('brand-new-pass-77');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('The current password is incorrect.')).toBeVisible();

  await password.getByLabel('Current password', { exact: true }).fill(user.password);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed.')).toBeVisible();
  expect((await request.post(`${apiBaseUrl}/login`, { data: { email: user.email, password: user.password } })).status()).toBe(422);
  expect((await request.post(`${apiBaseUrl}/login`, { data: { email: user.email, password: 'brand-new-pass-77' } })).status()).toBe(200);
});

test('a notification holding a script or an onerror attribute renders inert; opening it marks it read and the bell follows', async ({ page, request }) => {
  await signIn(page, admin, /\/dashboard$/);
  const token = await tokenOf(page);
  const unread = async () =>
    ((await (await request.get(`${apiBaseUrl}/notifications/unread/count`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { total: number } }).data.total;
  const before = await unread();
  expect(before).toBeGreaterThanOrEqual(2);

  await page.goto('/profile/notifications');
  await page.getByRole('link', { name: 'E2E hostile script' }).click();
  await expect(page).toHaveURL(/\/profile\/notification\/\d+$/);
  const message = page.getByTestId('notification-message');
  await expect(message).toContainText('Import finished ok');
  await expect(message.locator('b')).toHaveText('ok');
  await expect(message.locator('script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __crmPwned?: string }).__crmPwned ?? null)).toBeNull();
  await expect.poll(unread).toBe(before - 1);
  await expect(page.locator('.ant-badge-count').first()).toHaveAttribute('title', String(before - 1));

  await page.goto('/profile/notifications');
  await page.getByRole('link', { name: 'E2E hostile image' }).click();
  await expect(message).toContainText('See the chart');
  await expect(message.locator('img')).toHaveCount(1);
  await expect(message.locator('[onerror]')).toHaveCount(0);
  await expect(message.locator('a[href^="javascript:"]')).toHaveCount(0);
  await page.waitForTimeout(300); // a broken image fires its error event right after insertion
  expect(await page.evaluate(() => (window as { __crmPwned?: string }).__crmPwned ?? null)).toBeNull();
});

test('the jobs page shows progress, follows a job cancelled elsewhere, and cancels with the confirm', async ({ page, request }) => {
  await signIn(page, admin, /\/dashboard$/);
  await page.goto('/profile/jobs');
  const rowA = page.getByRole('row', { name: /E2E running import A/ });
  const rowB = page.getByRole('row', { name: /E2E running import B/ });
  await expect(rowA.getByRole('progressbar', { name: 'Progress of E2E running import A' })).toHaveAttribute('aria-valuenow', '40');
  await expect(rowA).toContainText('200');

  // Cancelled through the API: the page, polling while a job runs, shows it without a reload.
  const token = await apiLogin(request, admin);
  const jobs = (await (await request.get(`${apiBaseUrl}/jobs?per_page=100`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { id: number; name: string }[] };
  const jobB = jobs.data.find((job) => job.name === 'E2E running import B');
  expect(jobB).toBeDefined();
  expect((await request.put(`${apiBaseUrl}/jobs/${jobB?.id}/cancel`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
  await expect(rowB).toContainText(/cancelled/i, { timeout: 10_000 });

  await rowA.getByRole('button', { name: 'Cancel job E2E running import A' }).click();
  const confirm = await openConfirm(page);
  await expect(confirm.locator('.ant-modal-confirm-title')).toHaveText('Are you sure you want to cancel?');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(rowA).toContainText(/cancelled/i);
  await expect(rowA.getByRole('button', { name: 'Cancel job E2E running import A' })).toHaveCount(0);
});
