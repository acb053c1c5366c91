/** Issue 4: roles, users and what a user's permissions show, end to end. */
import type { Page } from '@playwright/test';
import { admin, apiBaseUrl, expect, openConfirm, pickFromOpenList, signIn, test, tokenOf, userWithPermissions } from './fixtures.ts';

async function sidebarLinks(page: Page): Promise<string[]> {
  const names = await page.getByTestId('sidebar').getByRole('link').allTextContents();
  return names.map((name) => name.trim()).sort();
}

async function pickOption(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByLabel(label, { exact: true }).fill(option);
  await pickFromOpenList(page, option);
}

test('a role with three permissions and a user with it: the sidebar follows the role, also after a permission is removed', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const roleName = `E2E viewers ${Date.now().toString(36)}`;
  const member = { email: `viewer-${Date.now().toString(36)}@example.com`, password: 'viewer-password-42' };

  await signIn(page, admin, /\/dashboard$/);
  await page.goto('/management/roles');
  await page.getByRole('button', { name: 'Create role' }).click();
  await expect(page).toHaveURL(/\/management\/role\/create$/);
  // In the form: the roles list (its "Role name" column) stays on screen until the create page has rendered.
  await page.locator('form').getByLabel('Role name', { exact: true }).fill(roleName);
  for (const permission of ['settings.tag.view', 'settings.source.view', 'settings.affiliateCompany.view']) {
    await page.getByRole('checkbox', { name: permission, exact: true }).check();
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Role successfully created.')).toBeVisible();
  await expect(page).toHaveURL(/\/management\/roles$/);

  await page.goto('/management/users');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page).toHaveURL(/\/management\/user\/create$/);
  await page.locator('form').getByLabel('Name', { exact: true }).fill('E2E Viewer');
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await pickOption(page, 'Roles', roleName);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User successfully created.')).toBeVisible();
  await expect(page).toHaveURL(/\/management\/users$/);

  // The member's page keeps its own clock, so the test can move it to the next profile refresh instead of waiting.
  const memberContext = await browser.newContext();
  await memberContext.clock.install();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, member, /\/lead\/search$/);
  await memberPage.getByTestId('sidebar').getByText('Settings', { exact: true }).click();
  await expect.poll(() => sidebarLinks(memberPage)).toEqual(['Affiliate companies', 'Sources', 'Tags']);

  await page.goto('/management/roles');
  const search = page.getByRole('searchbox', { name: 'Search roles' });
  await search.fill(roleName);
  await search.press('Enter');
  await page
    .getByRole('row', { name: new RegExp(roleName) })
    .getByRole('button', { name: 'Edit' })
    .click();
  await expect(page).toHaveURL(/\/management\/role\/\d+\/edit$/);
  const sources = page.getByRole('checkbox', { name: 'settings.source.view', exact: true });
  await expect(sources).toBeChecked();
  await sources.uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Role successfully updated.')).toBeVisible();

  // The API refuses at once; the sidebar follows at the next profile refresh (every 30 s).
  const refused = await memberPage.request.get(`${apiBaseUrl}/settings/source`, { headers: { authorization: `Bearer ${await tokenOf(memberPage)}` } });
  expect(refused.status()).toBe(403);
  await memberPage.clock.fastForward('00:31');
  await expect.poll(() => sidebarLinks(memberPage)).toEqual(['Affiliate companies', 'Tags']);
  await memberContext.close();
});

test('without the create permission the create button is hidden and the API answers 403', async ({ page, request }) => {
  const viewer = await userWithPermissions(request, ['settings.tag.view'], 'E2E tag viewer');
  await signIn(page, viewer, /\/lead\/search$/);
  await page.goto('/settings/tags');
  const screen = page.getByTestId('resource-screen');
  await expect(screen.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create' })).toHaveCount(0);
  await expect(screen.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(screen.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  const response = await request.post(`${apiBaseUrl}/settings/tag`, { headers: { authorization: `Bearer ${await tokenOf(page)}` }, data: { name: 'Not allowed' } });
  expect(response.status()).toBe(403);
  expect(await response.json()).toEqual({ message: 'No permission' });
});

test('an admin cannot delete their own user: the server refusal is shown and the row stays', async ({ page }) => {
  await signIn(page, admin, /\/dashboard$/);
  await page.goto('/management/users');
  const search = page.getByRole('searchbox', { name: 'Search users' });
  await search.fill(admin.email);
  await search.press('Enter');
  const row = page.getByRole('row', { name: new RegExp(admin.email) });
  await row.getByRole('button', { name: 'Delete' }).click();
  await (await openConfirm(page)).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(/cannot delete (yourself|your own)/i)).toBeVisible();
  await expect(row).toBeVisible();
});
