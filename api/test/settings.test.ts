import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { settingsResources } from '../src/modules/settings/resources.ts';
import { bearer, createTestContext, tableFingerprint, type TestContext } from './helpers.ts';

type Case = {
  path: string;
  create: Record<string, unknown>;
  update: Record<string, unknown>;
  /** A second create that collides with the first, and the field the 422 names. */
  duplicate: { body: Record<string, unknown>; field: string };
  search: string;
};

const cases: Case[] = [
  { path: '/api/settings/locale', create: { code: 'fr', name: 'Français' }, update: { name: 'French' }, duplicate: { body: { code: 'FR', name: 'Again' }, field: 'code' }, search: 'Fran' },
  {
    path: '/api/settings/localization',
    create: { locale: 'de', key: 'menu.leads.search', value: 'Leads suchen' },
    update: { value: 'Leads (Suche)' },
    duplicate: { body: { locale: 'de', key: 'menu.leads.search', value: 'Doppelt' }, field: 'key' },
    search: 'suchen',
  },
  {
    path: '/api/settings/status',
    create: { name: 'Hot prospect', class: 'lead', in_import: true, bg_color: '#ff0000', text_color: '#ffffff' },
    update: { bg_color: '#00ff00' },
    duplicate: { body: { name: 'hot prospect', class: 'lead' }, field: 'name' },
    search: 'prospect',
  },
  {
    path: '/api/settings/country',
    create: { name: 'Testland', country_code: '999', iso_3166_2: 'XT', iso_3166_3: 'XTL', flag: '🏳️', calling_code: '999' },
    update: { capital: 'Test City' },
    duplicate: { body: { name: 'Other', country_code: '998', iso_3166_2: 'XT', iso_3166_3: 'XTO', flag: '🏳️' }, field: 'iso_3166_2' },
    search: 'Testland',
  },
  {
    path: '/api/settings/language',
    create: { code: 'tlh', name: 'Klingon', native_name: 'tlhIngan Hol' },
    update: { native_name: 'tlhIngan-Hol' },
    duplicate: { body: { code: 'tlh', name: 'Klingon 2', native_name: 'x' }, field: 'code' },
    search: 'Klingon',
  },
  { path: '/api/settings/tag', create: { name: 'Whale' }, update: { name: 'Big whale' }, duplicate: { body: { name: 'BIG WHALE' }, field: 'name' }, search: 'whale' },
  { path: '/api/settings/source', create: { name: 'Google Ads' }, update: { name: 'Google Ads EU' }, duplicate: { body: { name: 'google ads eu' }, field: 'name' }, search: 'google' },
  {
    path: '/api/settings/affiliate/company',
    create: { name: 'Affiliate One' },
    update: { name: 'Affiliate Uno' },
    duplicate: { body: { name: 'affiliate uno' }, field: 'name' },
    search: 'One',
  },
];

