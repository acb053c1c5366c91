import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { percentagesOf } from '@crm/shared/contract';
import { pickWeightedStatus } from '../src/modules/settings/randomStatuses/pickWeightedStatus.ts';
import { bearer, createTestContext, tableFingerprint, type TestContext } from './helpers.ts';

const path = '/api/settings/source/random/status';
type Item = { id: number; source_id: number; source_name: string; statuses: { status_id: number; status_name: string; weight: number; percentage: number }[]; updated_at: string };
type Page = { data: Item[]; meta: { current_page: number; per_page: number; total: number; last_page: number } };
type Invalid = { message: string; errors: Record<string, string[]> };

describe('pickWeightedStatus', () => {
  const list = [
    { status_id: 1, weight: 60 },
    { status_id: 2, weight: 30 },
    { status_id: 3, weight: 10 },
  ];

  test('maps the random number onto the cumulative weights', () => {
    assert.equal(
      pickWeightedStatus(list, () => 0),
      1,
    );
    assert.equal(
      pickWeightedStatus(list, () => 0.599),
      1,
    );
    assert.equal(
      pickWeightedStatus(list, () => 0.6),
      2,
    );
    assert.equal(
      pickWeightedStatus(list, () => 0.899),
      2,
    );
    assert.equal(
      pickWeightedStatus(list, () => 0.9),
      3,
    );
    assert.equal(
      pickWeightedStatus(list, () => 0.999_999),
      3,
    );
  });

  test('an empty list or one without a positive weight gives null; zero weights are never drawn', () => {
    assert.equal(
      pickWeightedStatus([], () => 0.5),
      null,
    );
    assert.equal(
      pickWeightedStatus([{ status_id: 1, weight: 0 }], () => 0.5),
      null,
    );
    assert.equal(
      pickWeightedStatus(
        [
          { status_id: 1, weight: 0 },
          { status_id: 2, weight: 5 },
        ],
        () => 0,
      ),
      2,
    );
  });

  test('over many draws each status comes up in proportion to its weight', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const counts = new Map<number, number>();
    for (let draw = 0; draw < 20_000; draw += 1) {
      const id = pickWeightedStatus(list, random);
      counts.set(id ?? 0, (counts.get(id ?? 0) ?? 0) + 1);
    }
    assert.ok(Math.abs((counts.get(1) ?? 0) / 20_000 - 0.6) < 0.02);
    assert.ok(Math.abs((counts.get(2) ?? 0) / 20_000 - 0.3) < 0.02);
    assert.ok(Math.abs((counts.get(3) ?? 0) / 20_000 - 0.1) < 0.02);
  });
});

describe('percentagesOf', () => {
  test('gives each share rounded to one decimal', () => {
    assert.deepEqual(percentagesOf([1, 1, 1]), [33.3, 33.3, 33.3]);
    assert.deepEqual(percentagesOf([60, 30, 10]), [60, 30, 10]);
    assert.deepEqual(percentagesOf([2, 1]), [66.7, 33.3]);
    assert.deepEqual(percentagesOf([0, 0]), [0, 0]);
    assert.deepEqual(percentagesOf([]), []);
  });
});

