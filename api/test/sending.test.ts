/**
 * The send engine end to end against a fake broker on loopback: sending jobs (once per lead, histories, broker fields,
 * pre-send checks, retries, the circuit breaker, resume after a crash), the test action, postbacks, pulls, token
 * exchange, and "import then send".
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { integrationTestResult, job as jobSchema } from '@crm/shared/contract';
import * as tables from '../src/db/schema/index.ts';
import { fakeBrokerCredentials, startFakeBroker, type FakeBroker } from '../src/dev/fakeBroker.ts';
import { bearer, createTestContext, tableFingerprint, waitFor, type TestContext } from './helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const started = z.object({ message: z.string(), data: jobSchema });
const errorsOf = (body: string): Record<string, string[]> => z.object({ errors: z.record(z.string(), z.array(z.string())) }).parse(JSON.parse(body)).errors;

describe('sending leads to brokers', () => {
  let context: TestContext;
  let broker: FakeBroker;
  let sender: { id: number; token: string };
  let brokerId: number;
  let leadSeq = 0;

  before(async () => {
    context = await createTestContext({ sendTimeoutMs: 800 });
    broker = await startFakeBroker();
    const user = await context.userWith(['lead.send', 'lead.import', 'lead.view'], 'Sender');
    await context.database.db.update(tables.users).set({ is_sender: true }).where(eq(tables.users.id, user.id));
    sender = user;
    const [company] = await context.database.db.insert(tables.affiliateCompanies).values({ name: 'Send Partners' }).returning();
    const created = await call('POST', '/broker', { name: 'Fake Broker Ltd', affiliate_company_ids: [company!.id] });
    assert.equal(created.statusCode, 201, created.body);
    brokerId = (created.json() as { data: { id: number } }).data.id;
  });
  after(async () => {
    await broker.close();
    await context.close();
  });

  function call(method: Method, url: string, payload?: unknown, token = context.adminToken) {
    return context.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  }

  /** An integration pointed at the fake broker and a department sending through it. */
  async function department(integration: Record<string, unknown>, departmentFields: Record<string, unknown> = {}): Promise<{ departmentId: number; integrationId: number }> {
    leadSeq += 1;
    const made = await call('POST', '/send/integration', { name: `Integration ${leadSeq}`, send_a_lot: true, concurrency: 4, ...integration });
    assert.equal(made.statusCode, 201, made.body);
    const integrationId = (made.json() as { data: { id: number } }).data.id;
    const desk = await call('POST', '/broker/department', { broker_id: brokerId, branch_name: `Desk ${leadSeq}`, send_integration_id: integrationId, ...departmentFields });
    assert.equal(desk.statusCode, 201, desk.body);
    return { departmentId: (desk.json() as { data: { id: number } }).data.id, integrationId };
  }

  const generic = () => ({
    site_url: `${broker.url}/leads`,
    response_type: 'json_path_equals',
    response_content: { success_path: 'status', success_value: 'ok', lead_id_path: 'data.lead_id', autologin_path: 'data.autologin_url', error_path: 'message' },
  });

  async function newLeads(count: number, fields: Partial<typeof tables.leads.$inferInsert> = {}): Promise<{ id: number; email: string }[]> {
    const rows = Array.from({ length: count }, () => {
      leadSeq += 1;
      return {
        lead_id: `SEND-${leadSeq}`,
        name: 'Ada',
        surname: `Lovelace ${leadSeq}`,
        email: `lead${leadSeq}@example.com`,
        phone_normalized: `+4915112${String(leadSeq).padStart(6, '0')}`,
        country: 'DE',
        language: 'de',
        ...fields,
      };
    });
    return context.database.db.insert(tables.leads).values(rows).returning({ id: tables.leads.id, email: tables.leads.email }) as Promise<{ id: number; email: string }[]>;
  }

  async function send(departmentId: number, leadIds: number[]) {
    const response = await call('POST', '/lead/send', { broker_department_id: departmentId, lead_ids: leadIds }, sender.token);
    assert.equal(response.statusCode, 202, response.body);
    const { data } = started.parse(response.json());
    return finished(data.id);
  }

  function finished(jobId: number) {
    return waitFor(async () => {
      const response = await call('GET', `/lead/send/${jobId}`, undefined, sender.token);
      const job = (response.json() as { data: z.infer<typeof jobSchema> }).data;
      return ['finished', 'failed', 'cancelled'].includes(job.status) ? job : null;
    }, 30_000);
  }

  const historiesOf = (jobId: number) => context.database.db.select().from(tables.leadSendHistories).where(eq(tables.leadSendHistories.job_id, jobId));

  test('sends the selected leads once each and records the outcome on the histories and the leads', async () => {
    const { departmentId, integrationId } = await department(generic());
    const leads = await newLeads(20);
    const job = await send(
      departmentId,
      leads.map((lead) => lead.id),
    );
    assert.equal(job.status, 'finished', JSON.stringify(job));
    assert.deepEqual(job.result, { total: 20, sent: 20, failed: 0, skipped: 0 });
    // Named by the department's label (the broker label with its companies, then the branch).
    assert.match(job.name, /^Send leads to Fake Broker Ltd - Send Partners - Desk \d+$/);
    assert.equal(job.processed, 20);
    for (const lead of leads) assert.equal(broker.timesReceived(lead.email), 1, `${lead.email} received once`);

    const histories = await historiesOf(job.id);
    assert.equal(histories.length, 20);
    for (const history of histories) {
      assert.equal(history.state, 'success', JSON.stringify(history));
      assert.match(history.api_lead_id ?? '', /^B-\d+$/);
      assert.match(history.lead_url ?? '', /\/autologin\/B-\d+$/);
      assert.equal(history.send_integration_id, integrationId);
    }
    const [stored] = await context.database.db.select().from(tables.leads).where(eq(tables.leads.id, leads[0]!.id));
    assert.equal(stored?.last_broker_department_id, departmentId);
    assert.match(stored?.lead_url ?? '', /\/autologin\//);
    assert.equal(stored?.is_fresh, false);
    assert.notEqual(stored?.last_sent_at, null);

    // Every call is in the request log, and the department's histories list what was sent.
    const logged = await context.database.db.select().from(tables.requestLogs).where(eq(tables.requestLogs.send_integration_id, integrationId));
    assert.equal(logged.length, 20);
    const summary = await call('GET', `/broker/department/${departmentId}/summary`);
    assert.equal(summary.statusCode, 200, summary.body);
    assert.equal((summary.json() as { data: { sent: number } }).data.sent, 20);
  });

  test('a send in a console whose statistics still say its tables are empty refreshes them before reading its chunks', async () => {
    const { departmentId } = await department(generic());
    const [source] = await context.database.db.insert(tables.sources).values({ name: 'Stale Stats Source' }).returning();
    const leads = [...(await newLeads(29)), ...(await newLeads(1, { source_id: source!.id, funnel: 'stale-funnel', comment: 'read by its key' }))];
    const rowsAsAnalyzed = async (table: string) => {
      const result = await context.database.db.execute<{ rows: number }>(sql`select reltuples::float8 as rows from pg_class where oid = ${table}::regclass`);
      return Number(result.rows[0]?.rows);
    };
    // As a fresh console's tables are after a first import of leads written without one (autovacuum off or behind).
    for (const table of ['leads', 'lead_send_histories']) await context.database.db.execute(sql`update pg_class set reltuples = 0 where oid = ${table}::regclass`);
    const job = await send(
      departmentId,
      leads.map((lead) => lead.id),
    );
    assert.deepEqual(job.result, { total: 30, sent: 30, failed: 0, skipped: 0 });
    // Each queued row went out with its own lead's fields and source.
    const posted = broker.received.find((lead) => lead.email === leads[29]!.email)?.body;
    assert.equal(posted?.['source'], 'Stale Stats Source');
    assert.equal(posted?.['funnel'], 'stale-funnel');
    assert.equal(posted?.['comment'], 'read by its key');
    const [leadCount] = await context.database.db.select({ total: count() }).from(tables.leads);
    assert.equal(await rowsAsAnalyzed('leads'), leadCount?.total);
    assert.ok((await rowsAsAnalyzed('lead_send_histories')) >= 30);

    // A table the statistics already know to be large is not analyzed again by each send.
    await context.database.db.execute(sql`update pg_class set reltuples = 250000 where oid = 'leads'::regclass`);
    const again = await send(
      departmentId,
      (await newLeads(2)).map((lead) => lead.id),
    );
    assert.equal(again.status, 'finished');
    assert.equal(await rowsAsAnalyzed('leads'), 250_000);
    await context.database.db.execute(sql`analyze leads`);
  });

  test('right before sending: a lead the department already took, a blacklisted one and one outside its countries are skipped', async () => {
    const { departmentId } = await department(generic(), { countries: ['DE', 'AT'] });
    const [first, blacklisted, french, fresh] = await newLeads(4);
    await context.database.db.update(tables.leads).set({ country: 'FR' }).where(eq(tables.leads.id, french!.id));
    const once = await send(departmentId, [first!.id]);
    assert.deepEqual(once.result, { total: 1, sent: 1, failed: 0, skipped: 0 });
    const added = await call('POST', '/lead/black_list', { type: 'email', value: blacklisted!.email });
    assert.equal(added.statusCode, 201, added.body);

    const job = await send(departmentId, [first!.id, blacklisted!.id, french!.id, fresh!.id]);
    assert.deepEqual(job.result, { total: 4, sent: 1, failed: 0, skipped: 3 });
    const byLead = new Map((await historiesOf(job.id)).map((row) => [row.lead_id, row]));
    assert.equal(byLead.get(first!.id)?.failure_status, 'Already sent to this department');
    assert.equal(byLead.get(blacklisted!.id)?.failure_status, 'Blacklisted');
    assert.equal(byLead.get(french!.id)?.failure_status, 'Country not accepted by the department');
    assert.equal(byLead.get(fresh!.id)?.state, 'success');
    assert.equal(broker.timesReceived(first!.email), 1, 'the department never got the first lead twice');
    assert.equal(broker.timesReceived(blacklisted!.email), 0);

    // The failure statuses feed the send-history filter.
    const statuses = await call('GET', '/lead/history/send/failure/statuses');
    assert.equal(statuses.statusCode, 200, statuses.body);
    assert.equal((statuses.json() as string[] | { data: string[] }).toString().includes('Blacklisted'), true, statuses.body);
  });

  test('refusals are 4xx naming the field and start nothing', async () => {
    const bulkless = await department({ ...generic(), send_a_lot: false });
    const inactive = await department(generic(), { is_active: false });
    const leads = await newLeads(2);
    const ids = leads.map((lead) => lead.id);
    const notSender = await context.userWith(['lead.send'], 'Not a sender');
    const noPermission = await context.userWith(['lead.view'], 'Viewer');
    const before = await tableFingerprint(context.database);

    const bulk = await call('POST', '/lead/send', { broker_department_id: bulkless.departmentId, lead_ids: ids }, sender.token);
    assert.equal(bulk.statusCode, 422, bulk.body);
    assert.match(errorsOf(bulk.body)['broker_department_id']?.[0] ?? '', /does not allow bulk sends/);
    const off = await call('POST', '/lead/send', { broker_department_id: inactive.departmentId, lead_ids: ids }, sender.token);
    assert.equal(off.statusCode, 422, off.body);
    assert.match(errorsOf(off.body)['broker_department_id']?.[0] ?? '', /not active/);
    const unknown = await call('POST', '/lead/send', { broker_department_id: 999_999, lead_ids: ids }, sender.token);
    assert.equal(unknown.statusCode, 422, unknown.body);
    const noLeads = await call('POST', '/lead/send', { broker_department_id: bulkless.departmentId, lead_ids: [] }, sender.token);
    assert.equal(noLeads.statusCode, 422, noLeads.body);

    const refused = await call('POST', '/lead/send', { broker_department_id: bulkless.departmentId, lead_ids: [ids[0]] }, notSender.token);
    assert.equal(refused.statusCode, 403, refused.body);
    assert.equal((await call('POST', '/lead/send', { broker_department_id: bulkless.departmentId, lead_ids: [ids[0]] }, noPermission.token)).statusCode, 403);
    assert.deepEqual(await tableFingerprint(context.database), before);
  });

  test('5xx and refused connections are retried; a timeout is not (the broker may have the lead)', async () => {
    const { departmentId } = await department(generic());
    const [retried, timedOut] = await newLeads(2);
    broker.failNext(2, 503);
    const posts = broker.leadPosts();
    const first = await send(departmentId, [retried!.id]);
    assert.deepEqual(first.result, { total: 1, sent: 1, failed: 0, skipped: 0 });
    assert.equal(broker.leadPosts() - posts, 3, 'two 503s, then the accepted post');
    assert.equal(broker.timesReceived(retried!.email), 1);

    broker.setLatency(1500);
    try {
      const postsBefore = broker.leadPosts();
      const second = await send(departmentId, [timedOut!.id]);
      assert.deepEqual(second.result, { total: 1, sent: 0, failed: 1, skipped: 0 });
      const [history] = await historiesOf(second.id);
      assert.equal(history?.failure_status, 'Timeout (outcome unknown)');
      await waitFor(async () => broker.leadPosts() > postsBefore);
      assert.equal(broker.leadPosts() - postsBefore, 1, 'sent once, never retried');
    } finally {
      broker.setLatency(0);
    }
    // The broker may have taken it: a later send skips it, unless staff ask to resend such leads.
    const postsAfter = broker.leadPosts();
    const later = await send(departmentId, [timedOut!.id]);
    assert.deepEqual(later.result, { total: 1, sent: 0, failed: 0, skipped: 1 });
    assert.equal((await historiesOf(later.id))[0]?.failure_status, 'Sent to this department before, outcome unknown');
    assert.equal(broker.leadPosts(), postsAfter, 'not called again');
    const resent = await call('POST', '/lead/send', { broker_department_id: departmentId, lead_ids: [timedOut!.id], resend_unknown: true }, sender.token);
    assert.equal(resent.statusCode, 202, resent.body);
    const resentJob = await finished(started.parse(resent.json()).data.id);
    assert.deepEqual(resentJob.result, { total: 1, sent: 1, failed: 0, skipped: 0 });
  });

  test('a restarted job resumes: a lead whose call had started is never sent again', async () => {
    const { departmentId, integrationId } = await department(generic());
    const leads = await newLeads(6);
    const [admin] = await context.database.db.select({ id: tables.users.id }).from(tables.users).where(eq(tables.users.email, 'admin@example.com'));
    const payload = {
      broker_department_id: departmentId,
      department_label: 'Fake Broker <img src="https://evil.test/p.gif"> & Co - resumed',
      filters: {},
      lead_ids: leads.map((lead) => lead.id),
      import_job_id: null,
    };
    const [job] = await context.database.db
      .insert(tables.jobs)
      .values({ user_id: admin!.id, type: 'lead.send', name: 'Crashed send', status: 'running', attempts: 1, payload, result: { materialized: true } })
      .returning();
    // What a worker killed mid-job leaves: two leads sent, one call under way, three still queued.
    const states = ['success', 'success', 'sending', 'queued', 'queued', 'queued'] as const;
    await context.database.db
      .insert(tables.leadSendHistories)
      .values(leads.map((lead, index) => ({ lead_id: lead.id, broker_department_id: departmentId, send_integration_id: integrationId, job_id: job!.id, state: states[index]! })));
    await context.jobs.runAttempt(job!.id);

    const byLead = new Map((await historiesOf(job!.id)).map((row) => [row.lead_id, row]));
    assert.equal(byLead.get(leads[2]!.id)?.state, 'failure');
    assert.equal(byLead.get(leads[2]!.id)?.failure_status, 'Interrupted (outcome unknown)');
    for (const lead of leads.slice(0, 3)) assert.equal(broker.timesReceived(lead.email), 0, `${lead.email} is not sent again`);
    for (const lead of leads.slice(3)) {
      assert.equal(byLead.get(lead.id)?.state, 'success');
      assert.equal(broker.timesReceived(lead.email), 1);
    }
    const [row] = await context.database.db.select().from(tables.jobs).where(eq(tables.jobs.id, job!.id));
    assert.equal(row?.status, 'finished');
    assert.deepEqual(row?.result, { total: 6, sent: 5, failed: 1, skipped: 0 });
    // The department label is user-written: the notification shows it as text.
    const [notification] = await context.database.db.select().from(tables.notifications).where(eq(tables.notifications.job_id, job!.id));
    assert.equal(notification?.message, '6 leads to Fake Broker &#60;img src=&#34;https://evil.test/p.gif&#34;&#62; &#38; Co - resumed: 5 sent, 1 failed, 0 skipped.');
  });

  test('secrets a broker echoes in what is read from its answer are masked, their base64 forms too', async () => {
    const { username, password, api_token } = fakeBrokerCredentials;
    const basic = Buffer.from(`${username}:${password}`).toString('base64');
    const { departmentId } = await department({ ...generic(), auth_type: 'basic', username, password, api_token });
    const [lead] = await newLeads(1);
    broker.rejectNext(1, `Refused: token ${api_token}, auth Basic ${basic}, key ${Buffer.from(api_token).toString('base64')}`);
    const job = await send(departmentId, [lead!.id]);
    const [history] = await historiesOf(job.id);
    assert.equal(history?.failure_status, 'Refused: token ••••, auth Basic ••••, key ••••');
    const shown = await call('GET', `/lead/${lead!.id}/histories/send`);
    assert.equal(shown.statusCode, 200, shown.body);
    assert.ok(shown.body.includes('Refused: token'), shown.body);
    assert.equal(shown.body.includes(api_token) || shown.body.includes(basic), false, shown.body);
  });

  test('a department switched off after the send was asked for stops the job before any call', async () => {
    const { departmentId } = await department(generic());
    const [lead] = await newLeads(1);
    const [admin] = await context.database.db.select({ id: tables.users.id }).from(tables.users).where(eq(tables.users.email, 'admin@example.com'));
    const payload = { broker_department_id: departmentId, department_label: 'Fake Broker Ltd - switched off', filters: {}, lead_ids: [lead!.id], import_job_id: null };
    const [job] = await context.database.db.insert(tables.jobs).values({ user_id: admin!.id, type: 'lead.send', name: 'Late send', payload }).returning();
    await context.database.db.update(tables.brokerDepartments).set({ is_active: false }).where(eq(tables.brokerDepartments.id, departmentId));
    await context.jobs.runAttempt(job!.id);
    const [row] = await context.database.db.select().from(tables.jobs).where(eq(tables.jobs.id, job!.id));
    assert.equal(row?.status, 'failed');
    assert.match(row?.error ?? '', /cannot be sent to now/);
    assert.equal(broker.timesReceived(lead!.email), 0);
    assert.equal((await historiesOf(job!.id)).length, 0);
  });

  test('while the broker is down the circuit opens and the rest fail fast', async () => {
    // A port just freed: every connection to it is refused.
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const { departmentId, integrationId } = await department({ ...generic(), site_url: `http://127.0.0.1:${closedPort}/leads`, concurrency: 1 });
    const leads = await newLeads(6);
    const job = await send(
      departmentId,
      leads.map((lead) => lead.id),
    );
    assert.deepEqual(job.result, { total: 6, sent: 0, failed: 6, skipped: 0 });
    const failures = (await historiesOf(job.id)).map((row) => row.failure_status);
    assert.equal(failures.filter((status) => status === 'Broker unavailable (circuit open)').length >= 3, true, failures.join(', '));
    // Without the breaker: 6 leads × 3 tries. It opens after 5 failed tries.
    const calls = await context.database.db.select().from(tables.requestLogs).where(eq(tables.requestLogs.send_integration_id, integrationId));
    assert.equal(calls.length, 5, `${calls.length} calls to a dead broker`);
  });

  test('the test action shows the exact request (secrets masked) and, for real, the response and what the rules extracted', async () => {
    const { integrationId } = await department({ site_url: `${broker.url}`, middleware: 'elnopy', api_token: fakeBrokerCredentials.api_token, link_id: 'L-77' });
    const dry = await call('POST', `/send/integration/${integrationId}/test`, { dry_run: true });
    assert.equal(dry.statusCode, 200, dry.body);
    const shown = integrationTestResult.parse((dry.json() as { data: unknown }).data);
    assert.equal(shown.response, null);
    assert.match(shown.request.url, /\/api\/v3\/integration\?api_token=/);
    assert.equal(dry.body.includes(fakeBrokerCredentials.api_token), false, 'the token is masked');
    assert.match(shown.request.body ?? '', /fullphone=%2B4915112345678/);
    const posts = broker.leadPosts();
    assert.equal(posts, broker.leadPosts(), 'a dry run calls no one');

    const real = await call('POST', `/send/integration/${integrationId}/test`, { dry_run: false, lead: { email: 'probe@example.com' } });
    assert.equal(real.statusCode, 200, real.body);
    const result = integrationTestResult.parse((real.json() as { data: unknown }).data);
    assert.equal(result.response?.status, 200);
    assert.equal(result.outcome?.success, true, real.body);
    assert.match(result.outcome?.api_lead_id ?? '', /^B-\d+$/);
    assert.match(result.outcome?.lead_url ?? '', /autologin/);
    assert.equal(broker.timesReceived('probe@example.com'), 1);
    assert.equal(real.body.includes(fakeBrokerCredentials.api_token), false);
  });

  test('a postback with the push key from an allowed IP records the FTD on the lead and in the histories', async () => {
    const { departmentId, integrationId } = await department({ ...generic(), push_api_key: 'push-key-1234', allowed_ips: ['127.0.0.0/8'] });
    const [lead] = await newLeads(1);
    await send(departmentId, [lead!.id]);
    const [history] = await context.database.db
      .select()
      .from(tables.leadSendHistories)
      .where(and(eq(tables.leadSendHistories.lead_id, lead!.id), eq(tables.leadSendHistories.state, 'success')));
    const url = `/api/send/integration/${integrationId}/postback`;
    const post = (payload: Record<string, unknown>, query = '?key=push-key-1234', remoteAddress = '127.0.0.1') =>
      context.app.inject({ method: 'POST', url: `${url}${query}`, payload, remoteAddress });

    assert.equal((await post({ api_lead_id: history!.api_lead_id, status: 'Deposit' }, '?key=wrong')).statusCode, 401);
    assert.equal((await post({ api_lead_id: history!.api_lead_id, status: 'Deposit' }, '?key=push-key-1234', '10.1.2.3')).statusCode, 403);
    assert.equal((await post({ status: 'Deposit' })).statusCode, 422);
    assert.equal((await post({ api_lead_id: 'not-ours', status: 'Deposit' })).statusCode, 404);

    const accepted = await post({ api_lead_id: history!.api_lead_id, status: 'Deposit', ftd: true, ftd_at: '2026-11-20T10:00:00Z' });
    assert.equal(accepted.statusCode, 200, accepted.body);
    const [stored] = await context.database.db.select().from(tables.leads).where(eq(tables.leads.id, lead!.id));
    assert.equal(stored?.api_ftd_at?.toISOString(), '2026-11-20T10:00:00.000Z');
    assert.equal(stored?.api_lead_status, 'Deposit');
    assert.equal(stored?.deposit_exists, true);
    const again = await post({ api_lead_id: history!.api_lead_id, status: 'Deposit', ftd: true });
    assert.equal((again.json() as { data: { changed: boolean } }).data.changed, false, 'a repeated postback changes nothing');
    // The GET form carries its fields in the query.
    const get = (query: string) => context.app.inject({ method: 'GET', url: `${url}?key=push-key-1234&${query}`, remoteAddress: '127.0.0.1' });
    const unnamed = await get('status=Deposit');
    assert.equal(unnamed.statusCode, 422, unnamed.body);
    assert.deepEqual((unnamed.json() as { errors: unknown }).errors, { api_lead_id: ['Name the lead: api_lead_id, lead_id or email.'] });
    const byQuery = await get(`api_lead_id=${history!.api_lead_id}&status=Approved`);
    assert.equal(byQuery.statusCode, 200, byQuery.body);
    assert.equal((byQuery.json() as { data: { changed: boolean } }).data.changed, true);

    const ftds = await call('GET', `/broker/department/${departmentId}/histories/broker?ftd_only=true`);
    assert.equal(ftds.statusCode, 200, ftds.body);
    assert.equal((ftds.json() as { data: unknown[] }).data.length, 1);
    const summary = (await call('GET', `/broker/department/${departmentId}/summary`)).json() as { data: { ftds: number } };
    assert.equal(summary.data.ftds, 1);
    const inbound = await context.database.db
      .select()
      .from(tables.requestLogs)
      .where(and(eq(tables.requestLogs.direction, 'inbound'), eq(tables.requestLogs.send_integration_id, integrationId)));
    assert.equal(inbound.length, 8);
    assert.equal(JSON.stringify(inbound).includes('push-key-1234'), false, 'the key is not logged');
    assert.deepEqual(
      inbound.filter((entry) => entry.status === 200).map((entry) => entry.lead_id),
      [lead!.id, lead!.id, lead!.id],
      'an accepted postback is logged under its lead; a refused one names none',
    );
    assert.ok(inbound.filter((entry) => entry.status !== 200).every((entry) => entry.lead_id === null));
  });

  test('pulls read the Trackbox and Elnopy shapes and apply status and FTD once', async () => {
    for (const middleware of ['trackbox', 'elnopy'] as const) {
      const credentials =
        middleware === 'trackbox'
          ? { username: fakeBrokerCredentials.username, password: fakeBrokerCredentials.password, api_key: fakeBrokerCredentials.api_key, campaign_id: '9', affiliate_id: '7' }
          : { api_token: fakeBrokerCredentials.api_token, link_id: 'L-1' };
      const { departmentId, integrationId } = await department({
        site_url: broker.url,
        middleware,
        pull_api_key: fakeBrokerCredentials.pull_api_key,
        gmt_timezone: 'Europe/Berlin',
        ...credentials,
      });
      const [lead] = await newLeads(1);
      const job = await send(departmentId, [lead!.id]);
      assert.deepEqual(job.result, { total: 1, sent: 1, failed: 0, skipped: 0 }, middleware);
      broker.setReport(lead!.email, { status: 'Deposit', ftd_at: '2026-11-20 12:30:00' });

      const pulled = await call('POST', `/send/integration/${integrationId}/pull`);
      assert.equal(pulled.statusCode, 200, pulled.body);
      assert.equal((pulled.json() as { data: { changed: number } }).data.changed >= 1, true, `${middleware}: ${pulled.body}`);
      const [stored] = await context.database.db.select().from(tables.leads).where(eq(tables.leads.id, lead!.id));
      assert.equal(stored?.api_lead_status, 'Deposit', middleware);
      assert.notEqual(stored?.api_ftd_at, null, middleware);
      const histories = await context.database.db.select().from(tables.leadBrokerHistories).where(eq(tables.leadBrokerHistories.lead_id, lead!.id));
      assert.equal(histories.length, 1, middleware);
      assert.equal(histories[0]?.channel, 'pull');

      const repeated = await call('POST', `/send/integration/${integrationId}/pull`);
      assert.equal((repeated.json() as { data: { changed: number } }).data.changed, 0, `${middleware}: a repeated pull changes nothing`);
    }
  });

  test('token exchange logs in once for many leads and keeps the token sealed', async () => {
    const { departmentId, integrationId } = await department({
      ...generic(),
      auth_type: 'token_exchange',
      token_url: `${broker.url}/auth/token`,
      username: fakeBrokerCredentials.username,
      password: fakeBrokerCredentials.password,
    });
    const tokensBefore = broker.tokensIssued();
    const leads = await newLeads(8);
    const job = await send(
      departmentId,
      leads.map((lead) => lead.id),
    );
    assert.deepEqual(job.result, { total: 8, sent: 8, failed: 0, skipped: 0 });
    assert.equal(broker.tokensIssued() - tokensBefore, 1);
    const [row] = await context.database.db.select().from(tables.sendIntegrations).where(eq(tables.sendIntegrations.id, integrationId));
    assert.match(row?.access_token ?? '', /^v1:/, 'sealed at rest');
    assert.notEqual(row?.access_token_expires_at, null);
    const logged = await context.database.db.select().from(tables.requestLogs).where(eq(tables.requestLogs.send_integration_id, integrationId));
    assert.equal(JSON.stringify(logged).includes('token-'), false, 'the token is masked in the request log');
  });

  test('"import then send" sends the imported leads once the import has finished', async () => {
    const { departmentId } = await department(generic(), { branch_name: 'Desk <img src="https://evil.test/p.gif">' });
    const boundary = '----crm-send-test';
    const csv = 'email;name\nimported1@example.com;Imp One\nimported2@example.com;Imp Two\n';
    const upload = await context.app.inject({
      method: 'POST',
      url: '/api/lead/import/file',
      headers: { ...bearer(sender.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leads.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`),
    });
    assert.equal(upload.statusCode, 201, upload.body);
    const uploadId = (upload.json() as { data: { upload_id: string } }).data.upload_id;
    const body = { upload_id: uploadId, options: { delimiter: ';', ignore_first_line: true }, columns: { A: 'email', B: 'name' }, send_department_id: departmentId };
    const imported = await call('POST', '/lead/import', body, sender.token);
    assert.equal(imported.statusCode, 202, imported.body);
    const importJobId = started.parse(imported.json()).data.id;

    const sendJob = await waitFor(async () => {
      const rows = await context.database.db.select().from(tables.jobs).where(eq(tables.jobs.type, 'lead.send'));
      return rows.find((row) => (row.payload as { import_job_id?: number }).import_job_id === importJobId && row.status === 'finished') ?? null;
    }, 30_000);
    assert.deepEqual(sendJob.result, { total: 2, sent: 2, failed: 0, skipped: 0 });
    assert.equal(broker.timesReceived('imported1@example.com'), 1);
    assert.equal(broker.timesReceived('imported2@example.com'), 1);
    const importedLeads = await context.database.db
      .select()
      .from(tables.leads)
      .where(inArray(tables.leads.email, ['imported1@example.com', 'imported2@example.com']));
    assert.equal(
      importedLeads.every((lead) => lead.last_broker_department_id === departmentId),
      true,
    );
    // The import's message names the send job, whose name carries the branch name: shown as text.
    const [notification] = await context.database.db.select().from(tables.notifications).where(eq(tables.notifications.job_id, importJobId));
    assert.match(notification?.message ?? '', /Sending them: Send imported leads to .* - Desk &#60;img src=&#34;https:\/\/evil\.test\/p\.gif&#34;&#62;\.$/);
  });
});
