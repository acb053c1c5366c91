import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalIp } from '../src/net/ip.ts';
import { normalizeBlacklistValue } from '../src/modules/leads/blacklist/normalize.ts';
import { bearer, createTestContext, tableFingerprint, type TestContext } from './helpers.ts';

const path = '/api/lead/black_list';
type Item = { id: number; type: string; value: string; comment: string | null; user: { id: number; name: string } | null; created_at: string; updated_at: string };
type Page = { data: Item[]; meta: { current_page: number; per_page: number; total: number; last_page: number } };
type Created = { message: string; data: Item; matching_leads: number };
type Invalid = { message: string; errors: Record<string, string[]> };

const valueOf = (reading: { value: string } | { error: string }) => ('value' in reading ? reading.value : `error: ${reading.error}`);

describe('blacklist values are normalized per type', () => {
  test('emails are lower-cased and must be valid', () => {
    assert.equal(valueOf(normalizeBlacklistValue('email', '  Someone@Example.COM ')), 'someone@example.com');
    assert.ok('error' in normalizeBlacklistValue('email', 'someone'));
    assert.ok('error' in normalizeBlacklistValue('email', 'a@b'));
  });

  test('domains are lower-cased, may start with @, and must be host names', () => {
    assert.equal(valueOf(normalizeBlacklistValue('email_domain', 'Spam.Example')), 'spam.example');
    assert.equal(valueOf(normalizeBlacklistValue('email_domain', '@mail.spam.example')), 'mail.spam.example');
    assert.equal(valueOf(normalizeBlacklistValue('email_domain', 'xn--bcher-kva.example')), 'xn--bcher-kva.example');
    for (const bad of ['someone@spam.example', 'localhost', 'spam..example', '-spam.example', 'spam.123', 'sp am.example', 'spam.example.']) {
      assert.ok('error' in normalizeBlacklistValue('email_domain', bad), bad);
    }
  });

  test('phones become E.164 and must be written internationally', () => {
    assert.equal(valueOf(normalizeBlacklistValue('phone', '+44 7911 123456')), '+447911123456');
    assert.equal(valueOf(normalizeBlacklistValue('phone', '0044 7911 123456')), '+447911123456');
    const national = normalizeBlacklistValue('phone', '07911 123456');
    assert.deepEqual(national, { error: 'Give the phone in international form, like +4915112345678.' }, 'an entry has no country to choose');
    assert.ok('error' in normalizeBlacklistValue('phone', '+44 123'));
  });

  test('IPs and CIDR ranges are canonical, host bits cleared, a full prefix is the address', () => {
    const cases: [string, string][] = [
      ['203.0.113.9', '203.0.113.9'],
      ['203.0.113.9/32', '203.0.113.9'],
      ['10.1.2.3/8', '10.0.0.0/8'],
      ['192.168.77.200/20', '192.168.64.0/20'],
      ['0.0.0.0/0', '0.0.0.0/0'],
      ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
      ['2001:db8:abcd:12::7/48', '2001:db8:abcd::/48'],
      ['2001:db8::1/128', '2001:db8::1'],
      ['::ffff:1.2.3.4', '::ffff:102:304'],
      ['2001:db8::ff/121', '2001:db8::80/121'],
    ];
    for (const [input, expected] of cases) assert.equal(valueOf(normalizeBlacklistValue('ip', input)), expected, input);
    for (const bad of ['256.1.1.1', '1.2.3', '01.2.3.4', '1.2.3.4/33', '1.2.3.4/', '1.2.3.4/8/8', '2001:db8::/129', 'fe80::1%eth0', 'example.com', '1.2.3.4/-1']) {
      assert.ok('error' in normalizeBlacklistValue('ip', bad), bad);
    }
    assert.equal(canonicalIp(' 2001:0db8::0001 '), '2001:db8::1');
    assert.equal(canonicalIp('nope'), null);
  });
});

