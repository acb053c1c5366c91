import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { jobs as jobsTable } from '../src/db/schema/index.ts';
import { recordFailedLead } from '../src/modules/leads/failed/service.ts';
import { bearer, createTestContext, tableFingerprint, type TestContext } from './helpers.ts';

const path = '/api/lead/failed';
type Item = {
  id: number;
  raw: Record<string, unknown>;
  reason_code: string;
  message: string;
  source: { id: number; name: string } | null;
  import_job_id: number | null;
  import_row: number | null;
  created_at: string;
  updated_at: string;
};
type Page = { data: Item[]; meta: { current_page: number; per_page: number; total: number; last_page: number } };
type Invalid = { message: string; errors: Record<string, string[]> };

describe('/lead/failed', () => {
  let context: TestContext;
  let sourceId: number;
  let jobId: number;

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token = context.adminToken) =>
    context.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  const record = (
    raw: Record<string, unknown>,
    reason: 'INVALID' | 'DUPLICATE' | 'BLACKLISTED' | 'UNKNOWN_SOURCE' | 'UNKNOWN_STATUS',
    message: string,
    extra: { sourceId?: number | null; importJobId?: number; importRow?: number } = {},
  ) => recordFailedLead(context.database.db, { raw, reason, message, sourceId: extra.sourceId ?? null, importJobId: extra.importJobId, importRow: extra.importRow });

  const item = async (id: number): Promise<Item> => {
    const response = await call('GET', `${path}/${id}`);
    assert.equal(response.statusCode, 200, response.body);
    return (response.json() as { data: Item }).data;
  };

  before(async () => {
    context = await createTestContext();
    const source = await call('POST', '/api/settings/source', { name: 'Affiliate feed' });
    sourceId = (source.json() as { data: { id: number } }).data.id;
    const [job] = await context.database.db.insert(jobsTable).values({ type: 'lead-import', name: 'Import' }).returning({ id: jobsTable.id });
    jobId = job!.id;
  });
  after(() => context.close());

  test('recordFailedLead stores the raw row; an unknown source is kept as null; an import row is stored once', async () => {
    const id = await record({ email: 'bad-email', name: 'Row one' }, 'INVALID', 'The email must be a valid email address.', { sourceId });
    const stored = await item(id);
    assert.deepEqual(stored.raw, { email: 'bad-email', name: 'Row one' });
    assert.equal(stored.reason_code, 'INVALID');
    assert.equal(stored.message, 'The email must be a valid email address.');
    assert.deepEqual(stored.source, { id: sourceId, name: 'Affiliate feed' });
    assert.equal(stored.import_job_id, null);

    const unknown = await item(await record({ source_id: 999_999, email: 'x@example.com' }, 'UNKNOWN_SOURCE', 'The selected source does not exist.', { sourceId: 999_999 }));
    assert.equal(unknown.source, null);

    const nul = await item(await record({ name: 'nul\u0000inside', 'key\u0000': 1 }, 'INVALID', 'The name may not contain NUL characters.'));
    assert.deepEqual(nul.raw, { name: 'nulinside', key: 1 });

    const first = await record({ A: 'row 7 first try' }, 'INVALID', 'first', { importJobId: jobId, importRow: 7 });
    const second = await record({ A: 'row 7 second try' }, 'DUPLICATE', 'second', { importJobId: jobId, importRow: 7 });
    assert.equal(second, first);
    const replaced = await item(first);
    assert.deepEqual([replaced.raw, replaced.reason_code, replaced.message, replaced.import_job_id, replaced.import_row], [{ A: 'row 7 second try' }, 'DUPLICATE', 'second', jobId, 7]);
  });

  test('a search of several words finds rows holding each of them, in any field', async () => {
    await record({ name: 'Paula', surname: 'Kleinert', email: 'pk@example.com' }, 'INVALID', 'The phone is not a valid number.');
    const fullName = (await call('GET', `${path}?search=${encodeURIComponent('paula  KLEIN')}`)).json() as Page;
    assert.deepEqual(
      fullName.data.map((entry) => entry.raw),
      [{ name: 'Paula', surname: 'Kleinert', email: 'pk@example.com' }],
      'each word in its own field',
    );
    assert.equal(((await call('GET', `${path}?search=${encodeURIComponent('paula smith')}`)).json() as Page).meta.total, 0, 'every word must be there');
  });

  test('the list searches the raw values and the message, filters, sorts and pages', async () => {
    await record({ email: 'needle@haystack.example' }, 'BLACKLISTED', 'This email is blacklisted.', { sourceId });
    await record({ email: 'other@example.com' }, 'DUPLICATE', 'A lead with this email already exists (L0000000001) haystack.', { sourceId });
    await record({ phone: '123' }, 'INVALID', 'The phone is not a valid number.', { importJobId: jobId, importRow: 8 });

    const search = (await call('GET', `${path}?search=HAYSTACK`)).json() as Page;
    assert.equal(search.meta.total, 2);
    assert.deepEqual(new Set(search.data.map((entry) => entry.reason_code)), new Set(['BLACKLISTED', 'DUPLICATE']));
    const raw = (await call('GET', `${path}?search=needle`)).json() as Page;
    assert.deepEqual(
      raw.data.map((entry) => entry.raw),
      [{ email: 'needle@haystack.example' }],
    );
    const blacklisted = (await call('GET', `${path}?reason_code=BLACKLISTED`)).json() as Page;
    assert.deepEqual(
      blacklisted.data.map((entry) => entry.message),
      ['This email is blacklisted.'],
    );
    const bySource = (await call('GET', `${path}?source_id=${sourceId}&per_page=100`)).json() as Page;
    assert.ok(bySource.data.length >= 3 && bySource.data.every((entry) => entry.source?.id === sourceId));
    const byJob = (await call('GET', `${path}?import_job_id=${jobId}&sort=created_at&direction=asc`)).json() as Page;
    assert.deepEqual(
      byJob.data.map((entry) => entry.import_row),
      [7, 8],
    );
    const sorted = (await call('GET', `${path}?sort=reason_code&direction=asc&per_page=100`)).json() as Page;
    const reasons = sorted.data.map((entry) => entry.reason_code);
    assert.deepEqual(reasons, [...reasons].sort());
    const paged = (await call('GET', `${path}?per_page=2&page=2`)).json() as Page;
    assert.equal(paged.meta.current_page, 2);
    assert.equal(paged.data.length, 2);
    const newest = (await call('GET', `${path}?per_page=1`)).json() as Page;
    assert.deepEqual(newest.data[0]?.raw, { phone: '123' }, 'newest first by default');

    for (const query of ['reason_code=LOST', 'sort=message', 'source_id=abc', 'import_job_id=-1', `search=${'x'.repeat(300)}`, 'search=%00']) {
      const response = await call('GET', `${path}?${query}`);
      assert.equal(response.statusCode, 422, `${query} → ${response.body}`);
    }
    assert.equal((await call('GET', `${path}/999999`)).statusCode, 404);
    assert.equal((await call('GET', `${path}/abc`)).statusCode, 422);
  });

  test('a retry that passes creates the lead and removes the failed row, in one go', async () => {
    const id = await record({ email: 'fixme', name: 'Grace' }, 'INVALID', 'The email must be a valid email address.', { sourceId });
    const response = await call('POST', `${path}/${id}/retry`, { email: 'Grace.Hopper@Example.com', name: 'Grace', phone: '07911 123456', country: 'GB', source_id: sourceId });
    assert.equal(response.statusCode, 201, response.body);
    const body = response.json() as { message: string; data: { id: number; lead_id: string; email: string; phone_normalized: string; source_id: number } };
    assert.equal(body.message, 'Lead successfully created');
    assert.match(body.data.lead_id, /^L\d{10}$/);
    assert.equal(body.data.email, 'grace.hopper@example.com');
    assert.equal(body.data.phone_normalized, '+447911123456');
    assert.equal(body.data.source_id, sourceId);
    assert.equal((await call('GET', `${path}/${id}`)).statusCode, 404, 'the failed row is gone');
    const stored = await context.database.pool.query('select count(*)::int as n from leads where id = $1', [body.data.id]);
    assert.equal(stored.rows[0].n, 1);
    assert.equal((await call('POST', `${path}/${id}/retry`, { email: 'again@example.com' })).statusCode, 404);
  });

  test('a retry that fails again keeps the row with the new values, reason and message', async () => {
    const id = await record({ email: 'not valid' }, 'INVALID', 'The email must be a valid email address.', { sourceId });
    // The lead of the previous test makes this one a duplicate.
    const before = await tableFingerprint(context.database);
    const response = await call('POST', `${path}/${id}/retry`, { email: 'grace.hopper@example.com', name: 'Second try', source_id: 999_999 });
    assert.equal(response.statusCode, 422, response.body);
    const body = response.json() as Invalid;
    assert.deepEqual(body.errors, { source_id: ['The selected source does not exist.'] });
    assert.equal(body.message, 'The selected source does not exist.');
    let stored = await item(id);
    assert.equal(stored.reason_code, 'UNKNOWN_SOURCE');
    assert.equal(stored.message, 'The selected source does not exist.');
    assert.equal(stored.raw['name'], 'Second try');
    assert.equal(stored.source, null, 'an unknown source is not linked');

    const duplicate = await call('POST', `${path}/${id}/retry`, { email: 'grace.hopper@example.com', name: 'Third try', source_id: sourceId });
    assert.equal(duplicate.statusCode, 422, duplicate.body);
    assert.match((duplicate.json() as Invalid).errors['email']![0]!, /^A lead with this email already exists \(L\d{10}\)\.$/);
    stored = await item(id);
    assert.equal(stored.reason_code, 'DUPLICATE');
    assert.match(stored.message, /already exists/);
    assert.equal(stored.raw['name'], 'Third try');
    assert.deepEqual(stored.source, { id: sourceId, name: 'Affiliate feed' });
    assert.deepEqual(await tableFingerprint(context.database), before, 'only the failed row changed; no lead was added');
  });

  test('a retry body that breaks the add-lead rules is a 422 and changes nothing', async () => {
    const id = await record({ email: 'still bad' }, 'INVALID', 'The email must be a valid email address.');
    const original = await item(id);
    const before = await tableFingerprint(context.database);
    for (const [payload, field] of [
      [{}, 'email'],
      [{ email: 'still bad' }, 'email'],
      [{ email: 'ok@example.com', card_digits: '12' }, 'card_digits'],
      [{ email: 'ok@example.com', colour: 'blue' }, 'colour'],
    ] as const) {
      const response = await call('POST', `${path}/${id}/retry`, payload);
      assert.equal(response.statusCode, 422, response.body);
      assert.ok((response.json() as Invalid).errors[field], response.body);
    }
    assert.deepEqual(await tableFingerprint(context.database), before);
    assert.deepEqual(await item(id), original);
  });

  test('delete removes the row once', async () => {
    const id = await record({ email: 'gone' }, 'INVALID', 'bad');
    const removed = await call('DELETE', `${path}/${id}`);
    assert.equal(removed.statusCode, 200);
    assert.deepEqual(removed.json(), { message: 'Failed lead successfully deleted' });
    assert.equal((await call('DELETE', `${path}/${id}`)).statusCode, 404);
    assert.equal((await call('GET', `${path}/${id}`)).statusCode, 404);
  });

  test('bulk delete takes the selected ids, or every row the filters match, and says how many went', async () => {
    const selected = [await record({ email: 'bulk-a' }, 'INVALID', 'bulk'), await record({ email: 'bulk-b' }, 'INVALID', 'bulk')];
    const kept = await record({ email: 'bulk-c' }, 'INVALID', 'bulk');
    const bySelection = await call('DELETE', path, { ids: selected });
    assert.deepEqual([bySelection.statusCode, bySelection.json()], [200, { message: '2 failed leads deleted', data: { deleted: 2 } }]);
    assert.equal((await call('GET', `${path}/${kept}`)).statusCode, 200, 'an unselected row stays');

    const otherJob = await record({ email: 'bulk-job' }, 'DUPLICATE', 'bulk dup', { importJobId: jobId, importRow: 900 });
    const byFilter = await call('DELETE', path, { filters: { search: 'bulk', reason_code: 'DUPLICATE' } });
    assert.deepEqual(byFilter.json(), { message: '1 failed lead deleted', data: { deleted: 1 } });
    assert.equal((await call('GET', `${path}/${otherJob}`)).statusCode, 404);
    assert.equal((await call('GET', `${path}/${kept}`)).statusCode, 200, 'a row the filters do not match stays');

    for (const body of [{}, { ids: [kept], filters: {} }, { ids: [] }, { filters: { reason_code: 'NOPE' } }, { filters: { page: 2 } }]) {
      const refused = await call('DELETE', path, body);
      assert.equal(refused.statusCode, 422, `${JSON.stringify(body)}: ${refused.body}`);
    }
    assert.equal((await call('GET', `${path}/${kept}`)).statusCode, 200, 'a refused delete removes nothing');
    const viewer = await context.userWith(['failed.lead.view']);
    assert.equal((await call('DELETE', path, { ids: [kept] }, viewer.token)).statusCode, 403);
  });

  test('permissions: view, update (retry) and delete are separate', async () => {
    const id = await record({ email: 'perm' }, 'INVALID', 'bad');
    const viewer = await context.userWith(['failed.lead.view']);
    assert.equal((await call('GET', path, undefined, viewer.token)).statusCode, 200);
    assert.equal((await call('GET', `${path}/${id}`, undefined, viewer.token)).statusCode, 200);
    assert.equal((await call('POST', `${path}/${id}/retry`, { email: 'perm@example.com' }, viewer.token)).statusCode, 403);
    assert.equal((await call('DELETE', `${path}/${id}`, undefined, viewer.token)).statusCode, 403);

    const outsider = await context.userWith(['lead.view']);
    assert.equal((await call('GET', path, undefined, outsider.token)).statusCode, 403);
    assert.equal((await call('GET', `${path}/${id}`, undefined, outsider.token)).statusCode, 403);

    const updater = await context.userWith(['failed.lead.update'], 'Fixer');
    const retried = await call('POST', `${path}/${id}/retry`, { email: 'perm@example.com' }, updater.token);
    assert.equal(retried.statusCode, 201, retried.body);
    const lead = await context.database.pool.query('select created_by from leads where email = $1', ['perm@example.com']);
    assert.equal(lead.rows[0].created_by, updater.id, 'the retrying user adds the lead');

    const other = await record({ email: 'perm2' }, 'INVALID', 'bad');
    const deleter = await context.userWith(['failed.lead.delete']);
    assert.equal((await call('GET', path, undefined, deleter.token)).statusCode, 403);
    assert.equal((await call('DELETE', `${path}/${other}`, undefined, deleter.token)).statusCode, 200);
  });
});
