/** Affiliate companies for the affiliate tests: a company, a source of its own and an API key, made as staff would. */
import assert from 'node:assert/strict';
import { bearer, type TestContext } from './helpers.ts';

export type AffiliateFixture = { companyId: number; sourceId: number; key: string };

export const asAdmin = (context: TestContext, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  context.app.inject({ method, url: `/api${url}`, headers: bearer(context.adminToken), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

function idOf(response: { statusCode: number; body: string; json: () => unknown }): number {
  assert.ok(response.statusCode < 300, response.body);
  return (response.json() as { data: { id: number } }).data.id;
}

export async function affiliateCompany(context: TestContext, name: string): Promise<AffiliateFixture> {
  const companyId = idOf(await asAdmin(context, 'POST', '/settings/affiliate/company', { name }));
  const sourceId = idOf(await asAdmin(context, 'POST', '/settings/source', { name: `${name} source`, affiliate_company_id: companyId }));
  const issued = await asAdmin(context, 'POST', `/settings/affiliate/company/${companyId}/api-key`, { name: 'Main', source_id: sourceId });
  assert.equal(issued.statusCode, 201, issued.body);
  return { companyId, sourceId, key: (issued.json() as { data: { key: string } }).data.key };
}

let posted = 0;

/** Posts a lead with the company's key and answers its public `lead_id`. */
export async function postLead(context: TestContext, key: string, fields: Record<string, unknown> = {}): Promise<string> {
  posted += 1;
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/v1/leads',
    headers: { 'x-api-key': key },
    payload: { email: `pull${posted}-${Date.now()}@example.com`, ...fields },
  });
  assert.equal(response.statusCode, 201, response.body);
  return (response.json() as { lead_id: string }).lead_id;
}
