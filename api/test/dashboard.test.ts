import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dashboardStatistics, dataOf, type DashboardCardKey, type DashboardStatistics } from '@crm/shared/contract';
import { bearer, createTestContext, type TestContext } from './helpers.ts';

type LeadSeed = { at: string; email?: string | null; phone?: string | null; ftdAt?: string; department?: number };
type SendState = 'success' | 'failure' | 'queued' | 'sending';

const zeros = [0, 0, 0, 0, 0, 0, 0];

describe('GET /dashboard/statistics', () => {
  let context: TestContext;
  let sequence = 0;
  let carrierLeadId: number;
  const departments = { alpha: 0, omega: 0, previousOnly: 0, queuedOnly: 0 };

  const pool = () => context.database.pool;

  async function insertLeads(rows: readonly LeadSeed[]): Promise<number[]> {
    // One statement, as an import writes a batch; an FTD with the report its department's broker sent.
    const result = await pool().query<{ id: number }>(
      `with inserted as (
         insert into leads (lead_id, email, phone_normalized, created_at, updated_at, api_ftd_at, last_broker_department_id)
         select lead_id, email, phone, at, at, ftd, department
           from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::int4[]) with ordinality
                as t(lead_id, email, phone, at, ftd, department, position)
          order by position
         returning id, api_ftd_at, last_broker_department_id),
       reported as (insert into lead_broker_histories (lead_id, broker_department_id, channel, api_ftd_at)
                    select id, last_broker_department_id, 'push', api_ftd_at from inserted where api_ftd_at is not null)
       select id from inserted order by id`,
      [
        rows.map(() => `DASH${++sequence}`),
        rows.map((row) => row.email ?? null),
        rows.map((row) => row.phone ?? null),
        rows.map((row) => row.at),
        rows.map((row) => row.ftdAt ?? null),
        rows.map((row) => row.department ?? null),
      ],
    );
    return result.rows.map((row) => row.id);
  }

  async function insertFailedLeads(times: readonly string[]): Promise<void> {
    await pool().query(`insert into failed_leads (raw, reason_code, message, created_at, updated_at) select '{}', 'INVALID', 'Bad row', at, at from unnest($1::timestamptz[]) as at`, [
      times,
    ]);
  }

  async function insertSends(rows: readonly { at: string; state: SendState; department: number | null }[]): Promise<void> {
    await pool().query(
      `insert into lead_send_histories (lead_id, broker_department_id, state, created_at, updated_at)
       select $1::int, department, state, at, at from unnest($2::int4[], $3::text[], $4::timestamptz[]) as t(department, state, at)`,
      [carrierLeadId, rows.map((row) => row.department), rows.map((row) => row.state), rows.map((row) => row.at)],
    );
  }

  async function department(broker: string, branch: string, companies: readonly string[] = []): Promise<number> {
    const brokerRow = await pool().query<{ id: number }>('insert into brokers (name) values ($1) returning id', [broker]);
    const brokerId = brokerRow.rows[0]!.id;
    for (const name of companies) {
      const company = await pool().query<{ id: number }>('insert into affiliate_companies (name) values ($1) returning id', [name]);
      await pool().query('insert into broker_affiliate_companies (broker_id, affiliate_company_id) values ($1, $2)', [brokerId, company.rows[0]!.id]);
    }
    const row = await pool().query<{ id: number }>('insert into broker_departments (broker_id, branch_name) values ($1, $2) returning id', [brokerId, branch]);
    return row.rows[0]!.id;
  }

  const get = (query: string, token = context.adminToken) => context.app.inject({ method: 'GET', url: `/api/dashboard/statistics?${query}`, headers: bearer(token) });

  async function statistics(query: string): Promise<DashboardStatistics> {
    const response = await get(query);
    assert.equal(response.statusCode, 200, response.body);
    return dataOf(dashboardStatistics).parse(response.json()).data;
  }

  const cardOf = (data: DashboardStatistics, key: DashboardCardKey) => {
    const card = data.cards.find((candidate) => candidate.key === key);
    assert.ok(card, `no ${key} card`);
    return card;
  };
  const uniqueLeads = async (query: string) => cardOf(await statistics(query), 'leads').values;

  before(async () => {
    context = await createTestContext();
    // Omega first: its id is lower, so the label order below is not the id order.
    departments.omega = await department('Omega Trade', 'Paris');
    departments.alpha = await department('Alpha Markets', 'Berlin', ['Zeta Co', 'Beta Co']);
    departments.previousOnly = await department('Gamma Brokers', 'Rome');
    departments.queuedOnly = await department('Delta FX', 'Oslo');
    // Send histories need a lead; this one was created long before every week looked at here.
    [carrierLeadId] = (await insertLeads([{ at: '2024-01-01T12:00:00Z', email: 'carrier@example.com' }])) as [number];
  });
  after(() => context.close());

  test('a week in UTC: daily values, totals, the previous week, percentages and the departments', async () => {
    // The week shown is 2025-03-10 … 2025-03-16; the one before 2025-03-03 … 2025-03-09.
    await insertLeads([
      { at: '2025-03-02T23:59:59.999Z', email: 'too-early@example.com' },
      { at: '2025-03-03T00:00:00Z', email: 'a@example.com' },
      { at: '2025-03-09T12:00:00Z', email: 'b@example.com' },
      { at: '2025-03-09T13:00:00Z', email: 'c@example.com' },
      { at: '2025-03-10T00:00:00Z', email: 'd@example.com' },
      { at: '2025-03-10T05:00:00Z', phone: '+491700000001' },
      { at: '2025-03-12T08:00:00Z', email: 'f@example.com' },
      { at: '2025-03-12T09:00:00Z', email: 'f@example.com' },
      { at: '2025-03-12T10:00:00Z', phone: '+491700000002' },
      { at: '2025-03-12T11:00:00Z', phone: '+491700000002' },
      { at: '2025-03-13T01:00:00Z', email: 'f@example.com' },
      { at: '2025-03-13T02:00:00Z' },
      { at: '2025-03-13T03:00:00Z' },
      { at: '2025-03-16T23:59:59.999Z', email: 'g@example.com' },
      { at: '2025-03-17T00:00:00Z', email: 'too-late@example.com' },
      // FTDs: created long before, deposited in these weeks.
      ...['2025-03-04T10:00:00Z', '2025-03-05T10:00:00Z', '2025-03-06T10:00:00Z', '2025-03-07T10:00:00Z'].map((ftdAt, index) => ({
        at: '2024-06-01T00:00:00Z',
        email: `ftd-before-${index}@example.com`,
        ftdAt,
        department: departments.previousOnly,
      })),
      { at: '2024-06-01T00:00:00Z', email: 'ftd-now@example.com', ftdAt: '2025-03-11T15:00:00Z', department: departments.omega },
      { at: '2024-06-01T00:00:00Z', email: 'ftd-later@example.com', ftdAt: '2025-03-17T15:00:00Z', department: departments.omega },
    ]);
    await insertFailedLeads(['2025-03-11T10:00:00Z', '2025-03-16T23:00:00Z', '2025-03-17T00:00:00Z']);
    await insertSends([
      { at: '2025-03-05T10:00:00Z', state: 'success', department: departments.previousOnly },
      { at: '2025-03-10T10:00:00Z', state: 'success', department: departments.alpha },
      { at: '2025-03-10T11:00:00Z', state: 'success', department: departments.alpha },
      { at: '2025-03-14T10:00:00Z', state: 'failure', department: departments.alpha },
      { at: '2025-03-16T10:00:00Z', state: 'failure', department: departments.omega },
      { at: '2025-03-15T10:00:00Z', state: 'success', department: null },
      { at: '2025-03-12T10:00:00Z', state: 'queued', department: departments.queuedOnly },
      { at: '2025-03-12T11:00:00Z', state: 'sending', department: departments.queuedOnly },
    ]);

    const data = await statistics('time_zone=UTC&date=2025-03-16');
    assert.equal(data.time_zone, 'UTC');
    assert.deepEqual(data.days, ['2025-03-10', '2025-03-11', '2025-03-12', '2025-03-13', '2025-03-14', '2025-03-15', '2025-03-16']);
    assert.deepEqual(data.cards, [
      // f@ twice and the phone twice on the 12th count once each; the two leads without contacts both count.
      { key: 'leads', value: 8, previous: 3, percentage: 166.7, increase: true, values: [2, 0, 2, 3, 0, 0, 1] },
      { key: 'failed_leads', value: 2, previous: 0, percentage: 100, increase: true, values: [0, 1, 0, 0, 0, 0, 1] },
      { key: 'sent_success', value: 3, previous: 1, percentage: 200, increase: true, values: [2, 0, 0, 0, 0, 1, 0] },
      { key: 'sent_failure', value: 2, previous: 0, percentage: 100, increase: true, values: [0, 0, 0, 0, 1, 0, 1] },
      { key: 'ftds', value: 1, previous: 4, percentage: -75, increase: false, values: [0, 1, 0, 0, 0, 0, 0] },
    ]);
    // Gamma (sends and FTDs only the week before) and Delta (only queued and sending rows) are left out.
    assert.deepEqual(data.departments, [
      { broker_department_id: departments.alpha, label: 'Alpha Markets - Beta Co, Zeta Co - Berlin', sent_success: [2, 0, 0, 0, 0, 0, 0], sent_failure: [0, 0, 0, 0, 1, 0, 0], ftds: zeros },
      { broker_department_id: departments.omega, label: 'Omega Trade - Paris', sent_success: zeros, sent_failure: [0, 0, 0, 0, 0, 0, 1], ftds: [0, 1, 0, 0, 0, 0, 0] },
    ]);

    // The week before, seen as a week of its own, shows what the cards compared against.
    const previous = await statistics('time_zone=UTC&date=2025-03-09');
    assert.deepEqual(cardOf(previous, 'leads').values, [1, 0, 0, 0, 0, 0, 2]);
    assert.deepEqual(
      previous.departments.map((row) => [row.label, row.sent_success, row.ftds]),
      [['Gamma Brokers - Rome', [0, 0, 1, 0, 0, 0, 0], [0, 1, 1, 1, 1, 0, 0]]],
    );
  });

  test('a day is the local day: 23:30 UTC belongs to the next day in Berlin and to the same day in UTC', async () => {
    await insertLeads([{ at: '2025-05-20T23:30:00Z', email: 'late-evening@example.com' }]);
    await insertFailedLeads(['2025-05-20T23:30:00Z']);

    const utc = await statistics('time_zone=UTC&date=2025-05-21');
    assert.deepEqual(cardOf(utc, 'leads').values, [0, 0, 0, 0, 0, 1, 0]);
    assert.deepEqual(cardOf(utc, 'failed_leads').values, [0, 0, 0, 0, 0, 1, 0]);

    const berlin = await statistics('time_zone=Europe/Berlin&date=2025-05-21');
    assert.equal(berlin.time_zone, 'Europe/Berlin');
    assert.equal(berlin.days.at(-1), '2025-05-21');
    assert.deepEqual(cardOf(berlin, 'leads').values, [0, 0, 0, 0, 0, 0, 1]);
    assert.deepEqual(cardOf(berlin, 'failed_leads').values, [0, 0, 0, 0, 0, 0, 1]);
  });

  test('a week with the change back from summer time still has seven days, the 25-hour one whole', async () => {
    await insertLeads([
      { at: '2025-10-25T21:59:59Z', email: 'dst-1@example.com' }, // 23:59:59 CEST on the 25th
      { at: '2025-10-25T22:30:00Z', email: 'dst-2@example.com' }, // 00:30 CEST on the 26th
      { at: '2025-10-26T22:30:00Z', email: 'dst-3@example.com' }, // 23:30 CET on the 26th, its 25th hour
      { at: '2025-10-26T23:00:00Z', email: 'dst-4@example.com' }, // 00:00 CET on the 27th
    ]);
    const data = await statistics('time_zone=Europe/Berlin&date=2025-10-28');
    assert.deepEqual(data.days, ['2025-10-22', '2025-10-23', '2025-10-24', '2025-10-25', '2025-10-26', '2025-10-27', '2025-10-28']);
    assert.deepEqual(cardOf(data, 'leads').values, [0, 0, 0, 1, 2, 1, 0]);
    // In UTC the same leads fall on the 25th, 25th, 26th and 26th.
    assert.deepEqual(await uniqueLeads('time_zone=UTC&date=2025-10-28'), [0, 0, 0, 2, 2, 0, 0]);
  });

  test('unique leads stay right as leads are inserted, edited and deleted', async () => {
    const week = 'time_zone=UTC&date=2025-07-13'; // 2025-07-07 … 2025-07-13
    // In one statement: r@ twice on the 8th, again on the 9th; a phone alone and an email with that phone on the 10th.
    const [earlyR, lateR] = (await insertLeads([
      { at: '2025-07-08T09:00:00Z', email: 'r@example.com' },
      { at: '2025-07-08T10:00:00Z', email: 'r@example.com', phone: '+491510000001' },
      { at: '2025-07-09T01:00:00Z', email: 'r@example.com' },
      { at: '2025-07-10T10:00:00Z', phone: '+491510000009' },
      { at: '2025-07-10T11:00:00Z', email: 'p@example.com', phone: '+491510000009' },
    ])) as [number, number];
    assert.deepEqual(await uniqueLeads(week), [0, 1, 1, 2, 0, 0, 0]);

    // Edits: a second contact becomes the first one's, moves to the next day, loses its contact, comes back earlier.
    const [, t] = (await insertLeads([
      { at: '2025-07-11T08:00:00Z', email: 's@example.com' },
      { at: '2025-07-11T09:00:00Z', email: 't@example.com' },
    ])) as [number, number];
    assert.deepEqual(await uniqueLeads(week), [0, 1, 1, 2, 2, 0, 0]);
    await pool().query(`update leads set email = 's@example.com' where id = $1`, [t]);
    assert.deepEqual(await uniqueLeads(week), [0, 1, 1, 2, 1, 0, 0]);
    await pool().query(`update leads set created_at = '2025-07-12T09:00:00Z' where id = $1`, [t]);
    assert.deepEqual(await uniqueLeads(week), [0, 1, 1, 2, 1, 1, 0]);
    await pool().query(`update leads set email = null, created_at = '2025-07-11T09:00:00Z' where id = $1`, [t]);
    assert.deepEqual(await uniqueLeads(week), [0, 1, 1, 2, 2, 0, 0]);
    await pool().query(`update leads set email = 's@example.com', created_at = '2025-07-11T07:00:00Z' where id = $1`, [t]);
    assert.deepEqual(await uniqueLeads(week), [0, 1, 1, 2, 1, 0, 0]);

    // A lead inserted before an existing one of the same contact makes that one the repeat.
    const [laterU] = (await insertLeads([{ at: '2025-07-13T12:00:00Z', email: 'u@example.com' }])) as [number];
    await insertLeads([{ at: '2025-07-13T03:00:00Z', email: 'u@example.com' }]);
    assert.deepEqual(await uniqueLeads(week), [0, 1, 1, 2, 1, 0, 1]);
    await pool().query('delete from leads where id = $1', [laterU]);
    assert.deepEqual(await uniqueLeads(week), [0, 1, 1, 2, 1, 0, 1]);

    // Deletes: the 8th keeps one r@ until both are gone; the 9th's r@ is then unique on its own day anyway.
    await pool().query('delete from leads where id = $1', [earlyR]);
    assert.deepEqual(await uniqueLeads(week), [0, 1, 1, 2, 1, 0, 1]);
    await pool().query('delete from leads where id = $1', [lateR]);
    assert.deepEqual(await uniqueLeads(week), [0, 0, 1, 2, 1, 0, 1]);
  });

  test('the repeats the triggers keep equal those recomputed from scratch, and the counts equal distinct contacts', async () => {
    const recomputed = await pool().query(
      `select id as lead_id, created_at, previous_at
         from (select id, created_at, lag(created_at) over (partition by coalesce(email, phone_normalized) order by created_at, id) as previous_at
                 from leads where coalesce(email, phone_normalized) is not null) as ordered
        where previous_at >= created_at - interval '48 hours' order by 1`,
    );
    const kept = await pool().query('select lead_id, created_at, previous_at from lead_contact_repeats order by 1');
    assert.ok(kept.rows.length >= 3, 'the scenarios above left repeats');
    assert.deepEqual(kept.rows, recomputed.rows);

    for (const lastDay of ['2025-03-16', '2025-07-13']) {
      const distinct = await pool().query<{ day: string; contacts: number }>(
        `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(distinct coalesce(email, phone_normalized, 'lead ' || id))::int as contacts
           from leads where created_at >= ($1::date - 6)::timestamp at time zone 'UTC' and created_at < ($1::date + 1)::timestamp at time zone 'UTC' group by 1`,
        [lastDay],
      );
      const data = await statistics(`date=${lastDay}`);
      const expected = data.days.map((day) => distinct.rows.find((row) => row.day === day)?.contacts ?? 0);
      assert.ok(expected.some((count) => count > 0));
      assert.deepEqual(cardOf(data, 'leads').values, expected, lastDay);
    }
  });

  test('without a date the week ends today in the zone; without a zone it is UTC', async () => {
    const todayIn = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    // Kiritimati (UTC+14) and Pago Pago (UTC−11) are on different days at every hour but 10 to 11 UTC.
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const before = todayIn(zone);
      const data = await statistics(`time_zone=${encodeURIComponent(zone)}`);
      assert.ok([before, todayIn(zone)].includes(data.days.at(-1) ?? ''), `${zone}: ${data.days.at(-1)}`);
    }
    const utc = await statistics('');
    assert.equal(utc.time_zone, 'UTC');
    assert.ok([todayIn('UTC'), new Date().toISOString().slice(0, 10)].includes(utc.days.at(-1) ?? ''));
  });

  test('an unknown zone or a malformed date is a 422 naming the field', async () => {
    const cases: [string, string, RegExp][] = [
      ['time_zone=Mars/Olympus', 'time_zone', /IANA zone/],
      ['time_zone=', 'time_zone', /.+/],
      ['date=2025-02-30', 'date', /a day like/],
      ['date=16-03-2025', 'date', /a day like/],
      ['date=0001-01-01', 'date', /between 1970-01-01 and 9999-12-30/],
    ];
    for (const [query, field, message] of cases) {
      const response = await get(query);
      assert.equal(response.statusCode, 422, query);
      const body = response.json() as { message: string; errors: Record<string, string[]> };
      assert.deepEqual(Object.keys(body.errors), [field], query);
      assert.match(body.errors[field]?.[0] ?? '', message, query);
    }
  });

  test('needs dashboard.view', async () => {
    const unauthenticated = await context.app.inject({ method: 'GET', url: '/api/dashboard/statistics' });
    assert.equal(unauthenticated.statusCode, 401);
    const without = await context.userWith(['lead.view']);
    const refused = await get('date=2025-03-16', without.token);
    assert.equal(refused.statusCode, 403);
    assert.deepEqual(refused.json(), { message: 'No permission' });
    const viewer = await context.userWith(['dashboard.view']);
    const allowed = await get('date=2025-03-16', viewer.token);
    assert.equal(allowed.statusCode, 200, allowed.body);
  });
});
