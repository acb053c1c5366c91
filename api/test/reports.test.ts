import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dataOf, report, type Report, type ReportRow } from '@crm/shared/contract';
import { bearer, createTestContext, type TestContext } from './helpers.ts';
import { assertRefusedFields, insertReportLead, reportFixture, type ReportFixture } from './reportFixture.ts';

/** The rows of groups with a lead (grouped by a period alone, the others are there as zeros). */
const withLeads = (data: Report): ReportRow[] => data.rows.filter((row) => row.received > 0);

/** The rows' keys (labels joined by " / ") → the row. */
const byKeys = (data: Report): Map<string, ReportRow> => new Map(data.rows.map((row) => [row.keys.map((key) => key.value ?? '∅').join(' / '), row]));

describe('GET /reports', () => {
  let context: TestContext;
  let seeded: ReportFixture;

  before(async () => {
    context = await createTestContext();
    seeded = await reportFixture(context.database.pool);
  });
  after(() => context.close());

  const get = (query: string, token = context.adminToken) => context.app.inject({ method: 'GET', url: `/api/reports?${query}`, headers: bearer(token) });

  async function reportOf(query: string): Promise<Report> {
    const response = await get(query);
    assert.equal(response.statusCode, 200, response.body);
    return dataOf(report).parse(response.json()).data;
  }

  test('a Berlin day grouped by affiliate company: every metric per group and the totals', async () => {
    const data = await reportOf('from=2026-03-10&to=2026-03-10&time_zone=Europe/Berlin&group_by=affiliate_company');
    const rows = byKeys(data);
    const { alpha, beta } = seeded.companies;
    assert.deepEqual([...rows.keys()], [String(alpha), String(beta)]);
    const { keys: alphaKeys, ...alphaMetrics } = rows.get(String(alpha))!;
    assert.deepEqual(alphaKeys, [{ value: String(alpha), label: 'Report Alpha', search: { affiliate_company_id: String(alpha) } }]);
    assert.deepEqual(alphaMetrics, {
      received: 4,
      accepted: 3,
      refused: 1,
      refused_by_reason: { DUPLICATE: 1 },
      distributed: 3,
      delivered: 2,
      broker_refused: 1,
      unassigned: 0,
      ftds: 2,
      conversion: 1,
      median_ftd_seconds: 10_800,
    });
    const betaRow = rows.get(String(beta))!;
    assert.deepEqual([betaRow.accepted, betaRow.refused, betaRow.unassigned, betaRow.distributed, betaRow.conversion, betaRow.median_ftd_seconds], [1, 0, 1, 0, null, null]);
    assert.deepEqual(data.totals, {
      received: 5,
      accepted: 4,
      refused: 1,
      refused_by_reason: { DUPLICATE: 1 },
      distributed: 3,
      delivered: 2,
      broker_refused: 1,
      unassigned: 1,
      ftds: 2,
      conversion: 1,
      median_ftd_seconds: 10_800,
    });
    // The range as lead-search parameters: Berlin's midnight (UTC+1 in March) to the millisecond before the next.
    assert.deepEqual(data.search, { created_from: '2026-03-09T23:00:00.000Z', created_to: '2026-03-10T22:59:59.999Z' });
  });

  test('the same day in UTC takes other leads: a day is the user’s local day', async () => {
    const data = await reportOf('from=2026-03-10&to=2026-03-10&time_zone=UTC&group_by=affiliate_company');
    const rows = byKeys(data);
    const alpha = rows.get(String(seeded.companies.alpha))!;
    assert.deepEqual([alpha.accepted, alpha.refused, alpha.delivered, alpha.ftds, alpha.median_ftd_seconds], [2, 1, 1, 1, 14_400]);
    const beta = rows.get(String(seeded.companies.beta))!;
    assert.deepEqual([beta.accepted, beta.refused, beta.refused_by_reason, beta.unassigned], [2, 1, { INVALID: 1 }, 1]);
    assert.deepEqual(data.search, { created_from: '2026-03-10T00:00:00.000Z', created_to: '2026-03-10T23:59:59.999Z' });
  });

  test('two keys: affiliate company × country, a refusal’s country read from what it was sent with', async () => {
    const data = await reportOf('from=2026-03-10&to=2026-03-10&time_zone=Europe/Berlin&group_by=affiliate_company,country');
    const { alpha, beta } = seeded.companies;
    const rows = byKeys(data);
    assert.deepEqual([...rows.keys()].sort(), [`${alpha} / AT`, `${alpha} / DE`, `${beta} / DE`].sort());
    const alphaGermany = rows.get(`${alpha} / DE`)!;
    assert.deepEqual([alphaGermany.accepted, alphaGermany.refused, alphaGermany.delivered, alphaGermany.ftds], [2, 1, 2, 2]);
    assert.deepEqual(alphaGermany.keys[1], { value: 'DE', label: 'Germany', search: { country: 'DE' } });
    assert.deepEqual(rows.get(`${alpha} / AT`)!.broker_refused, 1);
    assert.equal(data.totals.received, 5);
  });

  test('by department and by broker: leads without one form a group of their own, with no search', async () => {
    const { first, second } = seeded.departments;
    const departments = byKeys(await reportOf('from=2026-03-10&to=2026-03-10&time_zone=Europe/Berlin&group_by=department'));
    assert.deepEqual([...departments.keys()], [String(first), String(second), '∅']);
    assert.deepEqual(departments.get(String(first))!.keys[0], { value: String(first), label: 'Report Broker One - Desk A', search: { department_id: String(first) } });
    assert.deepEqual([departments.get('∅')!.accepted, departments.get('∅')!.refused, departments.get('∅')!.keys[0]!.search], [1, 1, null]);
    const brokers = byKeys(await reportOf('from=2026-03-10&to=2026-03-10&time_zone=Europe/Berlin&group_by=broker'));
    const one = brokers.get(String(seeded.brokers.one))!;
    assert.deepEqual([one.accepted, one.keys[0]!.label, one.keys[0]!.search], [2, 'Report Broker One', { department_id: String(first) }]);
  });

  test('by source, language and funnel', async () => {
    const sources = byKeys(await reportOf('from=2026-03-10&to=2026-03-10&time_zone=Europe/Berlin&group_by=source'));
    assert.equal(sources.get(String(seeded.source))!.accepted, 2);
    assert.deepEqual(sources.get(String(seeded.source))!.keys[0]!.search, { source_id: String(seeded.source) });
    const languages = byKeys(await reportOf('from=2026-03-10&to=2026-03-10&time_zone=Europe/Berlin&group_by=language,funnel'));
    assert.equal(languages.get('de / gold-invest')!.accepted, 2);
    assert.deepEqual(languages.get('de / gold-invest')!.keys[1]!.search, { funnel: '"gold-invest"' });
    assert.equal(languages.get('en / ∅')!.accepted, 2);
  });

  test('by hour: local hours, each with its UTC bounds for the lead search', async () => {
    const data = await reportOf('from=2026-03-10&to=2026-03-10&time_zone=Europe/Berlin&group_by=hour');
    assert.equal(data.rows.length, 24);
    assert.deepEqual(
      withLeads(data).map((row) => [row.keys[0]!.value, row.received]),
      [
        ['2026-03-10T00:00', 1],
        ['2026-03-10T10:00', 1],
        ['2026-03-10T11:00', 1],
        ['2026-03-10T13:00', 1],
        ['2026-03-10T23:00', 1],
      ],
    );
    assert.deepEqual(data.rows[0]!.keys[0]!.search, { created_from: '2026-03-09T23:00:00.000Z', created_to: '2026-03-09T23:59:59.999Z' });
  });

  test('by hour across the fall-back to winter time: the repeated hour is two rows, each with a key of its own', async () => {
    // 02:30 summer time (UTC+2), then 02:30 winter time (UTC+1), an hour later.
    await insertReportLead(context.database.pool, { at: '2026-10-25T00:30:00Z', company: seeded.companies.alpha });
    await insertReportLead(context.database.pool, { at: '2026-10-25T01:30:00Z', company: seeded.companies.alpha });
    const data = await reportOf('from=2026-10-25&to=2026-10-25&time_zone=Europe/Berlin&group_by=hour');
    assert.equal(data.rows.length, 25);
    assert.deepEqual(
      withLeads(data).map((row) => [row.keys[0]!.value, row.keys[0]!.label, row.accepted, row.keys[0]!.search]),
      [
        ['2026-10-25T02:00', '2026-10-25 02:00', 1, { created_from: '2026-10-25T00:00:00.000Z', created_to: '2026-10-25T00:59:59.999Z' }],
        ['2026-10-25T02:00 (+01:00)', '2026-10-25 02:00 (+01:00)', 1, { created_from: '2026-10-25T01:00:00.000Z', created_to: '2026-10-25T01:59:59.999Z' }],
      ],
    );
  });

  test('by day across the spring change to summer time: a 23-hour day keeps its own leads', async () => {
    const data = await reportOf('from=2026-03-28&to=2026-03-30&time_zone=Europe/Berlin&group_by=day');
    assert.deepEqual(
      data.rows.map((row) => [row.keys[0]!.value, row.accepted, row.keys[0]!.search]),
      [
        ['2026-03-28', 0, { created_from: '2026-03-27T23:00:00.000Z', created_to: '2026-03-28T22:59:59.999Z' }],
        ['2026-03-29', 1, { created_from: '2026-03-28T23:00:00.000Z', created_to: '2026-03-29T21:59:59.999Z' }],
        ['2026-03-30', 1, { created_from: '2026-03-29T22:00:00.000Z', created_to: '2026-03-30T21:59:59.999Z' }],
      ],
    );
    const utc = await reportOf('from=2026-03-28&to=2026-03-30&time_zone=UTC&group_by=day');
    assert.deepEqual(
      utc.rows.map((row) => [row.keys[0]!.value, row.accepted]),
      [
        ['2026-03-28', 0],
        ['2026-03-29', 2],
        ['2026-03-30', 0],
      ],
    );
  });

  test('by a period alone, every period of the range is a row, zeros included; by a period and a key, only groups with leads', async () => {
    const days = await reportOf('from=2026-03-08&to=2026-03-12&time_zone=Europe/Berlin&group_by=day');
    assert.deepEqual(
      days.rows.map((row) => [row.keys[0]!.value, row.received, row.conversion, row.median_ftd_seconds]),
      [
        ['2026-03-08', 0, null, null],
        ['2026-03-09', 1, null, null],
        ['2026-03-10', 5, 1, 10_800],
        ['2026-03-11', 2, null, null],
        ['2026-03-12', 0, null, null],
      ],
    );
    assert.deepEqual(days.rows[0]!.keys[0]!.search, { created_from: '2026-03-07T23:00:00.000Z', created_to: '2026-03-08T22:59:59.999Z' });
    const byDayAndCountry = await reportOf('from=2026-03-08&to=2026-03-12&time_zone=Europe/Berlin&group_by=day,country');
    assert.ok(byDayAndCountry.rows.every((row) => row.received > 0));
    // A range without a lead has no rows: the screen says so rather than draw zeros.
    assert.deepEqual((await reportOf('from=2027-01-04&to=2027-01-10&time_zone=UTC&group_by=day')).rows, []);
  });

  test('by week (from Monday, the first one cut at the range) and by month × affiliate company', async () => {
    const weeks = await reportOf('from=2026-03-04&to=2026-03-17&time_zone=Europe/Berlin&group_by=week');
    assert.deepEqual(
      weeks.rows.map((row) => [row.keys[0]!.value, row.received]),
      [
        ['2026-03-02', 0],
        ['2026-03-09', 8],
        ['2026-03-16', 0],
      ],
    );
    assert.deepEqual(weeks.rows[1]!.keys[0]!.search, { created_from: '2026-03-08T23:00:00.000Z', created_to: '2026-03-15T22:59:59.999Z' });
    const months = await reportOf('from=2026-02-20&to=2026-03-31&time_zone=Europe/Berlin&group_by=month,affiliate_company');
    const rows = byKeys(months);
    assert.equal(rows.get(`2026-03 / ${seeded.companies.alpha}`)!.accepted, 5);
    assert.equal(rows.get(`2026-02 / ${seeded.companies.alpha}`)!.accepted, 1);
  });

  test('bad input: a 422 naming the field', async () => {
    const cases: [string, string, RegExp][] = [
      ['from=2026-03-10&to=2026-03-10&group_by=colour', 'group_by', /Group by one or two of/],
      ['from=2026-03-10&to=2026-03-10&group_by=day,hour', 'group_by', /at most one of hour/],
      ['from=2026-03-10&to=2026-03-10&group_by=country,country', 'group_by', /two different/],
      ['from=2026-03-10&to=2026-03-10&group_by=day,country,source', 'group_by', /one or two/],
      ['from=2026-03-10&to=2026-03-09&group_by=day', 'to', /must not be before/],
      ['from=2026-01-01&to=2026-03-01&group_by=hour', 'group_by', /at most 31 days/],
      ['from=2026-02-30&to=2026-03-01&group_by=day', 'from', /must be a day/],
      ['from=2026-03-01&to=2026-03-01&group_by=day&time_zone=Mars/Olympus', 'time_zone', /IANA zone/],
      ['to=2026-03-01&group_by=day', 'from', /./],
    ];
    await assertRefusedFields(get, cases);
  });

  test('needs reports.view', async () => {
    assert.equal((await context.app.inject({ method: 'GET', url: '/api/reports?from=2026-03-10&to=2026-03-10&group_by=day' })).statusCode, 401);
    const dashboardOnly = await context.userWith(['dashboard.view']);
    const refused = await get('from=2026-03-10&to=2026-03-10&group_by=day', dashboardOnly.token);
    assert.equal(refused.statusCode, 403);
    const viewer = await context.userWith(['reports.view']);
    assert.equal((await get('from=2026-03-10&to=2026-03-10&group_by=day', viewer.token)).statusCode, 200);
  });
});
