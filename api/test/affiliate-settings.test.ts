/**
 * The console side of what an affiliate company sees: its settings (defaults until written, then upserted), its
 * status map (replaced whole, unknown or repeated statuses refused per entry), its summary counted in its own time
 * zone, and each route behind its permission.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, inArray } from 'drizzle-orm';
import * as tables from '../src/db/schema/index.ts';
import { affiliateSummary } from '../src/modules/affiliates/summary.ts';
import { affiliateFixture, type AffiliateFixture } from './affiliateFixture.ts';
import { bearer, createTestContext, type TestContext } from './helpers.ts';

type Errors = { errors: Record<string, string[]> };

describe('affiliate company settings, status map and summary', () => {
  let context: TestContext;
  let company: AffiliateFixture;
  let statusA: number;
  let statusB: number;

  const url = (part: string, id = company.companyId) => `/settings/affiliate/company/${id}/${part}`;
  const errorsOf = (response: { statusCode: number; body: string; json: () => unknown }): Record<string, string[]> => {
    assert.equal(response.statusCode, 422, response.body);
    return (response.json() as Errors).errors;
  };

  before(async () => {
    context = await createTestContext();
    company = await affiliateFixture(context, 'Settings Affiliates');
    const rows = await context.database.db
      .insert(tables.statuses)
      .values(['Settings A', 'Settings B'].map((name) => ({ name, class: 'lead' as const })))
      .returning();
    [statusA, statusB] = rows.map((row) => row.id) as [number, number];
  });
  after(() => context.close());

  test('a company without settings reads the table defaults; PUT upserts the fields sent', async () => {
    const initial = await company.admin('GET', url('settings'));
    assert.equal(initial.statusCode, 200, initial.body);
    assert.deepEqual((initial.json() as { data: unknown }).data, {
      affiliate_company_id: company.companyId,
      time_zone: 'UTC',
      daily_cap: null,
      default_public_status: 'In progress',
      ftd_hold_hours: 0,
    });
    assert.equal((await context.database.db.select().from(tables.affiliateSettings)).length, 0, 'reading writes nothing');

    const first = await company.admin('PUT', url('settings'), { time_zone: 'Europe/Berlin', daily_cap: 50 });
    assert.equal(first.statusCode, 200, first.body);
    const second = await company.admin('PUT', url('settings'), { ftd_hold_hours: 48, default_public_status: ' Pending ' });
    assert.deepEqual((second.json() as { data: unknown }).data, {
      affiliate_company_id: company.companyId,
      time_zone: 'Europe/Berlin',
      daily_cap: 50,
      default_public_status: 'Pending',
      ftd_hold_hours: 48,
    });
    const cleared = await company.admin('PUT', url('settings'), { daily_cap: null });
    assert.equal((cleared.json() as { data: { daily_cap: number | null } }).data.daily_cap, null, 'null: no cap');
  });

  test('settings refuse a bad zone, cap, status or hold per field; an unknown company is 404', async () => {
    const errors = errorsOf(await company.admin('PUT', url('settings'), { time_zone: 'Mars/Olympus', daily_cap: 0, default_public_status: 'x'.repeat(65), ftd_hold_hours: 721 }));
    assert.deepEqual(Object.keys(errors).sort(), ['daily_cap', 'default_public_status', 'ftd_hold_hours', 'time_zone']);
    assert.ok(errorsOf(await company.admin('PUT', url('settings'), { ftd_hold_hours: -1 }))['ftd_hold_hours']);
    assert.ok(errorsOf(await company.admin('PUT', url('settings'), { default_public_status: '  ' }))['default_public_status']);
    assert.ok(errorsOf(await company.admin('PUT', url('settings'), { daily_cap: 1.5 }))['daily_cap']);
    assert.equal((await company.admin('PUT', url('settings'), {})).statusCode, 422, 'nothing to update');
    assert.equal((await company.admin('GET', url('settings', 999_999))).statusCode, 404);
    assert.equal((await company.admin('PUT', url('settings', 999_999), { ftd_hold_hours: 1 })).statusCode, 404);
  });

  test('the status map is replaced whole; unknown and repeated statuses are 422 under map.N.status_id', async () => {
    const put = (map: unknown) => company.admin('PUT', url('status-map'), { map });
    const first = await put([
      { status_id: statusB, public_status: 'Lost' },
      { status_id: statusA, public_status: 'Won' },
    ]);
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual((first.json() as { data: unknown }).data, {
      map: [
        { status_id: statusA, public_status: 'Won' },
        { status_id: statusB, public_status: 'Lost' },
      ],
    });
    await put([{ status_id: statusB, public_status: 'Gone' }]);
    assert.deepEqual(((await company.admin('GET', url('status-map'))).json() as { data: unknown }).data, { map: [{ status_id: statusB, public_status: 'Gone' }] }, 'whole-map replace');

    assert.deepEqual(
      errorsOf(
        await put([
          { status_id: statusA, public_status: 'Won' },
          { status_id: 999_999, public_status: 'X' },
        ]),
      ),
      {
        'map.1.status_id': ['The selected status does not exist.'],
      },
    );
    assert.ok(
      errorsOf(
        await put([
          { status_id: statusA, public_status: 'Won' },
          { status_id: statusA, public_status: 'Again' },
        ]),
      )['map.1.status_id'],
    );
    assert.ok(errorsOf(await put([{ status_id: statusA, public_status: '' }]))['map.0.public_status']);
    assert.ok(errorsOf(await company.admin('PUT', url('status-map'), { map: [], extra: 1 }))['extra']);
    assert.deepEqual(
      ((await company.admin('GET', url('status-map'))).json() as { data: unknown }).data,
      { map: [{ status_id: statusB, public_status: 'Gone' }] },
      'a refused PUT changes nothing',
    );

    const emptied = await put([]);
    assert.deepEqual((emptied.json() as { data: unknown }).data, { map: [] });
  });

  test('the summary counts today and this week at the company’s midnight, refusals by reason', async () => {
    const tokyo = await affiliateFixture(context, 'Summary Tokyo');
    await company.admin('PUT', url('settings', tokyo.companyId), { time_zone: 'Asia/Tokyo' });
    // Friday 2026-11-27 00:30 in Tokyo (UTC+9); its Monday began 2026-11-22T15:00Z.
    const now = new Date('2026-11-26T15:30:00Z');
    const times = ['2026-11-26T15:10:00Z', '2026-11-26T14:50:00Z', '2026-11-22T15:00:00Z', '2026-11-22T14:59:59Z', '2026-11-26T15:29:00Z'];
    const leadIds: string[] = [];
    for (let index = 0; index < times.length; index += 1) leadIds.push(await tokyo.accepted());
    const db = context.database.db;
    for (const [index, leadId] of leadIds.entries())
      await db
        .update(tables.leads)
        .set({ created_at: new Date(times[index]!) })
        .where(eq(tables.leads.lead_id, leadId));
    const failed = (reason: 'DUPLICATE' | 'INVALID' | 'BLACKLISTED', at: string) => ({
      raw: {},
      reason_code: reason,
      message: reason,
      affiliate_company_id: tokyo.companyId,
      created_at: new Date(at),
    });
    await db
      .insert(tables.failedLeads)
      .values([
        failed('DUPLICATE', '2026-11-26T15:01:00Z'),
        failed('DUPLICATE', '2026-11-26T15:02:00Z'),
        failed('INVALID', '2026-11-26T14:59:00Z'),
        failed('BLACKLISTED', '2026-11-22T14:00:00Z'),
        { ...failed('INVALID', '2026-11-26T15:03:00Z'), affiliate_company_id: company.companyId },
      ]);

    const summary = await affiliateSummary(db, tokyo.companyId, now);
    assert.deepEqual(summary, {
      time_zone: 'Asia/Tokyo',
      today: { from: '2026-11-26T15:00:00.000Z', accepted: 2, refused: [{ reason: 'DUPLICATE', count: 2 }] },
      this_week: {
        from: '2026-11-22T15:00:00.000Z',
        accepted: 4,
        refused: [
          { reason: 'DUPLICATE', count: 2 },
          { reason: 'INVALID', count: 1 },
        ],
      },
    });

    const route = await company.admin('GET', url('summary', tokyo.companyId));
    assert.equal(route.statusCode, 200, route.body);
    assert.equal((route.json() as { data: { time_zone: string } }).data.time_zone, 'Asia/Tokyo');
    assert.equal((await company.admin('GET', url('summary', 999_999))).statusCode, 404);
    await db.delete(tables.failedLeads).where(inArray(tables.failedLeads.affiliate_company_id, [tokyo.companyId, company.companyId]));
  });

  test('401 without a token; view reads, update writes; other permissions are 403', async () => {
    const routes: ['GET' | 'PUT', string, unknown, 'view' | 'update'][] = [
      ['GET', url('settings'), undefined, 'view'],
      ['PUT', url('settings'), { ftd_hold_hours: 1 }, 'update'],
      ['GET', url('status-map'), undefined, 'view'],
      ['PUT', url('status-map'), { map: [] }, 'update'],
      ['GET', url('summary'), undefined, 'view'],
    ];
    const viewer = await context.userWith(['settings.affiliateCompany.view']);
    const updater = await context.userWith(['settings.affiliateCompany.update']);
    const keysOnly = await context.userWith(['settings.affiliateKey.view', 'settings.affiliateKey.update']);
    const call = (method: 'GET' | 'PUT', path: string, payload: unknown, token?: string) =>
      context.app.inject({ method, url: `/api${path}`, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
    for (const [method, path, payload, needs] of routes) {
      assert.equal((await call(method, path, payload)).statusCode, 401, `${method} ${path} without a token`);
      assert.equal((await call(method, path, payload, keysOnly.token)).statusCode, 403, `${method} ${path} with key permissions only`);
      assert.equal((await call(method, path, payload, viewer.token)).statusCode, needs === 'view' ? 200 : 403, `${method} ${path} as viewer`);
      assert.equal((await call(method, path, payload, updater.token)).statusCode, needs === 'update' ? 200 : 403, `${method} ${path} as updater`);
    }
  });
});
