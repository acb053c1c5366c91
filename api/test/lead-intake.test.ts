import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { jobs as jobsTable } from '../src/db/schema/index.ts';
import { duplicateWindowDays } from '../src/modules/leads/intake/duplicates.ts';
import { intakeLead, newLeadId, parseLeadInput } from '../src/modules/leads/intake/service.ts';
import { bearer, createTestContext, tableFingerprint, type TestContext } from './helpers.ts';

type Created = {
  message: string;
  data: {
    id: number;
    lead_id: string;
    email: string | null;
    alt_email: string | null;
    phone: string | null;
    phone_prefix: string | null;
    alt_phone: string | null;
    alt_phone_prefix: string | null;
    phone_normalized: string | null;
    country: string | null;
    ip: string | null;
    status_id: number | null;
    original_status_id: number | null;
    status_changed_at: string | null;
    source_id: number | null;
    tag_ids: number[];
    created_at: string;
  };
};
type Invalid = { message: string; errors: Record<string, string[]> };

describe('intake helpers', () => {
  test('lead ids are L and 10 digits', () => {
    for (let index = 0; index < 50; index += 1) assert.match(newLeadId(), /^L\d{10}$/);
  });

  test('LEAD_DUPLICATE_DAYS sets the window; unset or nonsense gives 30', () => {
    assert.equal(duplicateWindowDays({}), 30);
    assert.equal(duplicateWindowDays({ LEAD_DUPLICATE_DAYS: '7' }), 7);
    assert.equal(duplicateWindowDays({ LEAD_DUPLICATE_DAYS: '0' }), 0);
    assert.equal(duplicateWindowDays({ LEAD_DUPLICATE_DAYS: 'many' }), 30);
    assert.equal(duplicateWindowDays({ LEAD_DUPLICATE_DAYS: '-3' }), 30);
    assert.equal(duplicateWindowDays({ LEAD_DUPLICATE_DAYS: '2.5' }), 30);
  });

  test('parseLeadInput reads a raw row with the add-lead rules, per field', () => {
    const good = parseLeadInput({ email: ' Someone@Example.COM ', country: 'gb' });
    assert.ok(good.ok);
    assert.equal(good.input.email, 'someone@example.com');
    assert.equal(good.input.country, 'GB');
    const bad = parseLeadInput({ email: 'not-an-email', card_digits: '12', colour: 'blue' });
    assert.ok(!bad.ok);
    assert.equal(bad.reason, 'INVALID');
    assert.ok(bad.errors['email']?.[0]);
    assert.ok(bad.errors['card_digits']?.[0]);
    assert.deepEqual(bad.errors['colour'], ['The colour field is not allowed.']);
    const empty = parseLeadInput({});
    assert.ok(!empty.ok);
    assert.deepEqual(empty.errors['email'], ['A lead needs an email or a phone.']);
  });
});

