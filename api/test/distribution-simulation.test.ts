/**
 * The distribution simulator over HTTP: a draft or the saved rules replayed over a past period's leads as a job, the
 * split per department (weighted, seeded), hours and caps at the received time in the department's zone, reasons of
 * the unassigned, nothing written but the job, 422s, the permission and the owner.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Simulation, SimulationResult } from '@crm/shared/contract';
import type { RuleConditions } from '../src/modules/distribution/rules.ts';
import { bearer, tableFingerprint, waitFor } from './helpers.ts';
import { distributionFixture, type Desk } from './distributionFixture.ts';

type Fixture = Awaited<ReturnType<typeof distributionFixture>>;

const anyLead: RuleConditions = { affiliate_company_ids: [], source_ids: [], countries: [], languages: [], funnels: [], sub1: [], sub2: [], sub3: [], sub4: [], sub5: [] };
const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, from: '09:00', to: '18:00' }));

describe('distribution simulator', () => {
  let fixture: Fixture;
  let a: Desk;
  let b: Desk;
  let c: Desk;

  const rule = (name: string, tiers: [Desk, number][][], conditions: Partial<RuleConditions> = {}) => ({
    name,
    is_enabled: true,
    ...anyLead,
    ...conditions,
    tiers: tiers.map((entries) => ({ departments: entries.map(([desk, weight]) => ({ department_id: desk.id, weight })) })),
  });
  const start = (body: object, token?: string) => fixture.call('POST', '/distribution/simulations', body, token);

  async function simulate(body: object, token?: string): Promise<SimulationResult> {
    const started = await start(body, token);
    assert.equal(started.statusCode, 202, started.body);
    const { id } = (started.json() as { data: Simulation }).data;
    const done = await waitFor(async () => {
      const response = await fixture.call('GET', `/distribution/simulations/${id}`, undefined, token);
      assert.equal(response.statusCode, 200, response.body);
      const data = (response.json() as { data: Simulation }).data;
      return data.status === 'finished' || data.status === 'failed' ? data : null;
    });
    assert.equal(done.status, 'finished', done.error ?? '');
    assert.equal(done.progress, 100);
    assert.ok(done.result);
    return done.result;
  }
  const day = (date: string, rules: object[] | null, time_zone = 'UTC') => ({ from: date, to: date, time_zone, rules });
  const split = (result: SimulationResult) => Object.fromEntries(result.by_department.filter((row) => row.leads > 0).map((row) => [row.department_id, row.leads]));
  const reasons = (result: SimulationResult) => Object.fromEntries(result.unassigned_by_reason.map((row) => [row.code, row.leads]));
  const leadsAt = async (times: string[], fields: { country?: string } = {}) => {
    for (const at of times) await fixture.newLead({ created_at: new Date(at), ...fields });
  };

  before(async () => {
    fixture = await distributionFixture();
    a = await fixture.desk();
    b = await fixture.desk();
    c = await fixture.desk();
  });
  after(() => fixture.close());

  test('a draft two-tier rule splits the period by weight, deterministically, and writes nothing but the job', async () => {
    await leadsAt(Array.from({ length: 40 }, (_, index) => `2026-02-02T${String(index % 24).padStart(2, '0')}:${String(index).padStart(2, '0')}:00Z`));
    await leadsAt(['2026-02-01T12:00:00Z', '2026-02-03T00:00:00Z']); // outside the day
    const body = day('2026-02-02', [
      rule('Draft', [
        [
          [a, 3],
          [b, 1],
        ],
        [[c, 1]],
      ]),
    ]);
    const before = await tableFingerprint(fixture.context.database);
    const first = await simulate(body);
    assert.equal(first.leads, 40);
    assert.equal(first.assumes_delivery, true);
    assert.equal(first.draft, true);
    const counts = split(first);
    assert.equal((counts[a.id] ?? 0) + (counts[b.id] ?? 0), 40);
    assert.equal(counts[c.id], undefined, 'the second tier is not needed');
    assert.ok((counts[a.id] ?? 0) > (counts[b.id] ?? 0) && (counts[b.id] ?? 0) > 0, JSON.stringify(counts));
    assert.deepEqual(first.unassigned_by_reason, []);
    assert.deepEqual(first.cap_fill, [], 'no caps: no hourly rows');
    assert.deepEqual(await simulate(body), first, 'the same period and rules give the same split');

    const after = await tableFingerprint(fixture.context.database);
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    assert.deepEqual(changed.sort(), ['events', 'jobs', 'notifications'], 'only the job rows, their notifications and their live updates');
    for (const desk of [a, b, c]) assert.equal(desk.broker.received.length, 0, 'nothing is sent');
  });

  test('hours are evaluated at the received time in the department zone; the period is read in the given zone', async () => {
    await fixture.setHours(a, { time_zone: 'Europe/Berlin', windows: everyDay, closed_dates: [] });
    // 2026-02-03 in Berlin (UTC+1): 23:30Z the day before is 00:30 there (closed), 08:30Z is 09:30 (open), 17:30Z is 18:30 (closed).
    await leadsAt(['2026-02-03T23:30:00Z', '2026-02-04T08:30:00Z', '2026-02-04T12:00:00Z', '2026-02-04T17:30:00Z', '2026-02-04T22:59:00Z']);
    const result = await simulate(day('2026-02-04', [rule('A then C', [[[a, 1]], [[c, 1]]])], 'Europe/Berlin'));
    assert.equal(result.leads, 5);
    assert.deepEqual(split(result), { [a.id]: 2, [c.id]: 3 });

    const alone = await simulate(day('2026-02-04', [rule('A only', [[[a, 1]]])], 'Europe/Berlin'));
    assert.deepEqual(split(alone), { [a.id]: 2 });
    assert.deepEqual(reasons(alone), { CLOSED: 3 });
    await fixture.setHours(a, { time_zone: 'UTC', windows: [], closed_dates: [] });
  });

  test('a day cap gives the department exactly its cap; the rest go to the next tier or stay unassigned (CAP_REACHED)', async () => {
    await fixture.setCaps(b, [{ country: null, day: 3, week: null, month: null, total: null }]);
    await leadsAt(['2026-02-06T08:00:00Z', '2026-02-06T08:10:00Z', '2026-02-06T09:00:00Z', '2026-02-06T09:30:00Z', '2026-02-06T10:00:00Z']);
    // The next day the cap has room again.
    await leadsAt(['2026-02-07T08:00:00Z']);
    const tiered = await simulate({ from: '2026-02-06', to: '2026-02-07', time_zone: 'UTC', rules: [rule('B then C', [[[b, 1]], [[c, 1]]])] });
    assert.deepEqual(split(tiered), { [b.id]: 4, [c.id]: 2 });

    const alone = await simulate({ from: '2026-02-06', to: '2026-02-07', time_zone: 'UTC', rules: [rule('B only', [[[b, 1]]])] });
    assert.deepEqual(split(alone), { [b.id]: 4 });
    assert.deepEqual(reasons(alone), { CAP_REACHED: 2 });
    assert.deepEqual(
      alone.cap_fill.map((row) => `${row.department_id} ${row.hour} ${row.delivered} ${row.caps.map((cap) => `${cap.period}:${cap.used}/${cap.cap}`).join(',')}`),
      [`${b.id} 2026-02-06T08:00:00.000Z 2 day:2/3`, `${b.id} 2026-02-06T09:00:00.000Z 1 day:3/3`, `${b.id} 2026-02-07T08:00:00.000Z 1 day:1/3`],
    );
    assert.deepEqual(await fixture.countersOf(b.id), [], 'no cap counter written');
    await fixture.setCaps(b, []);
  });

  test('leads no rule matches are NO_RULE; the saved rules and a draft give different splits', async () => {
    await leadsAt(['2026-02-10T10:00:00Z', '2026-02-10T11:00:00Z']);
    await leadsAt(['2026-02-10T12:00:00Z'], { country: 'AT' });
    const draft = await simulate(day('2026-02-10', [rule('Austria to C', [[[c, 1]]], { countries: ['AT'] })]));
    assert.deepEqual(split(draft), { [c.id]: 1 });
    assert.deepEqual(reasons(draft), { NO_RULE: 2 });

    const saved = await fixture.call('POST', '/distribution/rules', rule('Saved: all to A', [[[a, 1]]]));
    assert.equal(saved.statusCode, 201, saved.body);
    const result = await simulate(day('2026-02-10', null));
    assert.equal(result.draft, false);
    assert.deepEqual(split(result), { [a.id]: 3 });
    assert.deepEqual(result.unassigned_by_reason, []);
  });

  test('422 per field: days, order, length, days to come, zone, a draft rule as saving it would', async () => {
    const errorsOf = async (body: object) => {
      const response = await start(body);
      assert.equal(response.statusCode, 422, response.body);
      return Object.keys((response.json() as { errors: Record<string, string[]> }).errors).sort();
    };
    const valid = day('2026-02-10', null);
    assert.deepEqual(await errorsOf({ ...valid, from: '2026-02-30', to: 'yesterday' }), ['from', 'to']);
    assert.deepEqual(await errorsOf({ ...valid, from: '2026-02-11' }), ['to']);
    assert.deepEqual(await errorsOf({ ...valid, from: '2025-01-01' }), ['to']);
    const tomorrow = new Date(Date.now() + 36 * 3_600_000).toISOString().slice(0, 10);
    assert.deepEqual(await errorsOf({ ...valid, from: tomorrow, to: tomorrow, time_zone: 'UTC' }), ['to'], 'days to come have no leads to replay');
    assert.deepEqual(await errorsOf({ ...valid, time_zone: 'Mars/Olympus' }), ['time_zone']);
    assert.deepEqual(await errorsOf({ ...valid, rules: [rule('ok', [[[a, 1]]]), rule('', [])] }), ['rules.1.name', 'rules.1.tiers']);
    assert.deepEqual(
      await errorsOf({
        ...valid,
        rules: [rule('ok', [[[a, 1]]]), { ...rule('gone', [[[a, 1]]], { countries: ['XX'] }), tiers: [{ departments: [{ department_id: 999_999, weight: 1 }] }] }],
      }),
      ['rules.1.countries.0', 'rules.1.tiers.0.departments.0.department_id'],
    );
  });

  test('the permission is distribution.rule.view; a simulation is seen by its own user only', async () => {
    const outsider = await fixture.context.userWith([]);
    assert.equal((await start(day('2026-02-10', null), outsider.token)).statusCode, 403);
    const viewer = await fixture.context.userWith(['distribution.rule.view'], 'Viewer');
    const started = await start(day('2026-02-10', null), viewer.token);
    assert.equal(started.statusCode, 202, started.body);
    const { id } = (started.json() as { data: Simulation }).data;
    assert.equal((await fixture.call('GET', `/distribution/simulations/${id}`, undefined, viewer.token)).statusCode, 200);
    const other = await fixture.context.userWith(['distribution.rule.view'], 'Other viewer');
    const response = await fixture.context.app.inject({ method: 'GET', url: `/api/distribution/simulations/${id}`, headers: bearer(other.token) });
    assert.equal(response.statusCode, 404);
  });
});
