/**
 * Issue 32: an affiliate company's API key made in the console, used by the affiliate's server (this test, over HTTP)
 * to post a lead; the lead in the lead search and its profile with its company and source; the call in the request
 * log; a status mapping the affiliate's pull then shows; the key revoked → 401.
 */
import type { APIRequestContext } from '@playwright/test';
import { admin, apiBaseUrl, apiLogin, expect, openConfirm, pickFromOpenList, signIn, test } from './fixtures.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function adminApi(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await apiLogin(request, admin)}` };
  const call = async <Data>(method: 'post' | 'put' | 'get', path: string, data?: unknown): Promise<Data> => {
    const response = await request[method](`${apiBaseUrl}${path}`, { headers, ...(data === undefined ? {} : { data }) });
    expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
    return ((await response.json()) as { data: Data }).data;
  };
  return {
    post: <Data>(path: string, data: unknown) => call<Data>('post', path, data),
    put: <Data>(path: string, data: unknown) => call<Data>('put', path, data),
    get: <Data>(path: string) => call<Data>('get', path),
  };
}

test('a key made in the console posts a lead; the lead, the call, a status mapping in the pull, and a revoked key', async ({ page, request, context }) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const tag = unique();
  const company = await api.post<{ id: number; name: string }>('/settings/affiliate/company', { name: `E2E Affiliates ${tag}` });
  const source = await api.post<{ id: number; name: string }>('/settings/source', { name: `Src ${tag}`, affiliate_company_id: company.id });

  // The account manager issues a key.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, admin, /\/dashboard$/);
  await page.goto('/settings/affiliate/companies');
  await page.getByRole('link', { name: company.name }).click();
  await expect(page.getByTestId('affiliate-company-name')).toHaveText(company.name);
  await page.getByRole('tab', { name: 'API keys' }).click();
  await expect(page).toHaveURL(/tab=keys/);
  await page.getByTestId('api-key-create').click();
  const form = page.getByTestId('api-key-form');
  await form.getByLabel('Name', { exact: true }).fill('E2E server');
  await form.getByLabel('Source', { exact: true }).click();
  await pickFromOpenList(page, source.name);
  await page.getByTestId('api-key-save').click();
  const issued = page.getByTestId('issued-key-dialog');
  await expect(issued.getByTestId('issued-key-warning')).toBeVisible();
  const key = await issued.getByTestId('issued-key').inputValue();
  expect(key).toMatch(/^crm_[A-Za-z0-9_-]{43}$/);
  await issued.getByTestId('copy-issued-key').click();
  await expect(issued.getByTestId('copy-issued-key')).toContainText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await page.getByTestId('issued-key-done').click();
  await expect(page.getByRole('row', { name: /E2E server/ })).toContainText(key.slice(0, 12));

  // The affiliate's server posts a lead with it.
  const email = `e2e-affiliate-${tag}@example.com`;
  const posted = await request.post(`${apiBaseUrl}/v1/leads`, {
    headers: { 'x-api-key': key },
    data: { first_name: 'E2E', last_name: 'Affiliate', email, country: 'DE', click_id: `click-${tag}` },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const accepted = (await posted.json()) as { status: string; lead_id: string };
  expect(accepted.status).toBe('accepted');

  // Staff see it in the lead search with its source, and in its profile with its company.
  await page.goto(`/lead/search?email=${encodeURIComponent(email)}`);
  const rows = page.getByTestId('lead-table').getByTestId('lead-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(source.name);
  const [lead] = await api.get<{ id: number; lead_id: string }[]>(`/lead?email=${encodeURIComponent(email)}`);
  expect(lead?.lead_id).toBe(accepted.lead_id);
  await page.goto(`/lead/single/${lead?.id}`);
  await expect(page.getByTestId('lead-value-affiliate_company')).toHaveText(company.name);
  await expect(page.getByTestId('lead-value-source')).toHaveText(source.name);

  // The call is in the request log, its key redacted.
  await page.goto('/settings/requests');
  const screen = page.getByTestId('requests-screen');
  const box = screen.getByRole('searchbox', { name: 'Search' });
  await box.fill('/api/v1/leads');
  await box.press('Enter');
  const call = screen.getByRole('row', { name: /\/api\/v1\/leads/ }).first();
  await expect(call).toContainText('201');
  await call.getByRole('button', { name: 'View' }).click();
  const details = page.getByTestId('request-details');
  await expect(details).toContainText(email);
  await expect(details.getByTestId('request-headers')).toContainText('REDACTED');
  await expect(details).not.toContainText(key);
  await page.keyboard.press('Escape');

  // A status mapping: the lead's status shows to the affiliate under its public name.
  const pull = async () => {
    const response = await request.get(`${apiBaseUrl}/v1/leads/${accepted.lead_id}`, { headers: { 'x-api-key': key } });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as { status: string; click_id: string };
  };
  expect((await pull()).status).toBe('In progress');
  const interested = (await api.get<{ id: number; name: string; class: string }[]>('/settings/status/all')).find((status) => status.name === 'Interested' && status.class === 'lead');
  expect(interested).toBeDefined();
  await api.put(`/lead/${lead?.id}/status`, { status_id: interested?.id });
  await page.goto(`/settings/affiliate/company/${company.id}?tab=mapping`);
  await page.getByLabel('Public status: Interested', { exact: true }).fill(`Qualified ${tag}`);
  await page.getByTestId('status-mapping-form').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Affiliate settings saved.')).toBeVisible();
  const pulled = await pull();
  expect(pulled).toMatchObject({ status: `Qualified ${tag}`, click_id: `click-${tag}` });

  // Revoked: the affiliate's next call is refused.
  await page.getByRole('tab', { name: 'API keys' }).click();
  await page
    .getByRole('row', { name: /E2E server/ })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await (await openConfirm(page)).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('row', { name: /E2E server/ }).getByTestId('api-key-state')).toHaveText('Revoked');
  const refused = await request.post(`${apiBaseUrl}/v1/leads`, { headers: { 'x-api-key': key }, data: { email: `e2e-affiliate-late-${tag}@example.com` } });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { reason: string }).reason).toBe('KEY_INVALID');
});