describe('POST /lead', () => {
  let context: TestContext;
  let leadStatuses: { id: number; name: string }[];
  let emailStatusId: number;
  let tagIds: number[];
  let plainSource: number;
  let randomSource: number;
  let counter = 0;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = context.adminToken) =>
    context.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  /** A valid UK mobile number no other test uses. */
  const ukMobile = () => {
    counter += 1;
    return `07911 ${String(100_000 + counter).slice(-6)}`;
  };
  const uniqueEmail = (prefix = 'lead') => {
    counter += 1;
    return `${prefix}${counter}@example.com`;
  };

  async function add(payload: Record<string, unknown>, token = context.adminToken): Promise<Created> {
    const response = await call('POST', '/api/lead', payload, token);
    assert.equal(response.statusCode, 201, `${JSON.stringify(payload)} → ${response.body}`);
    return response.json() as Created;
  }

  /** Refused with a 422 naming `field`, and no table changed. */
  async function refused(payload: Record<string, unknown>, field: string): Promise<Invalid> {
    const before = await tableFingerprint(context.database);
    const response = await call('POST', '/api/lead', payload);
    assert.equal(response.statusCode, 422, `${JSON.stringify(payload)} → ${response.body}`);
    const body = response.json() as Invalid;
    assert.ok(body.errors[field]?.[0], `the 422 names ${field}: ${response.body}`);
    assert.equal(body.message, Object.values(body.errors)[0]?.[0]);
    assert.deepEqual(await tableFingerprint(context.database), before, 'nothing changed');
    return body;
  }

  async function created<T>(path: string, payload: Record<string, unknown>): Promise<T> {
    const response = await call('POST', path, payload);
    assert.equal(response.statusCode, 201, response.body);
    return (response.json() as { data: T }).data;
  }

  before(async () => {
    context = await createTestContext();
    leadStatuses = ((await call('GET', '/api/settings/status?class=lead&per_page=100&sort=name')).json() as { data: { id: number; name: string }[] }).data;
    emailStatusId = ((await call('GET', '/api/settings/status?class=email&per_page=1')).json() as { data: { id: number }[] }).data[0]!.id;
    tagIds = [(await created<{ id: number }>('/api/settings/tag', { name: 'Hot' })).id, (await created<{ id: number }>('/api/settings/tag', { name: 'VIP' })).id];
    plainSource = (await created<{ id: number }>('/api/settings/source', { name: 'Web form' })).id;
    randomSource = (await created<{ id: number }>('/api/settings/source', { name: 'Random partner' })).id;
  });
  after(() => context.close());

  const statusNamed = (name: string) => {
    const status = leadStatuses.find((entry) => entry.name === name);
    if (!status) throw new Error(`no status ${name}`);
    return status.id;
  };

  test('adds a lead: lower-cased email, E.164 phones with prefixes, tags, history, creator', async () => {
    const status = statusNamed('New');
    const body = await add({
      name: '  Ada ',
      surname: 'Lovelace',
      email: '  Ada.Lovelace@Example.COM ',
      alt_email: 'ADA@other.example',
      phone: '07911 123456',
      alt_phone: '+49 30 901820',
      country: 'gb',
      ip: '203.0.113.9',
      source_id: plainSource,
      status_id: status,
      tag_ids: [tagIds[0], tagIds[1], tagIds[0]],
      purchase_amount: 125.5,
      date_of_birth: '1990-04-30',
    });
    assert.equal(body.message, 'Lead successfully created');
    const lead = body.data;
    assert.match(lead.lead_id, /^L\d{10}$/);
    assert.equal(lead.email, 'ada.lovelace@example.com');
    assert.equal(lead.alt_email, 'ada@other.example');
    assert.equal(lead.phone, '+447911123456');
    assert.equal(lead.phone_normalized, '+447911123456');
    assert.equal(lead.phone_prefix, '44');
    assert.equal(lead.alt_phone, '+4930901820');
    assert.equal(lead.alt_phone_prefix, '49');
    assert.equal(lead.country, 'GB');
    assert.equal(lead.ip, '203.0.113.9');
    assert.equal(lead.status_id, status);
    assert.equal(lead.original_status_id, status);
    assert.ok(lead.status_changed_at && !Number.isNaN(Date.parse(lead.status_changed_at)));
    assert.equal(lead.source_id, plainSource);
    assert.deepEqual([...lead.tag_ids].sort(), [...tagIds].sort());

    const stored = await context.database.pool.query(
      `select l.name, l.purchase_amount, l.date_of_birth::text as dob, l.created_by, u.email as creator from leads l join users u on u.id = l.created_by where l.id = $1`,
      [lead.id],
    );
    const { created_by: creatorId, ...storedValues } = stored.rows[0] as { created_by: number };
    assert.deepEqual(storedValues, { name: 'Ada', purchase_amount: '125.50', dob: '1990-04-30', creator: 'admin@example.com' });
    const tagRows = await context.database.pool.query('select tag_id from lead_tags where lead_id = $1 order by tag_id', [lead.id]);
    assert.deepEqual(
      tagRows.rows.map((row: { tag_id: number }) => row.tag_id),
      [...tagIds].sort((a, b) => a - b),
    );
    const history = await context.database.pool.query('select from_status_id, to_status_id, cause, user_id from lead_status_histories where lead_id = $1', [lead.id]);
    assert.deepEqual(history.rows, [{ from_status_id: null, to_status_id: status, cause: 'intake', user_id: creatorId }]);
  });

  test('an international phone needs no country; an IPv6 is stored canonically; a lead without status has no history', async () => {
    const lead = (await add({ phone: '+44 7911 123777', ip: '2001:DB8:0:0:0:0:0:1' })).data;
    assert.equal(lead.phone_normalized, '+447911123777');
    assert.equal(lead.country, null);
    assert.equal(lead.ip, '2001:db8::1');
    assert.equal(lead.status_id, null);
    assert.equal(lead.status_changed_at, null);
    const history = await context.database.pool.query('select count(*)::int as n from lead_status_histories where lead_id = $1', [lead.id]);
    assert.equal(history.rows[0].n, 0);
  });

  test('permission: lead.create is needed; holding it is enough', async () => {
    const viewer = await context.userWith(['lead.view']);
    const denied = await call('POST', '/api/lead', { email: uniqueEmail() }, viewer.token);
    assert.equal(denied.statusCode, 403);
    assert.deepEqual(denied.json(), { message: 'No permission' });
    const creator = await context.userWith(['lead.create'], 'Creator');
    const lead = (await add({ email: uniqueEmail() }, creator.token)).data;
    const stored = await context.database.pool.query('select created_by from leads where id = $1', [lead.id]);
    assert.equal(stored.rows[0].created_by, creator.id);
  });

  test('bad input is a 422 naming each field and changes nothing', async () => {
    await refused({}, 'email');
    await refused({ name: 'No contact' }, 'email');
    await refused({ email: 'not-an-email' }, 'email');
    await refused({ phone: '12345', country: 'GB' }, 'phone');
    const national = await refused({ phone: '07911 123450' }, 'phone');
    assert.match(national.errors['phone']![0]!, /international form/);
    const altPhone = await refused({ email: uniqueEmail(), alt_phone: '123', country: 'GB' }, 'alt_phone');
    assert.match(altPhone.errors['alt_phone']![0]!, /alt phone/);
    await refused({ email: uniqueEmail(), country: 'ZZ' }, 'country');
    await refused({ email: uniqueEmail(), date_of_birth: '2024-02-31' }, 'date_of_birth');
    await refused({ email: uniqueEmail(), purchase_amount: 1e20 }, 'purchase_amount');
    await refused({ email: uniqueEmail(), purchase_amount: -5 }, 'purchase_amount');
    await refused({ email: uniqueEmail(), purchase_date: '-100000-01-01T00:00:00Z' }, 'purchase_date');
    await refused({ email: uniqueEmail(), ip: '999.1.1.1' }, 'ip');
    await refused({ email: uniqueEmail(), name: 'nul\u0000byte' }, 'name');
    await refused({ email: uniqueEmail(), tag_ids: [tagIds[0], 999_999] }, 'tag_ids');
    await refused({ email: uniqueEmail(), affiliate_company_id: 999_999 }, 'affiliate_company_id');
    await refused({ email: uniqueEmail(), email_status_id: statusNamed('New') }, 'email_status_id');
    await refused({ email: uniqueEmail(), phone_status_id: emailStatusId }, 'phone_status_id');
    await refused({ email: uniqueEmail(), unknown_field: 1 }, 'unknown_field');
    await refused({ email: 'x'.repeat(300) + '@example.com' }, 'email');
  });

  test('unknown source and status are refused with their own messages, all fields at once', async () => {
    const source = await refused({ email: uniqueEmail(), source_id: 999_999 }, 'source_id');
    assert.equal(source.message, 'The selected source does not exist.');
    const status = await refused({ email: uniqueEmail(), status_id: 999_999 }, 'status_id');
    assert.equal(status.message, 'The selected status does not exist.');
    const notLead = await refused({ email: uniqueEmail(), status_id: emailStatusId }, 'status_id');
    assert.equal(notLead.message, 'The status must be a lead status.');
    const both = await refused({ email: uniqueEmail(), source_id: 999_999, status_id: 999_999, tag_ids: [999_999] }, 'source_id');
    assert.deepEqual(Object.keys(both.errors), ['tag_ids', 'source_id', 'status_id']);
  });

  test('duplicates: same email (any case) or same phone (any format) within the window', async () => {
    const email = uniqueEmail('dup');
    const phone = ukMobile();
    const first = (await add({ email, phone, country: 'GB' })).data;
    const byEmail = await refused({ email: email.toUpperCase() }, 'email');
    assert.equal(byEmail.errors['email']![0], `A lead with this email already exists (${first.lead_id}).`);
    const byPhone = await refused({ email: uniqueEmail(), phone: `+44${phone.replace(/\D/g, '').slice(1)}` }, 'phone');
    assert.equal(byPhone.errors['phone']![0], `A lead with this phone already exists (${first.lead_id}).`);
    const both = await refused({ email, phone, country: 'GB' }, 'email');
    assert.ok(both.errors['phone']);
    // An empty field never matches: two leads with only different emails are both fine.
    await add({ email: uniqueEmail() });
    await add({ email: uniqueEmail() });

    // Outside the window the same contacts are a new lead.
    await context.database.pool.query(`update leads set created_at = now() - interval '31 days' where id = $1`, [first.id]);
    const again = (await add({ email, phone, country: 'GB' })).data;
    assert.notEqual(again.lead_id, first.lead_id);
  });

  test('two identical adds at the same moment: exactly one is created', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all([0, 1, 2].map(() => call('POST', '/api/lead', { email, name: 'Racer' })));
    const codes = responses.map((response) => response.statusCode).sort();
    assert.deepEqual(codes, [201, 422, 422], responses.map((response) => response.body).join('\n'));
    const stored = await context.database.pool.query('select count(*)::int as n from leads where email = $1', [email]);
    assert.equal(stored.rows[0].n, 1);
  });

  test('blacklisted email, email domain, phone and IP (CIDR) are refused naming the field', async () => {
    for (const entry of [
      { type: 'email', value: 'Blocked@Example.com' },
      { type: 'email_domain', value: 'spam.example' },
      { type: 'phone', value: '+44 7911 123999' },
      { type: 'ip', value: '198.51.100.0/24' },
      { type: 'ip', value: '2001:db8:bad::/48' },
    ]) {
      const response = await call('POST', '/api/lead/black_list', entry);
      assert.equal(response.statusCode, 201, response.body);
    }
    const email = await refused({ email: 'blocked@example.com' }, 'email');
    assert.deepEqual(email.errors, { email: ['This email is blacklisted.'] });
    const domain = await refused({ email: 'anyone@SPAM.example' }, 'email');
    assert.deepEqual(domain.errors, { email: ['This email domain is blacklisted.'] });
    const altDomain = await refused({ email: uniqueEmail(), alt_email: 'other@spam.example' }, 'alt_email');
    assert.deepEqual(altDomain.errors, { alt_email: ['This email domain is blacklisted.'] });
    const phone = await refused({ phone: '07911 123999', country: 'GB' }, 'phone');
    assert.deepEqual(phone.errors, { phone: ['This phone is blacklisted.'] });
    const ip = await refused({ email: uniqueEmail(), ip: '198.51.100.77' }, 'ip');
    assert.deepEqual(ip.errors, { ip: ['This IP address is blacklisted.'] });
    await refused({ email: uniqueEmail(), ip: '2001:db8:bad:1::5' }, 'ip');
    // Next door to the range is fine.
    await add({ email: uniqueEmail(), ip: '198.51.101.1' });
    await add({ email: uniqueEmail(), ip: '2001:db8:bae::1' });
  });

  test('a source with random statuses gives a lead without status one of them, recorded as random', async () => {
    const chosen = statusNamed('Interested');
    const list = await call('POST', '/api/settings/source/random/status', { source_id: randomSource, statuses: [{ status_id: chosen, weight: 5 }] });
    assert.equal(list.statusCode, 201, list.body);
    const lead = (await add({ email: uniqueEmail(), source_id: randomSource })).data;
    assert.equal(lead.status_id, chosen);
    assert.equal(lead.original_status_id, chosen);
    const history = await context.database.pool.query('select to_status_id, cause from lead_status_histories where lead_id = $1', [lead.id]);
    assert.deepEqual(history.rows, [{ to_status_id: chosen, cause: 'random' }]);

    // A status given wins over the list.
    const given = statusNamed('Call back');
    const explicit = (await add({ email: uniqueEmail(), source_id: randomSource, status_id: given })).data;
    assert.equal(explicit.status_id, given);
    const explicitHistory = await context.database.pool.query('select cause from lead_status_histories where lead_id = $1', [explicit.id]);
    assert.deepEqual(explicitHistory.rows, [{ cause: 'intake' }]);
    // A source without a list leaves the lead without status.
    assert.equal((await add({ email: uniqueEmail(), source_id: plainSource })).data.status_id, null);
  });

  test('the weighted draw follows the weights (pinned random)', async () => {
    const [first, second] = [statusNamed('No answer'), statusNamed('Not interested')];
    const source = (await created<{ id: number }>('/api/settings/source', { name: 'Weighted partner' })).id;
    const list = await call('POST', '/api/settings/source/random/status', {
      source_id: source,
      statuses: [
        { status_id: first, weight: 1 },
        { status_id: second, weight: 3 },
      ],
    });
    assert.equal(list.statusCode, 201, list.body);
    const low = await intakeLead(context.database.db, { email: uniqueEmail(), source_id: source }, { userId: null, cause: 'intake', random: () => 0.1 });
    const high = await intakeLead(context.database.db, { email: uniqueEmail(), source_id: source }, { userId: null, cause: 'intake', random: () => 0.9 });
    assert.ok(low.ok && high.ok);
    const drawn = new Set([low.lead.status_id, high.lead.status_id]);
    assert.deepEqual(drawn, new Set([first, second]));
  });

  test('imports: the status must be allowed in imports, and a row already imported is not inserted twice', async () => {
    const [job] = await context.database.db.insert(jobsTable).values({ type: 'lead-import', name: 'Import test' }).returning({ id: jobsTable.id });
    assert.ok(job);
    const notInImport = await intakeLead(
      context.database.db,
      { email: uniqueEmail(), status_id: statusNamed('Deposited') },
      { userId: null, cause: 'import', importJobId: job.id, importRow: 1 },
    );
    assert.ok(!notInImport.ok);
    assert.equal(notInImport.reason, 'UNKNOWN_STATUS');
    assert.deepEqual(notInImport.errors, { status_id: ['This status is not allowed in imports.'] });

    const input = { email: uniqueEmail('import'), status_id: statusNamed('New'), tag_ids: [tagIds[0]!] };
    const first = await intakeLead(context.database.db, input, { userId: null, cause: 'import', importJobId: job.id, importRow: 2 });
    assert.ok(first.ok && first.created);
    const history = await context.database.pool.query('select cause, job_id from lead_status_histories where lead_id = $1', [first.lead.id]);
    assert.deepEqual(history.rows, [{ cause: 'import', job_id: job.id }]);
    const again = await intakeLead(context.database.db, input, { userId: null, cause: 'import', importJobId: job.id, importRow: 2 });
    assert.ok(again.ok);
    assert.equal(again.created, false);
    assert.equal(again.lead.id, first.lead.id);
    assert.deepEqual(again.tagIds, [tagIds[0]]);
    await context.database.db.delete(jobsTable).where(eq(jobsTable.id, job.id));
  });

  test('a zero-day window turns the duplicate check off', async () => {
    const email = uniqueEmail('window');
    const first = await intakeLead(context.database.db, { email }, { userId: null, cause: 'intake' });
    const second = await intakeLead(context.database.db, { email }, { userId: null, cause: 'intake', duplicateWindowDays: 0 });
    assert.ok(first.ok && second.ok);
    const third = await intakeLead(context.database.db, { email }, { userId: null, cause: 'intake' });
    assert.ok(!third.ok);
    assert.equal(third.reason, 'DUPLICATE');
  });
});
