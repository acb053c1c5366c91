/**
 * Issue 7 end to end, as admin (a sender), against the real API and the fake broker of the stack: create an
 * integration, a broker and a department; test the integration for real and see request and response; send 20
 * selected leads and follow the job; see the send-history rows and a lead's lead_url; a postback marks an FTD that
 * shows on the lead and in the department's histories.
 */
import type { Page } from '@playwright/test';
import { e2eStack } from '../stack/e2eStack.ts';
import { admin, apiBaseUrl, apiLogin, expect, pickFromOpenList, signIn, test } from './fixtures.ts';

const brokerOrigin = `http://127.0.0.1:${e2eStack.fakeBrokerPort}`;
const tag = Date.now().toString(36);
const names = { integration: `E2E integration ${tag}`, broker: `E2E broker ${tag}`, branch: `E2E desk ${tag}` };

async function createWith(page: Page, fill: () => Promise<void>, message: string) {
  await page.getByRole('button', { name: 'Create' }).click();
  await fill();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(message)).toBeVisible();
}

test('set up a broker, test its integration, send 20 leads and record an FTD from a postback', async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = await apiLogin(request, admin);
  const headers = { authorization: `Bearer ${token}` };
  await signIn(page, admin, /\/dashboard$/);

  // The integration: the generic adapter against the fake broker, its answer's lead id and autologin URL.
  await page.goto('/send/integration/search');
  await createWith(
    page,
    async () => {
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name', { exact: true }).fill(names.integration);
      await dialog.getByLabel('Site URL', { exact: true }).fill(`${brokerOrigin}/leads`);
      await dialog.getByLabel('Lead ID path', { exact: true }).fill('data.lead_id');
      await dialog.getByLabel('Autologin URL path', { exact: true }).fill('data.autologin_url');
      await dialog.getByLabel('Push API key', { exact: true }).fill(`push-${tag}`);
      await dialog.getByLabel('Bulk sends allowed', { exact: true }).click();
    },
    'Send integration successfully created',
  );

  // Test it for real: the exact request, the broker's response, and what the rules extracted.
  const integrationRow = page.getByRole('row', { name: new RegExp(names.integration) });
  await integrationRow.getByRole('button', { name: 'Test' }).click();
  const testDialog = page.getByRole('dialog', { name: 'Test the integration' });
  await testDialog.getByLabel('Dry run').click();
  await testDialog.getByTestId('integration-test-run').click();
  await expect(testDialog.getByTestId('integration-test-request')).toContainText(`POST ${brokerOrigin}/leads`);
  await expect(testDialog.getByTestId('integration-test-response-status')).toHaveText(/200/);
  await expect(testDialog.getByTestId('integration-test-response')).toContainText('autologin_url');
  await expect(testDialog.getByTestId('integration-test-outcome')).toContainText(/B-\d+/);
  await testDialog.locator('form').getByRole('button', { name: 'Close' }).click();
  await expect(testDialog).toBeHidden();

  // On a narrow screen the integrations table is wider than its card: it scrolls inside the card, its actions in
  // view, and the page itself never widens.
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 900, height: 720 });
  await expect(integrationRow.getByRole('button', { name: 'Test' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  expect(
    await page
      .locator('.ant-table-content')
      .first()
      .evaluate((content) => content.scrollWidth > content.clientWidth),
  ).toBe(true);
  if (viewport) await page.setViewportSize(viewport);

  await page.goto('/broker/search');
  await createWith(page, () => page.getByRole('dialog').getByLabel('Name', { exact: true }).fill(names.broker), 'Broker successfully created');

  // The same name again: Save sits below the long form's fold, and the refusal brings its field back into view.
  await page.getByRole('button', { name: 'Create' }).click();
  const brokerDialog = page.getByRole('dialog');
  const brokerName = brokerDialog.getByLabel('Name', { exact: true });
  await brokerName.fill(names.broker);
  await brokerDialog.getByRole('button', { name: 'Save' }).click();
  await expect(brokerDialog.getByText('A broker with this name already exists.')).toBeVisible();
  await expect(brokerName).toBeInViewport({ ratio: 1 });
  await brokerDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(brokerDialog).toBeHidden();

  await page.goto('/broker/department/search');
  await createWith(
    page,
    async () => {
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Broker', { exact: true }).click();
      await pickFromOpenList(page, names.broker);
      await dialog.getByLabel('Branch name', { exact: true }).fill(names.branch);
      await dialog.getByLabel('Send integration', { exact: true }).click();
      await pickFromOpenList(page, names.integration);
    },
    'Department successfully created',
  );
  const departments = (await (await request.get(`${apiBaseUrl}/broker/department?search=${encodeURIComponent(names.branch)}`, { headers })).json()) as { data: { id: number }[] };
  const departmentId = departments.data[0]!.id;

  // Send 20 selected leads and follow the job to its report.
  await page.goto('/lead/search');
  const leadRows = page.locator('tr.ant-table-row');
  await expect(leadRows.nth(19)).toBeVisible();
  for (let index = 0; index < 20; index += 1) await leadRows.nth(index).getByRole('checkbox').check();
  await page.getByTestId('lead-send-open').click();
  await page.getByTestId('lead-send-broker').getByRole('combobox').click();
  await pickFromOpenList(page, names.broker);
  await page.getByTestId('lead-send-department').getByRole('combobox').click();
  await pickFromOpenList(page, `${names.broker} - ${names.branch}`);
  await expect(page.getByTestId('lead-send-scope')).toContainText('20');
  await page.getByTestId('lead-send-submit').click();
  const report = page.getByTestId('lead-send-report');
  await expect(report).toBeVisible({ timeout: 60_000 });
  await expect(report).toHaveAttribute('data-total', '20');
  await expect(report).toHaveAttribute('data-sent', '20');

  // The department's histories list the 20 sent leads; a lead's profile shows its autologin URL.
  await page.goto(`/broker/department/${departmentId}/histories/view`);
  await expect(page.getByTestId('department-summary')).toContainText('20');
  const sent = page.getByTestId('department-send-history');
  await expect(sent.getByRole('row').filter({ hasText: 'Success' })).toHaveCount(20);
  const history = (await (await request.get(`${apiBaseUrl}/broker/department/${departmentId}/histories/send?per_page=1`, { headers })).json()) as {
    data: { lead: { id: number }; api_lead_id: string }[];
  };
  const { lead, api_lead_id: apiLeadId } = history.data[0]!;
  await page.goto(`/lead/single/${lead.id}`);
  await expect(page.getByTestId('lead-value-lead_url')).toContainText(`${brokerOrigin}/autologin/`);

  // The broker posts back a first deposit: the lead and the department's histories show it.
  const integrations = (await (await request.get(`${apiBaseUrl}/send/integration?search=${encodeURIComponent(names.integration)}`, { headers })).json()) as { data: { id: number }[] };
  const postback = await request.post(`${apiBaseUrl}/send/integration/${integrations.data[0]!.id}/postback?key=push-${tag}`, {
    data: { api_lead_id: apiLeadId, status: 'Deposit', ftd: true, ftd_at: '2026-11-20T10:00:00Z' },
  });
  expect(postback.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('lead-value-api_ftd_at')).toContainText('Nov 20, 2026');

  // The lead's send tab opens the request log narrowed to it: the send to the broker and the postback about it.
  await page.getByTestId('lead-tab-send').click();
  await page.getByTestId('lead-requests-link').click();
  await expect(page).toHaveURL(new RegExp(`/settings/requests\\?lead_id=${lead.id}$`));
  await expect(page.getByTestId('requests-filter-lead_id')).toHaveText(`Lead #${lead.id} only`);
  const logged = page.getByTestId('requests-screen').locator('tr.ant-table-row');
  await expect(logged.filter({ hasText: 'Outbound' }).filter({ hasText: 'POST' })).toHaveCount(1);
  await expect(logged.filter({ hasText: 'Inbound' })).toHaveCount(1);
  await expect(logged).toHaveCount(2);
  await expect(logged.filter({ hasText: names.integration })).toHaveCount(2);
  // The request log has no menu entry and marks none: it is not Send integrations.
  await expect(page.getByTestId('sidebar').locator('.ant-menu-item-selected')).toHaveCount(0);
  await page.goto(`/broker/department/${departmentId}/histories/view`);
  await page.getByRole('tab', { name: 'Broker reports' }).click();
  const reports = page.getByTestId('department-broker-history');
  await expect(reports.getByRole('row').filter({ hasText: 'Deposit' })).toHaveCount(1);
  await expect(page.getByTestId('department-summary-ftds')).toContainText('1');
});