describe('settings resources: create, list, search, update, duplicates, delete', () => {
  let context: TestContext;
  before(async () => {
    context = await createTestContext();
  });
  after(() => context.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    context.app.inject({ method, url, headers: bearer(context.adminToken), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  for (const item of cases) {
    test(`${item.path}: the whole life of a record`, async () => {
      const created = await call('POST', item.path, item.create);
      assert.equal(created.statusCode, 201, created.body);
      const createdBody = created.json() as { message: string; data: { id: number } & Record<string, unknown> };
      assert.equal(createdBody.message, 'Setting successfully created');
      const id = createdBody.data.id;
      for (const [key, value] of Object.entries(item.create)) assert.deepEqual(createdBody.data[key], value, key);

      const found = await call('GET', `${item.path}?search=${encodeURIComponent(item.search)}`);
      const list = found.json() as { data: { id: number }[]; meta: { total: number } };
      assert.ok(
        list.data.some((row) => row.id === id),
        `search "${item.search}" finds the record`,
      );

      const fetched = await call('GET', `${item.path}/${id}`);
      assert.equal(fetched.statusCode, 200);

      const updated = await call('PUT', `${item.path}/${id}`, item.update);
      assert.equal(updated.statusCode, 200, updated.body);
      const updatedBody = updated.json() as { message: string; data: Record<string, unknown> };
      assert.equal(updatedBody.message, 'Setting successfully updated');
      for (const [key, value] of Object.entries(item.update)) assert.deepEqual(updatedBody.data[key], value, key);

      const before = await tableFingerprint(context.database);
      const duplicate = await call('POST', item.path, item.duplicate.body);
      assert.equal(duplicate.statusCode, 422, duplicate.body);
      const errors = (duplicate.json() as { errors: Record<string, string[]> }).errors;
      assert.ok(errors[item.duplicate.field]?.[0], `the 422 names ${item.duplicate.field}: ${duplicate.body}`);
      assert.deepEqual(await tableFingerprint(context.database), before, 'a refused duplicate changes nothing');

      const removed = await call('DELETE', `${item.path}/${id}`);
      assert.equal(removed.statusCode, 200);
      assert.equal((removed.json() as { message: string }).message, 'Setting successfully deleted');
      assert.equal((await call('GET', `${item.path}/${id}`)).statusCode, 404);
      assert.equal((await call('DELETE', `${item.path}/${id}`)).statusCode, 404);
    });
  }

  const createStatus = async (name: string) => ((await call('POST', '/api/settings/status', { name, class: 'lead' })).json() as { data: { id: number } }).data.id;

  test('a status colour may be written short (#fff); it is stored as #rrggbb, and other text is refused under the field', async () => {
    const made = await call('POST', '/api/settings/status', { name: 'Short colours', class: 'lead', bg_color: ' #FfF ', text_color: '#1A2B3C' });
    assert.equal(made.statusCode, 201, made.body);
    const { data } = made.json() as { data: { bg_color: string; text_color: string } };
    assert.deepEqual([data.bg_color, data.text_color], ['#ffffff', '#1a2b3c']);
    for (const bg_color of ['#ffff', 'fff', '#ggg', 'white']) {
      const refused = await call('POST', '/api/settings/status', { name: `Bad ${bg_color}`, class: 'lead', bg_color });
      assert.equal(refused.statusCode, 422, bg_color);
      assert.deepEqual(Object.keys((refused.json() as { errors: object }).errors), ['bg_color'], bg_color);
    }
  });

  test('a status a lead has, or had, is not deleted: a 409, and the lead and its history keep it', async () => {
    const current = await createStatus('Kept: call back');
    const former = await createStatus('Kept: no answer');
    const lead = (await call('POST', '/api/lead', { email: 'kept.status@example.com', status_id: former })).json() as { data: { id: number } };
    assert.equal((await call('PUT', `/api/lead/${lead.data.id}/status`, { status_id: current })).statusCode, 200);

    for (const id of [current, former]) {
      const refused = await call('DELETE', `/api/settings/status/${id}`);
      assert.equal(refused.statusCode, 409, refused.body);
      assert.equal((refused.json() as { message: string }).message, 'This status is in use and cannot be deleted.');
    }
    const profile = (await call('GET', `/api/lead/${lead.data.id}`)).json() as { data: { status_id: number } };
    assert.equal(profile.data.status_id, current);
    const history = (await call('GET', `/api/lead/${lead.data.id}/histories/status`)).json() as { data: { from_status: { id: number } | null; to_status: { id: number } | null }[] };
    assert.deepEqual(
      history.data.map((row) => [row.from_status?.id ?? null, row.to_status?.id ?? null]),
      [
        [former, current],
        [null, former],
      ],
    );

    const unused = await createStatus('Kept: never used');
    assert.equal((await call('DELETE', `/api/settings/status/${unused}`)).statusCode, 200, 'a status nothing uses is deleted');
  });

  test("a lead's source and affiliate company are not deleted while it has them: a 409, and the lead keeps them", async () => {
    const created = async (path: string, name: string) => ((await call('POST', path, { name })).json() as { data: { id: number } }).data.id;
    const source = await created('/api/settings/source', 'Kept: feed');
    const company = await created('/api/settings/affiliate/company', 'Kept: partner');
    const lead = (await call('POST', '/api/lead', { email: 'kept.source@example.com', source_id: source, affiliate_company_id: company })).json() as { data: { id: number } };
    for (const [path, id, noun] of [
      ['/api/settings/source', source, 'source'],
      ['/api/settings/affiliate/company', company, 'affiliate company'],
    ] as const) {
      const refused = await call('DELETE', `${path}/${id}`);
      assert.equal(refused.statusCode, 409, refused.body);
      assert.equal((refused.json() as { message: string }).message, `This ${noun} is in use and cannot be deleted.`);
    }
    const profile = (await call('GET', `/api/lead/${lead.data.id}`)).json() as { data: { source: { id: number } | null; affiliate_company: { id: number } | null } };
    assert.deepEqual([profile.data.source?.id, profile.data.affiliate_company?.id], [source, company]);
  });

  test('lists are paginated and sortable both ways', async () => {
    const ascending = (await call('GET', '/api/settings/country?per_page=5&sort=name&direction=asc')).json() as { data: { name: string }[]; meta: Record<string, number> };
    assert.equal(ascending.data.length, 5);
    assert.equal(ascending.meta['per_page'], 5);
    assert.ok((ascending.meta['total'] ?? 0) >= 249);
    assert.equal(ascending.meta['last_page'], Math.ceil((ascending.meta['total'] ?? 0) / 5));
    const names = ascending.data.map((row) => row.name);
    assert.deepEqual(
      names,
      [...names].sort((left, right) => left.localeCompare(right, 'en', { sensitivity: 'base' })),
    );
    const descending = (await call('GET', '/api/settings/country?per_page=5&sort=name&direction=desc')).json() as { data: { name: string }[] };
    assert.notDeepEqual(
      descending.data.map((row) => row.name),
      names,
    );
    const secondPage = (await call('GET', '/api/settings/country?per_page=5&page=2&sort=name')).json() as { data: { name: string }[] };
    assert.ok(secondPage.data.every((row) => !names.includes(row.name)));
  });

  test('filters narrow the list; an unknown sort key is a 422', async () => {
    const phone = (await call('GET', '/api/settings/status?class=phone&per_page=100')).json() as { data: { class: string }[] };
    assert.ok(phone.data.length > 0);
    assert.ok(phone.data.every((row) => row.class === 'phone'));
    assert.equal((await call('GET', '/api/settings/status?sort=password')).statusCode, 422);
  });

  test('a reference to a record that does not exist is a 422 naming the field', async () => {
    const response = await call('POST', '/api/settings/source', { name: 'Orphan', affiliate_company_id: 999_999 });
    assert.equal(response.statusCode, 422);
    assert.ok((response.json() as { errors: Record<string, string[]> }).errors['affiliate_company_id']);
  });

  test('a saved localization is what /localizations/{lng} returns', async () => {
    await call('POST', '/api/settings/localization', { locale: 'de', key: 'page_loading', value: 'Einen Moment…' });
    const map = (await context.app.inject({ method: 'GET', url: '/api/localizations/de' })).json() as Record<string, string>;
    assert.equal(map['page_loading'], 'Einen Moment…');
  });

  test('a search with LIKE wildcards matches them literally', async () => {
    await call('POST', '/api/settings/tag', { name: '100% real' });
    await call('POST', '/api/settings/tag', { name: '1000 real' });
    const found = (await call('GET', `/api/settings/tag?search=${encodeURIComponent('100%')}`)).json() as { data: { name: string }[] };
    assert.deepEqual(
      found.data.map((row) => row.name),
      ['100% real'],
    );
  });
});

/**
 * For every settings resource: pagination meta, search, sorting both ways on every sortable key and each
 * filter, driven by the resource definitions so a new sort key or filter without test data fails here.
 * Three records per resource, created in this order; their values sort the same under any collation
 * (one shared prefix, then one lowercase letter or same-length digits), and their order on each key
 * differs from the creation order so an ignored sort is caught.
 */
type ListCase = {
  records(references: { affiliateCompanyId: number }): Record<string, unknown>[];
  /** Each filter of the definition: a value and the indexes of the records it keeps. */
  filters?: Record<string, { value: (references: { affiliateCompanyId: number }) => string | number; keeps: number[] }>;
};

const listCases: Record<string, ListCase> = {
  '/settings/locale': {
    records: () => [
      { code: 'qc', name: 'Sortcase b' },
      { code: 'qa', name: 'Sortcase c' },
      { code: 'qb', name: 'Sortcase a' },
    ],
  },
  '/settings/localization': {
    records: () => [
      { locale: 'qb', key: 'sortcase.b', value: 'one' },
      { locale: 'qa', key: 'sortcase.c', value: 'two' },
      { locale: 'qc', key: 'sortcase.a', value: 'three' },
    ],
    filters: { locale: { value: () => 'qa', keeps: [1] } },
  },
  '/settings/status': {
    records: () => [
      { name: 'Sortcase b', class: 'phone' },
      { name: 'Sortcase c', class: 'lead' },
      { name: 'Sortcase a', class: 'email' },
    ],
    filters: { class: { value: () => 'lead', keeps: [1] } },
  },
  '/settings/country': {
    records: () => [
      { name: 'Sortcase b', iso_3166_2: 'QN', iso_3166_3: 'QNN', country_code: '901', flag: 'x', calling_code: '33' },
      { name: 'Sortcase c', iso_3166_2: 'QM', iso_3166_3: 'QMM', country_code: '902', flag: 'x', calling_code: '11' },
      { name: 'Sortcase a', iso_3166_2: 'QO', iso_3166_3: 'QOO', country_code: '903', flag: 'x', calling_code: '22' },
    ],
  },
  '/settings/language': {
    records: () => [
      { code: 'qlb', name: 'Sortcase c', native_name: 'n' },
      { code: 'qla', name: 'Sortcase a', native_name: 'n' },
      { code: 'qlc', name: 'Sortcase b', native_name: 'n' },
    ],
  },
  '/settings/tag': { records: () => ['Sortcase b', 'Sortcase c', 'Sortcase a'].map((name) => ({ name })) },
  '/settings/source': {
    records: ({ affiliateCompanyId }) => [
      { name: 'Sortcase b', affiliate_company_id: affiliateCompanyId },
      { name: 'Sortcase c', affiliate_company_id: null },
      { name: 'Sortcase a', affiliate_company_id: affiliateCompanyId },
    ],
    filters: { affiliate_company_id: { value: ({ affiliateCompanyId }) => affiliateCompanyId, keeps: [0, 2] } },
  },
  '/settings/affiliate/company': { records: () => ['Sortcase b', 'Sortcase c', 'Sortcase a'].map((name) => ({ name })) },
};

describe('every settings list: pagination, search, sorting on every key, each filter', () => {
  let context: TestContext;
  let references: { affiliateCompanyId: number };
  before(async () => {
    context = await createTestContext();
    const company = await context.app.inject({ method: 'POST', url: '/api/settings/affiliate/company', headers: bearer(context.adminToken), payload: { name: 'Filter company' } });
    references = { affiliateCompanyId: (company.json() as { data: { id: number } }).data.id };
  });
  after(() => context.close());

  const get = async (url: string) => {
    const response = await context.app.inject({ method: 'GET', url, headers: bearer(context.adminToken) });
    assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
    return response.json() as { data: { id: number }[]; meta: { current_page: number; per_page: number; total: number; last_page: number } };
  };

  test('every resource has a list case', () => {
    assert.deepEqual(Object.keys(listCases).sort(), settingsResources.map((resource) => resource.path).sort());
  });

  for (const resource of settingsResources) {
    test(`${resource.path}: pagination meta, search, sort keys ${Object.keys(resource.sortable).join(', ')}, filters ${Object.keys(resource.filters ?? {}).join(', ') || 'none'}`, async () => {
      const listCase = listCases[resource.path];
      assert.ok(listCase, `no list case for ${resource.path}`);
      const records = listCase.records(references);
      const ids: number[] = [];
      for (const record of records) {
        const created = await context.app.inject({ method: 'POST', url: `/api${resource.path}`, headers: bearer(context.adminToken), payload: record });
        assert.equal(created.statusCode, 201, created.body);
        ids.push((created.json() as { data: { id: number } }).data.id);
      }
      const base = `/api${resource.path}?search=Sortcase`;

      const all = await get(`${base}&per_page=100`);
      assert.deepEqual(all.data.map((row) => row.id).sort(), [...ids].sort(), 'the search finds exactly the three records');
      const first = await get(`${base}&per_page=2&page=1`);
      const second = await get(`${base}&per_page=2&page=2`);
      assert.deepEqual(first.meta, { current_page: 1, per_page: 2, total: 3, last_page: 2 });
      assert.deepEqual(second.meta, { current_page: 2, per_page: 2, total: 3, last_page: 2 });
      assert.equal(first.data.length, 2);
      assert.equal(second.data.length, 1);
      assert.deepEqual([...first.data, ...second.data].map((row) => row.id).sort(), [...ids].sort(), 'the pages do not overlap');
      const nothing = await get(`/api${resource.path}?search=${encodeURIComponent('no such thing anywhere')}`);
      assert.deepEqual(nothing.meta, { current_page: 1, per_page: 25, total: 0, last_page: 1 });

      for (const key of Object.keys(resource.sortable)) {
        const byCreation = key === 'created_at' || key === 'updated_at';
        const values = records.map((record) => String(record[key]));
        if (!byCreation) assert.equal(new Set(values).size, records.length, `${resource.path}: the records need distinct values of ${key}`);
        const expected = records
          .map((_record, index) => index)
          .sort((left, right) => (byCreation ? left - right : values[left]! < values[right]! ? -1 : 1))
          .map((index) => ids[index]);
        const ascending = await get(`${base}&sort=${key}&direction=asc`);
        assert.deepEqual(
          ascending.data.map((row) => row.id),
          expected,
          `${key} asc`,
        );
        const descending = await get(`${base}&sort=${key}&direction=desc`);
        assert.deepEqual(
          descending.data.map((row) => row.id),
          [...expected].reverse(),
          `${key} desc`,
        );
      }

      const filterKeys = Object.keys(resource.filters ?? {});
      assert.deepEqual(Object.keys(listCase.filters ?? {}).sort(), filterKeys.sort(), `${resource.path}: a case for each filter`);
      for (const [key, filter] of Object.entries(listCase.filters ?? {})) {
        const narrowed = await get(`${base}&${key}=${encodeURIComponent(String(filter.value(references)))}&per_page=100`);
        assert.deepEqual(narrowed.data.map((row) => row.id).sort(), filter.keeps.map((index) => ids[index]).sort(), `filter ${key}`);
        assert.equal(narrowed.meta.total, filter.keeps.length);
      }
    });
  }
});
