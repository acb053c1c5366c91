/** Issue 4: every simple settings resource, as admin — create, find in the list, edit, delete with confirm. */
import type { Page } from '@playwright/test';
import { admin, expect, openConfirm, pickFromOpenList, signIn, test } from './fixtures.ts';

type Value = string | { select: string };
type Case = { path: string; create: Record<string, Value>; rowText: string; edit: [string, string]; editedText: string; shows?: string };

const cases: Case[] = [
  { path: '/settings/tags', create: { Name: 'E2E tag' }, rowText: 'E2E tag', edit: ['Name', 'E2E tag edited'], editedText: 'E2E tag edited' },
  { path: '/settings/sources', create: { Name: 'E2E source' }, rowText: 'E2E source', edit: ['Name', 'E2E source edited'], editedText: 'E2E source edited' },
  { path: '/settings/affiliate/companies', create: { Name: 'E2E affiliate' }, rowText: 'E2E affiliate', edit: ['Name', 'E2E affiliate edited'], editedText: 'E2E affiliate edited' },
  {
    path: '/settings/languages',
    create: { Code: 'qqe', Name: 'E2E language', 'Native name': 'E2E native' },
    rowText: 'E2E language',
    edit: ['Name', 'E2E language edited'],
    editedText: 'E2E language edited',
  },
  { path: '/settings/locales', create: { Code: 'qqa', Name: 'E2E locale' }, rowText: 'E2E locale', edit: ['Name', 'E2E locale edited'], editedText: 'E2E locale edited' },
  {
    path: '/settings/localizations',
    create: { Locale: { select: 'Deutsch (de)' }, Key: 'e2e.sample', Value: 'E2E value' },
    rowText: 'e2e.sample',
    edit: ['Value', 'E2E value edited'],
    editedText: 'E2E value edited',
  },
  {
    path: '/settings/statuses',
    create: { Name: 'E2E status', Class: { select: 'lead' } },
    rowText: 'E2E status',
    edit: ['Name', 'E2E status edited'],
    editedText: 'E2E status edited',
  },
  {
    path: '/settings/countries',
    create: { Name: 'E2E land', 'ISO alpha-2': 'QZ', 'ISO alpha-3': 'QZZ', 'ISO numeric': '990', Citizenship: 'Qzian', 'Currency code': 'QZD', 'Currency decimals': '2', Flag: '🏳' },
    rowText: 'E2E land',
    shows: 'QZD',
    edit: ['Name', 'E2E land edited'],
    editedText: 'E2E land edited',
  },
];

async function fill(page: Page, label: string, value: Value) {
  const dialog = page.getByRole('dialog');
  if (typeof value === 'string') {
    await dialog.getByLabel(label, { exact: true }).fill(value);
    return;
  }
  await dialog.getByLabel(label, { exact: true }).click();
  await pickFromOpenList(page, value.select);
}

async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search' });
  await box.fill(text);
  await box.press('Enter');
}

for (const item of cases) {
  test(`settings ${item.path}: create, list, edit, delete`, async ({ page }) => {
    await signIn(page, admin, /\/dashboard$/);
    await page.goto(item.path);
    await expect(page.getByTestId('resource-screen')).toBeVisible();

    await page.getByRole('button', { name: 'Create' }).click();
    for (const [label, value] of Object.entries(item.create)) await fill(page, label, value);
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Setting successfully created')).toBeVisible();

    await search(page, item.rowText);
    const row = page.getByRole('row', { name: new RegExp(item.rowText) });
    await expect(row).toBeVisible();
    await expect(row).toContainText(item.shows ?? item.rowText);

    await row.getByRole('button', { name: 'Edit' }).click();
    await fill(page, item.edit[0], item.edit[1]);
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Setting successfully updated')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(item.editedText) })).toBeVisible();

    await page
      .getByRole('row', { name: new RegExp(item.editedText) })
      .getByRole('button', { name: 'Delete' })
      .click();
    const confirm = await openConfirm(page);
    await expect(confirm.locator('.ant-modal-confirm-title')).toHaveText('Are you sure you want to delete?');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Setting successfully deleted')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(item.editedText) })).toHaveCount(0);
  });
}

test('a duplicate name shows the server message under the field', async ({ page }) => {
  await signIn(page, admin, /\/dashboard$/);
  await page.goto('/settings/tags');
  for (const name of ['E2E twin', 'e2e TWIN']) {
    await page.getByRole('button', { name: 'Create' }).click();
    await fill(page, 'Name', name);
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  }
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('The name has already been taken.')).toBeVisible();
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
});

test('the fields the API requires are marked, and left empty they are refused under them before anything is sent', async ({ page }) => {
  await signIn(page, admin, /\/dashboard$/);
  await page.goto('/settings/statuses');
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/settings/status')) writes.push(request.url());
  });
  await page.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog');
  const label = (text: string) => dialog.locator('label', { hasText: new RegExp(`^${text}$`) });
  await expect(label('Name')).toHaveClass(/ant-form-item-required/);
  await expect(label('Class')).toHaveClass(/ant-form-item-required/);
  await expect(label('Background colour')).not.toHaveClass(/ant-form-item-required/);

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Name is required.')).toBeVisible();
  await expect(dialog.getByText('Class is required.')).toBeVisible();
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  expect(writes).toEqual([]);

  await fill(page, 'Name', 'E2E required');
  await fill(page, 'Class', { select: 'lead' });
  await expect(dialog.getByText('Name is required.')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Setting successfully created')).toBeVisible();
  expect(writes).toHaveLength(1);
});
