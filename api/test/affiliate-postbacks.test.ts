/**
 * The console side of affiliate postbacks: a company's templates (one per event) created, listed, edited and deleted;
 * bad templates refused per field; permissions; the "send test postback" action against a fake affiliate on loopback;
 * the delivery log, newest first, filtered by event and state.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { desc } from 'drizzle-orm';
import type { AffiliatePostbackDelivery, AffiliatePostbackItem, AffiliatePostbackOutcome } from '@crm/shared/contract';
import * as tables from '../src/db/schema/index.ts';
import { deliverDuePostbacks } from '../src/modules/affiliates/postbacksDelivery.ts';
import { bearer, createTestContext, type TestContext } from './helpers.ts';
import { startFakeAffiliate, type PostbackAffiliate, type FakeAffiliate, postbackAffiliate } from './fixtures/affiliatePostbacks.ts';

type Errors = { message: string; errors: Record<string, string[]> };

describe('affiliate postbacks (console)', () => {
  let context: TestContext;
  let affiliate: FakeAffiliate;
  let company: PostbackAffiliate;

  before(async () => {
    context = await createTestContext();
    affiliate = await startFakeAffiliate();
    company = await postbackAffiliate(context, 'Console Affiliates');
  });
  after(async () => {
    await context.close();
    await affiliate.close();
  });

  const templatesUrl = () => `/settings/affiliate/company/${company.companyId}/postback`;
  const list = async () => (await company.admin('GET', templatesUrl())).json() as { data: AffiliatePostbackItem[] };

  test('create, list, edit and delete a template; one per event', async () => {
    const created = await company.admin('POST', templatesUrl(), { event: 'delivered', url_template: 'https://aff.example/pb?id={lead_id}&e={event}' });
    assert.equal(created.statusCode, 201, created.body);
    const item = (created.json() as { data: AffiliatePostbackItem }).data;
    assert.deepEqual([item.event, item.method, item.is_active, item.affiliate_company_id], ['delivered', 'GET', true, company.companyId]);

    const again = await company.admin('POST', templatesUrl(), { event: 'delivered', url_template: 'https://aff.example/other' });
    assert.equal(again.statusCode, 422, again.body);
    assert.ok((again.json() as Errors).errors['event']?.[0]?.includes('already'));

    const edited = await company.admin('PUT', `/settings/affiliate/postback/${item.id}`, { method: 'POST', is_active: false });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.deepEqual(
      (await list()).data.map((row) => [row.id, row.method, row.is_active, row.url_template]),
      [[item.id, 'POST', false, 'https://aff.example/pb?id={lead_id}&e={event}']],
    );

    assert.equal((await company.admin('DELETE', `/settings/affiliate/postback/${item.id}`)).statusCode, 200);
    assert.deepEqual((await list()).data, []);
    assert.equal((await company.admin('DELETE', `/settings/affiliate/postback/${item.id}`)).statusCode, 404);
    assert.equal((await company.admin('GET', '/settings/affiliate/company/999999/postback')).statusCode, 404);
  });

  test('bad templates: 422 with a message per field, nothing written', async () => {
    const refused = async (body: Record<string, unknown>, field: string, pattern: RegExp) => {
      const response = await company.admin('POST', templatesUrl(), body);
      assert.equal(response.statusCode, 422, response.body);
      const message = (response.json() as Errors).errors[field]?.[0] ?? '';
      assert.match(message, pattern, response.body);
    };
    await refused({ event: 'status', url_template: 'https://aff.example/?x={unknown}' }, 'url_template', /unknown macro \{unknown\}/);
    for (const url_template of ['https://aff.example/?x={lead_id', 'https://aff.example/?x=lead_id}', 'https://aff.example/?x={{lead_id}}']) {
      await refused({ event: 'status', url_template }, 'url_template', /does not close a macro/);
    }
    await refused({ event: 'status', url_template: '/relative?x={lead_id}' }, 'url_template', /absolute URL/);
    await refused({ event: 'status', url_template: 'ftp://aff.example/{lead_id}' }, 'url_template', /http/);
    await refused({ event: 'status', url_template: '' }, 'url_template', /required/);
    await refused({ event: 'sold', url_template: 'https://aff.example/' }, 'event', /./);
    await refused({ event: 'status', method: 'DELETE', url_template: 'https://aff.example/' }, 'method', /./);
    await refused({ event: 'status', url_template: 'https://aff.example/', extra: 1 }, 'extra', /./);
    const id = await company.addPostback('status', 'https://aff.example/s?st={status}');
    const edit = await company.admin('PUT', `/settings/affiliate/postback/${id}`, { url_template: 'https://aff.example/{nope}' });
    assert.equal(edit.statusCode, 422, edit.body);
    assert.deepEqual(
      (await list()).data.map((row) => row.url_template),
      ['https://aff.example/s?st={status}'],
    );
    await company.admin('DELETE', `/settings/affiliate/postback/${id}`);
  });

  test('permissions: 401 without a token, 403 without the permission, view alone cannot change', async () => {
    assert.equal((await context.app.inject({ method: 'GET', url: `/api${templatesUrl()}` })).statusCode, 401);
    const nobody = await context.userWith([]);
    assert.equal((await context.app.inject({ method: 'GET', url: `/api${templatesUrl()}`, headers: bearer(nobody.token) })).statusCode, 403);
    const viewer = await context.userWith(['settings.affiliatePostback.view']);
    assert.equal((await context.app.inject({ method: 'GET', url: `/api${templatesUrl()}`, headers: bearer(viewer.token) })).statusCode, 200);
    const create = await context.app.inject({ method: 'POST', url: `/api${templatesUrl()}`, headers: bearer(viewer.token), payload: { event: 'ftd', url_template: 'https://aff.example/' } });
    assert.equal(create.statusCode, 403);
    const log = await context.app.inject({ method: 'GET', url: `/api${templatesUrl()}/delivery`, headers: bearer(viewer.token) });
    assert.equal(log.statusCode, 200, log.body);
  });

  test('send test postback: sample values to the URL now; answers status, time and body; logged; nothing queued', async () => {
    const id = await company.addPostback('ftd', `${affiliate.base}/test?lead={lead_id}&e={event}&eid={event_id}&at={ftd_at}`, 'POST');
    affiliate.calls.length = 0;
    const response = await company.admin('POST', `/settings/affiliate/postback/${id}/test`);
    assert.equal(response.statusCode, 200, response.body);
    const outcome = (response.json() as { data: AffiliatePostbackOutcome }).data;
    assert.deepEqual([outcome.delivered, outcome.status, outcome.body_excerpt, outcome.error, outcome.method], [true, 200, 'OK thanks', null, 'POST']);
    assert.ok(outcome.duration_ms >= 0);
    const [call] = affiliate.calls;
    assert.deepEqual([call?.method, call?.url.searchParams.get('lead'), call?.url.searchParams.get('e'), call?.url.searchParams.get('eid')], ['POST', 'TEST-LEAD-ID', 'ftd', 'test']);
    assert.match(call?.url.searchParams.get('at') ?? '', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    assert.equal((JSON.parse(call?.body ?? '{}') as { event?: string }).event, 'ftd', 'POST carries the values as JSON');
    const [logged] = await context.database.db.select().from(tables.requestLogs).orderBy(desc(tables.requestLogs.id)).limit(1);
    assert.deepEqual([logged?.direction, logged?.method, logged?.status], ['outbound', 'POST', 200]);
    assert.ok(logged?.url.startsWith(`${affiliate.base}/test`));

    affiliate.answer(503);
    const failed = (await company.admin('POST', `/settings/affiliate/postback/${id}/test`)).json() as { data: AffiliatePostbackOutcome };
    assert.deepEqual([failed.data.delivered, failed.data.status, failed.data.body_excerpt, failed.data.error], [false, 503, 'Broken', 'HTTP 503']);
    const [queued] = (await context.database.pool.query<{ n: number }>('select count(*)::int as n from affiliate_postback_events')).rows;
    assert.equal(queued?.n, 0);
    assert.equal((await company.admin('POST', '/settings/affiliate/postback/999999/test')).statusCode, 404);
    await company.admin('DELETE', `/settings/affiliate/postback/${id}`);
  });

  test('delivery log: newest first, paged, filtered by event and state', async () => {
    await company.addPostback('accepted', `${affiliate.base}/log?lead={lead_id}`);
    const first = await company.lead();
    const second = await company.lead();
    affiliate.answer(500);
    await deliverDuePostbacks(context.database.db);
    const logUrl = `${templatesUrl()}/delivery`;
    const page = (await company.admin('GET', `${logUrl}?per_page=1`)).json() as { data: AffiliatePostbackDelivery[]; meta: { total: number; last_page: number } };
    assert.deepEqual([page.meta.total, page.meta.last_page, page.data[0]?.lead.lead_id], [2, 2, second.lead_id]);
    const all = ((await company.admin('GET', logUrl)).json() as { data: AffiliatePostbackDelivery[] }).data;
    assert.deepEqual(
      all.map((row) => row.lead.id),
      [second.id, first.id],
    );
    const states = new Map(all.map((row) => [row.lead.id, [row.state, row.attempts, row.last_status]]));
    const delivered = ((await company.admin('GET', `${logUrl}?state=delivered`)).json() as { data: AffiliatePostbackDelivery[] }).data;
    const pending = ((await company.admin('GET', `${logUrl}?state=pending&event=accepted`)).json() as { data: AffiliatePostbackDelivery[] }).data;
    assert.equal(delivered.length, 1, JSON.stringify([...states]));
    assert.equal(pending.length, 1);
    assert.deepEqual([pending[0]?.attempts, pending[0]?.last_status, pending[0]?.last_error], [1, 500, 'HTTP 500']);
    assert.equal(((await company.admin('GET', `${logUrl}?event=ftd`)).json() as { data: unknown[] }).data.length, 0);
    assert.equal((await company.admin('GET', `${logUrl}?state=lost`)).statusCode, 422);
  });
});
