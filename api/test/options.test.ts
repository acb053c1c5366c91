import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { brokerDepartmentOption, brokerOption, countryOption, namedOption, roleOption, sentLeadStatusOption, statusOption, tagOption, userOption } from '@crm/shared/contract';
import * as tables from '../src/db/schema/index.ts';
import { bearer, createTestContext, type TestContext } from './helpers.ts';

describe('the /all option lists', () => {
  let context: TestContext;
  before(async () => {
    context = await createTestContext();
    const db = context.database.db;
    const [company] = await db.insert(tables.affiliateCompanies).values({ name: 'Acme Affiliates' }).returning();
    const [sendable, idle] = await db
      .insert(tables.brokers)
      .values([{ name: 'Sendable Broker' }, { name: 'Idle Broker' }])
      .returning();
    await db.insert(tables.brokerAffiliateCompanies).values({ broker_id: sendable!.id, affiliate_company_id: company!.id });
    const [integration] = await db.insert(tables.sendIntegrations).values({ name: 'EU API', site_url: 'https://broker.example/api' }).returning();
    await db.insert(tables.brokerDepartments).values([
      { broker_id: sendable!.id, branch_name: 'EU desk', send_integration_id: integration!.id },
      { broker_id: idle!.id, branch_name: 'Dormant desk' },
    ]);
    await db.insert(tables.sources).values({ name: 'Facebook' });
    await db.insert(tables.tags).values({ name: 'VIP' });
    // Repeated values and nulls: each list names every value once, in order (read as a skip scan, db/distinct.ts).
    const leads = await db
      .insert(tables.leads)
      .values(['Callback', null, 'Deposited', 'Callback', 'Another', null].map((status, index) => ({ lead_id: `L${index}`, email: `l${index}@example.com`, api_lead_status: status })))
      .returning();
    const failures = ['Duplicate', 'Timeout', null, 'Duplicate', 'Daily cap reached'];
    await db
      .insert(tables.leadSendHistories)
      .values(failures.map((failure, index) => ({ lead_id: leads[index]!.id, state: failure === null ? ('success' as const) : ('failure' as const), failure_status: failure })));
  });
  after(() => context.close());

  async function get(url: string, token = context.adminToken) {
    return context.app.inject({ method: 'GET', url, headers: bearer(token) });
  }

  const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

  test('users, sources, tags, affiliate companies, countries and statuses in their shapes', async () => {
    assert.ok(
      listOf(userOption)
        .parse((await get('/api/management/user/all')).json())
        .data.some((user) => user.name === 'Administrator'),
    );
    assert.deepEqual(
      listOf(namedOption)
        .parse((await get('/api/settings/source/all')).json())
        .data.map((row) => row.name),
      ['Facebook'],
    );
    assert.deepEqual(
      listOf(tagOption)
        .parse((await get('/api/settings/tag/all')).json())
        .data.map((row) => row.name),
      ['VIP'],
    );
    assert.deepEqual(
      listOf(namedOption)
        .parse((await get('/api/settings/affiliate/company/all')).json())
        .data.map((row) => row.name),
      ['Acme Affiliates'],
    );
    const countries = listOf(countryOption).parse((await get('/api/settings/country/all')).json()).data;
    assert.ok(countries.length >= 249);
    assert.equal(countries.find((country) => country.iso_3166_2 === 'DE')?.flag, '🇩🇪');
    const statuses = listOf(statusOption).parse((await get('/api/settings/status/all')).json()).data;
    assert.deepEqual([...new Set(statuses.map((status) => status.class))].sort(), ['email', 'lead', 'phone']);
  });

  test('brokers carry their affiliate companies; for-send lists only brokers with a sending integration', async () => {
    const all = listOf(brokerOption).parse((await get('/api/broker/all')).json()).data;
    assert.deepEqual(
      all.map((broker) => broker.name),
      ['Idle Broker', 'Sendable Broker'],
    );
    assert.deepEqual(
      all.find((broker) => broker.name === 'Sendable Broker')?.affiliate_companies.map((company) => company.name),
      ['Acme Affiliates'],
    );
    const forSend = listOf(brokerOption).parse((await get('/api/broker/all/for/send')).json()).data;
    assert.deepEqual(
      forSend.map((broker) => broker.name),
      ['Sendable Broker'],
    );
  });

  test('departments embed their broker', async () => {
    const departments = listOf(brokerDepartmentOption).parse((await get('/api/broker/department/all')).json()).data;
    const eu = departments.find((department) => department.branch_name === 'EU desk');
    assert.equal(eu?.broker_id.name, 'Sendable Broker');
    assert.equal(eu?.broker_id.affiliate_companies[0]?.name, 'Acme Affiliates');
  });

  test('sent-lead statuses and send-failure statuses are plain lists', async () => {
    assert.deepEqual(z.array(sentLeadStatusOption).parse((await get('/api/lead/last/statuses/all')).json()), [{ status: 'Another' }, { status: 'Callback' }, { status: 'Deposited' }]);
    assert.deepEqual(z.array(z.string()).parse((await get('/api/lead/history/send/failure/statuses')).json()), ['Daily cap reached', 'Duplicate', 'Timeout']);
  });

  test('roles load for management.user.create or management.user.update, not for view alone', async () => {
    const updater = await context.userWith(['management.user.update']);
    const roles = listOf(roleOption).parse((await get('/api/management/role/all', updater.token)).json()).data;
    assert.ok(roles.find((role) => role.name === 'Agent')?.permissions.includes('lead.view'));
    const viewer = await context.userWith(['management.user.view']);
    assert.equal((await get('/api/management/role/all', viewer.token)).statusCode, 403);
  });

  test('each list is gated by its options permission', async () => {
    const agent = await context.login('agent@example.com', 'demo-password');
    assert.equal((await get('/api/settings/source/all', agent)).statusCode, 403);
    const sourcesOnly = await context.userWith(['options.sources.all']);
    assert.equal((await get('/api/settings/source/all', sourcesOnly.token)).statusCode, 200);
    assert.equal((await get('/api/settings/tag/all', sourcesOnly.token)).statusCode, 403);
  });
});
