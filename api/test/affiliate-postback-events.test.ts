/**
 * What fills the postback outbox: an accepted lead (intake), a change of the lead's PUBLIC status (the company's
 * mapping, through the console's status change and any other writer), and an FTD (due after the company's FTD hold).
 * Events are written only where the company has an active postback for them, with the lead's values URL-encoded.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { deliverDuePostbacks } from '../src/modules/affiliates/postbacksDelivery.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { outboxOf, startFakeAffiliate, type PostbackAffiliate, type FakeAffiliate, postbackAffiliate } from './fixtures/affiliatePostbacks.ts';

describe('affiliate postback events', () => {
  let context: TestContext;
  let affiliate: FakeAffiliate;
  let company: PostbackAffiliate;
  let statusIds: number[];

  before(async () => {
    context = await createTestContext();
    affiliate = await startFakeAffiliate();
    company = await postbackAffiliate(context, 'Event Affiliates');
    const statuses = await context.database.pool.query<{ id: number }>("select id from statuses where class = 'lead' order by id limit 3");
    statusIds = statuses.rows.map((row) => row.id);
    assert.equal(statusIds.length, 3);
  });
  after(async () => {
    await context.close();
    await affiliate.close();
  });

  test('a lead of a company without a postback for the event writes no event', async () => {
    const lead = await company.lead();
    assert.deepEqual(await outboxOf(context, lead.id), []);
  });

  test('accepted on intake: one event; delivered with every macro URL-encoded, the event id to dedupe by', async () => {
    const templateId = await company.addPostback('accepted', `${affiliate.base}/pb?e={event}&eid={event_id}&lead={lead_id}&click={click_id}&s1={sub1}&s5={sub5}&st={status}&ftd={ftd_at}`);
    const lead = await company.lead({ click_id: 'a b&c=d/é?', sub1: '50%', sub5: '#x' });
    const [event, ...rest] = await outboxOf(context, lead.id);
    assert.equal(rest.length, 0);
    assert.deepEqual([event?.event, event?.state, event?.macros['status']], ['accepted', 'pending', 'In progress']);
    affiliate.calls.length = 0;
    await deliverDuePostbacks(context.database.db);
    const call = affiliate.calls.find((received) => received.url.searchParams.get('lead') === lead.lead_id);
    assert.ok(call, 'the affiliate got the postback');
    assert.equal(call.method, 'GET');
    const raw = call.url.search;
    assert.ok(raw.includes('click=a%20b%26c%3Dd%2F%C3%A9%3F'), raw);
    assert.ok(raw.includes('s1=50%25') && raw.includes('s5=%23x') && raw.includes('st=In%20progress'), raw);
    assert.deepEqual(
      ['e', 'eid', 'click', 's1', 's5', 'ftd'].map((name) => call.url.searchParams.get(name)),
      ['accepted', event?.id, 'a b&c=d/é?', '50%', '#x', ''],
    );
    const [delivered] = await outboxOf(context, lead.id);
    assert.deepEqual([delivered?.state, delivered?.attempts, delivered?.last_status], ['delivered', 1, 200]);

    const paused = await company.admin('PUT', `/settings/affiliate/postback/${templateId}`, { is_active: false });
    assert.equal(paused.statusCode, 200, paused.body);
    assert.deepEqual(await outboxOf(context, (await company.lead()).id), [], 'an inactive postback writes no event');
  });

  test('status: one event per change of the PUBLIC status (mapped, else the default), none when it stays the same', async () => {
    const [mappedA, mappedB, unmapped] = statusIds as [number, number, number];
    await context.database.pool.query('insert into affiliate_status_map (affiliate_company_id, status_id, public_status) values ($1, $2, $4), ($1, $3, $4)', [
      company.companyId,
      mappedA,
      mappedB,
      'Qualified',
    ]);
    await context.database.pool.query("insert into affiliate_settings (affiliate_company_id, default_public_status) values ($1, 'Working on it')", [company.companyId]);
    await company.addPostback('status', `${affiliate.base}/status?lead={lead_id}&status={status}`);
    const lead = await company.lead();
    const setStatus = async (statusId: number) => {
      const response = await company.admin('PUT', `/lead/${lead.id}/status`, { status_id: statusId });
      assert.equal(response.statusCode, 200, response.body);
    };
    const statusEvents = async () => (await outboxOf(context, lead.id)).filter((row) => row.event === 'status').map((row) => row.macros['status']);

    await setStatus(unmapped);
    const first = await statusEvents();
    await setStatus(mappedA);
    assert.deepEqual((await statusEvents()).slice(first.length), ['Qualified'], 'unmapped → mapped: the mapped public status');
    await setStatus(mappedB);
    assert.deepEqual((await statusEvents()).slice(first.length), ['Qualified'], 'two statuses mapped alike: no event');
    await setStatus(unmapped);
    assert.deepEqual((await statusEvents()).slice(first.length), ['Qualified', 'Working on it'], 'back to unmapped: the company default');
    // Any other writer (a bulk change, a broker sync) is caught by the trigger as well.
    await context.database.pool.query('update leads set status_id = $1 where id = $2', [mappedB, lead.id]);
    assert.deepEqual((await statusEvents()).slice(first.length), ['Qualified', 'Working on it', 'Qualified']);
  });

  test('ftd: due after the company’s FTD hold, not delivered before', async () => {
    await context.database.pool.query('update affiliate_settings set ftd_hold_hours = 3 where affiliate_company_id = $1', [company.companyId]);
    await company.addPostback('ftd', `${affiliate.base}/ftd?lead={lead_id}&at={ftd_at}`);
    const lead = await company.lead();
    const reported = Date.now();
    await context.database.pool.query("update leads set api_ftd_at = '2026-11-20T08:30:00Z' where id = $1", [lead.id]);
    await context.database.pool.query("update leads set api_ftd_at = '2026-11-21T08:30:00Z' where id = $1", [lead.id]);
    const events = (await outboxOf(context, lead.id)).filter((row) => row.event === 'ftd');
    assert.equal(events.length, 1, 'once: only when the FTD becomes set');
    const due = events[0]?.due_at.getTime() ?? 0;
    assert.ok(Math.abs(due - (reported + 3 * 3600_000)) < 60_000, `due ${events[0]?.due_at.toISOString()}`);
    assert.equal(events[0]?.macros['ftd_at'], '2026-11-20T08:30:00Z');
    // Other events show {ftd_at} only once the hold has passed since the FTD (no broker report here: its own time), as the pull does.
    const [mapped, , unmapped] = statusIds as [number, number, number];
    const ftdShownWithStatusEvent = async (ftdAgo: string) => {
      await context.database.pool.query(`update leads set api_ftd_at = now() - interval '${ftdAgo}', status_id = $1 where id = $2`, [unmapped, lead.id]);
      await context.database.pool.query('update leads set status_id = $1 where id = $2', [mapped, lead.id]);
      return (await outboxOf(context, lead.id)).filter((row) => row.event === 'status').at(-1)?.macros['ftd_at'];
    };
    assert.equal(await ftdShownWithStatusEvent('2 hours'), '', 'an FTD 2 hours old is still held');
    assert.match((await ftdShownWithStatusEvent('4 hours')) ?? '', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, 'past the hold');
    assert.equal((await outboxOf(context, lead.id)).filter((row) => row.event === 'ftd').length, 1, 'moving the FTD writes no second FTD event');
    affiliate.calls.length = 0;
    await deliverDuePostbacks(context.database.db);
    assert.equal(affiliate.calls.filter((call) => call.url.pathname === '/ftd').length, 0, 'held back');
    await context.database.pool.query("update affiliate_postback_events set due_at = now() - interval '1 minute', next_attempt_at = now() - interval '1 minute' where id = $1", [
      events[0]?.id,
    ]);
    await deliverDuePostbacks(context.database.db);
    assert.deepEqual(
      affiliate.calls.filter((call) => call.url.pathname === '/ftd').map((call) => call.url.searchParams.get('at')),
      ['2026-11-20T08:30:00Z'],
    );
  });
});
