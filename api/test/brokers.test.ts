import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { brokerItem, dataOf, departmentBrokerHistoryItem, departmentItem, departmentSendHistoryItem, departmentSummary, paginated, type Permission } from '@crm/shared/contract';
import { eq } from 'drizzle-orm';
import * as tables from '../src/db/schema/index.ts';
import { bearer, createTestContext, tableFingerprint, type TestContext } from './helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const written = <Item extends z.ZodType>(item: Item) => z.object({ message: z.string(), data: item });
const errorsOf = (body: unknown): Record<string, string[]> => z.object({ errors: z.record(z.string(), z.array(z.string())) }).parse(body).errors;

describe('brokers, departments and department histories', () => {
  let context: TestContext;
  let companyIds: { acme: number; zeta: number };
  let integrationId: number;

  before(async () => {
    context = await createTestContext();
    const db = context.database.db;
    const companies = await db
      .insert(tables.affiliateCompanies)
      .values([{ name: 'Zeta Media' }, { name: 'Acme Affiliates' }])
      .returning();
    companyIds = { zeta: companies[0]!.id, acme: companies[1]!.id };
    const [integration] = await db.insert(tables.sendIntegrations).values({ name: 'Desk API', site_url: 'https://broker.example/api' }).returning();
    integrationId = integration!.id;
  });
  after(() => context.close());

  async function call(method: Method, url: string, payload?: Record<string, unknown>, token = context.adminToken) {
    return context.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  }

  async function createBroker(body: Record<string, unknown>) {
    const response = await call('POST', '/broker', body);
    assert.equal(response.statusCode, 201, response.body);
    return written(brokerItem).parse(response.json()).data;
  }

  async function createDepartment(body: Record<string, unknown>) {
    const response = await call('POST', '/broker/department', body);
    assert.equal(response.statusCode, 201, response.body);
    return written(departmentItem).parse(response.json()).data;
  }

  describe('brokers', () => {
    test('create stores canonical IPs and links affiliate companies', async () => {
      const response = await call('POST', '/broker', {
        name: 'Apex Markets',
        company_name: 'Apex Markets Ltd',
        company_web_pages: ['https://apex.example', 'https://apex.example'],
        ip_addresses: ['10.1.2.3/8', '2001:DB8::1', ' 203.0.113.7 ', '10.0.0.0/8'],
        contract_expires_in: '2027-03-31',
        affiliate_company_ids: [companyIds.zeta, companyIds.acme],
      });
      assert.equal(response.statusCode, 201, response.body);
      const { message, data } = written(brokerItem).parse(response.json());
      assert.equal(message, 'Broker successfully created');
      assert.deepEqual(data.ip_addresses, ['10.0.0.0/8', '2001:db8::1', '203.0.113.7'], 'canonical and without repeats');
      assert.deepEqual(data.company_web_pages, ['https://apex.example']);
      assert.equal(data.contract_expires_in, '2027-03-31');
      assert.deepEqual(
        data.affiliate_companies.map((company) => company.name),
        ['Acme Affiliates', 'Zeta Media'],
        'by name',
      );
      assert.equal(data.departments_count, 0);
      assert.equal(data.is_active, true);
    });

    test('422 under the field: a bad IP, an unknown company, a taken name, an unknown field — nothing written', async () => {
      const before = await tableFingerprint(context.database);
      const cases: { body: Record<string, unknown>; field: string; message?: RegExp }[] = [
        { body: { name: 'Bad IP', ip_addresses: ['10.0.0.1', '300.1.1.1'] }, field: 'ip_addresses', message: /300\.1\.1\.1/ },
        { body: { name: 'Bad CIDR', ip_addresses: ['10.0.0.0/33'] }, field: 'ip_addresses' },
        { body: { name: 'No company', affiliate_company_ids: [companyIds.acme, 999_999] }, field: 'affiliate_company_ids' },
        { body: { name: 'APEX MARKETS' }, field: 'name', message: /already exists/ },
        { body: { name: 'Extra', color: 'red' }, field: 'color' },
        { body: { name: 'Bad page', company_web_pages: ['ftp://apex.example'] }, field: 'company_web_pages.0' },
        { body: { name: 'Bad date', contract_expires_in: '31.03.2027' }, field: 'contract_expires_in' },
        { body: { name: 'No such day', contract_expires_in: '2026-02-30' }, field: 'contract_expires_in', message: /a day like 2026-12-31/ },
        { body: { name: 'No such month', contract_expires_in: '2026-13-01' }, field: 'contract_expires_in' },
        { body: { name: 'Year zero', contract_expires_in: '0000-01-01' }, field: 'contract_expires_in' },
        { body: { company_name: 'Nameless' }, field: 'name' },
      ];
      // Every field's error at once: a bad IP is not held back behind a bad web page.
      const both = await call('POST', '/broker', { name: 'Both bad', company_web_pages: ['ftp://apex.example'], ip_addresses: ['300.1.1.1'] });
      assert.deepEqual(Object.keys(errorsOf(both.json())).sort(), ['company_web_pages.0', 'ip_addresses']);
      for (const { body, field, message } of cases) {
        const response = await call('POST', '/broker', body);
        assert.equal(response.statusCode, 422, `${JSON.stringify(body)}: ${response.body}`);
        const errors = errorsOf(response.json());
        assert.deepEqual(Object.keys(errors), [field], `${JSON.stringify(body)} names ${field}`);
        if (message) assert.match(errors[field]?.[0] ?? '', message);
      }
      assert.deepEqual(await tableFingerprint(context.database), before, 'rejected writes change nothing');
    });

    test('update keeps what it omits; an empty list unlinks every company', async () => {
      const broker = await createBroker({ name: 'Crown Trade', affiliate_company_ids: [companyIds.acme], ip_addresses: ['198.51.100.1'] });
      const paused = await call('PUT', `/broker/${broker.id}`, { is_active: false });
      assert.equal(paused.statusCode, 200, paused.body);
      const pausedItem = written(brokerItem).parse(paused.json());
      assert.equal(pausedItem.message, 'Broker successfully updated');
      assert.equal(pausedItem.data.is_active, false);
      assert.deepEqual(
        pausedItem.data.affiliate_companies.map((company) => company.id),
        [companyIds.acme],
        'companies kept',
      );
      assert.deepEqual(pausedItem.data.ip_addresses, ['198.51.100.1'], 'addresses kept');

      const unlinked = written(brokerItem).parse((await call('PUT', `/broker/${broker.id}`, { affiliate_company_ids: [] })).json()).data;
      assert.deepEqual(unlinked.affiliate_companies, []);
      const badIp = await call('PUT', `/broker/${broker.id}`, { ip_addresses: ['not-an-ip'] });
      assert.equal(badIp.statusCode, 422);
      assert.deepEqual(Object.keys(errorsOf(badIp.json())), ['ip_addresses']);
    });

    test('search by name or company, filter by is_active, sort by contract end', async () => {
      await createBroker({ name: 'Delta Brokers', company_name: 'Omega Holdings SA', contract_expires_in: '2026-01-01' });
      const list = async (query: string) => paginated(brokerItem).parse((await call('GET', `/broker?${query}`)).json());
      assert.deepEqual(
        (await list('search=omega')).data.map((broker) => broker.name),
        ['Delta Brokers'],
        'company name',
      );
      assert.deepEqual(
        (await list('search=apex')).data.map((broker) => broker.name),
        ['Apex Markets'],
        'name',
      );
      assert.deepEqual(
        (await list('is_active=false')).data.map((broker) => broker.name),
        ['Crown Trade'],
      );
      const byContract = await list('sort=contract_expires_in&direction=asc&is_active=true');
      assert.deepEqual(
        byContract.data.map((broker) => broker.name),
        ['Delta Brokers', 'Apex Markets'],
      );
      assert.equal(byContract.meta.total, 2);
    });

    test('403 without the broker permission, 401 without a token', async () => {
      const viewer = await context.userWith(['broker.view']);
      assert.equal((await call('GET', '/broker', undefined, viewer.token)).statusCode, 200);
      assert.equal((await call('POST', '/broker', { name: 'Nope' }, viewer.token)).statusCode, 403);
      const departmentViewer = await context.userWith(['broker.department.view']);
      assert.equal((await call('GET', '/broker', undefined, departmentViewer.token)).statusCode, 403);
      assert.equal((await context.app.inject({ method: 'GET', url: '/api/broker' })).statusCode, 401);
    });
  });

  describe('departments', () => {
    test('create embeds the broker with its companies and the send integration', async () => {
      const broker = await createBroker({ name: 'Echo FX', affiliate_company_ids: [companyIds.acme] });
      const response = await call('POST', '/broker/department', {
        broker_id: broker.id,
        branch_name: 'DE Desk',
        send_integration_id: integrationId,
        countries: ['DE', 'AT', 'DE'],
        languages: ['de'],
      });
      assert.equal(response.statusCode, 201, response.body);
      const { message, data } = written(departmentItem).parse(response.json());
      assert.equal(message, 'Department successfully created');
      assert.deepEqual(data.broker, { id: broker.id, name: 'Echo FX', affiliate_companies: [{ id: companyIds.acme, name: 'Acme Affiliates' }] });
      assert.deepEqual(data.send_integration, { id: integrationId, name: 'Desk API' });
      assert.deepEqual(data.countries, ['DE', 'AT']);
      assert.equal(data.is_active, true);

      const brokerAfter = dataOf(brokerItem).parse((await call('GET', `/broker/${broker.id}`)).json()).data;
      assert.equal(brokerAfter.departments_count, 1);

      const detached = written(departmentItem).parse((await call('PUT', `/broker/department/${data.id}`, { send_integration_id: null })).json()).data;
      assert.equal(detached.send_integration, null);
    });

    test('422 under the field: unknown broker or integration, a branch name taken at that broker, an unknown field', async () => {
      const broker = await createBroker({ name: 'Foxtrot Capital' });
      await createDepartment({ broker_id: broker.id, branch_name: 'Retention' });
      const cases: { body: Record<string, unknown>; fields: string[] }[] = [
        { body: { broker_id: 999_999, branch_name: 'Main' }, fields: ['broker_id'] },
        { body: { broker_id: broker.id, branch_name: 'Main', send_integration_id: 999_999 }, fields: ['send_integration_id'] },
        { body: { broker_id: 999_999, branch_name: 'Main', send_integration_id: 999_999 }, fields: ['broker_id', 'send_integration_id'] },
        { body: { broker_id: broker.id, branch_name: 'retention' }, fields: ['branch_name'] },
        { body: { broker_id: broker.id, branch_name: 'Main', desk: 'x' }, fields: ['desk'] },
        { body: { broker_id: broker.id, branch_name: 'Main', countries: ['deu'] }, fields: ['countries.0'] },
        { body: { broker_id: broker.id, branch_name: 'Main', countries: ['DE', 'XX'], languages: ['de', 'zz', 'en'] }, fields: ['countries.1', 'languages.1'] },
        { body: { branch_name: 'Main' }, fields: ['broker_id'] },
      ];
      for (const { body, fields } of cases) {
        const response = await call('POST', '/broker/department', body);
        assert.equal(response.statusCode, 422, `${JSON.stringify(body)}: ${response.body}`);
        assert.deepEqual(Object.keys(errorsOf(response.json())).sort(), fields, JSON.stringify(body));
      }
      const unknownCountry = await call('POST', '/broker/department', { broker_id: broker.id, branch_name: 'Main', countries: ['XX'] });
      assert.deepEqual(errorsOf(unknownCountry.json()), { 'countries.0': ['The country XX does not exist.'] });
      const missing = await call('POST', '/broker/department', {});
      assert.deepEqual(
        errorsOf(missing.json()),
        { broker_id: ['The broker field is required.'], branch_name: ['The branch name field is required.'] },
        'the message names the field as a person would',
      );
      const elsewhere = await createBroker({ name: 'Golf Markets' });
      const same = await call('POST', '/broker/department', { broker_id: elsewhere.id, branch_name: 'Retention' });
      assert.equal(same.statusCode, 201, 'the same branch name at another broker is fine');
      const moved = await call('PUT', `/broker/department/${written(departmentItem).parse(same.json()).data.id}`, { broker_id: broker.id });
      assert.equal(moved.statusCode, 422, 'moving it to a broker that has that branch collides');
      assert.deepEqual(Object.keys(errorsOf(moved.json())), ['branch_name']);
    });

    test('search by branch or broker name; filter by broker, integration and active flag', async () => {
      const broker = await createBroker({ name: 'Hotel Trading' });
      const first = await createDepartment({ broker_id: broker.id, branch_name: 'Nordics', send_integration_id: integrationId });
      const second = await createDepartment({ broker_id: broker.id, branch_name: 'APAC', is_active: false });
      const list = async (query: string) =>
        paginated(departmentItem)
          .parse((await call('GET', `/broker/department?${query}`)).json())
          .data.map((row) => row.id);
      assert.deepEqual(await list('search=hotel'), [second.id, first.id], 'by broker name, sorted by branch name');
      assert.deepEqual(await list('search=nord'), [first.id]);
      assert.deepEqual(await list(`broker_id=${broker.id}&is_active=false`), [second.id]);
      assert.deepEqual(await list(`broker_id=${broker.id}&send_integration_id=${integrationId}`), [first.id]);
      assert.deepEqual(await list('search=100%25'), [], 'pattern characters are literal');
    });

    test('deleting a broker deletes its departments', async () => {
      const broker = await createBroker({ name: 'India Invest' });
      const department = await createDepartment({ broker_id: broker.id, branch_name: 'Main' });
      const deleted = await call('DELETE', `/broker/${broker.id}`);
      assert.equal(deleted.statusCode, 200, deleted.body);
      assert.deepEqual(deleted.json(), { message: 'Broker successfully deleted' });
      assert.equal((await call('GET', `/broker/department/${department.id}`)).statusCode, 404);
    });

    test('403 without the department permission', async () => {
      const brokerViewer = await context.userWith(['broker.view', 'broker.create']);
      assert.equal((await call('GET', '/broker/department', undefined, brokerViewer.token)).statusCode, 403);
      const viewer = await context.userWith(['broker.department.view']);
      assert.equal((await call('GET', '/broker/department', undefined, viewer.token)).statusCode, 200);
      assert.equal((await call('POST', '/broker/department', { broker_id: 1, branch_name: 'x' }, viewer.token)).statusCode, 403);
    });
  });

  describe('department histories', () => {
    let departmentId: number;
    let otherDepartmentId: number;
    let jobId: number;
    let leadIds: number[];

    before(async () => {
      const db = context.database.db;
      const broker = await createBroker({ name: 'Juliet Brokers', affiliate_company_ids: [companyIds.zeta] });
      departmentId = (await createDepartment({ broker_id: broker.id, branch_name: 'EN Desk', send_integration_id: integrationId })).id;
      otherDepartmentId = (await createDepartment({ broker_id: broker.id, branch_name: 'FR Desk' })).id;
      const [admin] = await db.select({ id: tables.users.id }).from(tables.users).where(eq(tables.users.email, 'admin@example.com'));
      const [job] = await db.insert(tables.jobs).values({ type: 'lead.send', name: 'Send to EN Desk', user_id: admin!.id }).returning();
      jobId = job!.id;
      const leads = await db
        .insert(tables.leads)
        .values([
          { lead_id: 'H1', name: 'Ann', email: 'ann@example.com', last_broker_department_id: departmentId, api_ftd_at: new Date('2026-01-05T10:00:00Z') },
          { lead_id: 'H2', name: 'Bob', email: 'bob@example.com', last_broker_department_id: departmentId },
          { lead_id: 'H3', name: 'Cid', email: 'cid@example.com', last_broker_department_id: otherDepartmentId, api_ftd_at: new Date('2026-01-06T10:00:00Z') },
        ])
        .returning();
      leadIds = leads.map((lead) => lead.id);
      const at = (minute: number) => new Date(Date.UTC(2026, 0, 2, 12, minute));
      await db.insert(tables.leadSendHistories).values([
        {
          lead_id: leadIds[0]!,
          broker_department_id: departmentId,
          send_integration_id: integrationId,
          job_id: jobId,
          user_id: admin!.id,
          state: 'success',
          api_lead_id: 'B-1',
          lead_url: 'https://broker.example/login/1',
          duration_ms: 120,
          created_at: at(1),
        },
        {
          lead_id: leadIds[1]!,
          broker_department_id: departmentId,
          send_integration_id: integrationId,
          job_id: jobId,
          user_id: admin!.id,
          state: 'failure',
          failure_status: 'Duplicate',
          duration_ms: 80,
          created_at: at(2),
        },
        { lead_id: leadIds[1]!, broker_department_id: departmentId, send_integration_id: integrationId, state: 'success', api_lead_id: 'B-2', created_at: at(3) },
        { lead_id: leadIds[2]!, broker_department_id: otherDepartmentId, state: 'success', created_at: at(4) },
      ]);
      await db.insert(tables.leadBrokerHistories).values([
        { lead_id: leadIds[0]!, broker_department_id: departmentId, channel: 'pull', api_lead_status: 'Callback', created_at: at(10) },
        { lead_id: leadIds[0]!, broker_department_id: departmentId, channel: 'push', api_lead_status: 'Deposit', api_ftd_at: new Date('2026-01-05T10:00:00Z'), created_at: at(11) },
        { lead_id: leadIds[2]!, broker_department_id: otherDepartmentId, channel: 'push', api_lead_status: 'Deposit', api_ftd_at: new Date(), created_at: at(12) },
      ]);
    });

    test('the summary: the department, sent and failed attempts, FTDs its broker reported', async () => {
      const response = await call('GET', `/broker/department/${departmentId}/summary`);
      assert.equal(response.statusCode, 200, response.body);
      const { data } = dataOf(departmentSummary).parse(response.json());
      assert.equal(data.department.id, departmentId);
      assert.equal(data.department.branch_name, 'EN Desk');
      assert.deepEqual(
        data.department.broker.affiliate_companies.map((company) => company.name),
        ['Zeta Media'],
      );
      assert.deepEqual({ sent: data.sent, failed: data.failed, ftds: data.ftds }, { sent: 2, failed: 1, ftds: 1 });
    });

    test('send histories: newest first, with lead, user and outcome; filtered by state and job', async () => {
      const response = await call('GET', `/broker/department/${departmentId}/histories/send`);
      assert.equal(response.statusCode, 200, response.body);
      const page = paginated(departmentSendHistoryItem).parse(response.json());
      assert.equal(page.meta.total, 3);
      assert.deepEqual(
        page.data.map((row) => [row.lead.lead_id, row.state]),
        [
          ['H2', 'success'],
          ['H2', 'failure'],
          ['H1', 'success'],
        ],
      );
      const first = page.data[2]!;
      assert.deepEqual(first.lead, { id: leadIds[0], lead_id: 'H1', name: 'Ann', email: 'ann@example.com' });
      assert.equal(first.user?.name, 'Administrator');
      assert.equal(first.job_id, jobId);
      assert.equal(first.lead_url, 'https://broker.example/login/1');
      assert.equal(first.created_at, '2026-01-02T12:01:00.000Z');
      assert.equal(page.data[0]?.user, null, 'an attempt without a user');

      const failures = paginated(departmentSendHistoryItem).parse((await call('GET', `/broker/department/${departmentId}/histories/send?state=failure`)).json());
      assert.deepEqual(
        failures.data.map((row) => row.failure_status),
        ['Duplicate'],
      );
      const ofJob = paginated(departmentSendHistoryItem).parse((await call('GET', `/broker/department/${departmentId}/histories/send?job_id=${jobId}&per_page=1&page=2`)).json());
      assert.deepEqual(ofJob.meta, { current_page: 2, per_page: 1, total: 2, last_page: 2 });
      assert.equal(ofJob.data[0]?.lead.lead_id, 'H1');
      const badState = await call('GET', `/broker/department/${departmentId}/histories/send?state=lost`);
      assert.equal(badState.statusCode, 422);
    });

    test('broker histories: newest first; ftd_only keeps the FTD reports', async () => {
      const page = paginated(departmentBrokerHistoryItem).parse((await call('GET', `/broker/department/${departmentId}/histories/broker`)).json());
      assert.deepEqual(
        page.data.map((row) => [row.channel, row.api_lead_status]),
        [
          ['push', 'Deposit'],
          ['pull', 'Callback'],
        ],
      );
      assert.equal(page.data[0]?.api_ftd_at, '2026-01-05T10:00:00.000Z');
      assert.equal(page.data[1]?.api_ftd_at, null);
      const ftds = paginated(departmentBrokerHistoryItem).parse((await call('GET', `/broker/department/${departmentId}/histories/broker?ftd_only=true`)).json());
      assert.equal(ftds.meta.total, 1);
      assert.equal(ftds.data[0]?.lead.lead_id, 'H1');
    });

    test('404 for an unknown department; 403 without the histories permission', async () => {
      for (const path of ['summary', 'histories/send', 'histories/broker']) {
        const response = await call('GET', `/broker/department/999999/${path}`);
        assert.equal(response.statusCode, 404, path);
        assert.deepEqual(response.json(), { message: 'Department not found.' });
      }
      const viewer = await context.userWith(['broker.department.view'] satisfies Permission[]);
      assert.equal((await call('GET', `/broker/department/${departmentId}/summary`, undefined, viewer.token)).statusCode, 403);
      const historian = await context.userWith(['broker.department.histories.view']);
      assert.equal((await call('GET', `/broker/department/${departmentId}/histories/send`, undefined, historian.token)).statusCode, 200);
    });
  });
});
