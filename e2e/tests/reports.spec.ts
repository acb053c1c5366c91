/**
 * Issue 35: the report screen against the real API. Leads of a new affiliate company arrive through the API; the
 * report grouped by affiliate company and country counts them, a cell drills down to the lead search with the same
 * count, the table exports, and a saved report comes back. The shave watch flags the department seeded with a falling
 * FTD rate (api/src/seed/e2e/seedShaveWatch.ts) and downloads its evidence.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { shaveWatch } from '../../api/src/seed/e2e/seedShaveWatch.ts';
import { admin, apiBaseUrl, apiLogin, expect, pickFromOpenList, signIn, test } from './fixtures.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function postAs(request: APIRequestContext, token: string, path: string, data: unknown): Promise<{ id: number }> {
  const response = await request.post(`${apiBaseUrl}${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as { data: { id: number } }).data;
}

/** Picks `option` in the antd select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await pickFromOpenList(page, option);
}

const rowOf = (page: Page, ...texts: string[]): Locator => {
  let row = page.getByTestId('reports-table').locator('tbody tr');
  for (const text of texts) row = row.filter({ hasText: text });
  return row;
};

test('group by affiliate company and country, drill down to the same leads, export, save the report', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiLogin(request, admin);
  const company = `E2E Report ${unique()}`;
  const { id: companyId } = await postAs(request, token, '/settings/affiliate/company', { name: company });
  for (const [index, country] of ['DE', 'DE', 'AT'].entries()) {
    await postAs(request, token, '/lead', { name: 'E2E Report', email: `e2e-report-${unique()}-${index}@example.com`, country, affiliate_company_id: companyId });
  }

  await signIn(page, admin, /\/dashboard$/);
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/reports/);
  await choose(page, 'Range', 'Today');
  await choose(page, 'Group by', 'Affiliate company');
  await choose(page, 'Then by', 'Country');
  await expect(page).toHaveURL(/group_by=affiliate_company%2Ccountry|group_by=affiliate_company,country/);

  const germany = rowOf(page, company, 'Germany');
  await expect(germany.getByTestId('report-accepted')).toHaveText('2');
  await expect(rowOf(page, company, 'Austria').getByTestId('report-accepted')).toHaveText('1');
  await expect(germany.getByTestId('report-received')).toHaveText('2');

  // The URL alone brings the same report back.
  const reportUrl = page.url();
  await page.reload();
  await expect(rowOf(page, company, 'Germany').getByTestId('report-accepted')).toHaveText('2');
  expect(page.url()).toBe(reportUrl);

  // Drill down: the lead search with the group's filters finds the same two leads.
  await rowOf(page, company, 'Germany').getByTestId('report-accepted-link').click();
  await expect(page).toHaveURL(/\/lead\/search\?.*affiliate_company_id=\d+/);
  await expect(page).toHaveURL(/country=DE/);
  await expect(page.getByTestId('lead-total')).toHaveAttribute('data-total', '2');
  await page.goBack();

  // Export: the CSV holds the group's line with the same counts.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('reports-export-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^report_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}_affiliate_company-country\.csv$/);
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  const csv = await readFile(path, 'utf8');
  expect(csv).toContain(`${company},Germany,2,2,0`);
  expect(csv).toContain(`${company},Austria,1,1,0`);
  expect(csv.trimEnd().split('\r\n').at(-1)).toMatch(/^Total,/);

  // Saved report: stored for this user, applied from the list later.
  const name = `E2E saved ${unique()}`;
  await page.getByTestId('reports-preset-save').click();
  await page.getByTestId('reports-preset-name').fill(name);
  await page.getByRole('dialog').getByRole('button', { name: /save/i }).click();
  await page.goto('/reports?range=yesterday&group_by=day');
  await choose(page, 'Saved reports', name);
  await expect(page).toHaveURL(/group_by=affiliate_company%2Ccountry|group_by=affiliate_company,country/);
  await expect(rowOf(page, company, 'Germany').getByTestId('report-accepted')).toHaveText('2');
});

test('the shave watch flags the department whose FTD rate fell, and its evidence downloads', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, admin, /\/dashboard$/);
  await page.goto('/reports?tab=shave');
  const table = page.getByTestId('shave-table');
  const shaver = table.locator('tbody tr').filter({ hasText: `${shaveWatch.brokerName} - ${shaveWatch.shaver}` });
  const honest = table.locator('tbody tr').filter({ hasText: `${shaveWatch.brokerName} - ${shaveWatch.honest}` });
  await expect(shaver.getByTestId('shave-flagged')).toBeVisible();
  await expect(shaver).toContainText('2.5%');
  await expect(honest).toBeVisible();
  await expect(honest.getByTestId('shave-flagged')).toHaveCount(0);

  const [download] = await Promise.all([page.waitForEvent('download'), shaver.getByTestId('shave-evidence-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const { readFile } = await import('node:fs/promises');
  const csv = await readFile(await download.path(), 'utf8');
  // Every lead of the watched week is in the evidence: the one deposit the broker reported, and the leads without one.
  expect(csv).toContain('Deposited');
  expect(csv.split('\r\n').filter((line) => line.includes('E2ESHAVE')).length).toBeGreaterThanOrEqual(shaveWatch.perWeek);
});
