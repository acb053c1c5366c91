/** Issue 6: lead import (preview, mapping, dry run, job, failed rows) and export (filtered list, downloaded file). */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { admin, apiBaseUrl, apiLogin, expect, pickFromOpenList, signIn, test } from './fixtures.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

async function adminPost(request: APIRequestContext, path: string, data: unknown): Promise<void> {
  const response = await request.post(`${apiBaseUrl}${path}`, { headers: { authorization: `Bearer ${await apiLogin(request, admin)}` }, data });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
}

/** Picks an option of the antd select inside `scope`. */
async function choose(page: Page, scope: Locator, option: string) {
  await scope.locator('.ant-select').first().click();
  await pickFromOpenList(page, option);
}

test('import: a semicolon CSV with a header is previewed, mapped, dry-run and imported; rejected rows land in failed leads', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = unique();
  await adminPost(request, '/lead/black_list', { type: 'email_domain', value: `blocked${tag}.com`, comment: 'e2e import' });
  const csv = [
    'First name;Last name;E-mail;Phone;Country',
    `Ada;Import;ada-${tag}@example.com;;GB`,
    `Bob;Import;bob-${tag}@example.com;+44 20 7946 0${String(Math.floor(Math.random() * 1000)).padStart(3, '0')};GB`,
    `Cy;Import;not-an-email-${tag};;GB`,
    `Ada;Twin;ADA-${tag}@example.com;;GB`,
    `Eve;Import;eve@blocked${tag}.com;;GB`,
  ].join('\n');

  await signIn(page, admin, /\/dashboard$/);
  await page.goto('/lead/search');
  await page.getByTestId('lead-import-open').click();
  await page.getByTestId('lead-import-file').setInputFiles({ name: `leads-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await choose(page, page.getByTestId('lead-import-delimiter'), 'Semicolon (;)');
  await page.getByTestId('lead-import-ignore-first').check();

  // Preview rules: columns by letter, empty cells as "Empty", the header's names suggest the mapping.
  const preview = page.getByTestId('lead-import-preview');
  await expect(preview).toContainText(`ada-${tag}@example.com`);
  await expect(preview.getByRole('columnheader', { name: 'E', exact: true })).toBeVisible();
  await expect(preview.getByText('Empty', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('lead-import-map-C')).toContainText('Email');
  await expect(page.getByTestId('lead-import-map-A')).toContainText('Name');

  await page.getByTestId('lead-import-dry-run').click();
  const report = page.getByTestId('lead-import-report');
  await expect(report).toHaveAttribute('data-rows', '5');
  await expect(report).toHaveAttribute('data-valid', '2');
  await expect(report).toHaveAttribute('data-duplicates', '1');
  await expect(report).toHaveAttribute('data-blacklisted', '1');
  // Invalid apart from the duplicate and the blacklisted row: the boxes add up to the rows.
  await expect(report).toHaveAttribute('data-invalid', '1');

  await page.getByTestId('lead-import-start').click();
  const progress = page.getByTestId('lead-import-progress');
  await expect(progress.getByRole('progressbar')).toBeVisible();
  const done = page.getByTestId('lead-import-done');
  await expect(done).toHaveAttribute('data-status', 'finished', { timeout: 60_000 });
  await expect(done).toHaveAttribute('data-valid', '2');
  await expect(progress).toHaveAttribute('data-progress', '100');
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

  await page.goto(`/lead/search?search=${tag}`);
  await expect(page.getByTestId('lead-row')).toHaveCount(2);
  await expect(page.getByTestId('lead-search-screen')).toContainText(`bob-${tag}@example.com`);

  await page.goto('/failed/lead/search');
  const failed = page.getByTestId('failed-leads-screen');
  for (const rejected of [`not-an-email-${tag}`, `eve@blocked${tag}.com`]) await expect(failed).toContainText(rejected);
});

test('import: a password-protected workbook and a .txt file are refused with their messages', async ({ page }) => {
  await signIn(page, admin, /\/dashboard$/);
  await page.goto('/lead/search');
  await page.getByTestId('lead-import-open').click();
  await page.getByTestId('lead-import-file').setInputFiles(fixture('password-protected.xlsx'));
  await expect(page.getByTestId('lead-import-error')).toContainText('File is password-protected');
  await page.getByTestId('lead-import-file').setInputFiles({ name: 'leads.txt', mimeType: 'text/plain', buffer: Buffer.from('a;b\n1;2\n') });
  await expect(page.getByTestId('lead-import-error')).toContainText('File extension is not allowed please upload only csv/xlsx');
});

test('export: the filtered list goes to a CSV whose rows are exactly the filtered leads', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = unique();
  const funnel = `export-${tag}`;
  const matching = [1, 2, 3].map((index) => `exp${index}-${tag}@example.com`);
  for (const email of matching) await adminPost(request, '/lead', { name: 'Export', email, funnel });
  await adminPost(request, '/lead', { name: 'Export', email: `other-${tag}@example.com`, funnel: `elsewhere-${tag}` });

  await signIn(page, admin, /\/dashboard$/);
  await page.goto(`/lead/search?funnel=${funnel}`);
  await expect(page.getByTestId('lead-row')).toHaveCount(3);
  await page.getByTestId('lead-export-open').click();
  await expect(page.getByTestId('lead-export-scope')).toContainText('current filters');

  // A setting of its own: the e-mail and the funnel, in that order.
  await page.getByRole('button', { name: 'Manage export settings' }).click();
  await page.getByTestId('lead-export-settings-new').click();
  const form = page.getByTestId('export-setting-form');
  await form.locator('#export-setting_name').fill(`E2E ${tag}`);
  const columns = form.locator('#export-setting_columns');
  for (const column of ['Email', 'Funnel']) {
    // Typed, the column is the first option left, and Enter picks it (a click can land while the list still moves).
    await columns.fill(column);
    await expect(page.locator('.ant-select-dropdown:visible').getByTitle(column, { exact: true })).toBeVisible();
    await columns.press('Enter');
    // Its chip shows before the next pick (the dropdown is outside the form, so only the chip matches here).
    await expect(form.getByText(column, { exact: true })).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await page.getByTestId('export-setting-save').click();
  await choose(page, page.getByTestId('lead-export-modal').locator('[data-testid="lead-export-setting"]').locator('..'), `E2E ${tag}`);

  await page.getByTestId('lead-export-start').click();
  const link = page.getByTestId('lead-export-download');
  await expect(link).toBeVisible({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const text = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
  const [header, ...rows] = text.trim().split(/\r?\n/);
  expect(header).toBe('Email,Funnel');
  expect(rows.map((row) => row.split(',')[0]).sort()).toEqual([...matching].sort());
  for (const row of rows) expect(row.split(',')[1]).toBe(funnel);
});