describe('/settings/source/random/status', () => {
  let context: TestContext;
  let leadStatuses: { id: number; name: string }[];
  let emailStatusId: number;
  const sourceIds: Record<string, number> = {};

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = context.adminToken) =>
    context.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  async function createSource(name: string): Promise<number> {
    const response = await call('POST', '/api/settings/source', { name });
    assert.equal(response.statusCode, 201, response.body);
    return (response.json() as { data: { id: number } }).data.id;
  }

  /** The request is refused with a 422 naming `field`, and the database is untouched. */
  async function assertRefused(method: 'POST' | 'PUT', url: string, payload: unknown, field: string): Promise<Invalid> {
    const before = await tableFingerprint(context.database);
    const beforeList = (await call('GET', `${path}?per_page=100`)).body;
    const response = await call(method, url, payload);
    assert.equal(response.statusCode, 422, `${JSON.stringify(payload)} → ${response.body}`);
    const body = response.json() as Invalid;
    assert.ok(body.errors[field]?.[0], `the 422 names ${field}: ${response.body}`);
    assert.deepEqual(await tableFingerprint(context.database), before);
    assert.equal((await call('GET', `${path}?per_page=100`)).body, beforeList, 'the lists are unchanged');
    return body;
  }

  before(async () => {
    context = await createTestContext();
    const statuses = (await call('GET', '/api/settings/status?class=lead&per_page=100&sort=name')).json() as { data: { id: number; name: string }[] };
    leadStatuses = statuses.data;
    assert.ok(leadStatuses.length >= 4, 'the seed has lead statuses');
    const email = (await call('GET', '/api/settings/status?class=email&per_page=1')).json() as { data: { id: number }[] };
    emailStatusId = email.data[0]!.id;
    for (const name of ['Alpha Ads', 'Beta Partners', 'Gamma Leads', 'Delta Media', 'Empty Source']) sourceIds[name] = await createSource(name);
  });
  after(() => context.close());

  const lead = (index: number) => leadStatuses[index]!.id;

  test('create, read, replace and delete a list', async () => {
    const created = await call('POST', path, {
      source_id: sourceIds['Alpha Ads'],
      statuses: [
        { status_id: lead(0), weight: 1 },
        { status_id: lead(1), weight: 2 },
      ],
    });
    assert.equal(created.statusCode, 201, created.body);
    const body = created.json() as { message: string; data: Item };
    assert.equal(body.message, 'Setting successfully created');
    assert.equal(body.data.source_id, sourceIds['Alpha Ads']);
    assert.equal(body.data.id, sourceIds['Alpha Ads']);
    assert.equal(body.data.source_name, 'Alpha Ads');
    assert.deepEqual(
      body.data.statuses.map((entry) => [entry.status_id, entry.status_name, entry.weight, entry.percentage]),
      [
        [lead(1), leadStatuses[1]!.name, 2, 66.7],
        [lead(0), leadStatuses[0]!.name, 1, 33.3],
      ],
    );
    assert.ok(!Number.isNaN(Date.parse(body.data.updated_at)));

    const fetched = await call('GET', `${path}/${sourceIds['Alpha Ads']}`);
    assert.equal(fetched.statusCode, 200);
    assert.deepEqual((fetched.json() as { data: Item }).data, body.data);

    const replaced = await call('PUT', `${path}/${sourceIds['Alpha Ads']}`, { statuses: [{ status_id: lead(2), weight: 10 }] });
    assert.equal(replaced.statusCode, 200, replaced.body);
    const replacedBody = replaced.json() as { message: string; data: Item };
    assert.equal(replacedBody.message, 'Setting successfully updated');
    assert.deepEqual(
      replacedBody.data.statuses.map((entry) => [entry.status_id, entry.weight, entry.percentage]),
      [[lead(2), 10, 100]],
    );
    const rows = await context.database.pool.query('select status_id from source_random_statuses where source_id = $1', [sourceIds['Alpha Ads']]);
    assert.deepEqual(rows.rows, [{ status_id: lead(2) }], 'the old entries are gone');

    const removed = await call('DELETE', `${path}/${sourceIds['Alpha Ads']}`);
    assert.equal(removed.statusCode, 200);
    assert.equal((removed.json() as { message: string }).message, 'Setting successfully deleted');
    assert.equal((await call('GET', `${path}/${sourceIds['Alpha Ads']}`)).statusCode, 404);
    assert.equal((await call('DELETE', `${path}/${sourceIds['Alpha Ads']}`)).statusCode, 404);
    assert.equal((await call('PUT', `${path}/${sourceIds['Alpha Ads']}`, { statuses: [{ status_id: lead(0), weight: 1 }] })).statusCode, 404);
    const source = await call('GET', `/api/settings/source/${sourceIds['Alpha Ads']}`);
    assert.equal(source.statusCode, 200, 'deleting the list keeps the source');
  });

  test('every validation rule is a 422 naming the field and changes nothing', async () => {
    const source = sourceIds['Beta Partners'];
    const one = [{ status_id: lead(0), weight: 5 }];
    await assertRefused('POST', path, { statuses: one }, 'source_id');
    await assertRefused('POST', path, { source_id: 999_999, statuses: one }, 'source_id');
    await assertRefused('POST', path, { source_id: source, statuses: [] }, 'statuses');
    await assertRefused('POST', path, { source_id: source }, 'statuses');
    const tooMany = Array.from({ length: 51 }, (_unused, index) => ({ status_id: index + 1, weight: 1 }));
    await assertRefused('POST', path, { source_id: source, statuses: tooMany }, 'statuses');
    await assertRefused(
      'POST',
      path,
      {
        source_id: source,
        statuses: [
          { status_id: lead(0), weight: 1 },
          { status_id: lead(1), weight: 0 },
        ],
      },
      'statuses.1.weight',
    );
    await assertRefused('POST', path, { source_id: source, statuses: [{ status_id: lead(0), weight: 10_001 }] }, 'statuses.0.weight');
    await assertRefused('POST', path, { source_id: source, statuses: [{ status_id: lead(0), weight: 1.5 }] }, 'statuses.0.weight');
    await assertRefused('POST', path, { source_id: source, statuses: [{ status_id: lead(0), weight: '5' }] }, 'statuses.0.weight');
    const noWeight = await assertRefused('POST', path, { source_id: source, statuses: [{ status_id: lead(0) }] }, 'statuses.0.weight');
    assert.deepEqual(noWeight.errors['statuses.0.weight'], ['The weight field is required.'], 'a field in a list is named by its own name');
    const noStatus = await assertRefused('POST', path, { source_id: source, statuses: [{ weight: 1 }] }, 'statuses.0.status_id');
    assert.deepEqual(noStatus.errors['statuses.0.status_id'], ['The status field is required.']);
    const twice = await assertRefused(
      'POST',
      path,
      {
        source_id: source,
        statuses: [
          { status_id: lead(0), weight: 1 },
          { status_id: lead(1), weight: 1 },
          { status_id: lead(0), weight: 3 },
        ],
      },
      'statuses.2.status_id',
    );
    assert.match(twice.errors['statuses.2.status_id']![0]!, /already in the list/);
    const missing = await assertRefused(
      'POST',
      path,
      {
        source_id: source,
        statuses: [
          { status_id: lead(0), weight: 1 },
          { status_id: 999_999, weight: 1 },
        ],
      },
      'statuses.1.status_id',
    );
    assert.match(missing.errors['statuses.1.status_id']![0]!, /does not exist/);
    const wrongClass = await assertRefused('POST', path, { source_id: source, statuses: [{ status_id: emailStatusId, weight: 1 }] }, 'statuses.0.status_id');
    assert.match(wrongClass.errors['statuses.0.status_id']![0]!, /lead status/);
    await assertRefused('POST', path, { source_id: source, statuses: one, extra: true }, 'extra');
    await assertRefused('POST', path, { source_id: source, statuses: [{ status_id: lead(0), weight: 1, colour: 'red' }] }, 'statuses.0.colour');

    // A source holds one list: a second create is refused on source_id.
    assert.equal((await call('POST', path, { source_id: source, statuses: one })).statusCode, 201);
    const taken = await assertRefused('POST', path, { source_id: source, statuses: [{ status_id: lead(1), weight: 1 }] }, 'source_id');
    assert.match(taken.errors['source_id']![0]!, /already has/);

    // Updates follow the same rules and leave the stored list as it was.
    await assertRefused('PUT', `${path}/${source}`, { statuses: [] }, 'statuses');
    await assertRefused(
      'PUT',
      `${path}/${source}`,
      {
        statuses: [
          { status_id: lead(0), weight: 1 },
          { status_id: lead(0), weight: 2 },
        ],
      },
      'statuses.1.status_id',
    );
    await assertRefused(
      'PUT',
      `${path}/${source}`,
      {
        statuses: [
          { status_id: lead(1), weight: 1 },
          { status_id: emailStatusId, weight: 2 },
        ],
      },
      'statuses.1.status_id',
    );
    await assertRefused('PUT', `${path}/${source}`, { statuses: [{ status_id: lead(1), weight: -3 }] }, 'statuses.0.weight');
    await assertRefused('PUT', `${path}/${source}`, { source_id: source, statuses: one }, 'source_id');
    const stored = (await call('GET', `${path}/${source}`)).json() as { data: Item };
    assert.deepEqual(
      stored.data.statuses.map((entry) => [entry.status_id, entry.weight]),
      [[lead(0), 5]],
    );

    // The limits themselves are accepted.
    const fifty = await call('PUT', `${path}/${source}`, {
      statuses: [
        { status_id: lead(0), weight: 10_000 },
        { status_id: lead(1), weight: 1 },
      ],
    });
    assert.equal(fifty.statusCode, 200, fifty.body);
    await call('DELETE', `${path}/${source}`);
  });

  test('the list has one item per source with a list, is paginated, searchable and sortable', async () => {
    for (const [name, weight] of [
      ['Gamma Leads', 3],
      ['Delta Media', 7],
      ['Beta Partners', 1],
    ] as const) {
      const response = await call('POST', path, {
        source_id: sourceIds[name],
        statuses: [
          { status_id: lead(0), weight },
          { status_id: lead(3), weight },
        ],
      });
      assert.equal(response.statusCode, 201, response.body);
    }
    const all = (await call('GET', path)).json() as Page;
    assert.deepEqual(
      all.data.map((item) => item.source_name),
      ['Beta Partners', 'Delta Media', 'Gamma Leads'],
      'sources without a list are left out',
    );
    assert.deepEqual(all.meta, { current_page: 1, per_page: 25, total: 3, last_page: 1 });
    assert.ok(all.data.every((item) => item.statuses.length === 2 && item.statuses.every((entry) => entry.percentage === 50)));

    const pageTwo = (await call('GET', `${path}?per_page=2&page=2`)).json() as Page;
    assert.deepEqual(
      pageTwo.data.map((item) => item.source_name),
      ['Gamma Leads'],
    );
    assert.deepEqual(pageTwo.meta, { current_page: 2, per_page: 2, total: 3, last_page: 2 });

    const descending = (await call('GET', `${path}?sort=source_name&direction=desc`)).json() as Page;
    assert.deepEqual(
      descending.data.map((item) => item.source_name),
      ['Gamma Leads', 'Delta Media', 'Beta Partners'],
    );

    await new Promise((resolve) => setTimeout(resolve, 20));
    await call('PUT', `${path}/${sourceIds['Delta Media']}`, { statuses: [{ status_id: lead(2), weight: 4 }] });
    const newest = (await call('GET', `${path}?sort=updated_at&direction=desc`)).json() as Page;
    assert.equal(newest.data[0]?.source_name, 'Delta Media');
    const oldest = (await call('GET', `${path}?sort=updated_at&direction=asc`)).json() as Page;
    assert.equal(oldest.data.at(-1)?.source_name, 'Delta Media');

    const found = (await call('GET', `${path}?search=${encodeURIComponent('delta')}`)).json() as Page;
    assert.deepEqual(
      found.data.map((item) => item.source_name),
      ['Delta Media'],
    );
    assert.equal(found.meta.total, 1);
    const none = (await call('GET', `${path}?search=${encodeURIComponent('%')}`)).json() as Page;
    assert.equal(none.meta.total, 0, 'wildcards match literally');
    assert.equal((await call('GET', `${path}?sort=weight`)).statusCode, 422);
  });

  test('each route needs its own permission', async () => {
    const source = sourceIds['Empty Source'];
    const viewer = await context.userWith(['settings.sourceRandomStatus.view']);
    assert.equal((await call('GET', path, undefined, viewer.token)).statusCode, 200);
    assert.equal((await call('POST', path, { source_id: source, statuses: [{ status_id: lead(0), weight: 1 }] }, viewer.token)).statusCode, 403);
    const creator = await context.userWith(['settings.sourceRandomStatus.create']);
    assert.equal((await call('GET', path, undefined, creator.token)).statusCode, 403);
    assert.equal((await call('POST', path, { source_id: source, statuses: [{ status_id: lead(0), weight: 1 }] }, creator.token)).statusCode, 201);
    assert.equal((await call('PUT', `${path}/${source}`, { statuses: [{ status_id: lead(1), weight: 1 }] }, creator.token)).statusCode, 403);
    assert.equal((await call('DELETE', `${path}/${source}`, undefined, creator.token)).statusCode, 403);
    const updater = await context.userWith(['settings.sourceRandomStatus.update']);
    assert.equal((await call('PUT', `${path}/${source}`, { statuses: [{ status_id: lead(1), weight: 1 }] }, updater.token)).statusCode, 200);
    const deleter = await context.userWith(['settings.sourceRandomStatus.delete']);
    assert.equal((await call('DELETE', `${path}/${source}`, undefined, deleter.token)).statusCode, 200);
    assert.equal((await context.app.inject({ method: 'GET', url: path })).statusCode, 401);
  });

  test('deleting a source takes its list with it', async () => {
    const source = await createSource('Short-lived');
    await call('POST', path, { source_id: source, statuses: [{ status_id: lead(0), weight: 1 }] });
    assert.equal((await call('DELETE', `/api/settings/source/${source}`)).statusCode, 200);
    assert.equal((await call('GET', `${path}/${source}`)).statusCode, 404);
  });
});
