import { routeTable } from '@crm/shared/routes';
import { admin, agent, expect, openFromSidebar, signIn, test, translate } from './fixtures.ts';

test('an unknown path shows the not-found text and Back goes one step back', async ({ page }) => {
  await page.goto('/login');
  await page.goto('/no/such/page');
  await expect(page.getByText("No signal here! we can't find the page you are looking for")).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a protected route without a session goes to the login page', async ({ page }) => {
  await page.goto('/settings/tags');
  await expect(page).toHaveURL(/\/$/);
});

test('a route without its permission shows the no-access page', async ({ page }) => {
  await signIn(page, agent, /\/lead\/search$/);
  await page.goto('/settings/tags');
  await expect(page.getByTestId('no-access')).toBeVisible();
  await expect(page.getByText('No permission')).toBeVisible();
});

test('the sidebar shows only the entries a limited role may view', async ({ page }) => {
  await signIn(page, agent, /\/lead\/search$/);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByText('Leads', { exact: true }).first()).toBeVisible();
  for (const hidden of ['Dashboard', 'Brokers', 'Users management', 'Settings', 'Failed leads']) {
    await expect(sidebar.getByText(hidden, { exact: true })).toHaveCount(0);
  }
});

test("the sidebar collapse is remembered across a reload; collapsed, a group opens on hover; expanded again, the page's group is open", async ({ page }) => {
  await signIn(page, admin, /\/dashboard$/);
  await page.getByLabel('Collapse sidebar').click();
  await expect(page.getByTestId('sidebar')).toHaveClass(/ant-layout-sider-collapsed/);
  await page.reload();
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toHaveClass(/ant-layout-sider-collapsed/);

  // Collapsed, a group opens as a popup on hover; the page chosen there closes it.
  const popup = page.locator('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)');
  await expect(popup).toHaveCount(0);
  await sidebar.getByRole('menuitem', { name: /Leads$/ }).hover();
  // Clicked while it still zooms in, the link is not yet where the pointer goes: the pointer leaves the group and the
  // popup closes (one CI run lost the click that way).
  await expect(popup).toBeVisible();
  await expect(popup).not.toHaveClass(/-(appear|enter)/);
  await popup.getByRole('link', { name: 'Leads', exact: true }).click();
  await expect(page.getByTestId('lead-search-screen')).toBeVisible();
  await page.mouse.move(800, 500);
  await expect(popup).toHaveCount(0);

  // Expanded again, the current page's group stands open with its entry marked.
  await page.getByLabel('Expand sidebar').click();
  await expect(sidebar.getByRole('link', { name: 'Leads', exact: true })).toBeVisible();
  await expect(sidebar.locator('.ant-menu-item-selected')).toHaveText('Leads');
});

test('on a small screen the sidebar slides in and closes on Escape', async ({ page }) => {
  await page.setViewportSize({ width: 500, height: 800 });
  await signIn(page, admin, /\/dashboard$/);
  await page.getByLabel('Expand sidebar').click();
  const drawer = page.locator('.ant-drawer-open');
  await expect(drawer.getByText('Settings', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
});

test('every one of the 36 routes is reachable by URL for a user holding every permission', async ({ page }) => {
  // 36 full page loads (host, manifest, remote and the screen's own calls): about 2 s each on the CI machine until
  // 2026-11-28, when a run beside the other worker took over 5 s each (not yet explained: see issue 35's note).
  test.setTimeout(420_000);
  expect(routeTable).toHaveLength(36);
  await signIn(page, admin, /\/dashboard$/);
  for (const route of routeTable) {
    // An id that exists nowhere: opening a real notification here would mark it read for later tests.
    await page.goto(`/${route.path.replace(':id', '999999')}`);
    const panel = page.locator(`[data-remote-page="${route.remote}"]`);
    // The remote's page rendered.
    await expect(panel, route.path).toContainText(/\S/);
    await expect(page.getByTestId('remote-error'), route.path).toHaveCount(0);
    await expect(page.getByTestId('no-access'), route.path).toHaveCount(0);
  }
});

test('every menu entry opens its page from the sidebar', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, admin, /\/dashboard$/);
  for (const route of routeTable.filter((entry) => entry.menu !== null)) {
    await openFromSidebar(page, route);
    await expect(page).toHaveURL(new RegExp(`/${route.path}$`));
    await expect(page.locator(`[data-remote-page="${route.remote}"]`).getByText(translate(route.titleKey), { exact: true }).first()).toBeVisible();
  }
});
