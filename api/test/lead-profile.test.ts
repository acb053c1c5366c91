import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import type { LeadBrokerHistory, LeadDataHistory, LeadDetail, LeadSendHistory, LeadStatusHistory, Permission } from '@crm/shared/contract';
import * as tables from '../src/db/schema/index.ts';
import { bearer, createTestContext, tableFingerprint, type TestContext } from './helpers.ts';

type Invalid = { message: string; errors: Record<string, string[]> };
type Page<Item> = { data: Item[]; meta: { current_page: number; per_page: number; total: number; last_page: number } };
type Method = 'GET' | 'PUT' | 'DELETE';

describe('the lead profile: read, edit, status, delete and history tabs', () => {
  let context: TestContext;
  let editor: { id: number; token: string };
  let leadStatuses: { id: number; name: string }[] = [];
  let emailStatus: number;
  let phoneStatus: number;
  let source: number;
  let company: number;
  let department: number;
  let vip: number;
  let cold: number;

  const call = (method: Method, url: string, payload?: Record<string, unknown>, token = editor.token) =>
    context.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

  async function insertLead(values: Partial<typeof tables.leads.$inferInsert> = {}): Promise<number> {
    const [row] = await context.database.db
      .insert(tables.leads)
      .values({ lead_id: `P-${Math.random().toString(36).slice(2, 10)}`, email: 'someone@example.com', ...values })
      .returning({ id: tables.leads.id });
    return row!.id;
  }
  const dataHistory = async (leadId: number) => (await call('GET', `/lead/${leadId}/histories/data?per_page=100`)).json() as Page<LeadDataHistory>;
  const changesOf = async (leadId: number) =>
    (await dataHistory(leadId)).data.map((row) => [row.field, row.old_value, row.new_value]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));

  /** Refused with a 422 naming `field`, and nothing in the database changed. */
  async function assertRefused(method: 'PUT', url: string, payload: Record<string, unknown>, field: string): Promise<Invalid> {
    const before = await tableFingerprint(context.database);
    const leadBefore = (await call('GET', url.replace(/\/status$/, ''))).body;
    const response = await call(method, url, payload);
    assert.equal(response.statusCode, 422, `${JSON.stringify(payload)} → ${response.body}`);
    const body = response.json() as Invalid;
    assert.ok(body.errors[field]?.[0], `names ${field}: ${response.body}`);
    assert.deepEqual(await tableFingerprint(context.database), before);
    assert.equal((await call('GET', url.replace(/\/status$/, ''))).body, leadBefore, 'the lead is unchanged');
    return body;
  }

  before(async () => {
    context = await createTestContext();
    editor = await context.userWith(['lead.single.view', 'lead.update', 'lead.status.update', 'lead.delete'], 'Edna Editor');
    const db = context.database.db;
    leadStatuses = (await db.execute<{ id: number; name: string }>(sql`select id, name from statuses where class = 'lead' order by id limit 3`)).rows;
    emailStatus = Number((await db.execute<{ id: number }>(sql`select id from statuses where class = 'email' limit 1`)).rows[0]!.id);
    phoneStatus = Number((await db.execute<{ id: number }>(sql`select id from statuses where class = 'phone' limit 1`)).rows[0]!.id);
    [source] = (await db.insert(tables.sources).values({ name: 'Profile source' }).returning()).map((row) => row.id) as [number];
    [company] = (await db.insert(tables.affiliateCompanies).values({ name: 'Profile company' }).returning()).map((row) => row.id) as [number];
    [vip, cold] = (
      await db
        .insert(tables.tags)
        .values([{ name: 'vip' }, { name: 'cold' }])
        .returning()
    ).map((row) => row.id) as [number, number];
    const [broker] = await db.insert(tables.brokers).values({ name: 'Broker P' }).returning();
    await db.insert(tables.brokerAffiliateCompanies).values({ broker_id: broker!.id, affiliate_company_id: company });
    [department] = (await db.insert(tables.brokerDepartments).values({ broker_id: broker!.id, branch_name: 'Desk 1' }).returning()).map((row) => row.id) as [number];
  });
  after(() => context.close());

  const leadStatus = (index: number) => leadStatuses[index]!.id;

  test('GET /lead/:id returns every field with statuses as cells and relations named', async () => {
    const id = await insertLead({
      name: 'Grace',
      surname: 'Hopper',
      email: 'grace@example.com',
      alt_email: 'g.hopper@example.org',
      phone: '020 7946 0958',
      phone_prefix: '44',
      phone_normalized: '+442079460958',
      country: 'GB',
      city: 'London',
      date_of_birth: '1990-04-30',
      source_id: source,
      affiliate_company_id: company,
      status_id: leadStatus(0),
      original_status_id: leadStatus(1),
      email_status_id: emailStatus,
      phone_status_id: phoneStatus,
      status_changed_at: new Date('2024-05-01T10:00:00Z'),
      last_broker_department_id: department,
      purchase_amount: '99.90',
      created_by: editor.id,
      ip: '203.0.113.9',
      api_lead_id: 'B-77',
    });
    await context.database.db.insert(tables.leadTags).values([{ lead_id: id, tag_id: vip }]);
    const response = await call('GET', `/lead/${id}`);
    assert.equal(response.statusCode, 200, response.body);
    const lead = (response.json() as { data: LeadDetail }).data;
    assert.equal(lead.id, id);
    assert.equal(lead.name, 'Grace');
    assert.equal(lead.alt_email, 'g.hopper@example.org');
    assert.equal(lead.date_of_birth, '1990-04-30');
    assert.equal(lead.status_id, leadStatus(0));
    assert.equal(lead.status?.name, leadStatuses[0]!.name);
    assert.equal(lead.original_status?.id, leadStatus(1));
    assert.equal(lead.original_status_id, leadStatus(1));
    assert.equal(lead.email_status?.id, emailStatus);
    assert.equal(lead.phone_status?.id, phoneStatus);
    assert.equal(lead.alt_email_status, null);
    assert.deepEqual(lead.source, { id: source, name: 'Profile source' });
    assert.deepEqual(lead.affiliate_company, { id: company, name: 'Profile company' });
    assert.deepEqual(lead.created_by, { id: editor.id, name: 'Edna Editor' });
    assert.deepEqual(lead.last_department, { id: department, label: 'Broker P - Profile company - Desk 1' });
    assert.deepEqual(lead.tags, [{ id: vip, name: 'vip' }]);
    assert.equal(lead.status_changed_at, '2024-05-01T10:00:00.000Z');
    assert.equal(lead.purchase_amount, '99.90');
    assert.equal(lead.ip, '203.0.113.9');
    assert.equal(lead.api_lead_id, 'B-77');
  });

  test('PUT /lead/:id writes the changed fields only, one data history row each', async () => {
    const id = await insertLead({ name: 'Ann', email: 'ann@example.com', city: 'Paris', purchase_amount: '250.50', is_fresh: true });
    const response = await call('PUT', `/lead/${id}`, { name: 'Anne', city: 'Paris', purchase_amount: '250.5', is_fresh: false, comment: '  called back  ' });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as { message: string; data: LeadDetail };
    assert.equal(body.message, 'Lead successfully updated');
    assert.equal(body.data.name, 'Anne');
    assert.equal(body.data.comment, 'called back');
    assert.equal(body.data.is_fresh, false);
    assert.deepEqual(await changesOf(id), [
      ['comment', null, 'called back'],
      ['is_fresh', 'true', 'false'],
      ['name', 'Ann', 'Anne'],
    ]);
    const history = await dataHistory(id);
    assert.deepEqual(history.data[0]!.user, { id: editor.id, name: 'Edna Editor' });

    // The same values again: nothing to write, not even updated_at.
    const [before] = await context.database.db.select({ updated_at: tables.leads.updated_at }).from(tables.leads).where(eq(tables.leads.id, id));
    const again = await call('PUT', `/lead/${id}`, { name: 'Anne', purchase_amount: 250.5, city: 'Paris' });
    assert.equal(again.statusCode, 200, again.body);
    assert.equal((await dataHistory(id)).meta.total, 3);
    const [afterwards] = await context.database.db.select({ updated_at: tables.leads.updated_at }).from(tables.leads).where(eq(tables.leads.id, id));
    assert.equal(afterwards!.updated_at.getTime(), before!.updated_at.getTime());
  });

  test('blank text clears a field; dates and amounts are recorded in their stored form', async () => {
    const id = await insertLead({ name: 'Bea', city: 'Rome' });
    const response = await call('PUT', `/lead/${id}`, { city: '', purchase_date: '2024-06-01T12:00:00Z', recovery_amount: 10 });
    assert.equal(response.statusCode, 200, response.body);
    const lead = (response.json() as { data: LeadDetail }).data;
    assert.equal(lead.city, null);
    assert.equal(lead.purchase_date, '2024-06-01T12:00:00.000Z');
    assert.equal(lead.recovery_amount, '10.00');
    assert.deepEqual(await changesOf(id), [
      ['city', 'Rome', null],
      ['purchase_date', null, '2024-06-01T12:00:00.000Z'],
      ['recovery_amount', null, '10.00'],
    ]);
  });

  test('tag changes are recorded as one `tags` row with names', async () => {
    const id = await insertLead({ name: 'Cid' });
    await context.database.db.insert(tables.leadTags).values({ lead_id: id, tag_id: vip });
    const response = await call('PUT', `/lead/${id}`, { tag_ids: [cold, vip] });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(
      (response.json() as { data: LeadDetail }).data.tags.map((tag) => tag.name),
      ['cold', 'vip'],
    );
    assert.deepEqual(await changesOf(id), [['tags', 'vip', 'cold, vip']]);
    await call('PUT', `/lead/${id}`, { tag_ids: [vip, cold] });
    assert.equal((await dataHistory(id)).meta.total, 1, 'the same set in another order changes nothing');
    await call('PUT', `/lead/${id}`, { tag_ids: [] });
    const cleared = (await dataHistory(id)).data[0]!;
    assert.deepEqual([cleared.field, cleared.old_value, cleared.new_value], ['tags', 'cold, vip', null]);
  });

  test('phones are stored in E.164, read with the new or the stored country', async () => {
    const id = await insertLead({ name: 'Dee', email: null, country: 'GB' });
    const typed = await call('PUT', `/lead/${id}`, { phone: '020 7946 0959' });
    assert.equal(typed.statusCode, 200, typed.body);
    let lead = (typed.json() as { data: LeadDetail }).data;
    assert.equal(lead.phone, '+442079460959');
    assert.equal(lead.phone_normalized, '+442079460959');
    assert.equal(lead.phone_prefix, '44');

    // A new country and a national number of that country, together.
    const moved = await call('PUT', `/lead/${id}`, { country: 'fr', phone: '06 12 34 56 78', alt_phone: '+1 213 373 4253' });
    assert.equal(moved.statusCode, 200, moved.body);
    lead = (moved.json() as { data: LeadDetail }).data;
    assert.equal(lead.country, 'FR');
    assert.equal(lead.phone, '+33612345678');
    assert.equal(lead.phone_prefix, '33');
    assert.equal(lead.alt_phone, '+12133734253');
    assert.equal(lead.alt_phone_prefix, '1');
    const changes = await changesOf(id);
    assert.deepEqual(
      changes.find((change) => change[0] === 'phone'),
      ['phone', '+442079460959', '+33612345678'],
    );
    assert.deepEqual(
      changes.find((change) => change[0] === 'phone_prefix'),
      ['phone_prefix', '44', '33'],
    );
    assert.deepEqual(
      changes.find((change) => change[0] === 'country'),
      ['country', 'GB', 'FR'],
    );

    // An international number stays as it is whatever the country.
    const abroad = await call('PUT', `/lead/${id}`, { country: 'US' });
    assert.equal(abroad.statusCode, 200, abroad.body);
    assert.equal((abroad.json() as { data: LeadDetail }).data.phone, '+33612345678');
    await assertRefused('PUT', `/lead/${id}`, { phone: '12' }, 'phone');
    await assertRefused('PUT', `/lead/${id}`, { alt_phone: 'call me' }, 'alt_phone');
    await assertRefused('PUT', `/lead/${id}`, { phone: null }, 'email');
  });

  test('a stored national number is read again with a new country, and refused when it is no number there', async () => {
    const id = await insertLead({ name: 'Dan', email: null, country: 'GB', phone: '020 7946 0958', phone_normalized: '+442079460958', phone_prefix: '44' });
    const body = await assertRefused('PUT', `/lead/${id}`, { country: 'US' }, 'phone');
    assert.match(body.errors['phone']![0]!, /not a valid number for US/);
    const cleared = await call('PUT', `/lead/${id}`, { country: null, phone: '+44 20 7946 0958', email: 'dan@example.com' });
    assert.equal(cleared.statusCode, 200, cleared.body);
    assert.deepEqual(await changesOf(id), [
      ['country', 'GB', null],
      ['email', null, 'dan@example.com'],
      ['phone', '020 7946 0958', '+442079460958'],
    ]);
  });

  test('bad input is a 422 naming the field and changes nothing', async () => {
    const id = await insertLead({ name: 'Eli' });
    await assertRefused('PUT', `/lead/${id}`, { source_id: 999_999 }, 'source_id');
    await assertRefused('PUT', `/lead/${id}`, { affiliate_company_id: 999_999 }, 'affiliate_company_id');
    await assertRefused('PUT', `/lead/${id}`, { email_status_id: phoneStatus }, 'email_status_id');
    await assertRefused('PUT', `/lead/${id}`, { phone_status_id: 999_999 }, 'phone_status_id');
    await assertRefused('PUT', `/lead/${id}`, { tag_ids: [vip, 999_999] }, 'tag_ids');
    await assertRefused('PUT', `/lead/${id}`, { email: 'not-an-email' }, 'email');
    await assertRefused('PUT', `/lead/${id}`, { country: 'Germany' }, 'country');
    await assertRefused('PUT', `/lead/${id}`, { card_digits: '12345' }, 'card_digits');
    await assertRefused('PUT', `/lead/${id}`, { purchase_amount: 'lots' }, 'purchase_amount');
    await assertRefused('PUT', `/lead/${id}`, { status_id: leadStatus(1) }, 'status_id');
    await assertRefused('PUT', `/lead/${id}`, { name: 'x'.repeat(300) }, 'name');
    await assertRefused('PUT', `/lead/${id}`, { comment: 'before\u0000after' }, 'comment');
    await assertRefused('PUT', `/lead/${id}`, { date_of_birth: '1990-02-30' }, 'date_of_birth');
    await assertRefused('PUT', `/lead/${id}`, { date_of_birth: '0000-01-01' }, 'date_of_birth');
    await assertRefused('PUT', `/lead/${id}`, { purchase_date: '+010000-01-01T00:00:00Z' }, 'purchase_date');
    await assertRefused('PUT', `/lead/${id}`, { not_available_till: 'soon' }, 'not_available_till');
    await assertRefused('PUT', `/lead/${id}`, { purchase_amount: 1e15 }, 'purchase_amount');
    const empty = await call('PUT', `/lead/${id}`, {});
    assert.equal(empty.statusCode, 422);
  });

  test("an edited contact is held to add lead's rules: not blacklisted, not another lead's; contacts left alone are not checked", async () => {
    await context.database.db.insert(tables.blacklist).values([
      { type: 'email_domain', value: 'spam-edit.example' },
      { type: 'ip', value: '198.51.100.0/24' },
      { type: 'phone', value: '+4915112345000' },
    ]);
    await insertLead({ lead_id: 'P-TAKEN', email: 'taken.edit@example.com', phone: '+4915112345001', phone_normalized: '+4915112345001' });
    const id = await insertLead({ email: 'mine.edit@example.com', country: 'DE' });

    const duplicate = await assertRefused('PUT', `/lead/${id}`, { email: 'Taken.Edit@example.com' }, 'email');
    assert.deepEqual(duplicate.errors['email'], ['A lead with this email already exists (P-TAKEN).']);
    const phone = await assertRefused('PUT', `/lead/${id}`, { phone: '0151 12345001' }, 'phone');
    assert.deepEqual(phone.errors['phone'], ['A lead with this phone already exists (P-TAKEN).']);
    assert.deepEqual((await assertRefused('PUT', `/lead/${id}`, { email: 'x@spam-edit.example' }, 'email')).errors['email'], ['This email domain is blacklisted.']);
    await assertRefused('PUT', `/lead/${id}`, { alt_email: 'y@spam-edit.example' }, 'alt_email');
    await assertRefused('PUT', `/lead/${id}`, { phone: '+4915112345000' }, 'phone');
    await assertRefused('PUT', `/lead/${id}`, { ip: '198.51.100.7' }, 'ip');

    const untouched = await call('PUT', `/lead/${id}`, { name: 'Still Me', email: 'mine.edit@example.com' });
    assert.equal(untouched.statusCode, 200, `its own email is no duplicate: ${untouched.body}`);
    const sameContact = await insertLead({ email: 'taken.edit@example.com' });
    const otherField = await call('PUT', `/lead/${sameContact}`, { city: 'Bonn' });
    assert.equal(otherField.statusCode, 200, `an edit that leaves the contacts alone passes: ${otherField.body}`);
  });

  test('PUT /lead/:id/status changes the status and records who did it', async () => {
    const id = await insertLead({ name: 'Fay', status_id: leadStatus(0), status_changed_at: new Date('2020-01-01T00:00:00Z') });
    const response = await call('PUT', `/lead/${id}/status`, { status_id: leadStatus(1) });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as { message: string; data: LeadDetail };
    assert.equal(body.message, 'Lead status successfully updated');
    assert.equal(body.data.status?.id, leadStatus(1));
    assert.ok(Date.parse(body.data.status_changed_at!) > Date.parse('2024-01-01'));
    await call('PUT', `/lead/${id}/status`, { status_id: leadStatus(2) });

    const history = (await call('GET', `/lead/${id}/histories/status`)).json() as Page<LeadStatusHistory>;
    assert.equal(history.meta.total, 2);
    const [latest, first] = history.data;
    assert.deepEqual([latest!.from_status?.id, latest!.to_status?.id], [leadStatus(1), leadStatus(2)], 'newest first');
    assert.deepEqual([first!.from_status?.id, first!.to_status?.id], [leadStatus(0), leadStatus(1)]);
    assert.equal(first!.cause, 'user');
    assert.deepEqual(first!.user, { id: editor.id, name: 'Edna Editor' });
    assert.equal(first!.lead_status_setting_id, null);
    assert.equal(first!.to_status?.name, leadStatuses[1]!.name);
    assert.ok(typeof first!.to_status?.bg_color === 'string');

    const same = await assertRefused('PUT', `/lead/${id}/status`, { status_id: leadStatus(2) }, 'status_id');
    assert.equal(same.errors['status_id']![0], 'The lead already has this status.');
    const missing = await assertRefused('PUT', `/lead/${id}/status`, { status_id: 999_999 }, 'status_id');
    assert.equal(missing.errors['status_id']![0], 'The selected status does not exist.');
    const wrongClass = await assertRefused('PUT', `/lead/${id}/status`, { status_id: emailStatus }, 'status_id');
    assert.equal(wrongClass.errors['status_id']![0], 'The status must be a lead status.');
    await assertRefused('PUT', `/lead/${id}/status`, { status_id: 'new' }, 'status_id');
  });

  test('history tabs page newest first; send and broker tabs name the department', async () => {
    const id = await insertLead({ name: 'Gil' });
    const db = context.database.db;
    await db.insert(tables.leadSendHistories).values([
      {
        lead_id: id,
        broker_department_id: department,
        state: 'failure',
        failure_status: 'Duplicate',
        duration_ms: 120,
        user_id: editor.id,
        request: { a: 1 },
        response: { ok: false },
        created_at: new Date('2024-01-01T00:00:00Z'),
      },
      { lead_id: id, broker_department_id: department, state: 'success', api_lead_id: 'X1', duration_ms: 80, created_at: new Date('2024-01-02T00:00:00Z') },
    ]);
    await db
      .insert(tables.leadBrokerHistories)
      .values({ lead_id: id, broker_department_id: department, channel: 'pull', api_lead_status: 'FTD', api_ftd_at: new Date('2024-01-03T00:00:00Z'), payload: { status: 'FTD' } });
    for (const name of ['Gil 1', 'Gil 2', 'Gil 3']) await call('PUT', `/lead/${id}`, { name });

    const data = (await call('GET', `/lead/${id}/histories/data?per_page=2&page=1`)).json() as Page<LeadDataHistory>;
    assert.deepEqual(data.meta, { current_page: 1, per_page: 2, total: 3, last_page: 2 });
    assert.deepEqual(
      data.data.map((row) => row.new_value),
      ['Gil 3', 'Gil 2'],
    );

    const sends = (await call('GET', `/lead/${id}/histories/send`)).json() as Page<LeadSendHistory>;
    assert.deepEqual(
      sends.data.map((row) => row.state),
      ['success', 'failure'],
    );
    const failure = sends.data[1]!;
    assert.deepEqual(failure.department, { id: department, label: 'Broker P - Profile company - Desk 1' });
    assert.deepEqual(failure.lead, { id, lead_id: failure.lead.lead_id, name: 'Gil 3', email: 'someone@example.com' });
    assert.deepEqual(failure.user, { id: editor.id, name: 'Edna Editor' });
    assert.deepEqual([failure.failure_status, failure.duration_ms, failure.request, failure.response], ['Duplicate', 120, { a: 1 }, { ok: false }]);

    const broker = (await call('GET', `/lead/${id}/histories/broker`)).json() as Page<LeadBrokerHistory>;
    assert.equal(broker.meta.total, 1);
    assert.deepEqual(broker.data[0]!.department, { id: department, label: 'Broker P - Profile company - Desk 1' });
    assert.deepEqual(
      [broker.data[0]!.channel, broker.data[0]!.api_lead_status, broker.data[0]!.api_ftd_at, broker.data[0]!.payload],
      ['pull', 'FTD', '2024-01-03T00:00:00.000Z', { status: 'FTD' }],
    );

    const bad = await call('GET', `/lead/${id}/histories/data?per_page=0`);
    assert.equal(bad.statusCode, 422);
  });

  test('DELETE /lead/:id removes the lead with its histories', async () => {
    const id = await insertLead({ name: 'Hal' });
    await call('PUT', `/lead/${id}`, { name: 'Hal 2' });
    const response = await call('DELETE', `/lead/${id}`);
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { message: 'Lead successfully deleted' });
    assert.equal((await call('GET', `/lead/${id}`)).statusCode, 404);
    const left = await context.database.db.select().from(tables.leadDataHistories).where(eq(tables.leadDataHistories.lead_id, id));
    assert.deepEqual(left, []);
  });

  test('a missing lead is a 404 on every call', async () => {
    const missing = 2_000_000_000;
    for (const [method, url, payload] of [
      ['GET', `/lead/${missing}`],
      ['PUT', `/lead/${missing}`, { name: 'Nobody' }],
      ['PUT', `/lead/${missing}/status`, { status_id: leadStatus(0) }],
      ['DELETE', `/lead/${missing}`],
      ['GET', `/lead/${missing}/histories/data`],
      ['GET', `/lead/${missing}/histories/status`],
      ['GET', `/lead/${missing}/histories/send`],
      ['GET', `/lead/${missing}/histories/broker`],
    ] as [Method, string, Record<string, unknown>?][]) {
      const response = await call(method, url, payload);
      assert.equal(response.statusCode, 404, `${method} ${url}: ${response.body}`);
      assert.deepEqual(response.json(), { message: 'Lead not found.' });
    }
    assert.equal((await call('GET', '/lead/abc')).statusCode, 422);
  });

  test('each call needs its own permission', async () => {
    const id = await insertLead({ name: 'Ivy' });
    const cases: [Method, string, Permission, Record<string, unknown>?][] = [
      ['GET', `/lead/${id}`, 'lead.single.view'],
      ['PUT', `/lead/${id}`, 'lead.update', { name: 'Ivy 2' }],
      ['PUT', `/lead/${id}/status`, 'lead.status.update', { status_id: leadStatus(1) }],
      ['GET', `/lead/${id}/histories/data`, 'lead.single.view'],
      ['GET', `/lead/${id}/histories/status`, 'lead.single.view'],
      ['GET', `/lead/${id}/histories/send`, 'lead.single.view'],
      ['GET', `/lead/${id}/histories/broker`, 'lead.single.view'],
      ['DELETE', `/lead/${id}`, 'lead.delete'],
    ];
    const viewerOnly = await context.userWith(['lead.view']);
    for (const [method, url, permission, payload] of cases) {
      const refused = await call(method, url, payload, viewerOnly.token);
      assert.equal(refused.statusCode, 403, `${method} ${url} without ${permission}`);
      const holder = await context.userWith([permission]);
      const allowed = await call(method, url, payload, holder.token);
      assert.equal(allowed.statusCode, 200, `${method} ${url} with ${permission}: ${allowed.body}`);
    }
  });
});
