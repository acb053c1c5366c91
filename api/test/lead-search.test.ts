import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { leadSearchQuery, type LeadPage } from '@crm/shared/contract';
import * as tables from '../src/db/schema/index.ts';
import { leadSearchParts, searchLeads, leadSearchPlan, leadSearchSql, leadSearchStatements, runLeadSearchDirectly, type LeadSearchPlan } from '../src/modules/leads/search/index.ts';
import { leadPageColumns } from '../src/modules/leads/search/sql.ts';
import { bearer, createTestContext, type TestContext } from './helpers.ts';

type Invalid = { message: string; errors: Record<string, string[]> };
type LeadInsert = typeof tables.leads.$inferInsert;

describe('GET /lead: the lead search', () => {
  let context: TestContext;
  const ids: Record<string, number> = {};
  let statusIds: number[] = [];
  let sourceA: number;
  let sourceB: number;
  let vip: number;
  let cold: number;
  let acme: number;
  let mainDepartment: number;
  let secondDepartment: number;

  const get = (query: string, token = context.adminToken) => context.app.inject({ method: 'GET', url: `/api/lead${query}`, headers: bearer(token) });
  async function page(query: string): Promise<LeadPage> {
    const response = await get(query);
    assert.equal(response.statusCode, 200, `${query}: ${response.body}`);
    return response.json() as LeadPage;
  }
  /** The lead names a query finds, in the order returned (the fixtures below, plus the bulk leads of the last test). */
  const names = async (query: string) => (await page(query)).data.map((lead) => lead.name);
  const sortedNames = async (query: string) => (await names(query)).sort();

  async function insertLead(key: string, values: Omit<LeadInsert, 'lead_id'>): Promise<void> {
    const [row] = await context.database.db
      .insert(tables.leads)
      .values({ lead_id: `S-${key}`, ...values })
      .returning({ id: tables.leads.id });
    ids[key] = row!.id;
  }

  before(async () => {
    context = await createTestContext();
    const db = context.database.db;
    const statusRows = await db.execute<{ id: number }>(sql`select id from statuses where class = 'lead' order by id limit 3`);
    statusIds = statusRows.rows.map((row) => Number(row.id));
    assert.equal(statusIds.length, 3, 'the seed has lead statuses');
    const [s0, s1, s2] = statusIds as [number, number, number];
    [sourceA, sourceB] = (
      await db
        .insert(tables.sources)
        .values([{ name: 'Search source A' }, { name: 'Search source B' }])
        .returning()
    ).map((row) => row.id) as [number, number];
    [vip, cold] = (
      await db
        .insert(tables.tags)
        .values([{ name: 'vip' }, { name: 'cold' }])
        .returning()
    ).map((row) => row.id) as [number, number];
    const [zeta] = (
      await db
        .insert(tables.affiliateCompanies)
        .values([{ name: 'Zeta Media' }])
        .returning()
    ).map((row) => row.id) as [number];
    [acme] = (
      await db
        .insert(tables.affiliateCompanies)
        .values([{ name: 'Acme Affiliates' }])
        .returning()
    ).map((row) => row.id) as [number];
    const [broker] = await db.insert(tables.brokers).values({ name: 'BrokerX' }).returning();
    await db.insert(tables.brokerAffiliateCompanies).values([zeta, acme].map((company) => ({ broker_id: broker!.id, affiliate_company_id: company })));
    [mainDepartment, secondDepartment] = (
      await db
        .insert(tables.brokerDepartments)
        .values([
          { broker_id: broker!.id, branch_name: 'Main' },
          { broker_id: broker!.id, branch_name: 'Second' },
        ])
        .returning()
    ).map((row) => row.id) as [number, number];

    await insertLead('alice', {
      name: 'Alice',
      surname: 'Wonder',
      email: 'alice.wonder@example.com',
      phone: '+44 20 7946 0958',
      phone_normalized: '+442079460958',
      country: 'GB',
      language: 'en',
      funnel: 'Crypto Funnel',
      source_id: sourceA,
      status_id: s0,
      original_status_id: s1,
      affiliate_company_id: acme,
      last_broker_department_id: mainDepartment,
      last_sent_at: new Date('2024-03-10T08:00:00Z'),
      api_ftd_at: new Date('2024-03-15T10:00:00Z'),
      deposit_exists: true,
      is_fresh: false,
      purchase_amount: '250.50',
      created_at: new Date('2024-01-10T12:00:00Z'),
    });
    await insertLead('bob', {
      name: 'Bob',
      surname: 'Builder',
      email: 'bob@builder.io',
      phone_normalized: '+14155550100',
      country: 'US',
      language: 'de',
      funnel: 'Forex',
      source_id: sourceB,
      status_id: s1,
      original_status_id: s0,
      created_at: new Date('2024-01-11T23:59:59Z'),
    });
    await insertLead('carol', {
      name: 'Carol',
      surname: 'Singer',
      email: 'carol_s@example.com',
      country: 'DE',
      language: 'fr',
      source_id: sourceA,
      status_id: s2,
      last_broker_department_id: secondDepartment,
      last_sent_at: new Date('2024-02-01T00:00:00Z'),
      api_ftd_at: new Date('2024-02-05T00:00:00Z'),
      created_at: new Date('2024-01-12T00:00:00Z'),
    });
    await insertLead('dave', { name: 'Dave', email: 'a%b@example.com', country: 'FR', created_at: new Date('2024-02-01T09:00:00Z') });
    await insertLead('eve', { name: 'Eve', phone_normalized: '+33612345678', country: 'FR', created_at: new Date('2024-02-02T09:00:00Z') });
    await db.insert(tables.leadTags).values([
      { lead_id: ids['alice']!, tag_id: vip },
      { lead_id: ids['bob']!, tag_id: cold },
      { lead_id: ids['carol']!, tag_id: vip },
      { lead_id: ids['carol']!, tag_id: cold },
    ]);
  });
  after(() => context.close());

  test('lists every lead, newest first, with its source, status, tags and last department', async () => {
    const result = await page('');
    assert.deepEqual(
      result.data.map((lead) => lead.name),
      ['Eve', 'Dave', 'Carol', 'Bob', 'Alice'],
    );
    assert.deepEqual(result.meta, { current_page: 1, per_page: 25, total: 5, last_page: 1, total_estimated: false, total_lower_bound: false });
    const alice = result.data.find((lead) => lead.name === 'Alice')!;
    const status = await context.database.db.execute<{ name: string; bg_color: string; text_color: string }>(
      sql`select name, bg_color, text_color from statuses where id = ${statusIds[0]!}`,
    );
    assert.deepEqual(alice.status, { id: statusIds[0], ...status.rows[0] });
    assert.deepEqual(alice.source, { id: sourceA, name: 'Search source A' });
    assert.deepEqual(alice.tags, [{ id: vip, name: 'vip' }]);
    // The department's label: the broker label (its companies by name) and the branch.
    assert.deepEqual(alice.last_department, { id: mainDepartment, label: 'BrokerX - Acme Affiliates, Zeta Media - Main' });
    assert.equal(alice.lead_id, 'S-alice');
    assert.equal(alice.purchase_amount, '250.50');
    assert.equal(alice.last_sent_at, '2024-03-10T08:00:00.000Z');
    assert.equal(alice.api_ftd_at, '2024-03-15T10:00:00.000Z');
    assert.equal(alice.created_at, '2024-01-10T12:00:00.000Z');
    assert.equal(alice.deposit_exists, true);
    assert.equal(alice.is_fresh, false);
    const carol = result.data.find((lead) => lead.name === 'Carol')!;
    assert.deepEqual(
      carol.tags.map((tag) => tag.name),
      ['cold', 'vip'],
      'tags by name',
    );
    const eve = result.data.find((lead) => lead.name === 'Eve')!;
    assert.equal(eve.source, null);
    assert.equal(eve.status, null);
    assert.equal(eve.last_department, null);
    assert.deepEqual(eve.tags, []);
  });

  test('free text of 3+ characters matches anywhere in name, surname, email or phone, case-insensitively', async () => {
    assert.deepEqual(await names('?search=WONDER'), ['Alice']);
    assert.deepEqual(await names('?search=uild'), ['Bob']);
    assert.deepEqual(await sortedNames('?search=example.com'), ['Alice', 'Carol', 'Dave']);
    assert.deepEqual(await names('?search=%2B44%2020%207946'), ['Alice'], 'a phone typed with spaces matches the E.164 form');
    assert.deepEqual(await names('?search=612345'), ['Eve']);
    assert.deepEqual(await names('?search=nobody-here'), []);
    assert.deepEqual(await names('?search=Alice.Wonder@example.com'), ['Alice'], 'a whole email');
    assert.deepEqual(await names('?search=alice.wonder@example.org'), [], 'the index looks up the local part, and the whole text still decides');
    // The index reads the text without its dots, @, underscores, dashes, pluses and apostrophes; the text decides.
    assert.deepEqual(await names('?search=e.won'), ['Alice'], 'across a dot');
    assert.deepEqual(await names('?search=carol_s@ex'), ['Carol'], 'across an underscore and an @');
    assert.deepEqual(await names('?search=cewon'), [], "'alicewonder' is how the index reads alice.wonder, not the text");
  });

  test('free text shaped like a public lead id also finds that lead by its id', async () => {
    const [row] = await context.database.db.insert(tables.leads).values({ lead_id: 'D0000000777', name: 'Pasted' }).returning({ id: tables.leads.id });
    try {
      assert.deepEqual(
        (await page('?search=d0000000777')).data.map((lead) => lead.name),
        ['Pasted'],
      );
      assert.deepEqual(
        (await page('?search=D0000000777')).data.map((lead) => lead.name),
        ['Pasted'],
      );
      assert.deepEqual((await page('?search=D000000077')).data, [], 'the whole id, not a part of it');
    } finally {
      await context.database.db.delete(tables.leads).where(eq(tables.leads.id, row!.id));
    }
  });

  test('free text of 1–2 characters matches as an email prefix', async () => {
    assert.deepEqual(await names('?search=bo'), ['Bob']);
    assert.deepEqual(await sortedNames('?search=A'), ['Alice', 'Dave']);
    assert.deepEqual(await names('?search=ob'), [], "'ob' is inside bob@… but is no prefix");
    assert.deepEqual(await names('?search=b.o'), [], 'two letters and a dot are short too: no email starts with b.o');
    assert.deepEqual(await names('?search=car'), ['Carol'], 'three letters are a substring');
  });

  test('LIKE pattern characters in the text are matched literally', async () => {
    assert.deepEqual(await names('?search=a%25b'), ['Dave']);
    assert.deepEqual(await names('?search=%25'), []);
    assert.deepEqual(await names('?search=ol_s'), ['Carol']);
    assert.deepEqual(await names('?email=a%25'), ['Dave']);
    assert.deepEqual(await names('?email=_'), []);
  });

  test('email is a case-insensitive prefix', async () => {
    assert.deepEqual(await names('?email=ALICE'), ['Alice']);
    assert.deepEqual(await names('?email=alice.wonder@example.com'), ['Alice']);
    assert.deepEqual(await names('?email=wonder'), []);
  });

  test('status, original status, source, affiliate company and department filters take one id or a list', async () => {
    const [s0, s1, s2] = statusIds as [number, number, number];
    assert.deepEqual(await names(`?status_id=${s0}`), ['Alice']);
    assert.deepEqual(await sortedNames(`?status_id=${s0},${s1}`), ['Alice', 'Bob']);
    assert.deepEqual(await sortedNames(`?status_id=${s0}&status_id=${s2}`), ['Alice', 'Carol'], 'a repeated key');
    assert.deepEqual(await names(`?original_status_id=${s0}`), ['Bob']);
    assert.deepEqual(await sortedNames(`?source_id=${sourceA}`), ['Alice', 'Carol']);
    assert.deepEqual(await sortedNames(`?source_id=${sourceA},${sourceB}`), ['Alice', 'Bob', 'Carol']);
    assert.deepEqual(await names(`?affiliate_company_id=${acme}`), ['Alice']);
    assert.deepEqual(await names(`?department_id=${mainDepartment}`), ['Alice']);
    assert.deepEqual(await sortedNames(`?department_id=${mainDepartment},${secondDepartment}`), ['Alice', 'Carol']);
  });

  test('tags match leads holding any of the given tags, each lead once', async () => {
    assert.deepEqual(await sortedNames(`?tag_id=${vip}`), ['Alice', 'Carol']);
    assert.deepEqual(await sortedNames(`?tag_id=${vip},${cold}`), ['Alice', 'Bob', 'Carol']);
    // One tag alone is counted on lead_tags; with anything else, on leads: both give the same totals.
    assert.equal((await page(`?tag_id=${vip}`)).meta.total, 2);
    assert.equal((await page(`?tag_id=${cold}&country=US`)).meta.total, 1);
    assert.equal((await page(`?tag_id=${vip},${cold}`)).meta.total, 3);
  });

  test('country, language and funnel', async () => {
    assert.deepEqual(await names('?country=gb'), ['Alice']);
    assert.deepEqual(await sortedNames('?country=GB,US'), ['Alice', 'Bob']);
    assert.deepEqual(await names('?language=EN'), ['Alice']);
    assert.deepEqual(await sortedNames('?language=de,fr'), ['Bob', 'Carol']);
    assert.deepEqual(await names('?funnel=crypto'), ['Alice']);
    // In double quotes, that funnel exactly (a report's funnel row links so): not a part of it, nor another case.
    assert.deepEqual(await names(`?funnel=${encodeURIComponent('"Crypto Funnel"')}`), ['Alice']);
    assert.deepEqual(await names(`?funnel=${encodeURIComponent('"Crypto"')}`), []);
    assert.deepEqual(await names(`?funnel=${encodeURIComponent('"crypto funnel"')}`), []);
    assert.deepEqual(await names('?funnel=100%25'), []);
  });

  test('created and FTD ranges: a date-only upper bound takes in the whole day', async () => {
    assert.deepEqual(await sortedNames('?created_from=2024-01-11&created_to=2024-01-11'), ['Bob']);
    assert.deepEqual(await sortedNames('?created_to=2024-01-11'), ['Alice', 'Bob']);
    assert.deepEqual(await sortedNames('?created_to=2024-01-11T12:00:00Z'), ['Alice'], 'a date-time bound is exact');
    assert.deepEqual(await sortedNames('?created_from=2024-01-12'), ['Carol', 'Dave', 'Eve']);
    assert.deepEqual(await names('?ftd_from=2024-03-01'), ['Alice']);
    assert.deepEqual(await names('?ftd_to=2024-02-05'), ['Carol']);
    assert.deepEqual(await sortedNames('?ftd_from=2024-02-01&ftd_to=2024-03-31'), ['Alice', 'Carol']);
  });

  test('a range that starts and ends on the same day is not reversed', async () => {
    assert.equal((await get('?created_from=2026-03-01&created_to=2026-03-01')).statusCode, 200);
    assert.equal((await get('?created_from=2026-03-01T23:00:00Z&created_to=2026-03-01')).statusCode, 200);
  });

  test('deposit, fresh and sent flags', async () => {
    assert.deepEqual(await names('?has_deposit=true'), ['Alice']);
    assert.deepEqual(await sortedNames('?has_deposit=0'), ['Bob', 'Carol', 'Dave', 'Eve']);
    assert.deepEqual(await names('?is_fresh=false'), ['Alice']);
    assert.deepEqual(await sortedNames('?sent=sent'), ['Alice', 'Carol']);
    assert.deepEqual(await sortedNames('?sent=not_sent'), ['Bob', 'Dave', 'Eve']);
    assert.deepEqual(await names(`?sent=sent&tag_id=${cold}&country=de`), ['Carol'], 'filters combine');
  });

  test('sorting on each key, id breaking ties, leads without the date last', async () => {
    assert.deepEqual(await names('?sort=id&direction=asc'), ['Alice', 'Bob', 'Carol', 'Dave', 'Eve']);
    assert.deepEqual(await names('?sort=created_at&direction=asc'), ['Alice', 'Bob', 'Carol', 'Dave', 'Eve']);
    assert.deepEqual((await names('?sort=api_ftd_at&direction=desc')).slice(0, 2), ['Alice', 'Carol']);
    assert.deepEqual((await names('?sort=api_ftd_at&direction=asc')).slice(0, 2), ['Carol', 'Alice']);
    assert.deepEqual(await names('?sort=last_sent_at&direction=desc'), ['Alice', 'Carol', 'Eve', 'Dave', 'Bob']);
  });

  test('pages', async () => {
    const second = await page('?per_page=2&page=2&sort=id&direction=asc');
    assert.deepEqual(
      second.data.map((lead) => lead.name),
      ['Carol', 'Dave'],
    );
    assert.deepEqual(second.meta, { current_page: 2, per_page: 2, total: 5, last_page: 3, total_estimated: false, total_lower_bound: false });
    const beyond = await page('?per_page=2&page=9');
    assert.deepEqual(beyond.data, []);
    assert.equal(beyond.meta.total, 5);
  });

  test('bad parameters are a 422 naming the parameter', async () => {
    for (const [query, field] of [
      ['?status_id=abc', 'status_id'],
      ['?status_id=0', 'status_id'],
      ['?tag_id=1,x', 'tag_id'],
      ['?created_from=yesterday', 'created_from'],
      ['?ftd_to=2024-13-45', 'ftd_to'],
      // Days that do not exist: Date.parse rolls them over to the next month.
      ['?created_to=2026-11-31', 'created_to'],
      ['?created_from=2026-02-30T08:00:00Z', 'created_from'],
      ['?sort=name', 'sort'],
      ['?direction=up', 'direction'],
      ['?per_page=1000', 'per_page'],
      ['?page=0', 'page'],
      ['?has_deposit=maybe', 'has_deposit'],
      ['?sent=yes', 'sent'],
      [`?search=${'x'.repeat(300)}`, 'search'],
      ['?email=a%00b', 'email'],
      ['?funnel=%00', 'funnel'],
      ['?country=G%00', 'country'],
      ['?created_from=2026-03-02&created_to=2026-03-01', 'created_to'],
      ['?ftd_from=2026-03-01T10:00:00Z&ftd_to=2026-03-01T09:59:59Z', 'ftd_to'],
    ] as const) {
      const response = await get(query);
      assert.equal(response.statusCode, 422, `${query}: ${response.body}`);
      const fields = Object.keys((response.json() as Invalid).errors);
      assert.ok(
        fields.some((name) => name === field || name.startsWith(`${field}.`)),
        `${query} names ${field}: ${response.body}`,
      );
    }
  });

  test('needs lead.view', async () => {
    const outsider = await context.userWith(['lead.single.view']);
    const refused = await get('', outsider.token);
    assert.equal(refused.statusCode, 403);
    assert.deepEqual(refused.json(), { message: 'No permission' });
    assert.equal((await context.app.inject({ method: 'GET', url: '/api/lead' })).statusCode, 401);
    const viewer = await context.userWith(['lead.view']);
    assert.equal((await get('', viewer.token)).statusCode, 200);
  });

  test('leadSearchSql renders the page rows the route wraps with their relations (past the first pages, their ids), and runs directly with the same result', async () => {
    const input = { status_id: `${statusIds[0]},${statusIds[2]}`, sort: 'api_ftd_at', per_page: '10' };
    const query = leadSearchQuery.parse(input);
    const routeQuery = (columns: Parameters<typeof context.database.db.select>[0], parts = leadSearchParts(query)) =>
      context.database.db
        .select(columns)
        .from(tables.leads)
        .where(parts.where)
        .orderBy(...parts.orderBy)
        .limit(parts.limit)
        .offset(parts.offset)
        .toSQL();
    const rendered = new PgDialect().sqlToQuery(leadSearchSql(query).rows);
    assert.equal(rendered.sql, routeQuery(leadPageColumns).sql);
    assert.deepEqual(rendered.params, routeQuery(leadPageColumns).params);
    const pageSql = (plan: LeadSearchPlan) => (plan.kind === 'together' ? new PgDialect().sqlToQuery(plan.page).sql : assert.fail('the plain plan'));
    assert.ok(pageSql(leadSearchPlan(query)).includes(`from (${routeQuery(leadPageColumns).sql}) as "leads"`), 'one statement: the page rows and their relations');
    // Past 250 skipped leads the page's ids come first, and only their rows are read.
    const deep = leadSearchQuery.parse({ ...input, page: '26' });
    assert.ok(pageSql(leadSearchPlan(deep)).includes(`where "leads"."id" = any(array(${routeQuery({ id: tables.leads.id }, leadSearchParts(deep)).sql}))) as "leads"`));
    const shallower = { ...deep, page: 25 };
    assert.ok(pageSql(leadSearchPlan(shallower)).includes(`from (${routeQuery(leadPageColumns, leadSearchParts(shallower)).sql}) as "leads"`), '240 skipped: the rows in order');
    const statements = leadSearchStatements(leadSearchQuery.parse({ search: 'example.com' }));
    assert.match(statements.count.text, /limit \$\d+\)\) as capped$/);
    assert.ok(statements.count.values.includes(1_001), 'a free-text substring counts at most 1,000 + 1 rows');

    const direct = await runLeadSearchDirectly(context.database.pool, query);
    const api = await page('?status_id=' + `${statusIds[0]},${statusIds[2]}` + '&sort=api_ftd_at&per_page=10');
    assert.notEqual(api.data.length, 0);
    assert.equal(JSON.stringify(direct.data), JSON.stringify(api.data), 'the direct run gives the very list items the API answers');
    assert.deepEqual(direct.meta, api.meta);
  });

  test('the free text, email, tag and default order can be served by their indexes', async () => {
    const client = await context.database.pool.connect();
    try {
      await client.query('set enable_seqscan = off');
      // The counts, whose plans do not depend on ordering: on a table this small the planner may read the page off
      // the created_at index instead, as it does at a million rows for frequent terms.
      const plan = async (params: Record<string, string>, kind: 'rows' | 'count' = 'count') => {
        const statement = leadSearchStatements(leadSearchQuery.parse(params))[kind];
        const result = await client.query<{ 'QUERY PLAN': string }>(`explain ${statement.text}`, statement.values);
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      };
      const fetchPlan = async (params: Record<string, string>) => {
        const fetch = leadSearchPlan(leadSearchQuery.parse(params));
        assert.ok(fetch.kind === 'fetch-first');
        const rendered = new PgDialect().sqlToQuery(fetch.fetch);
        const result = await client.query<{ 'QUERY PLAN': string }>(`explain ${rendered.sql}`, rendered.params);
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      };
      assert.match(await fetchPlan({ search: 'wonder' }), /leads_search_compact_trgm_idx/);
      assert.match(await fetchPlan({ search: 'j.smith' }), /Index Cond: \(translate\(search_text, [^)]*\) ~~ '%jsmith%'::text\)/, 'looked up without the dot');
      assert.match(await fetchPlan({ email: 'alice' }), /leads_email_idx/, 'an email prefix fetches its matches off the email index');
      const wholeEmail = await fetchPlan({ search: 'alice.wonder@example.com' });
      assert.match(wholeEmail, /Index Cond: \(translate\(search_text, [^)]*\) ~~ '%alicewonder%'::text\)/, "a whole email's local part is looked up, not its domain");
      assert.match(await plan({ email: 'alice' }), /leads_email_idx/);
      assert.match(await plan({ search: 'al' }), /leads_email_idx/);
      assert.match(await plan({ tag_id: String(vip) }), /lead_tags_tag_idx/);
      assert.match(await plan({}, 'rows'), /leads_created_idx/);
    } finally {
      await client.query('reset enable_seqscan');
      client.release();
    }
  });

  test('counted past the cap where the statistics say fewer leads, the total is cap + 1 and says it is a lower bound', async () => {
    const pool = context.database.pool;
    await pool.query('analyze leads');
    // Statistics as if the table were empty: every estimate is one lead, the five fixtures are counted.
    await pool.query(`update pg_class set reltuples = 0 where oid = 'leads'::regclass`);
    try {
      for (const params of [{}, { created_to: '2999-12-31' }]) {
        const lowerBound = await searchLeads(context.database.db, leadSearchQuery.parse({ ...params, per_page: '2' }), { cap: 3 });
        assert.deepEqual(lowerBound.meta, { current_page: 1, per_page: 2, total: 4, last_page: 2, total_estimated: true, total_lower_bound: true }, JSON.stringify(params));
        assert.equal(lowerBound.data.length, 2);
        const counted = await searchLeads(context.database.db, leadSearchQuery.parse({ ...params, per_page: '2' }), { cap: 5 });
        assert.deepEqual(counted.meta, { current_page: 1, per_page: 2, total: 5, last_page: 3, total_estimated: false, total_lower_bound: false }, JSON.stringify(params));
      }
    } finally {
      await pool.query('analyze leads');
    }
  });

  test('past the exact-count cap the total is the planner estimate and says so (1,000 for a free-text substring)', async () => {
    const cap = 10_000;
    // Cheaply more than the cap: one set-based insert.
    await context.database.pool.query(
      `insert into leads (lead_id, name, email, funnel, created_at)
       select 'bulk-' || g, 'Bulk ' || g, 'bulk' || g || '@mass.test', 'bulk', timestamptz '2023-01-01' + g * interval '1 second'
       from generate_series(1, ${cap + 50}) as g`,
    );
    await context.database.pool.query('analyze leads');
    const estimated = await page('?funnel=bulk');
    assert.equal(estimated.meta.total_estimated, true);
    assert.ok(estimated.meta.total > cap, `an estimate past the cap, got ${estimated.meta.total}`);
    assert.equal(estimated.meta.last_page, Math.ceil(estimated.meta.total / 25));
    assert.equal(estimated.data.length, 25);
    assert.equal(estimated.data[0]!.name, `Bulk ${cap + 50}`, 'newest first');

    const under = await page('?search=bulk1000');
    assert.equal(under.meta.total_estimated, false);
    assert.equal(under.meta.total, 11, 'bulk1000@ and bulk10000@ … bulk10009@');
    // 1,000 substring matches are all fetched: the exact total, and the page sorted from them.
    const atCap = await page('?search=bulk2&created_from=2023-01-01T00:33:20Z&per_page=5');
    assert.deepEqual(atCap.meta, { current_page: 1, per_page: 5, total: 1000, last_page: 200, total_estimated: false, total_lower_bound: false }, 'bulk2000@ … bulk2999@');
    assert.deepEqual(
      atCap.data.map((lead) => lead.name),
      ['Bulk 2999', 'Bulk 2998', 'Bulk 2997', 'Bulk 2996', 'Bulk 2995'],
    );
    // 1,162 substring matches: past the cap, estimated, and the page read down the created_at order.
    const between = await page('?search=bulk1&per_page=5');
    assert.equal(between.meta.total_estimated, true);
    assert.ok(between.meta.total > 1_000);
    assert.deepEqual(
      between.data.map((lead) => lead.name),
      ['Bulk 10050', 'Bulk 10049', 'Bulk 10048', 'Bulk 10047', 'Bulk 10046'],
    );
    // 1,111 matches, none among the newest 8,000 leads: the walk over the newest 50,000 finds a page of one (the whole
    // table here); a deep page is walked whole; with statements one at a time the whole walk is the only one.
    for (const sideBySide of [true, false]) {
      const old = await searchLeads(context.database.db, leadSearchQuery.parse({ search: 'bulk2', per_page: '1' }), { sideBySide });
      assert.equal(old.meta.total_estimated, true);
      assert.deepEqual(
        old.data.map((lead) => lead.name),
        ['Bulk 2999'],
        `side by side: ${sideBySide}`,
      );
      const deep = await searchLeads(context.database.db, leadSearchQuery.parse({ search: 'bulk2', per_page: '10', page: '101' }), { sideBySide });
      assert.deepEqual(
        deep.data.map((lead) => lead.name),
        ['Bulk 299', 'Bulk 298', 'Bulk 297', 'Bulk 296', 'Bulk 295', 'Bulk 294', 'Bulk 293', 'Bulk 292', 'Bulk 291', 'Bulk 290'],
      );
    }
    const substringPlan = (params: Record<string, string>) => leadSearchPlan(leadSearchQuery.parse({ search: 'bulk', ...params }));
    const plain = substringPlan({});
    assert.ok(plain.kind === 'fetch-first' && plain.boundedWalk !== undefined, 'a substring alone walks the newest leads beside the fetch');
    for (const params of [{ sort: 'id' }, { status_id: '1' }, { search: 'l4821937705' }, { page: '2' }] as Record<string, string>[]) {
      const plan = substringPlan(params);
      assert.ok(plan.kind === 'fetch-first' && plan.boundedWalk === undefined, `${JSON.stringify(params)}: no walk of the newest leads (it would read the rows, or not be a first page)`);
    }

    const everything = await page('?per_page=100');
    assert.equal(everything.meta.total_estimated, true);
    assert.ok(Math.abs(everything.meta.total - (cap + 55)) < (cap + 55) * 0.2, `the table statistics give about ${cap + 55}, got ${everything.meta.total}`);
    assert.equal(everything.meta.last_page, Math.ceil(everything.meta.total / 100));
    // Unfiltered and more than twice the cap by the table statistics: the statistics give the total, nothing is counted.
    const fromStatistics = await searchLeads(context.database.db, leadSearchQuery.parse({ per_page: '10' }), { cap: 1_000 });
    assert.equal(fromStatistics.meta.total_estimated, true);
    assert.ok(Math.abs(fromStatistics.meta.total - (cap + 55)) < (cap + 55) * 0.2, `about ${cap + 55}, got ${fromStatistics.meta.total}`);
    assert.equal(fromStatistics.data.length, 10);

    const [bulkTag] = await context.database.db.insert(tables.tags).values({ name: 'bulk tag' }).returning();
    await context.database.pool.query(`insert into lead_tags (lead_id, tag_id) select id, $1 from leads where funnel = 'bulk'`, [bulkTag!.id]);
    const tagged = await page(`?tag_id=${bulkTag!.id}`);
    assert.equal(tagged.meta.total_estimated, true, 'a single tag is estimated past the cap too');
    assert.ok(tagged.meta.total > cap);
    assert.equal(tagged.data[0]!.name, `Bulk ${cap + 50}`);

    // Email prefixes fetch their matches up to the cap and sort the page from them (exact total), and past it walk the
    // created_at order (estimated): either way the same page as the plain query would give.
    for (const [email, matches] of [
      ['bulk1', 1 + 10 + 100 + 1000 + 51],
      ['bulk', 'estimated'],
    ] as const) {
      for (const query of [`?email=${email}`, `?email=${email}&page=3&per_page=7`, `?email=${email}&sort=id&direction=asc&per_page=5`, `?email=${email}&sort=api_ftd_at`]) {
        const result = await page(query);
        if (matches === 'estimated') assert.ok(result.meta.total_estimated && result.meta.total > cap, query);
        else assert.equal(result.meta.total, matches, query);
        const params = Object.fromEntries(new URLSearchParams(query.slice(1)));
        const plain = await context.database.pool.query<{ id: number }>(
          leadSearchStatements(leadSearchQuery.parse(params)).rows.text,
          leadSearchStatements(leadSearchQuery.parse(params)).rows.values,
        );
        assert.deepEqual(
          result.data.map((lead) => lead.id),
          plain.rows.map((row) => row.id),
          `${query} pages like the plain query`,
        );
        const direct = await runLeadSearchDirectly(context.database.pool, leadSearchQuery.parse(params));
        assert.deepEqual(
          direct.data.map((lead) => lead.id),
          plain.rows.map((row) => row.id),
        );
        assert.deepEqual(direct.meta, result.meta, 'the direct run totals as the API does: counted, or estimated past the cap');
      }
    }
    // Deep pages of the plain plan find their ids first: the same page, in the same order, as the plain query.
    for (const query of ['?page=300', '?funnel=bulk&page=41&per_page=20', '?sort=id&direction=asc&page=12', '?sort=last_sent_at&page=15', `?created_from=2023-01-01T01:00:00Z&page=20`]) {
      const params = Object.fromEntries(new URLSearchParams(query.slice(1)));
      const plan = leadSearchPlan(leadSearchQuery.parse(params));
      assert.ok(plan.kind === 'together' && new PgDialect().sqlToQuery(plan.page).sql.includes('= any(array('), `${query}: ids first`);
      const plain = leadSearchStatements(leadSearchQuery.parse(params)).rows;
      const expected = (await context.database.pool.query<{ id: number }>(plain.text, plain.values)).rows.map((row) => row.id);
      assert.equal(expected.length > 0, true, query);
      assert.deepEqual(
        (await page(query)).data.map((lead) => lead.id),
        expected,
        `${query} pages like the plain query`,
      );
    }
    // Both page plans read every column any filter names (the walk carries only those).
    const allFilters = leadSearchQuery.parse({
      email: 'bulk',
      search: 'ulk',
      status_id: '1',
      original_status_id: '1',
      source_id: '1',
      tag_id: '1',
      country: 'GB',
      language: 'en',
      funnel: 'bulk',
      affiliate_company_id: '1',
      department_id: '1',
      created_from: '2020-01-01',
      created_to: '2030-01-01',
      ftd_from: '2020-01-01',
      ftd_to: '2030-01-01',
      has_deposit: 'false',
      is_fresh: 'true',
      sent: 'not_sent',
    });
    const plan = leadSearchPlan(allFilters);
    assert.ok(plan.kind === 'fetch-first');
    assert.deepEqual((await context.database.db.execute(plan.fetch)).rows, [{ total: 0, ids: [] }]);
    assert.deepEqual((await context.database.db.execute(plan.walk)).rows, []);
    assert.equal(leadSearchPlan(leadSearchQuery.parse({ search: 'bu' })).kind, 'fetch-first', 'a short text is an email prefix too');
    assert.equal(leadSearchPlan(leadSearchQuery.parse({ search: 'bulk' })).kind, 'fetch-first', 'a substring fetches its matches first');
    assert.equal(leadSearchPlan(leadSearchQuery.parse({ funnel: 'bulk' })).kind, 'together');
    // Far past the cap by the estimate (a sample of a thousand values of the free text, close): walked, nothing counted.
    const dense = await page('?search=ulk&per_page=3');
    assert.deepEqual(
      dense.data.map((lead) => lead.name),
      [`Bulk ${cap + 50}`, `Bulk ${cap + 49}`, `Bulk ${cap + 48}`],
      'many substring matches: the created_at walk',
    );
    assert.equal(dense.meta.total_estimated, true);
    assert.ok(Math.abs(dense.meta.total - (cap + 50)) < (cap + 50) * 0.1, `about ${cap + 50}, got ${dense.meta.total}`);
    assert.deepEqual(
      (await page('?search=bulk1000&per_page=3')).data.map((lead) => lead.name),
      ['Bulk 10009', 'Bulk 10008', 'Bulk 10007'],
      'few substring matches: fetched and sorted',
    );
    assert.deepEqual(
      (await page('?search=bu&per_page=3')).data.map((lead) => lead.name),
      [`Bulk ${cap + 50}`, `Bulk ${cap + 49}`, `Bulk ${cap + 48}`],
    );

    const lowCap = leadSearchSql(leadSearchQuery.parse({ funnel: 'bulk' }), { cap: 5 });
    const counted = await context.database.db.execute<{ total: number }>(lowCap.count);
    assert.equal(Number(counted.rows[0]!.total), 6, 'the count reads one row past the cap, no more');

    // Statistics that still count deleted leads: the estimate says thousands, the walk finds too few, the fetch counts.
    await context.database.pool.query(`delete from leads where funnel = 'bulk' and name <> 'Bulk 5'`);
    for (const sideBySide of [true, false]) {
      const stale = await searchLeads(context.database.db, leadSearchQuery.parse({ search: 'ulk' }), { sideBySide });
      assert.deepEqual(
        { ...stale.meta, names: stale.data.map((lead) => lead.name) },
        { current_page: 1, per_page: 25, total: 1, last_page: 1, total_estimated: false, total_lower_bound: false, names: ['Bulk 5'] },
      );
    }
  });
});
