/**
 * The rollups (kept by triggers, folded by fold.ts) against the plain GROUP BY over the base tables, after a random mix
 * of writes through the API and in SQL as the engines write: leads added one at a time and in batches, edited,
 * deleted; refusals added and deleted; sends queued, settled and deleted; distributions left unassigned and taken out
 * of it; deposits reported. Every grouping, and pairs, in zones on and off whole hours, before and after folding.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { reportGroupings, type ReportGrouping, type ReportQuery } from '@crm/shared/contract';
import { foldReportDeltas } from '../src/modules/reports/fold.ts';
import { plainReportCounts } from '../src/modules/reports/plainQuery.ts';
import { rollupReportCounts } from '../src/modules/reports/rollupQuery.ts';
import { buildReport } from '../src/modules/reports/service.ts';
import { bearer, createTestContext, type TestContext } from './helpers.ts';
import { insertReportLead, reportFixture, type ReportFixture } from './reportFixture.ts';

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function randomFrom(seed: number) {
  let state = seed;
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]! };
}

const zones = ['UTC', 'Europe/Berlin', 'Asia/Kolkata', 'America/New_York'];
const pairs: ReportGrouping[][] = [
  ['affiliate_company', 'country'],
  ['department', 'day'],
  ['broker', 'source'],
  ['language', 'funnel'],
  ['hour', 'affiliate_company'],
  ['week', 'department'],
  ['broker', 'department'],
];
const hour = 3_600_000;

describe('report rollups equal the plain GROUP BY', () => {
  let context: TestContext;
  let seeded: ReportFixture;
  const random = randomFrom(35);
  const pool = () => context.database.pool;

  before(async () => {
    context = await createTestContext();
    seeded = await reportFixture(context.database.pool);
  });
  after(() => context.close());

  async function assertSame(phase: string): Promise<void> {
    const groupings: ReportGrouping[][] = [...reportGroupings.map((grouping) => [grouping]), ...pairs];
    for (const time_zone of zones) {
      for (const group_by of groupings) {
        const to = group_by.includes('hour') ? '2026-03-31' : '2026-04-05';
        const query: ReportQuery = { from: '2026-03-05', to, time_zone, group_by };
        const db = context.database.db;
        const [plain, rolled] = await Promise.all([buildReport(db, query, plainReportCounts), buildReport(db, query, rollupReportCounts)]);
        assert.deepEqual(rolled, plain, `${phase}: ${group_by.join(',')} in ${time_zone}`);
        assert.ok(plain.totals.received > 0, `${phase}: the range holds leads`);
      }
    }
  }

  async function randomWrites(rounds: number): Promise<void> {
    const { alpha, beta } = seeded.companies;
    const departments = [seeded.departments.first, seeded.departments.second, null];
    const start = Date.parse('2026-03-05T00:00:00Z');
    const at = () => new Date(start + Math.floor(random.next() * 31 * 24) * hour + Math.floor(random.next() * hour)).toISOString();
    const leadIds = async (): Promise<number[]> => (await pool().query<{ id: number }>('select id from leads order by id')).rows.map((row) => row.id);
    for (let round = 0; round < rounds; round++) {
      const action = random.next();
      const ids = await leadIds();
      const lead = random.pick(ids);
      if (action < 0.2) {
        // A batch as an import writes it.
        await pool().query(
          `insert into leads (lead_id, created_at, updated_at, affiliate_company_id, country, language, funnel, source_id)
           select 'RND' || gen_random_uuid(), at, at, company, country, language, funnel, source
             from unnest($1::timestamptz[], $2::int4[], $3::text[], $4::text[], $5::text[], $6::int4[]) as t(at, company, country, language, funnel, source)`,
          [
            [at(), at(), at()],
            [alpha, beta, null].map(() => random.pick([alpha, beta, null])),
            [0, 1, 2].map(() => random.pick(['DE', 'AT', 'FR', null])),
            [0, 1, 2].map(() => random.pick(['de', 'en', null])),
            [0, 1, 2].map(() => random.pick(['gold-invest', 'ai-trader', null])),
            [0, 1, 2].map(() => random.pick([seeded.source, null])),
          ],
        );
      } else if (action < 0.3) {
        const response = await context.app.inject({
          method: 'POST',
          url: '/api/lead',
          headers: bearer(context.adminToken),
          payload: { name: 'Random', email: `r${round}-${Date.now()}@example.com`, country: random.pick(['DE', 'AT']), affiliate_company_id: random.pick([alpha, beta]) },
        });
        assert.equal(response.statusCode, 201, response.body);
      } else if (action < 0.45) {
        const department = random.pick(departments);
        await pool().query(`insert into lead_send_histories (lead_id, broker_department_id, state, created_at, updated_at) values ($1, $2, $3, $4, $4)`, [
          lead,
          department,
          random.pick(['queued', 'sending', 'success', 'failure']),
          at(),
        ]);
        await pool().query('update leads set last_broker_department_id = $2, last_sent_at = now() where id = $1', [lead, department]);
      } else if (action < 0.55) {
        // A send settled, or settled otherwise by a late answer: any send there is.
        const sends = (await pool().query<{ id: number }>('select id from lead_send_histories order by id')).rows;
        if (sends.length > 0) await pool().query('update lead_send_histories set state = $2 where id = $1', [random.pick(sends).id, random.pick(['success', 'failure', 'sending'])]);
      } else if (action < 0.62) {
        // Half the time a lead already queued: its state moves into or out of unassigned.
        const queued = (await pool().query<{ lead_id: number }>('select lead_id from lead_distributions order by lead_id')).rows.map((row) => row.lead_id);
        const target = queued.length > 0 && random.next() < 0.5 ? random.pick(queued) : lead;
        await pool().query(`insert into lead_distributions (lead_id, state) values ($1, $2) on conflict (lead_id) do update set state = excluded.state`, [
          target,
          random.pick(['pending', 'unassigned', 'delivered', 'held']),
        ]);
      } else if (action < 0.7) {
        await pool().query(`update leads set api_ftd_at = created_at + $2 * interval '1 minute' where id = $1`, [lead, Math.floor(random.next() * 5000)]);
      } else if (action < 0.78) {
        // An edit through the console: country and funnel.
        const response = await context.app.inject({
          method: 'PUT',
          url: `/api/lead/${lead}`,
          headers: bearer(context.adminToken),
          payload: { email: `edit${round}@example.com`, country: random.pick(['DE', 'AT', 'IT']), funnel: random.pick(['gold-invest', 'oil']) },
        });
        assert.equal(response.statusCode, 200, response.body);
      } else if (action < 0.82) {
        await pool().query(`update leads set created_at = created_at + interval '7 hours' where id = $1`, [lead]);
      } else if (action < 0.86) {
        const response = await context.app.inject({ method: 'DELETE', url: `/api/lead/${lead}`, headers: bearer(context.adminToken) });
        assert.equal(response.statusCode, 200, response.body);
      } else if (action < 0.93) {
        await pool().query(`insert into failed_leads (raw, reason_code, message, affiliate_company_id, created_at, updated_at) values ($1, $2, 'x', $3, $4, $4)`, [
          JSON.stringify({ country: random.pick(['de', 'AT', 'xyz']) }),
          random.pick(['INVALID', 'DUPLICATE', 'BLACKLISTED', 'CAP_REACHED']),
          random.pick([alpha, beta]),
          at(),
        ]);
      } else if (action < 0.96) {
        await pool().query('delete from failed_leads where id = (select min(id) from failed_leads)');
      } else {
        await pool().query('delete from lead_send_histories where id = (select max(id) from lead_send_histories)');
      }
      if (random.next() < 0.1) await foldReportDeltas(context.database.db);
    }
  }

  test('after the fixture, before any fold', () => assertSame('fixture'));

  test('after random writes, with folds now and then, and after a full fold', async () => {
    await randomWrites(120);
    await assertSame('unfolded');
    await foldReportDeltas(context.database.db);
    const { rows } = await pool().query<{ pending: number }>('select count(*)::int as pending from report_deltas');
    assert.equal(rows[0]!.pending, 0);
    await assertSame('folded');
    await randomWrites(60);
    await assertSame('more writes');
  });

  test('a lead added after a fold moves the report', async () => {
    const query: ReportQuery = { from: '2026-03-10', to: '2026-03-10', time_zone: 'UTC', group_by: ['country'] };
    const before = await buildReport(context.database.db, query);
    await foldReportDeltas(context.database.db);
    await insertReportLead(pool(), { at: '2026-03-10T08:00:00Z', company: seeded.companies.alpha, country: 'PT' });
    const after = await buildReport(context.database.db, query);
    assert.equal(after.totals.accepted, before.totals.accepted + 1);
    assert.equal(after.rows.find((row) => row.keys[0]!.value === 'PT')?.accepted, 1);
  });
});
