/** Issue 4: localizations reach the visible text, status colours, source random statuses and the requests log. */
import type { Locator, Page } from '@playwright/test';
import { admin, apiBaseUrl, apiLogin, expect, openConfirm, pickFromOpenList, signIn, test } from './fixtures.ts';

async function choose(page: Page, label: string, option: string, scope = page.getByRole('dialog')) {
  await scope.getByLabel(label, { exact: true }).click();
  await pickFromOpenList(page, option);
}

async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search' });
  await box.fill(text);
  await box.press('Enter');
}

test('a saved localization changes the visible text after a reload', async ({ page }) => {
  await signIn(page, admin, /\/dashboard$/);
  await page.goto('/settings/localizations');
  await page.getByRole('button', { name: 'Create' }).click();
  await choose(page, 'Locale', 'English (en)');
  await page.getByRole('dialog').getByLabel('Key', { exact: true }).fill('menu.settings.languages');
  await page.getByRole('dialog').getByLabel('Value', { exact: true }).fill('Tongues (E2E)');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Setting successfully created')).toBeVisible();

  await page.reload();
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByRole('link', { name: 'Tongues (E2E)' })).toBeVisible();

  // Put the text back for the other tests (each starts with an empty local cache): delete the row.
  await search(page, 'menu.settings.languages');
  await page
    .getByRole('row', { name: /Tongues \(E2E\)/ })
    .getByRole('button', { name: 'Delete' })
    .click();
  await (await openConfirm(page)).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Setting successfully deleted')).toBeVisible();
  const served = (await (await page.request.get(`${apiBaseUrl}/localizations/en`)).json()) as Record<string, string>;
  expect(served['menu.settings.languages']).toBeUndefined();
});

test('statuses: the class filter narrows the list, rows are badges, and the form previews the colours live', async ({ page }) => {
  await signIn(page, admin, /\/dashboard$/);
  await page.goto('/settings/statuses');
  const screen = page.getByTestId('resource-screen');
  await expect(screen.getByRole('row', { name: /No answer/ })).toBeVisible();
  await choose(page, 'Class', 'Email', page.getByTestId('resource-filter-class'));
  await expect(screen.getByRole('row', { name: /Bounced/ })).toBeVisible();
  await expect(screen.getByRole('row', { name: /No answer/ })).toHaveCount(0);
  const bounced = screen
    .getByRole('row', { name: /Bounced/ })
    .getByTestId('status-badge')
    .locator(':scope > *');
  await expect(bounced).toHaveCSS('background-color', 'rgb(250, 140, 22)');

  await page.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog');
  // A new status's colour inputs show the colours it gets if left alone, not a native input's black.
  await expect(dialog.getByLabel('Background colour', { exact: true })).toHaveValue('#d9d9d9');
  await expect(dialog.getByLabel('Text colour', { exact: true })).toHaveValue('#000000');
  await dialog.getByLabel('Name', { exact: true }).fill('Preview me');
  await dialog.getByLabel('Background colour', { exact: true }).fill('#123456');
  await dialog.getByLabel('Text colour', { exact: true }).fill('#fedcba');
  const preview = dialog.getByTestId('resource-preview').getByTestId('status-badge').locator(':scope > *');
  await expect(preview).toHaveText('Preview me');
  await expect(preview).toHaveCSS('background-color', 'rgb(18, 52, 86)');
  await expect(preview).toHaveCSS('color', 'rgb(254, 220, 186)');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('source random statuses: weights with a live percentage preview, saved, shown, refused when invalid, deleted', async ({ page, request }) => {
  const token = await apiLogin(request, admin);
  const sourceName = `E2E random source ${Date.now().toString(36)}`;
  const source = await request.post(`${apiBaseUrl}/settings/source`, { headers: { authorization: `Bearer ${token}` }, data: { name: sourceName } });
  expect(source.status()).toBe(201);

  await signIn(page, admin, /\/dashboard$/);
  await page.goto('/settings/source/random/statuses/search');
  const screen = page.getByTestId('source-random-statuses-screen');
  await screen.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog');
  await choose(page, 'Source', sourceName);
  await choose(page, 'Status 1', 'New');
  await dialog.getByLabel('Weight 1', { exact: true }).fill('1');
  await dialog.getByRole('button', { name: 'Add status' }).click();
  await choose(page, 'Status 2', 'Call back');
  await dialog.getByLabel('Weight 2', { exact: true }).fill('3');
  await expect(dialog.getByTestId('random-status-percentage-0')).toHaveText('25%');
  await expect(dialog.getByTestId('random-status-percentage-1')).toHaveText('75%');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Setting successfully created')).toBeVisible();

  const row = screen.getByRole('row', { name: new RegExp(sourceName) });
  await expect(row).toContainText('New 1 · 25%');
  await expect(row).toContainText('Call back 3 · 75%');

  await row.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByRole('button', { name: 'Add status' }).click();
  await choose(page, 'Status 3', 'New');
  await dialog.getByLabel('Weight 3', { exact: true }).fill('2');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/twice|already/i)).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove status 3' }).click();
  for (const weight of ['Weight 1', 'Weight 2']) await dialog.getByLabel(weight, { exact: true }).fill('1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Setting successfully updated')).toBeVisible();
  await expect(row).toContainText('New 1 · 50%');
  await expect(row).toContainText('Call back 1 · 50%');

  await row.getByRole('button', { name: 'Delete' }).click();
  await (await openConfirm(page)).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Setting successfully deleted')).toBeVisible();
  await expect(screen.getByRole('row', { name: new RegExp(sourceName) })).toHaveCount(0);
});

async function narrowToFixtures(screen: Locator) {
  const box = screen.getByRole('searchbox', { name: 'Search' });
  await box.fill('e2e');
  await box.press('Enter');
}

test('the requests log lists inbound and outbound calls, filters them, and shows an entry with its secrets redacted', async ({ page }) => {
  await signIn(page, admin, /\/dashboard$/);
  await page.goto('/settings/requests');
  const screen = page.getByTestId('requests-screen');
  // Other specs' sends add entries; the fixtures' URLs hold "e2e".
  await narrowToFixtures(screen);
  const outbound = screen.getByRole('row', { name: /e2e-broker\.test/ });
  const inbound = screen.getByRole('row', { name: /console\.test/ });
  await expect(outbound).toBeVisible();
  await expect(inbound).toBeVisible();

  await choose(page, 'Direction', 'Inbound', screen);
  await expect(inbound).toBeVisible();
  await expect(outbound).toHaveCount(0);
  await screen.getByLabel('Direction', { exact: true }).press('Escape');
  await page.reload();
  await narrowToFixtures(screen);

  await screen
    .getByRole('row', { name: /e2e-broker\.test/ })
    .getByRole('button', { name: 'View' })
    .click();
  const details = page.getByTestId('request-details');
  await expect(details).toContainText('E2E duplicate lead');
  await expect(details.getByTestId('request-headers')).toContainText('application/json');
  for (const secret of ['e2e-secret-password', 'e2e-lead-password', 'e2e-secret-token']) await expect(details).not.toContainText(secret);
  await expect(details.getByTestId('request-headers')).toContainText('REDACTED');
});
