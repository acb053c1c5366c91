/**
 * Issue 33's flow end to end, as admin, against the real API, its distribution worker and the stack's fake broker: a
 * rule with two tiers written in the editor, a department's hours and day cap set in its dialog, leads posted through
 * the affiliate API (`?wait=` answers with the delivery), the first two at the first tier's department and the third
 * failed over to the second tier once the cap is full; the caps board counts 2 / 2; the third lead's Distribution tab
 * says why it went where. Then the simulator replays today's leads (the stack's database has no leads of this rule
 * yesterday: the intake stamps the time it receives) with the saved rules — the same split — and with a draft of the
 * rule that sends every lead to the second department, unsaved.
 */
import type { APIRequestContext } from '@playwright/test';
import { e2eStack } from '../stack/e2eStack.ts';
import { admin, apiBaseUrl, apiLogin, expect, pickFromOpenList, signIn, test } from './fixtures.ts';

// Short: a department's label (broker - branch) is shown whole up to 30 characters.
const tag = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 100)}`;
const brokerOrigin = `http://127.0.0.1:${e2eStack.fakeBrokerPort}`;
const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
type Delivery = { status: string; lead_id: string; distribution?: { state: string; autologin_url: string | null; broker_lead_id: string | null } };

async function adminApi(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await apiLogin(request, admin)}` };
  return async <Data>(method: 'post' | 'get', path: string, data?: unknown): Promise<Data> => {
    const response = await request[method](`${apiBaseUrl}${path}`, { headers, ...(data === undefined ? {} : { data }) });
    expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
    return ((await response.json()) as { data: Data }).data;
  };
}

test('a two-tier rule, an hours-and-cap department, leads from the affiliate API delivered and explained', async ({ page, request }) => {
  test.setTimeout(300_000);
  const api = await adminApi(request);
  const company = await api<{ id: number }>('post', '/settings/affiliate/company', { name: `Flow Affiliates ${tag}` });
  const source = await api<{ id: number }>('post', '/settings/source', { name: `Flow source ${tag}`, affiliate_company_id: company.id });
  const { key } = await api<{ key: string }>('post', `/settings/affiliate/company/${company.id}/api-key`, { name: 'Flow server', source_id: source.id });
  const integration = await api<{ id: number }>('post', '/send/integration', {
    name: `Flow integration ${tag}`,
    send_a_lot: true,
    concurrency: 2,
    site_url: `${brokerOrigin}/leads`,
    response_type: 'json_path_equals',
    response_content: { success_path: 'status', success_value: 'ok', lead_id_path: 'data.lead_id', autologin_path: 'data.autologin_url', error_path: 'message' },
  });
  const broker = await api<{ id: number }>('post', '/broker', { name: `Flow ${tag}` });
  const [first, second] = ['First', 'Second'].map((branch) => `${branch} ${tag}`);
  for (const branch of [first, second]) await api('post', '/broker/department', { broker_id: broker.id, branch_name: branch, send_integration_id: integration.id });
  const label = (branch: string | undefined) => `Flow ${tag} - ${branch}`;

  await signIn(page, admin, /\/dashboard$/);

  // The rule: leads of this test's funnel, the first department in tier 1, the second in tier 2.
  await page.goto('/broker/distribution/rules');
  await page.getByRole('button', { name: 'Create' }).click();
  const drawer = page.getByRole('dialog');
  const choose = async (field: string, option: string) => {
    await drawer.getByLabel(field, { exact: true }).fill(option);
    await pickFromOpenList(page, option);
  };
  await drawer.getByLabel('Name', { exact: true }).fill(`Rule ${tag}`);
  await drawer.getByLabel('Funnels', { exact: true }).fill(`flow-${tag}`);
  await drawer.getByLabel('Funnels', { exact: true }).press('Enter');
  await choose('Department 1.1', label(first));
  await drawer.getByRole('button', { name: /Add tier/ }).click();
  await choose('Department 2.1', label(second));
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Rule successfully created')).toBeVisible();

  // The first department: open today all day (UTC, its zone), at most 2 leads a day.
  await page.goto('/broker/department/search');
  const row = page.getByRole('row', { name: new RegExp(first ?? '') });
  await row.getByRole('button', { name: 'Hours and caps' }).click();
  const limits = page.getByRole('dialog');
  await limits.getByRole('button', { name: /Add window/ }).click();
  await limits.getByLabel('Weekday 1', { exact: true }).click();
  await pickFromOpenList(page, weekdays[new Date().getUTCDay()] ?? 'Monday');
  await limits.getByLabel('From 1', { exact: true }).fill('00:00');
  await limits.getByLabel('To 1', { exact: true }).fill('24:00');
  await limits.getByTestId('hours-form').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Working hours saved')).toBeVisible();
  await limits.getByRole('tab', { name: 'Caps' }).click();
  // The form starts with the all-countries row.
  await limits.getByLabel('Per day 1', { exact: true }).fill('2');
  await limits.getByTestId('caps-form').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Caps saved')).toBeVisible();

  // The affiliate's server posts three leads, each answered once delivered (?wait=), with the broker's autologin URL.
  const deliveries: Delivery[] = [];
  for (const index of [1, 2, 3]) {
    const posted = await request.post(`${apiBaseUrl}/v1/leads?wait=30`, {
      headers: { 'x-api-key': key },
      data: { first_name: 'Flow', last_name: `Lead ${index}`, email: `flow-${index}-${tag}@example.com`, country: 'DE', funnel: `flow-${tag}` },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    deliveries.push((await posted.json()) as Delivery);
  }
  for (const delivery of deliveries) {
    expect(delivery.distribution?.state).toBe('delivered');
    const autologin = await request.get(delivery.distribution?.autologin_url ?? '');
    expect(autologin.status(), 'the broker knows the lead').toBe(200);
  }

  // The caps board counts the first department's two.
  await page.goto('/broker/department/caps');
  await expect(page.getByRole('row', { name: new RegExp(first ?? '') })).toContainText('2 / 2');

  // The third lead's Distribution tab: the first department's cap was full, the second tier took it.
  const [third] = await api<{ id: number }[]>('get', `/lead?email=${encodeURIComponent(`flow-3-${tag}@example.com`)}`);
  await page.goto(`/lead/single/${third?.id}`);
  await page.getByTestId('lead-tab-distribution').click();
  await expect(page.getByTestId('lead-distribution-state')).toHaveText(`Delivered: ${label(second)}`);
  await expect(page.getByTestId('lead-distribution-rule')).toHaveText(`Rule ${tag}`);
  const attempt = page.getByTestId('lead-distribution-attempt-1');
  await expect(attempt).toContainText('Cap reached');
  await expect(attempt).toContainText('cap 2/2 today (UTC)');
  await expect(attempt).toContainText(`picked (weight 1 of 1)`);
  await expect(attempt).toContainText('Delivered');

  // The simulator: the saved rules over today give the split the engine made; the draft (tier 1 removed) sends all three
  // to the second department. Nothing is saved or sent. (Counts, not shares: the slot's demo leads may include one of
  // today, matching no rule.)
  const today = new Date().toISOString().slice(0, 10);
  const simulate = async (title: string) => {
    const dialog = page.getByRole('dialog', { name: title });
    // Today, first and last day: picked on the range picker's calendar (its day cells are titled YYYY-MM-DD).
    await dialog.getByTestId('simulation-period').first().click();
    const todayCell = page.locator(`.ant-picker-dropdown:visible td[title="${today}"]`).first();
    await todayCell.click();
    await todayCell.click();
    await expect(dialog.getByTestId('simulation-period').last()).toHaveValue(/./);
    await dialog.getByLabel('Time zone', { exact: true }).fill('UTC');
    await pickFromOpenList(page, 'UTC');
    await dialog.getByRole('button', { name: 'Run' }).click();
    return dialog.getByTestId('simulation-departments');
  };
  const sentBefore = (await (await request.get(`${brokerOrigin}/__fake/stats?email_contains=${tag}`)).json()) as { received: number };
  await page.goto('/broker/distribution/rules');
  await page.getByRole('button', { name: 'Simulate' }).click();
  const saved = await simulate('Simulate the saved rules');
  await expect(saved.getByRole('row', { name: new RegExp(`${label(first)} 2 `) })).toBeVisible({ timeout: 60_000 });
  await expect(saved.getByRole('row', { name: new RegExp(`${label(second)} 1 `) })).toBeVisible();
  await page.keyboard.press('Escape');

  await page
    .getByRole('row', { name: new RegExp(`Flow ${tag}`) })
    .getByRole('button', { name: 'Edit' })
    .click();
  await drawer.getByRole('button', { name: 'Remove tier 1' }).click();
  await drawer.getByRole('button', { name: 'Simulate' }).click();
  const draft = await simulate('Simulate with this draft');
  await expect(draft.getByRole('row', { name: new RegExp(`${label(second)} 3 `) })).toBeVisible({ timeout: 60_000 });
  await expect(draft).not.toContainText(first ?? '');
  const sentAfter = (await (await request.get(`${brokerOrigin}/__fake/stats?email_contains=${tag}`)).json()) as { received: number };
  expect(sentBefore.received, 'the three leads were delivered').toBe(3);
  expect(sentAfter.received, 'the simulator sends nothing').toBe(sentBefore.received);
});
