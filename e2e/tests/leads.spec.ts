/** Issue 5: add lead (and its refusals), search kept in the URL, profile edits and histories, failed leads, blacklist, status rules. */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { admin, apiBaseUrl, apiLogin, expect, pickFromOpenList, signIn, test } from './fixtures.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** A valid German mobile number nobody else uses: `0151` and eight random digits. */
const mobileNumber = () => `0151 ${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function adminApi(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await apiLogin(request, admin)}` };
  return {
    async post<Data>(path: string, data: unknown): Promise<Data> {
      const response = await request.post(`${apiBaseUrl}${path}`, { headers, data });
      expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
      return ((await response.json()) as { data: Data }).data;
    },
    async get<Data>(path: string): Promise<Data> {
      const response = await request.get(`${apiBaseUrl}${path}`, { headers });
      expect(response.status()).toBe(200);
      return ((await response.json()) as { data: Data }).data;
    },
  };
}

/** Picks an option of the antd select inside `scope`, typing to narrow long lists. */
async function choose(page: Page, scope: Locator, typed: string, option: string) {
  await scope.locator('.ant-select').click();
  await scope.locator('input[role="combobox"]').fill(typed);
  await pickFromOpenList(page, option);
}

async function fillAddLead(page: Page, fields: { name?: string; email?: string; phone?: string; country?: string }) {
  const dialog = page.getByTestId('lead-add-modal');
  if (fields.name !== undefined) await dialog.locator('#lead-add_name').fill(fields.name);
  if (fields.email !== undefined) await dialog.locator('#lead-add_email').fill(fields.email);
  if (fields.phone !== undefined) await dialog.locator('#lead-add_phone').fill(fields.phone);
  if (fields.country) await choose(page, dialog.getByTestId('lead-form-country'), fields.country, `${fields.country} (DE)`);
  await dialog.getByTestId('lead-add-submit').getByRole('button').click();
}

const fieldError = (page: Page, field: string) => page.getByTestId('lead-add-modal').getByTestId(`lead-form-${field}`).locator('.ant-form-item-explain');

test('add lead: a valid one is stored with its E.164 phone; a duplicate, a blacklisted and a malformed email are refused under the field', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const tag = unique();
  await api.post('/lead/black_list', { type: 'email_domain', value: `blocked${tag}.com`, comment: 'e2e' });

  await signIn(page, admin, /\/dashboard$/);
  await page.goto('/lead/search');
  await page.getByTestId('lead-add-open').click();
  const email = `e2e-add-${tag}@example.com`;
  const phone = mobileNumber();
  await fillAddLead(page, { name: 'E2E Added', email, phone, country: 'Germany' });
  await expect(page.getByTestId('lead-add-result-phone_normalized')).toHaveText(`+49${phone.replace(/^0/, '').replace(' ', '')}`);
  await page.getByTestId('lead-add-another').click();

  await fillAddLead(page, { name: 'E2E Twin', email: email.toUpperCase() });
  await expect(fieldError(page, 'email')).toContainText('already exists');

  await fillAddLead(page, { email: `someone@blocked${tag}.com` });
  await expect(fieldError(page, 'email')).toContainText('blacklisted');

  await fillAddLead(page, { email: 'not-an-email' });
  await expect(fieldError(page, 'email')).toContainText('valid email');
  // Save sits at the foot of the long form: the refused field is focused and brought back into view, label and all.
  const emailItem = page.getByTestId('lead-add-modal').getByTestId('lead-form-email');
  await expect(emailItem.locator('input')).toBeFocused();
  await expect(emailItem.locator('label')).toBeInViewport({ ratio: 1 });

  const stored = await api.get<{ email: string; phone_normalized: string }[]>(`/lead?email=${encodeURIComponent(`e2e-add-${tag}`)}`);
  expect(stored).toHaveLength(1);
  expect(stored[0]?.phone_normalized).toMatch(/^\+49151\d{8}$/);
});

