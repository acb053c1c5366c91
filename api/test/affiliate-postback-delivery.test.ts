/**
 * Delivery of the postback outbox: a 2xx delivers (once, by event id), anything else is retried with backoff until
 * 24 h after the event and then fails, a call without an answer in time is retried, two workers racing deliver each
 * event once, a working process's postback worker delivers within seconds on its own, and a lead the send engine
 * delivers to a broker writes the `delivered` event.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import * as tables from '../src/db/schema/index.ts';
import { startFakeBroker, type FakeBroker } from '../src/dev/fakeBroker.ts';
import { deliverDuePostbacks } from '../src/modules/affiliates/postbacksDelivery.ts';
import { startPostbackWorker } from '../src/modules/affiliates/postbackWorker.ts';
import { bearer, createTestContext, waitFor, type TestContext } from './helpers.ts';
import { hang, idOf, outboxOf, startFakeAffiliate, type PostbackAffiliate, type FakeAffiliate, postbackAffiliate } from './fixtures/affiliatePostbacks.ts';

describe('affiliate postback delivery', () => {
  let context: TestContext;
  let affiliate: FakeAffiliate;
  let company: PostbackAffiliate;
  const deliver = () => deliverDuePostbacks(context.database.db, { timeoutMs: 500 });
  /** As if the event's next attempt (and, with hours, the event itself) were that long ago. */
  const age = (eventId: string | undefined, hours = 0) =>
    context.database.pool.query(
      "update affiliate_postback_events set next_attempt_at = now() - interval '1 second', due_at = due_at - make_interval(hours => $2), created_at = created_at - make_interval(hours => $2) where id = $1",
      [eventId, hours],
    );
  const callsFor = (leadId: string) => affiliate.calls.filter((call) => call.url.searchParams.get('lead') === leadId);

  before(async () => {
    context = await createTestContext();
    affiliate = await startFakeAffiliate();
    company = await postbackAffiliate(context, 'Delivery Affiliates');
    await company.addPostback('accepted', `${affiliate.base}/pb?lead={lead_id}&eid={event_id}`);
  });
  after(async () => {
    await context.close();
    await affiliate.close();
  });

  test('a 500 is retried after a backoff, then delivered; every attempt in the request log', async () => {
    const lead = await company.lead();
    affiliate.answer(500);
    await deliver();
    const [failed] = await outboxOf(context, lead.id);
    assert.deepEqual([failed?.state, failed?.attempts, failed?.last_status], ['pending', 1, 500]);
    const wait = (failed?.next_attempt_at?.getTime() ?? 0) - Date.now();
    assert.ok(wait > 50_000 && wait <= 60_000, `first retry in a minute, not ${wait} ms`);
    await deliver();
    assert.equal(callsFor(lead.lead_id).length, 1, 'not before the backoff');

    await age(failed?.id);
    affiliate.answer(502);
    await deliver();
    const [again] = await outboxOf(context, lead.id);
    const second = (again?.next_attempt_at?.getTime() ?? 0) - Date.now();
    assert.ok(second > 110_000 && second <= 120_000, `then in two minutes, not ${second} ms`);

    await age(failed?.id);
    await deliver();
    const [delivered] = await outboxOf(context, lead.id);
    assert.deepEqual([delivered?.state, delivered?.attempts, delivered?.last_status, delivered?.next_attempt_at], ['delivered', 3, 200, null]);
    const calls = callsFor(lead.lead_id);
    assert.equal(calls.length, 3);
    assert.deepEqual(new Set(calls.map((call) => call.url.searchParams.get('eid'))), new Set([failed?.id]), 'one event id on every attempt');
    await age(failed?.id);
    await deliver();
    assert.equal(callsFor(lead.lead_id).length, 3, 'a delivered event is never sent again');
    const logged = await context.database.db.select().from(tables.requestLogs).where(eq(tables.requestLogs.lead_id, lead.id));
    assert.deepEqual(
      logged
        .filter((row) => row.direction === 'outbound')
        .map((row) => row.status)
        .sort(),
      [200, 500, 502],
    );
  });

  test('no answer within the timeout is retried', async () => {
    const lead = await company.lead();
    affiliate.answer(hang);
    await deliver();
    const [event] = await outboxOf(context, lead.id);
    const [row] = (await context.database.pool.query<{ last_error: string }>('select last_error from affiliate_postback_events where id = $1', [event?.id])).rows;
    assert.deepEqual([event?.state, event?.last_status], ['pending', null]);
    assert.match(row?.last_error ?? '', /No answer within 0.5 s/);
  });

  test('gives up 24 h after the event: failed, never called again', async () => {
    const lead = await company.lead();
    const [event] = await outboxOf(context, lead.id);
    await age(event?.id, 25);
    affiliate.answer(500);
    await deliver();
    const [failed] = await outboxOf(context, lead.id);
    assert.deepEqual([failed?.state, failed?.attempts, failed?.next_attempt_at], ['failed', 1, null]);
    await age(event?.id);
    await deliver();
    assert.equal(callsFor(lead.lead_id).length, 1);

    const late = await company.lead();
    const [lateEvent] = await outboxOf(context, late.id);
    await age(lateEvent?.id, 23);
    affiliate.answer(500);
    await deliver();
    const [retried] = await outboxOf(context, late.id);
    const deadline = (lateEvent?.due_at.getTime() ?? 0) - 23 * 3600_000 + 24 * 3600_000;
    assert.equal(retried?.state, 'pending');
    assert.ok((retried?.next_attempt_at?.getTime() ?? 0) <= deadline + 1000, 'the last attempt no later than the deadline');
  });

  test('two workers racing deliver each event once', async () => {
    const leads = await Promise.all(Array.from({ length: 12 }, () => company.lead()));
    const before = affiliate.calls.length;
    await Promise.all([deliver(), deliver(), deliver()]);
    const calls = affiliate.calls.slice(before);
    for (const lead of leads) assert.equal(callsFor(lead.lead_id).length, 1, `${lead.lead_id} called once`);
    assert.equal(calls.length, 12);
    for (const lead of leads)
      assert.deepEqual(
        (await outboxOf(context, lead.id)).map((row) => [row.state, row.attempts]),
        [['delivered', 1]],
      );
  });

  test("a working process's postback worker delivers a new event within seconds, by itself", async () => {
    affiliate.answer(200);
    const worker = await startPostbackWorker(context.database.db, { pollMs: 200 });
    try {
      const lead = await company.lead();
      await waitFor(async () => ((await outboxOf(context, lead.id))[0]?.state === 'delivered' ? true : null), 5_000);
      assert.equal(callsFor(lead.lead_id).length, 1);
    } finally {
      await worker.stop();
    }
  });

  test('a lead the send engine delivers to a broker writes the delivered event', async () => {
    let broker: FakeBroker | null = null;
    try {
      broker = await startFakeBroker();
      await company.addPostback('delivered', `${affiliate.base}/delivered?lead={lead_id}`);
      const sender = await context.userWith(['lead.send'], 'Sender');
      await context.database.db.update(tables.users).set({ is_sender: true }).where(eq(tables.users.id, sender.id));
      const brokerId = idOf(await company.admin('POST', '/broker', { name: 'Postback Broker', affiliate_company_ids: [company.companyId] }));
      const integration = await company.admin('POST', '/send/integration', {
        name: 'Postback integration',
        site_url: `${broker.url}/leads`,
        response_type: 'json_path_equals',
        response_content: { success_path: 'status', success_value: 'ok', lead_id_path: 'data.lead_id', autologin_path: 'data.autologin_url', error_path: 'message' },
      });
      assert.equal(integration.statusCode, 201, integration.body);
      const departmentId = idOf(await company.admin('POST', '/broker/department', { broker_id: brokerId, branch_name: 'Desk PB', send_integration_id: idOf(integration) }));
      const lead = await company.lead({ phone: '+4915112345678', country: 'DE' });
      const sent = await context.app.inject({ method: 'POST', url: '/api/lead/send', headers: bearer(sender.token), payload: { broker_department_id: departmentId, lead_ids: [lead.id] } });
      assert.equal(sent.statusCode, 202, sent.body);
      const event = await waitFor(async () => (await outboxOf(context, lead.id)).find((row) => row.event === 'delivered'), 30_000);
      assert.equal(event.state, 'pending');
      await deliver();
      assert.equal(affiliate.calls.filter((call) => call.url.pathname === '/delivered' && call.url.searchParams.get('lead') === lead.lead_id).length, 1);
    } finally {
      await broker?.close();
    }
  });
});
