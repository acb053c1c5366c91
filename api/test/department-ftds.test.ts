/**
 * A department's FTDs are counted one way (modules/brokers/ftds.ts) by the dashboard's department series and by the
 * department summary: a lead that deposited at one department and was then sent to another stays the first one's FTD
 * in both. Driven through the API end to end: sends to a fake broker on loopback and the brokers' postbacks.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { dashboardStatistics, dataOf, departmentSummary, job as jobSchema, type DashboardStatistics } from '@crm/shared/contract';
import * as tables from '../src/db/schema/index.ts';
import { startFakeBroker, type FakeBroker } from '../src/dev/fakeBroker.ts';
import { adminEmail, bearer, createTestContext, waitFor, type TestContext } from './helpers.ts';

const started = z.object({ data: jobSchema });
const postbackAnswer = z.object({ data: z.object({ changed: z.boolean() }) });

describe('FTDs per department: the dashboard and the department summary', () => {
  let context: TestContext;
  let broker: FakeBroker;
  let brokerId: number;
  let sequence = 0;

  before(async () => {
    context = await createTestContext();
    broker = await startFakeBroker();
    await context.database.db.update(tables.users).set({ is_sender: true }).where(eq(tables.users.email, adminEmail));
    const created = await call('POST', '/broker', { name: 'Deposit Markets' });
    assert.equal(created.statusCode, 201, created.body);
    brokerId = z.object({ data: z.object({ id: z.number() }) }).parse(created.json()).data.id;
  });
  after(async () => {
    await broker.close();
    await context.close();
  });

  function call(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
    return context.app.inject({ method, url: `/api${url}`, headers: bearer(context.adminToken), ...(payload === undefined ? {} : { payload }) });
  }

  /** A department sending to the fake broker through its own integration, which takes the broker's postbacks. */
  async function department(branch: string): Promise<{ id: number; postback: (apiLeadId: string, ftdAt: string, status?: string) => Promise<boolean> }> {
    const pushKey = `push-key-${branch.toLowerCase()}`;
    const integration = await call('POST', '/send/integration', {
      name: `${branch} integration`,
      site_url: `${broker.url}/leads`,
      response_type: 'json_path_equals',
      response_content: { success_path: 'status', success_value: 'ok', lead_id_path: 'data.lead_id', error_path: 'message' },
      push_api_key: pushKey,
      allowed_ips: ['127.0.0.0/8'],
    });
    assert.equal(integration.statusCode, 201, integration.body);
    const integrationId = z.object({ data: z.object({ id: z.number() }) }).parse(integration.json()).data.id;
    const desk = await call('POST', '/broker/department', { broker_id: brokerId, branch_name: branch, send_integration_id: integrationId });
    assert.equal(desk.statusCode, 201, desk.body);
    const postback = async (apiLeadId: string, ftdAt: string, status = 'Deposit') => {
      const payload = { api_lead_id: apiLeadId, status, ftd: true, ftd_at: ftdAt };
      const response = await context.app.inject({ method: 'POST', url: `/api/send/integration/${integrationId}/postback?key=${pushKey}`, payload, remoteAddress: '127.0.0.1' });
      assert.equal(response.statusCode, 200, response.body);
      return postbackAnswer.parse(response.json()).data.changed;
    };
    return { id: z.object({ data: z.object({ id: z.number() }) }).parse(desk.json()).data.id, postback };
  }

  async function newLead(): Promise<number> {
    sequence += 1;
    const [row] = await context.database.db
      .insert(tables.leads)
      .values({ lead_id: `FTD-${sequence}`, name: 'Dee', surname: `Positor ${sequence}`, email: `depositor${sequence}@example.com`, country: 'DE' })
      .returning({ id: tables.leads.id });
    assert.ok(row);
    return row.id;
  }

  /** Sends the lead to the department and answers the broker's id for it. */
  async function send(departmentId: number, leadId: number): Promise<string> {
    const response = await call('POST', '/lead/send', { broker_department_id: departmentId, lead_ids: [leadId] });
    assert.equal(response.statusCode, 202, response.body);
    const jobId = started.parse(response.json()).data.id;
    const job = await waitFor(async () => {
      const { data } = started.parse((await call('GET', `/lead/send/${jobId}`)).json());
      return ['finished', 'failed', 'cancelled'].includes(data.status) ? data : null;
    }, 30_000);
    assert.deepEqual(job.result, { total: 1, sent: 1, failed: 0, skipped: 0 });
    const [history] = await context.database.db
      .select({ api_lead_id: tables.leadSendHistories.api_lead_id })
      .from(tables.leadSendHistories)
      .where(and(eq(tables.leadSendHistories.job_id, jobId), eq(tables.leadSendHistories.lead_id, leadId)));
    assert.ok(history?.api_lead_id, 'the broker named the lead');
    return history.api_lead_id;
  }

  async function summaryFtds(departmentId: number): Promise<number> {
    const response = await call('GET', `/broker/department/${departmentId}/summary`);
    assert.equal(response.statusCode, 200, response.body);
    return dataOf(departmentSummary).parse(response.json()).data.ftds;
  }

  async function statistics(): Promise<DashboardStatistics> {
    const response = await call('GET', '/dashboard/statistics?time_zone=UTC');
    assert.equal(response.statusCode, 200, response.body);
    return dataOf(dashboardStatistics).parse(response.json()).data;
  }

  test('a lead that deposited at A and was then sent to B is an FTD of A, in the dashboard and in both summaries', async () => {
    const a = await department('Alpha');
    const b = await department('Bravo');
    // Minutes ago, so the deposits fall in this week's UTC days whatever the time of the run.
    const ftdAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const ftdDay = ftdAt.slice(0, 10);

    const movedOn = await newLead();
    assert.equal(await a.postback(await send(a.id, movedOn), ftdAt), true);
    const apiLeadIdAtB = await send(b.id, movedOn);
    const [lead] = await context.database.db.select().from(tables.leads).where(eq(tables.leads.id, movedOn));
    assert.equal(lead?.last_broker_department_id, b.id, 'the lead now sits with B');
    // B's broker reporting a deposit of the same lead later records its status, not a second FTD: the first was A's.
    assert.equal(await b.postback(apiLeadIdAtB, new Date().toISOString(), 'Redeposit'), true);
    // And a lead that deposited at B is B's.
    const depositedAtB = await newLead();
    assert.equal(await b.postback(await send(b.id, depositedAtB), ftdAt), true);

    const data = await statistics();
    const dayIndex = data.days.indexOf(ftdDay);
    assert.ok(dayIndex >= 0, `${ftdDay} in ${data.days.join(', ')}`);
    const oneOnTheDay = data.days.map((_, index) => (index === dayIndex ? 1 : 0));
    const series = (departmentId: number) => data.departments.find((row) => row.broker_department_id === departmentId)?.ftds;
    assert.deepEqual(series(a.id), oneOnTheDay);
    assert.deepEqual(series(b.id), oneOnTheDay);
    assert.equal(data.cards.find((card) => card.key === 'ftds')?.value, 2, 'two leads deposited this week');
    assert.deepEqual([await summaryFtds(a.id), await summaryFtds(b.id)], [1, 1]);

    // Every department's week of FTDs equals its summary (this database holds no FTD outside the week), and its
    // broker-history list filtered to FTDs lists as many.
    for (const row of data.departments) {
      const week = row.ftds.reduce((sum, count) => sum + count, 0);
      assert.equal(await summaryFtds(row.broker_department_id), week, row.label);
      const listed = await call('GET', `/broker/department/${row.broker_department_id}/histories/broker?ftd_only=true`);
      assert.equal(z.object({ meta: z.object({ total: z.number() }) }).parse(listed.json()).meta.total, week, row.label);
    }
  });

  test('a lead has one reported first deposit: the database refuses a second FTD row for it', async () => {
    const insertFtd = `insert into lead_broker_histories (lead_id, broker_department_id, channel, api_ftd_at)
                       select lead_id, broker_department_id, 'push', now() from lead_broker_histories where api_ftd_at is not null limit 1`;
    await assert.rejects(context.database.pool.query(insertFtd), /lead_broker_histories_ftd_lead_unique/);
  });
});