test('search filters are kept in the URL and survive a reload', async ({ page, request }) => {
  const api = await adminApi(request);
  const tag = unique();
  await api.post('/lead', { name: 'E2E Findable', email: `e2e-find-${tag}@example.com`, phone: mobileNumber(), country: 'DE' });
  await api.post('/lead', { name: 'E2E Other', email: `e2e-other-${tag}@example.com` });

  await signIn(page, admin, /\/dashboard$/);
  await page.goto('/lead/search');
  await page.locator('#lead-filters_email').fill(`e2e-find-${tag}`);
  await page.getByTestId('lead-filters-apply').click();
  await expect(page).toHaveURL(new RegExp(`email=e2e-find-${tag}`));
  const rows = page.getByTestId('lead-table').getByTestId('lead-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`e2e-find-${tag}`);
  await expect(page.getByTestId('lead-total')).toHaveAttribute('data-total', '1');

  await page.reload();
  await expect(page.locator('#lead-filters_email')).toHaveValue(`e2e-find-${tag}`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`e2e-find-${tag}`);
});

test('editing a lead writes a data-history row; changing its status writes a status-history row', async ({ page, request }) => {
  test.setTimeout(90_000);
  const api = await adminApi(request);
  const tag = unique();
  const lead = await api.post<{ id: number }>('/lead', { name: 'E2E Profile', email: `e2e-profile-${tag}@example.com`, city: 'Berlin' });

  await signIn(page, admin, /\/dashboard$/);
  await page.goto(`/lead/single/${lead.id}`);
  await expect(page.getByTestId('lead-value-city')).toHaveText('Berlin');
  await page.getByTestId('lead-edit-open').click();
  await page.locator('#lead-edit_city').fill(`Hamburg ${tag}`);
  await page.locator('#lead-edit_purchase_amount').fill('250.50');
  await page.getByTestId('lead-edit-submit').getByRole('button').or(page.getByTestId('lead-edit-submit')).first().click();
  await expect(page.getByTestId('lead-value-city')).toHaveText(`Hamburg ${tag}`);
  await page.getByTestId('lead-tab-data').click();
  const dataHistory = page.getByTestId('lead-history-data');
  await expect(dataHistory.getByRole('row').filter({ hasText: `Hamburg ${tag}` })).toContainText('Berlin');
  await expect(dataHistory.getByRole('row').filter({ hasText: '250.50' })).toBeVisible();

  await choose(page, page.getByTestId('lead-status-select'), 'Call', 'Call back');
  await page.getByTestId('lead-status-apply').click();
  await page.getByTestId('lead-status-confirm').click();
  await expect(page.getByTestId('lead-profile-status')).toContainText('Call back');
  await page.getByTestId('lead-tab-status').click();
  await expect(page.getByTestId('lead-history-status').getByRole('row').filter({ hasText: 'Call back' })).toBeVisible();
});

test('a failed lead is fixed and retried into a lead', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signIn(page, admin, /\/dashboard$/);
  await page.goto('/failed/lead/search');
  const searchBox = page.getByRole('searchbox').first();
  await searchBox.fill('e2e-failed-');
  await searchBox.press('Enter');
  const row = page.locator('tr[data-row-key]').filter({ hasText: 'Broken' }).first();
  await expect(row).toBeVisible();
  const id = await row.getAttribute('data-row-key');
  await page.getByTestId(`failed-retry-${id}`).click();
  const form = page.getByTestId('failed-retry-form');
  const brokenEmail = await form.getByTestId('failed-field-email').inputValue();
  const fixedEmail = brokenEmail.replace('(at)', '@');
  await form.getByTestId('failed-field-email').fill(fixedEmail);
  await page.getByTestId('failed-retry-modal').getByRole('button', { name: 'Save and retry' }).click();
  await expect(page.getByTestId(`failed-retry-${id}`)).toHaveCount(0);

  const api = await adminApi(request);
  const leads = await api.get<{ email: string }[]>(`/lead?email=${encodeURIComponent(fixedEmail)}`);
  expect(leads.map((lead) => lead.email)).toEqual([fixedEmail]);
});

test('a blacklist entry added on the black list page blocks a new lead with that email', async ({ page, request }) => {
  const tag = unique();
  const email = `e2e-banned-${tag}@example.com`;
  await signIn(page, admin, /\/dashboard$/);
  await page.goto('/lead/black_list');
  await page.getByTestId('blacklist-add').click();
  await page.getByTestId('blacklist-form').getByLabel('Value').fill(email);
  await page.getByTestId('blacklist-form').getByRole('button', { name: 'Add to black list' }).click();
  await expect(page.getByTestId('blacklist-added')).toContainText('0 existing leads match');

  const response = await request.post(`${apiBaseUrl}/lead`, {
    headers: { authorization: `Bearer ${await apiLogin(request, admin)}` },
    data: { name: 'E2E Banned', email },
  });
  expect(response.status()).toBe(422);
  await page.goto('/lead/search');
  await page.getByTestId('lead-add-open').click();
  await fillAddLead(page, { name: 'E2E Banned', email });
  await expect(fieldError(page, 'email')).toContainText('blacklisted');
});

test('a status rule is applied by "run now": the lead moves on and its status history cites the rule', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const tag = unique();
  const condition = await api.post<{ id: number }>('/settings/status', { name: `E2E waiting ${tag}`, class: 'lead' });
  await api.post('/settings/status', { name: `E2E moved ${tag}`, class: 'lead' });
  const lead = await api.post<{ id: number }>('/lead', { name: 'E2E Rule', email: `e2e-rule-${tag}@example.com`, status_id: condition.id });

  await signIn(page, admin, /\/dashboard$/);
  await page.goto('/lead/status/settings');
  await page.getByTestId('rules-create').click();
  const form = page.getByTestId('rules-form');
  await choose(page, form.getByTestId('rules-form-condition').locator('xpath=ancestor-or-self::*[contains(@class,"ant-form-item")][1]'), `waiting ${tag}`, `E2E waiting ${tag}`);
  await choose(page, form.getByTestId('rules-form-last').locator('xpath=ancestor-or-self::*[contains(@class,"ant-form-item")][1]'), `moved ${tag}`, `E2E moved ${tag}`);
  await form.getByTestId('rules-form-ignore').click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('tr[data-row-key]').filter({ hasText: `E2E waiting ${tag}` })).toContainText(`E2E moved ${tag}`);

  await page.getByTestId('rules-run-now').click();
  await expect(page.getByTestId('rules-run-started')).toBeVisible();
  await expect.poll(async () => (await api.get<{ status: { name: string } | null }>(`/lead/${lead.id}`)).status?.name, { timeout: 60_000 }).toBe(`E2E moved ${tag}`);

  await page.goto(`/lead/single/${lead.id}`);
  await expect(page.getByTestId('lead-profile-status')).toContainText(`E2E moved ${tag}`);
  await page.getByTestId('lead-tab-status').click();
  await expect(
    page
      .getByTestId('lead-history-status')
      .getByRole('row')
      .filter({ hasText: `E2E moved ${tag}` }),
  ).toBeVisible();
});
