/**
 * Distribution rules (issue 33) end to end, as admin, against the real API: open the rules page from the sidebar,
 * write a rule with two tiers in the editor (the shares follow the weights), see it listed after an existing rule,
 * move it up, disable it, and read the saved order and tiers back from the API.
 */
import type { APIRequestContext } from '@playwright/test';
import { routeTable } from '@crm/shared/routes';
import { admin, apiBaseUrl, apiLogin, expect, openFromSidebar, pickFromOpenList, signIn, test } from './fixtures.ts';

const tag = Date.now().toString(36);
const brokerName = `Rules broker ${tag}`;
const branches = ['North', 'South', 'East'].map((branch) => `${branch} ${tag}`);
type Rule = { id: number; name: string; position: number; is_enabled: boolean; countries: string[]; tiers: { departments: { branch_name: string; weight: number }[] }[] };

async function post(request: APIRequestContext, headers: Record<string, string>, path: string, data: object): Promise<{ id: number }> {
  const response = await request.post(`${apiBaseUrl}${path}`, { headers, data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data;
}

test('write a rule with two tiers in the editor, move it up and disable it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const drawer = page.getByRole('dialog');
  const headers = { authorization: `Bearer ${await apiLogin(request, admin)}` };
  const broker = await post(request, headers, '/broker', { name: brokerName });
  const departmentIds: number[] = [];
  for (const branch of branches) departmentIds.push((await post(request, headers, '/broker/department', { broker_id: broker.id, branch_name: branch })).id);
  const existingName = `Existing ${tag}`;
  // Narrowed to a funnel of its own, so that the rule takes no lead of another test on this API.
  const ownLeads = { affiliate_company_ids: [], source_ids: [], countries: [], languages: [], funnels: [`existing-${tag}`], sub1: [], sub2: [], sub3: [], sub4: [], sub5: [] };
  await post(request, headers, '/distribution/rules', { name: existingName, is_enabled: true, ...ownLeads, tiers: [{ departments: [{ department_id: departmentIds[2], weight: 1 }] }] });

  /** Long lists are virtual: typing narrows one to the option, which is then picked once the list has opened. */
  const choose = async (label: string, option: string) => {
    await drawer.getByLabel(label, { exact: true }).fill(option);
    await pickFromOpenList(page, option);
  };

  await signIn(page, admin, /\/dashboard$/);
  await openFromSidebar(
    page,
    routeTable.find((route) => route.path === 'broker/distribution/rules')!,
  );
  await expect(page.getByRole('row', { name: new RegExp(existingName) })).toBeVisible();

  await page.getByRole('button', { name: 'Create' }).click();
  const ruleName = `Germany ${tag}`;
  await drawer.getByLabel('Name', { exact: true }).fill(ruleName);
  await choose('Countries', 'Germany (DE)');
  await drawer.getByLabel('Funnels', { exact: true }).fill('crypto');
  await drawer.getByLabel('Funnels', { exact: true }).press('Enter');
  await choose('Department 1.1', `${brokerName} - ${branches[0]}`);
  await drawer.getByRole('button', { name: 'Add department 1' }).click();
  await choose('Department 1.2', `${brokerName} - ${branches[1]}`);
  await drawer.getByLabel('Weight 1.1', { exact: true }).fill('3');
  await expect(drawer.getByTestId('tier-0-percentage-0')).toHaveText('75%');
  await expect(drawer.getByTestId('tier-0-percentage-1')).toHaveText('25%');
  await drawer.getByRole('button', { name: /Add tier/ }).click();
  await choose('Department 2.1', `${brokerName} - ${branches[2]}`);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Rule successfully created')).toBeVisible();
  await expect(drawer).toBeHidden();

  const row = page.getByRole('row', { name: new RegExp(ruleName) });
  await expect(row).toContainText(`Tier 1: ${brokerName} - ${branches[0]} 75%, ${brokerName} - ${branches[1]} 25%`);
  await expect(row).toContainText(`Tier 2: ${brokerName} - ${branches[2]} 100%`);
  await row.getByRole('button', { name: 'Move up' }).click();
  await expect(page.getByText('Rule moved')).toBeVisible();
  await row.getByRole('switch', { name: `Enabled ${ruleName}` }).click();
  await expect(row.getByRole('switch', { name: `Enabled ${ruleName}` })).not.toBeChecked();

  const saved = ((await (await request.get(`${apiBaseUrl}/distribution/rules`, { headers })).json()) as { data: Rule[] }).data;
  const mine = saved.filter((rule) => rule.name.endsWith(tag));
  expect(mine.map((rule) => rule.name)).toEqual([ruleName, existingName]);
  expect(mine[0]).toMatchObject({ is_enabled: false, countries: ['DE'] });
  expect(mine[0]!.tiers.map((tier) => tier.departments.map((entry) => `${entry.branch_name}=${entry.weight}`))).toEqual([[`${branches[0]}=3`, `${branches[1]}=1`], [`${branches[2]}=1`]]);
});