describe('/lead/black_list', () => {
  let context: TestContext;

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token = context.adminToken) =>
    context.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  async function add(entry: Record<string, unknown>, token = context.adminToken): Promise<Created> {
    const response = await call('POST', path, entry, token);
    assert.equal(response.statusCode, 201, `${JSON.stringify(entry)} → ${response.body}`);
    return response.json() as Created;
  }

  async function refused(entry: Record<string, unknown>, field = 'value'): Promise<Invalid> {
    const before = await tableFingerprint(context.database);
    const response = await call('POST', path, entry);
    assert.equal(response.statusCode, 422, `${JSON.stringify(entry)} → ${response.body}`);
    const body = response.json() as Invalid;
    assert.ok(body.errors[field]?.[0], `names ${field}: ${response.body}`);
    assert.deepEqual(await tableFingerprint(context.database), before);
    return body;
  }

  async function addLead(lead: Record<string, unknown>): Promise<void> {
    const response = await call('POST', '/api/lead', lead);
    assert.equal(response.statusCode, 201, response.body);
  }

  before(async () => {
    context = await createTestContext();
    // The leads the entries below are counted against.
    await addLead({ email: 'one@spam.example', phone: '+44 7911 123456', ip: '198.51.100.7' });
    await addLead({ email: 'two@spam.example', alt_email: 'alt@other.example', ip: '198.51.100.200' });
    await addLead({ email: 'three@Mail.Spam.Example', phone: '+44 7911 123457', alt_phone: '+44 7911 123456', ip: '2001:db8:bad::9' });
    await addLead({ email: 'four@fine.example', ip: '203.0.113.1' });
    // A stored IP that is not an address (written by hand, not by intake) must not break the count.
    await context.database.pool.query(`insert into leads (lead_id, email, ip) values ('X0000000001', 'odd@fine.example', 'not-an-ip'), ('X0000000002', 'odd2@fine.example', '1.2.3.4/24')`);
  });
  after(() => context.close());

  test('adding an entry stores the normalized value, who added it, and counts the leads it matches', async () => {
    const email = await add({ type: 'email', value: ' ONE@spam.example ', comment: '  chargeback  ' });
    assert.equal(email.message, 'Blacklist entry successfully created');
    assert.equal(email.data.type, 'email');
    assert.equal(email.data.value, 'one@spam.example');
    assert.equal(email.data.comment, 'chargeback');
    assert.equal(email.data.user?.name, 'Administrator');
    assert.equal(email.matching_leads, 1);

    assert.equal((await add({ type: 'email', value: 'alt@other.example' })).matching_leads, 1, 'alt emails count too');
    assert.equal((await add({ type: 'email_domain', value: '@SPAM.example' })).matching_leads, 2);
    assert.equal((await add({ type: 'email_domain', value: 'mail.spam.example' })).matching_leads, 1);
    const phone = await add({ type: 'phone', value: '0044 7911 123456' });
    assert.equal(phone.data.value, '+447911123456');
    assert.equal(phone.matching_leads, 2, 'the phone of one lead and the alt phone of another');
    assert.equal((await add({ type: 'ip', value: '198.51.100.0/24' })).matching_leads, 2);
    assert.equal((await add({ type: 'ip', value: '198.51.100.7' })).matching_leads, 1);
    assert.equal((await add({ type: 'ip', value: '2001:db8:bad::/48' })).matching_leads, 1);
    assert.equal((await add({ type: 'ip', value: '0.0.0.0/0' })).matching_leads, 3, 'every IPv4 lead, and not the odd ones');
    assert.equal((await add({ type: 'email', value: 'nobody@nowhere.example' })).matching_leads, 0);
  });

  test('a value already listed (in any spelling) or a malformed one is a 422 under value', async () => {
    await add({ type: 'email', value: 'twice@example.com' });
    const taken = await refused({ type: 'email', value: 'TWICE@example.com' });
    assert.deepEqual(taken.errors, { value: ['This value is already blacklisted.'] });
    // The same text under another type is another entry.
    await add({ type: 'email_domain', value: 'twice.example' });
    await add({ type: 'ip', value: '10.0.0.0/8' });
    await refused({ type: 'ip', value: '10.9.8.7/8' }, 'value');
    await add({ type: 'ip', value: '10.0.0.0/16' });

    await refused({ type: 'email', value: 'not-an-email' });
    await refused({ type: 'email_domain', value: 'user@domain.example' });
    await refused({ type: 'phone', value: '07911 123456' });
    await refused({ type: 'ip', value: '300.1.1.1' });
    await refused({ type: 'ip', value: '10.0.0.0/40' });
    await refused({ type: 'email', value: '   ' });
    await refused({ type: 'email', value: 'a\u0000@b.example' });
    await refused({ type: 'email', value: 'fine@example.org', comment: 'nul\u0000' }, 'comment');
    await refused({ type: 'colour', value: 'red' }, 'type');
    await refused({ value: 'x@example.com' }, 'type');
    await refused({ type: 'email' });
    await refused({ type: 'email', value: 'x@example.com', extra: true }, 'extra');
  });

  test('the list searches value and comment, filters by type, sorts and pages', async () => {
    await add({ type: 'email', value: 'listed-a@example.net', comment: 'Fraud ring 7' });
    await add({ type: 'email', value: 'listed-b@example.net', comment: 'fraud ring 7' });
    await add({ type: 'phone', value: '+49 30 901820', comment: 'Fraud RING 7 as well' });

    const search = (await call('GET', `${path}?search=ring%207&sort=value&direction=asc`)).json() as Page;
    assert.deepEqual(
      search.data.map((item) => item.value),
      ['+4930901820', 'listed-a@example.net', 'listed-b@example.net'],
    );
    assert.equal(search.meta.total, 3);
    const byValue = (await call('GET', `${path}?search=listed-b`)).json() as Page;
    assert.deepEqual(
      byValue.data.map((item) => item.value),
      ['listed-b@example.net'],
    );
    const phones = (await call('GET', `${path}?type=phone&search=ring`)).json() as Page;
    assert.deepEqual(
      phones.data.map((item) => item.value),
      ['+4930901820'],
    );
    const paged = (await call('GET', `${path}?search=ring&per_page=2&page=2&sort=value&direction=desc`)).json() as Page;
    assert.deepEqual(paged.meta, { current_page: 2, per_page: 2, total: 3, last_page: 2 });
    assert.deepEqual(
      paged.data.map((item) => item.value),
      ['+4930901820'],
    );
    const newest = (await call('GET', `${path}?per_page=1`)).json() as Page;
    assert.equal(newest.data[0]?.value, '+4930901820', 'newest first by default');
    const literal = (await call('GET', `${path}?search=%25`)).json() as Page;
    assert.equal(literal.meta.total, 0, 'a % in the search is a literal %');

    for (const query of ['type=colour', 'sort=comment', 'per_page=0', 'page=abc', `search=${'x'.repeat(300)}`, 'search=%00']) {
      const response = await call('GET', `${path}?${query}`);
      assert.equal(response.statusCode, 422, `${query} → ${response.body}`);
    }
  });

  test('an entry can be deleted once', async () => {
    const entry = await add({ type: 'email', value: 'temporary@example.com' });
    const before = (await call('GET', `${path}?search=temporary`)).json() as Page;
    assert.equal(before.meta.total, 1);
    const removed = await call('DELETE', `${path}/${entry.data.id}`);
    assert.equal(removed.statusCode, 200);
    assert.deepEqual(removed.json(), { message: 'Blacklist entry successfully deleted' });
    assert.equal(((await call('GET', `${path}?search=temporary`)).json() as Page).meta.total, 0);
    assert.equal((await call('DELETE', `${path}/${entry.data.id}`)).statusCode, 404);
    assert.equal((await call('DELETE', `${path}/abc`)).statusCode, 422);
    // Once removed, the value no longer blocks intake.
    const lead = await call('POST', '/api/lead', { email: 'temporary@example.com' });
    assert.equal(lead.statusCode, 201, lead.body);
  });

  test('permissions: view, create and delete are separate', async () => {
    const viewer = await context.userWith(['lead.black_list.view']);
    assert.equal((await call('GET', path, undefined, viewer.token)).statusCode, 200);
    assert.equal((await call('POST', path, { type: 'email', value: 'viewer@example.com' }, viewer.token)).statusCode, 403);
    const entry = await add({ type: 'email', value: 'keep@example.com' });
    assert.equal((await call('DELETE', `${path}/${entry.data.id}`, undefined, viewer.token)).statusCode, 403);

    const creator = await context.userWith(['lead.black_list.create'], 'Blacklist creator');
    assert.equal((await call('GET', path, undefined, creator.token)).statusCode, 403);
    const created = await add({ type: 'email', value: 'creator@example.com' }, creator.token);
    assert.deepEqual(created.data.user, { id: creator.id, name: 'Blacklist creator' });

    const deleter = await context.userWith(['lead.black_list.delete']);
    assert.equal((await call('DELETE', `${path}/${entry.data.id}`, undefined, deleter.token)).statusCode, 200);
    assert.equal((await call('GET', path, undefined, deleter.token)).statusCode, 403);
  });
});
