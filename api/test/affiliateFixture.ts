/** An affiliate company with a source and a key, and the calls its server makes: shared by the affiliate API tests. */
import assert from 'node:assert/strict';
import { bearer, type TestContext } from './helpers.ts';

export type Refused = { status: 'refused'; reason: string; message: string; errors?: Record<string, string[]> };
type Answer = { statusCode: number; body: string; headers: Record<string, unknown>; json: () => unknown };

export type AffiliateFixture = Awaited<ReturnType<typeof affiliateFixture>>;

export async function affiliateFixture(context: TestContext, name: string) {
  let unique = 0;
  const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    context.app.inject({ method, url: `/api${url}`, headers: bearer(context.adminToken), ...(payload === undefined ? {} : { payload }) });
  const created = async (url: string, payload: Record<string, unknown>): Promise<number> => {
    const response = await admin('POST', url, payload);
    assert.equal(response.statusCode, 201, response.body);
    return (response.json() as { data: { id: number } }).data.id;
  };
  const companyId = await created('/settings/affiliate/company', { name });
  const sourceId = await created('/settings/source', { name: `${name} source`, affiliate_company_id: companyId });
  const issue = async (fields: Record<string, unknown> = {}) => {
    const response = await admin('POST', `/settings/affiliate/company/${companyId}/api-key`, { name: 'Intake', source_id: sourceId, ...fields });
    assert.equal(response.statusCode, 201, response.body);
    return (response.json() as { data: { id: number; key: string } }).data;
  };
  const first = await issue();
  const email = () => `${name.replaceAll(/\W/g, '').toLowerCase()}${(unique += 1)}-${Date.now()}@example.com`;
  return {
    companyId,
    sourceId,
    key: first.key,
    keyId: first.id,
    admin,
    issue,
    email,
    post: (payload: unknown, headers: Record<string, string> = { 'x-api-key': first.key }, remoteAddress = '127.0.0.1') =>
      context.app.inject({ method: 'POST', url: '/api/v1/leads', headers, remoteAddress, payload: payload as Record<string, unknown> }),
    /** Posts a lead that is taken (a fresh email, and `fields`); answers its public `lead_id`. */
    accepted: async (fields: Record<string, unknown> = {}): Promise<string> => {
      const response = await context.app.inject({ method: 'POST', url: '/api/v1/leads', headers: { 'x-api-key': first.key }, payload: { email: email(), ...fields } });
      assert.equal(response.statusCode, 201, response.body);
      return (response.json() as { lead_id: string }).lead_id;
    },
    refusal: (response: Answer, status: number, reason: string): Refused => {
      assert.equal(response.statusCode, status, response.body);
      const body = response.json() as Refused;
      assert.equal(body.status, 'refused');
      assert.equal(body.reason, reason, response.body);
      return body;
    },
  };
}
