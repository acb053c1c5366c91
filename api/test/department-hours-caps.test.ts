/**
 * A department's hours and caps over HTTP (defaults, replace, 422 per field, permissions), the cap slots (all or
 * none, per country, released, reset at the zone's local midnight, pacing) and the caps board. Exactness under
 * concurrency is department-cap-exactness.test.ts.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import type { CapsBoardRow } from '@crm/shared/contract';
import * as tables from '../src/db/schema/index.ts';
import { attemptCounts, releaseCapSlots, reserveCapSlots, type CapReservation, type CapSlot } from '../src/modules/distribution/capSlots.ts';
import { bearer, createTestContext, type TestContext } from './helpers.ts';

type Reply = { statusCode: number; body: string; json: () => unknown };

describe('department hours and caps', () => {
  let context: TestContext;
  let brokerId: number;
  let next = 0;

  const call = (method: 'GET' | 'PUT', url: string, payload?: unknown, token = context.adminToken): Promise<Reply> =>
    context.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const dataOf = <T>(response: Reply): T => {
    assert.equal(response.statusCode, 200, response.body);
    return (response.json() as { data: T }).data;
  };
  const errorsOf = (response: Reply): Record<string, string[]> => {
    assert.equal(response.statusCode, 422, response.body);
    return (response.json() as { errors: Record<string, string[]> }).errors;
  };
  async function newDepartment(): Promise<number> {
    next += 1;
    const [row] = await context.database.db
      .insert(tables.brokerDepartments)
      .values({ broker_id: brokerId, branch_name: `Hours ${next}` })
      .returning({ id: tables.brokerDepartments.id });
    return row!.id;
  }
  const setCaps = async (id: number, body: object) => dataOf(await call('PUT', `/broker/department/${id}/caps`, { refusals_count: false, pacing_per_hour: null, ...body }));
  const setZone = async (id: number, time_zone: string) => dataOf(await call('PUT', `/broker/department/${id}/hours`, { time_zone, windows: [], closed_dates: [] }));
  const used = async (id: number) =>
    (await context.database.db.select().from(tables.departmentCapCounters).where(eq(tables.departmentCapCounters.department_id, id)))
      .map((row) => `${row.period}:${row.country || '*'}=${row.used}`)
      .sort();
  const slotsOf = (reservation: CapReservation): CapSlot[] => {
    assert.ok(reservation.ok, JSON.stringify(reservation));
    return reservation.slots;
  };

  before(async () => {
    context = await createTestContext();
    const [broker] = await context.database.db.insert(tables.brokers).values({ name: 'Hours Broker' }).returning({ id: tables.brokers.id });
    brokerId = broker!.id;
  });
  after(() => context.close());

  test('hours: defaults until written, then replaced whole, windows sorted; 422 per field; 404 for an unknown department', async () => {
    const id = await newDepartment();
    assert.deepEqual(dataOf(await call('GET', `/broker/department/${id}/hours`)), { department_id: id, time_zone: 'UTC', windows: [], closed_dates: [] });
    const written = dataOf(
      await call('PUT', `/broker/department/${id}/hours`, {
        time_zone: 'Europe/Berlin',
        windows: [
          { weekday: 5, from: '20:00', to: '03:00' },
          { weekday: 1, from: '14:00', to: '18:00' },
          { weekday: 1, from: '09:00', to: '12:00' },
        ],
        closed_dates: ['2026-12-31', '2026-12-24'],
      }),
    );
    assert.deepEqual(written, {
      department_id: id,
      time_zone: 'Europe/Berlin',
      windows: [
        { weekday: 1, from: '09:00', to: '12:00' },
        { weekday: 1, from: '14:00', to: '18:00' },
        { weekday: 5, from: '20:00', to: '03:00' },
      ],
      closed_dates: ['2026-12-24', '2026-12-31'],
    });
    assert.deepEqual(dataOf(await call('GET', `/broker/department/${id}/hours`)), written);

    const errors = errorsOf(
      await call('PUT', `/broker/department/${id}/hours`, {
        time_zone: 'Mars/Olympus',
        windows: [
          { weekday: 8, from: '09:00', to: '10:00' },
          { weekday: 1, from: '25:00', to: '10:00' },
          { weekday: 2, from: '10:00', to: '10:00' },
        ],
        closed_dates: ['2026-02-30'],
      }),
    );
    assert.deepEqual(Object.keys(errors).sort(), ['closed_dates.0', 'time_zone', 'windows.0.weekday', 'windows.1.from', 'windows.2.to']);
    assert.match(errors['time_zone']![0]!, /IANA zone/);
    assert.equal(errorsOf(await call('PUT', `/broker/department/${id}/hours`, { time_zone: 'UTC', windows: [], closed_dates: ['2026-01-01', '2026-01-01'] }))['closed_dates']?.length, 1);
    assert.deepEqual(dataOf(await call('GET', `/broker/department/${id}/hours`)), written, 'a refused PUT changed nothing');
    assert.equal((await call('GET', '/broker/department/999999/hours')).statusCode, 404);
    assert.equal((await call('PUT', '/broker/department/999999/hours', { time_zone: 'UTC', windows: [], closed_dates: [] })).statusCode, 404);
  });

  test('caps: defaults, replaced whole (a row per country), 422 for negative caps, bad and unknown countries, repeated rows', async () => {
    const id = await newDepartment();
    assert.deepEqual(dataOf(await call('GET', `/broker/department/${id}/caps`)), { department_id: id, time_zone: 'UTC', refusals_count: false, pacing_per_hour: null, caps: [] });
    const caps = [
      { country: null, day: 100, week: null, month: 2000, total: null },
      { country: 'AT', day: 20, week: null, month: null, total: null },
      { country: 'DE', day: 50, week: 200, month: null, total: 5000 },
    ];
    const written = await setCaps(id, { refusals_count: true, pacing_per_hour: 12, caps: [caps[2], caps[0], caps[1]] });
    assert.deepEqual(written, { department_id: id, time_zone: 'UTC', refusals_count: true, pacing_per_hour: 12, caps });
    await setCaps(id, { caps: [{ country: 'AT', day: 5, week: null, month: null, total: null }] });
    assert.deepEqual(
      (await context.database.db.select().from(tables.departmentCaps).where(eq(tables.departmentCaps.department_id, id))).map((row) => `${row.country}:${row.period}=${row.cap}`),
      ['AT:day=5'],
    );

    const errors = errorsOf(
      await call('PUT', `/broker/department/${id}/caps`, {
        refusals_count: false,
        pacing_per_hour: 0,
        caps: [
          { country: null, day: -1, week: null, month: null, total: 1.5 },
          { country: 'de', day: 1, week: null, month: null, total: null },
        ],
      }),
    );
    assert.deepEqual(Object.keys(errors).sort(), ['caps.0.day', 'caps.0.total', 'caps.1.country', 'pacing_per_hour']);
    assert.equal(errors['caps.0.day']![0], 'A cap cannot be negative.');
    const unknown = errorsOf(
      await call('PUT', `/broker/department/${id}/caps`, { refusals_count: false, pacing_per_hour: null, caps: [{ country: 'QX', day: 1, week: null, month: null, total: null }] }),
    );
    assert.deepEqual(unknown, { 'caps.0.country': ['The country QX does not exist.'] });
    const twice = [
      { country: 'AT', day: 1, week: null, month: null, total: null },
      { country: 'AT', day: 2, week: null, month: null, total: null },
    ];
    assert.deepEqual(errorsOf(await call('PUT', `/broker/department/${id}/caps`, { refusals_count: false, pacing_per_hour: null, caps: twice })), {
      'caps.1.country': ['AT has two rows of caps.'],
    });
    assert.equal((await call('GET', '/broker/department/999999/caps')).statusCode, 404);
  });

  test('GET needs broker.department.view, PUT broker.department.update, the board broker.department.caps.view', async () => {
    const id = await newDepartment();
    const viewer = await context.userWith(['broker.department.view']);
    const stranger = await context.userWith(['broker.view']);
    const boardViewer = await context.userWith(['broker.department.caps.view']);
    for (const part of ['hours', 'caps']) {
      assert.equal((await call('GET', `/broker/department/${id}/${part}`, undefined, viewer.token)).statusCode, 200);
      assert.equal((await call('GET', `/broker/department/${id}/${part}`, undefined, stranger.token)).statusCode, 403);
    }
    assert.equal((await call('PUT', `/broker/department/${id}/hours`, { time_zone: 'UTC', windows: [], closed_dates: [] }, viewer.token)).statusCode, 403);
    assert.equal((await call('PUT', `/broker/department/${id}/caps`, { refusals_count: false, pacing_per_hour: null, caps: [] }, viewer.token)).statusCode, 403);
    assert.equal((await call('GET', '/distribution/caps', undefined, viewer.token)).statusCode, 403);
    assert.equal((await call('GET', '/distribution/caps', undefined, boardViewer.token)).statusCode, 200);
  });

  test('a lead takes a slot in every cap that applies, all or none; released slots can be taken again', async () => {
    const id = await newDepartment();
    await setZone(id, 'Europe/Berlin');
    await setCaps(id, {
      caps: [
        { country: null, day: 2, week: null, month: null, total: 10 },
        { country: 'DE', day: 1, week: null, month: null, total: null },
      ],
    });
    const db = context.database.db;
    const noon = new Date('2026-06-01T10:00:00Z');
    const de = slotsOf(await reserveCapSlots(db, id, 'DE', noon));
    assert.equal(de.length, 3, 'all countries day and total, DE day');
    assert.deepEqual(await used(id), ['day:*=1', 'day:DE=1', 'total:*=1']);
    assert.deepEqual(await reserveCapSlots(db, id, 'DE', noon), { ok: false, code: 'CAP_REACHED', detail: 'cap DE 1/1 today (Europe/Berlin)', country: 'DE' });
    assert.deepEqual(await used(id), ['day:*=1', 'day:DE=1', 'total:*=1'], 'the refused lead took none of the others');
    slotsOf(await reserveCapSlots(db, id, 'AT', noon));
    assert.deepEqual(await reserveCapSlots(db, id, null, noon), { ok: false, code: 'CAP_REACHED', detail: 'cap 2/2 today (Europe/Berlin)', country: '' });

    await releaseCapSlots(db, de);
    assert.deepEqual(await used(id), ['day:*=1', 'day:DE=0', 'total:*=1'], 'the DE lead gave back its three slots');
    slotsOf(await reserveCapSlots(db, id, 'DE', noon));
    await releaseCapSlots(db, de);
    await releaseCapSlots(db, de);
    await releaseCapSlots(db, de);
    assert.ok(
      (await used(id)).every((entry) => !entry.endsWith('=-1')),
      'never below zero',
    );

    // Inside a caller's transaction: a refusal rolls back only the slots of this reservation.
    await setCaps(id, { caps: [{ country: null, day: 1, week: null, month: null, total: null }] });
    const tomorrow = new Date('2026-06-02T10:00:00Z');
    const outcome = await db.transaction(async (tx) => [await reserveCapSlots(tx, id, null, tomorrow), await reserveCapSlots(tx, id, null, tomorrow)]);
    assert.deepEqual(
      outcome.map((reservation) => reservation.ok),
      [true, false],
    );
    const [counter] = await db
      .select()
      .from(tables.departmentCapCounters)
      .where(and(eq(tables.departmentCapCounters.department_id, id), eq(tables.departmentCapCounters.period_start, new Date('2026-06-01T22:00:00Z'))));
    assert.equal(counter?.used, 1);
  });

  test('a daily cap resets at local midnight in the department zone; a weekly one on Monday', async () => {
    const id = await newDepartment();
    await setZone(id, 'America/New_York');
    await setCaps(id, { caps: [{ country: null, day: 1, week: 2, month: null, total: null }] });
    const db = context.database.db;
    // Sunday 1 November 2026 (the clocks went back at 02:00): local midnight of the 2nd is 05:00Z.
    slotsOf(await reserveCapSlots(db, id, null, new Date('2026-11-02T04:59:59Z')));
    assert.deepEqual(await reserveCapSlots(db, id, null, new Date('2026-11-02T04:59:59Z')), { ok: false, code: 'CAP_REACHED', detail: 'cap 1/1 today (America/New_York)', country: '' });
    // Monday 00:00 local: a new day and a new week.
    slotsOf(await reserveCapSlots(db, id, null, new Date('2026-11-02T05:00:00Z')));
    slotsOf(await reserveCapSlots(db, id, null, new Date('2026-11-03T05:00:00Z')));
    assert.deepEqual(await reserveCapSlots(db, id, null, new Date('2026-11-04T05:00:00Z')), { ok: false, code: 'CAP_REACHED', detail: 'cap 2/2 this week (America/New_York)', country: '' });
  });

  test('pacing: at most N per local clock hour; a cap of 0 takes nothing', async () => {
    const id = await newDepartment();
    await setCaps(id, { pacing_per_hour: 1, caps: [] });
    const db = context.database.db;
    slotsOf(await reserveCapSlots(db, id, 'DE', new Date('2026-06-01T10:10:00Z')));
    assert.deepEqual(await reserveCapSlots(db, id, 'DE', new Date('2026-06-01T10:59:59Z')), { ok: false, code: 'PACING_REACHED', detail: 'pacing 1/1 this hour (UTC)', country: '' });
    slotsOf(await reserveCapSlots(db, id, 'DE', new Date('2026-06-01T11:00:00Z')));
    await setCaps(id, { caps: [{ country: 'AT', day: 0, week: null, month: null, total: null }] });
    assert.deepEqual(await reserveCapSlots(db, id, 'AT', new Date('2026-06-01T12:00:00Z')), { ok: false, code: 'CAP_REACHED', detail: 'cap AT 0/0 today (UTC)', country: 'AT' });
    assert.deepEqual(slotsOf(await reserveCapSlots(db, id, 'DE', new Date('2026-06-01T12:00:00Z'))), [], 'DE has no cap');
  });

  test('a refusal keeps its slot only when the department counts refusals; a timeout always does', () => {
    assert.deepEqual(
      (['delivered', 'refused', 'error', 'timeout'] as const).map((outcome) => [attemptCounts(outcome, false), attemptCounts(outcome, true)]),
      [
        [true, true],
        [false, true],
        [false, false],
        [true, true],
      ],
    );
  });

  test('the caps board: open or closed now, the next change, used / cap per period and country, pacing', async () => {
    const id = await newDepartment();
    const plainId = await newDepartment();
    // Open around the clock except today (in Berlin) and the next two days: closed now, opens in three days.
    const now = new Date();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(now);
    const day = (offset: number) => new Date(Date.parse(`${today}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    dataOf(await call('PUT', `/broker/department/${id}/hours`, { time_zone: 'Europe/Berlin', windows: [], closed_dates: [day(0), day(1), day(2)] }));
    await setCaps(id, {
      pacing_per_hour: 30,
      caps: [
        { country: null, day: 50, week: null, month: null, total: null },
        { country: 'DE', day: 20, week: null, month: null, total: 900 },
      ],
    });
    slotsOf(await reserveCapSlots(context.database.db, id, 'DE', now));
    slotsOf(await reserveCapSlots(context.database.db, id, 'AT', now));
    const board = dataOf<CapsBoardRow[]>(await call('GET', '/distribution/caps'));
    const row = board.find((entry) => entry.department.id === id);
    assert.ok(row);
    assert.equal(row.open, false);
    assert.equal(row.hours_configured, false);
    assert.equal(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(row.next_change!)), day(3));
    assert.deepEqual(
      row.caps.map(({ period, country, used: count, cap }) => ({ period, country, used: count, cap })),
      [
        { period: 'day', country: null, used: 2, cap: 50 },
        { period: 'day', country: 'DE', used: 1, cap: 20 },
        { period: 'total', country: 'DE', used: 1, cap: 900 },
      ],
    );
    assert.equal(row.caps[2]?.period_start, null);
    assert.deepEqual(row.pacing, { per_hour: 30, used: 2 });
    assert.equal(row.department.broker.name, 'Hours Broker');
    const plain = board.find((entry) => entry.department.id === plainId);
    assert.ok(plain && plain.open && plain.next_change === null && plain.caps.length === 0 && plain.pacing === null, 'a department without limits: open, uncapped');
  });
});
