/**
 * Page objects and helpers (STYLE 11): sign in through the real form, seed and act through the real API.
 */
import { expect, test as base, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { RouteEntry } from '@crm/shared/routes';
import { e2eStack } from '../stack/e2eStack.ts';
import { translate } from '../stack/english.ts';
import { workerSlot } from '../stack/slots.ts';

export const admin = { email: e2eStack.adminEmail, password: e2eStack.adminPassword };
export const agent = { email: 'agent@example.com', password: e2eStack.demoPassword };

export class LoginPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/');
  }

  async signIn(user: { email: string; password: string }): Promise<void> {
    await this.page.getByLabel('Email', { exact: true }).fill(user.email);
    await this.page.getByLabel('Password', { exact: true }).fill(user.password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }
}

export async function signIn(page: Page, user: { email: string; password: string }, landing: RegExp = /\/(dashboard|lead\/search)$/): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(user);
  await expect(page).toHaveURL(landing);
}

/** The access token the page holds (from the persisted store). */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem('crm.state');
    return raw ? ((JSON.parse(raw) as { session?: { accessToken?: string } }).session?.accessToken ?? null) : null;
  });
  if (!token) throw new Error('the page holds no token');
  return token;
}

export async function apiLogin(request: APIRequestContext, user: { email: string; password: string }): Promise<string> {
  const response = await request.post(`${apiBaseUrl}/login`, { data: user });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { access_token: string } }).data.access_token;
}

/**
 * Clicks `option` in the open antd select list, once the list has finished opening: a click during its opening motion
 * can close the list without picking anything (seen once in a few hundred runs).
 */
export async function pickFromOpenList(page: Page, option: string): Promise<void> {
  // The list of a select closed a moment ago may still be visible while it leaves.
  const list = page.locator('.ant-select-dropdown:visible:not([class*="-leave"])');
  await expect(list).not.toHaveClass(/-(appear|enter)/);
  await list.getByTitle(option, { exact: true }).click();
}

/**
 * The open confirm dialog once antd has finished zooming it in: a click on its buttons while it still animates can
 * land on nothing (one CI run lost a delete's "Yes" that way, 150 ms after the dialog opened).
 */
export async function openConfirm(page: Page): Promise<Locator> {
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toBeVisible();
  await expect(confirm).not.toHaveClass(/ant-zoom-(appear|enter)/);
  return confirm;
}

/** Clicks a menu entry's link in the sidebar, opening its group first (a client-side navigation, as staff do). */
export async function openFromSidebar(page: Page, route: RouteEntry): Promise<void> {
  const sidebar = page.getByTestId('sidebar');
  if (route.menu !== null && route.menu !== 'top') {
    const group = sidebar.locator('[role="menuitem"][aria-haspopup="true"]', { hasText: translate(`menu.groups.${route.menu}`) });
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  }
  // Clicked again until the page follows: a click landing while the group's submenu still animates open can be lost.
  const link = sidebar.getByRole('link', { name: translate(route.titleKey), exact: true });
  const arrived = new RegExp(`/${route.path.replaceAll('/', '\\/')}(\\?.*)?$`);
  await expect(async () => {
    if (!arrived.test(page.url())) await link.click();
    await expect(page).toHaveURL(arrived, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** This worker's API (its own database: slots.ts). */
export const apiBaseUrl = workerSlot.apiBaseUrl;

/** Pages open this worker's host, whose /config.json points at this worker's API. */
export { translate };

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from the pattern
  baseURL: async ({}, use) => {
    await use(workerSlot.hostOrigin);
  },
});
export { expect };

/** A role with exactly these permissions and a user holding only it, made through the management API. */
export async function userWithPermissions(
  request: APIRequestContext,
  permissions: readonly string[],
  label: string,
): Promise<{ email: string; password: string; roleId: number; userId: number }> {
  const adminToken = await apiLogin(request, admin);
  const headers = { authorization: `Bearer ${adminToken}` };
  const unique = `${label} ${Date.now().toString(36)}`;
  const role = await request.post(`${apiBaseUrl}/management/role`, { headers, data: { name: unique, permissions } });
  expect(role.status()).toBe(201);
  const roleId = ((await role.json()) as { data: { id: number } }).data.id;
  const user = { email: `${unique.replaceAll(/\W+/g, '-').toLowerCase()}@example.com`, password: 'e2e-password-123' };
  const created = await request.post(`${apiBaseUrl}/management/user`, { headers, data: { name: unique, ...user, roles: [roleId] } });
  expect(created.status()).toBe(201);
  return { ...user, roleId, userId: ((await created.json()) as { data: { id: number } }).data.id };
}

/** Stops or starts this worker's API through the stack's control port (runStack.ts): a crash, then a restart. */
export async function controlApi(action: 'stop' | 'start'): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${e2eStack.controlPort}/slots/${workerSlot.index}/api/${action}`, { method: 'POST' });
  if (!response.ok) throw new Error(`${action} of the API failed: ${response.status} ${await response.text()}`);
}
