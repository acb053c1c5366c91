import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { dataOf, shaveWatch, type ShaveDepartment, type ShaveWatch } from '@crm/shared/contract';
import { bearer, createTestContext, type TestContext } from './helpers.ts';
import { assertRefusedFields } from './reportFixture.ts';
import { shaveFixture, type ShaveFixture } from './shaveFixture.ts';

const close = (actual: number | null | undefined, expected: number, digits: number, what: string) => {
  assert.ok(actual !== null && actual !== undefined, `${what} is missing`);
  assert.ok(Math.abs(actual - expected) < 10 ** -digits, `${what}: ${actual} is not ${expected}`);
};

describe('GET /reports/shave-watch', () => {
  let context: TestContext;
  let seeded: ShaveFixture;
  let dataDir: string;

  before(async () => {
    // The evidence files are written to the export directory first.
    dataDir = await mkdtemp(join(tmpdir(), 'crm-shave-'));
    process.env['DATA_DIR'] = dataDir;
    context = await createTestContext();
    seeded = await shaveFixture(context.database.pool);
  });
  after(async () => {
    await context.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const get = (query: string, token = context.adminToken) => context.app.inject({ method: 'GET', url: `/api/reports/shave-watch?${query}`, headers: bearer(token) });

  async function watchOf(query: string): Promise<ShaveWatch> {
    const response = await get(query);
    assert.equal(response.statusCode, 200, response.body);
    return dataOf(shaveWatch).parse(response.json()).data;
  }
  const byId = (data: ShaveWatch): Map<number, ShaveDepartment> => new Map(data.departments.map((department) => [department.id, department]));

  test('a department whose FTD rate falls against its baseline and its peers is flagged, first', async () => {
    const data = await watchOf('week=2026-03-09&time_zone=Europe/Berlin');
    const { falling, peer, small } = seeded.departments;
    assert.deepEqual(
      data.departments.map((department) => [department.id, department.label, department.flagged]),
      [
        [falling, 'Shave One - Desk Falling', true],
        // Neither of the others has a p-value: by label.
        [small, 'Shave Three - Desk Small', false],
        [peer, 'Shave Two - Desk Peer', false],
      ],
    );
    const shaver = byId(data).get(falling)!;
    // 40 delivered; FTDs within 7 days: +2 days and +7 days − 1 minute. Not the 3 at +8 days, nor the one another
    // department's broker reported.
    assert.deepEqual([shaver.n, shaver.x, shaver.rate], [40, 2, 0.05]);
    // Baseline: 8 weeks × 10 leads, 3 FTDs each. p = 26/120 = 0.216667; √(p(1 − p)(1/40 + 1/80)) = √0.0063646 = 0.079779;
    // z = (0.05 − 0.3) / 0.079779 = −3.13368; Φ(−3.13368) = 0.000863.
    assert.deepEqual([shaver.baseline.n, shaver.baseline.x, shaver.baseline.rate], [80, 24, 0.3]);
    close(shaver.baseline.z, -3.13368, 4, 'baseline z');
    close(shaver.baseline.p_value, 0.000863, 6, 'baseline p');
    // Peers: only alpha/DE (peer's 40 with 12 FTDs), not peer's beta/AT leads nor small's alpha/FR ones.
    // p = 14/80 = 0.175; √(0.175 · 0.825 · (1/40 + 1/40)) = 0.084963; z = −0.25 / 0.084963 = −2.94245; Φ = 0.001628.
    assert.deepEqual([shaver.peers.n, shaver.peers.x, shaver.peers.rate], [40, 12, 0.3]);
    close(shaver.peers.z, -2.94245, 4, 'peers z');
    close(shaver.peers.p_value, 0.001628, 6, 'peers p');

    assert.deepEqual(data, {
      ...data,
      week: '2026-03-09',
      time_zone: 'Europe/Berlin',
      horizon_days: 7,
      starts_at: '2026-03-08T23:00:00.000Z',
      ends_at: '2026-03-15T23:00:00.000Z',
      baseline_starts_at: '2026-01-11T23:00:00.000Z',
      horizon_ends_at: '2026-03-22T23:00:00.000Z',
      alpha: 0.01,
      baseline_weeks: 8,
      min_sample: 30,
      min_expected_ftds: 5,
    });
  });

  test('not enough data: too few leads, no baseline, or too few FTDs expected at the comparison’s rate', async () => {
    const data = byId(await watchOf('week=2026-03-09&time_zone=Europe/Berlin'));
    const small = data.get(seeded.departments.small)!;
    assert.deepEqual([small.n, small.x, small.flagged], [10, 1, false]);
    // Nobody else had alpha/FR leads that week: no peers at all.
    assert.deepEqual(small.peers, { n: 0, x: 0, rate: null, z: null, p_value: null });
    assert.deepEqual(small.baseline, { n: 0, x: 0, rate: null, z: null, p_value: null });
    const peer = data.get(seeded.departments.peer)!;
    // Its first deliveries only: the lead falling had first is not peer's.
    assert.deepEqual([peer.n, peer.x], [60, 12]);
    // Peers restricted to alpha/DE and beta/AT: falling's 40 with 2 FTDs; 60 × 0.05 = 3 FTDs expected, under 5.
    assert.deepEqual(peer.peers, { n: 40, x: 2, rate: 0.05, z: null, p_value: null });
  });

  test('the week is local: Berlin’s Monday 00:30 is UTC’s Sunday', async () => {
    const utc = await watchOf('week=2026-03-09&time_zone=UTC');
    assert.deepEqual([utc.starts_at, utc.ends_at], ['2026-03-09T00:00:00.000Z', '2026-03-16T00:00:00.000Z']);
    const small = byId(utc).get(seeded.departments.small)!;
    // Not S01, S02 (Sunday 23:30 in UTC) but S11 (Sunday 23:30 UTC, Monday in Berlin): 7 + S10 + S11.
    assert.deepEqual([small.n, small.x], [9, 0]);
    // Berlin's spring change: that week ends at 22:00 UTC.
    const summer = await watchOf('week=2026-03-23&time_zone=Europe/Berlin');
    assert.deepEqual([summer.starts_at, summer.ends_at, summer.departments], ['2026-03-22T23:00:00.000Z', '2026-03-29T22:00:00.000Z', []]);
  });

  test('the horizon: FTDs later than horizon_days after the delivery do not count', async () => {
    const fortnight = byId(await watchOf('week=2026-03-09&time_zone=Europe/Berlin&horizon_days=14'));
    const shaver = fortnight.get(seeded.departments.falling)!;
    assert.deepEqual([shaver.n, shaver.x], [40, 5]);
    const day = byId(await watchOf('week=2026-03-09&time_zone=Europe/Berlin&horizon_days=1'));
    // +2 days and later are out; peer's FTDs at exactly +1 day are out too (less than 24 hours after, strictly).
    assert.deepEqual([day.get(seeded.departments.falling)!.x, day.get(seeded.departments.peer)!.x], [0, 0]);
  });

  test('without a week: the latest week whose horizon has passed', async () => {
    const data = await watchOf('time_zone=Europe/Berlin&horizon_days=10');
    assert.equal(new Date(`${data.week}T00:00:00Z`).getUTCDay(), 1);
    const now = Date.now();
    const horizon = 10 * 86_400_000;
    assert.ok(Date.parse(data.ends_at) + horizon <= now, 'the horizon has passed');
    // A week later it would not have: the week after ends about 7 days later (a day's hour more or less).
    assert.ok(Date.parse(data.ends_at) + 7 * 86_400_000 - 3_600_000 + horizon > now, 'it is the latest such week');
  });

  test('bad input: a 422 naming the field', async () => {
    const cases: [string, string, RegExp][] = [
      ['week=2026-03-10', 'week', /Monday/],
      ['week=2026-02-30', 'week', /must be a day/],
      ['week=2026-03-09&horizon_days=0', 'horizon_days', /from 1 to 60/],
      ['week=2026-03-09&horizon_days=61', 'horizon_days', /from 1 to 60/],
      ['week=2026-03-09&horizon_days=7.5', 'horizon_days', /whole number/],
      ['week=2026-03-09&time_zone=Mars/Olympus', 'time_zone', /IANA zone/],
    ];
    await assertRefusedFields(get, cases);
  });

  test('needs reports.view', async () => {
    assert.equal((await context.app.inject({ method: 'GET', url: '/api/reports/shave-watch?week=2026-03-09' })).statusCode, 401);
    const dashboardOnly = await context.userWith(['dashboard.view']);
    assert.equal((await get('week=2026-03-09', dashboardOnly.token)).statusCode, 403);
    const viewer = await context.userWith(['reports.view']);
    assert.equal((await get('week=2026-03-09', viewer.token)).statusCode, 200);
  });

  const evidence = (query: string, token = context.adminToken) => context.app.inject({ method: 'GET', url: `/api/reports/shave-watch/evidence?${query}`, headers: bearer(token) });
  const smallWeek = () => `department_id=${seeded.departments.small}&week=2026-03-09&time_zone=Europe/Berlin`;

  test('evidence CSV: per lead by time, the broker reports and its integration’s calls, and a row for each lead without a report', async () => {
    const response = await evidence(`${smallWeek()}&format=csv`);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['content-type'], 'text/csv; charset=utf-8');
    assert.equal(response.headers['content-disposition'], 'attachment; filename="shave-evidence_Shave-Three-Desk-Small_2026-03-09_7d.csv"');
    assert.equal(response.headers['cache-control'], 'private, no-store');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    assert.equal(lines[0], 'Lead ID,Delivered at,Broker lead ID,Source,At,Status,FTD at,Raw');
    const s01 = 'S01,2026-03-08T23:30:00.000Z,B-01';
    assert.deepEqual(lines.slice(1, 6), [
      `${s01},Request (outbound),2026-03-08T23:30:00.500Z,200,,"{""method"":""POST"",""url"":""https://small.example/leads"",""status"":200,""request"":{""email"":""s01@example.com"",""api_key"":""***""},""response"":{""id"":""B-01""}}"`,
      // The status the broker sent starts like a formula: quoted by the writer.
      `${s01},Broker report (pull),2026-03-09T08:00:00.000Z,'=1+2,,"{""note"":""rang twice"",""status"":""Callback""}"`,
      `${s01},Broker report (push),2026-03-10T23:30:00.000Z,FTD,2026-03-10T23:30:00.000Z,"{""event"":""ftd"",""amount"":250}"`,
      `${s01},Request (inbound),2026-03-10T23:30:00.000Z,200,,"{""method"":""POST"",""url"":""/api/send/integration/1/postback?key=***"",""status"":200,""request"":{""status"":""ftd""},""response"":""ok""}"`,
      // S02: its delivery call only, so no report.
      `S02,2026-03-08T23:31:00.000Z,B-02,Request (outbound),2026-03-08T23:31:00.400Z,200,,"{""method"":""POST"",""url"":""https://small.example/leads"",""status"":200,""request"":{""email"":""s02@example.com""},""response"":{""id"":""B-02""}}"`,
    ]);
    assert.equal(lines[6], 'S02,2026-03-08T23:31:00.000Z,B-02,No report,,The broker sent no report on this lead,,');
    // S03–S10 had nothing at all; S11 fell in Berlin's next week.
    assert.deepEqual(
      lines.slice(7).map((line) => line.replace(/,2026-[^,]+,/, ',<delivered>,')),
      ['S03', 'S04', 'S05', 'S06', 'S07', 'S08', 'S09', 'S10'].map((lead) => `${lead},<delivered>,B-${lead.slice(1)},No report,,The broker sent no report on this lead,,`),
    );
  });

  test('evidence XLSX reads back with the same rows', async () => {
    const response = await evidence(`${smallWeek()}&format=xlsx`);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from(response.rawPayload));
    const rows: unknown[][] = [];
    workbook.getWorksheet('Evidence')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1, 7)));
    assert.deepEqual(rows[0], ['Lead ID', 'Delivered at', 'Broker lead ID', 'Source', 'At', 'Status']);
    assert.deepEqual(rows[3], ['S01', '2026-03-08T23:30:00.000Z', 'B-01', 'Broker report (push)', '2026-03-10T23:30:00.000Z', 'FTD']);
    assert.equal(rows.length, 1 + 5 + 9);
  });

  test('evidence: 422 per field, 404 for an unknown department, 403 without reports.view', async () => {
    const missing = await evidence('week=2026-03-09&format=csv');
    assert.equal(missing.statusCode, 422);
    assert.deepEqual(Object.keys((missing.json() as { errors: object }).errors), ['department_id']);
    const bad = await evidence(`${smallWeek()}&format=pdf&horizon_days=0`);
    assert.deepEqual(Object.keys((bad.json() as { errors: object }).errors).sort(), ['format', 'horizon_days']);
    assert.equal((await evidence('department_id=999999&week=2026-03-09&format=csv')).statusCode, 404);
    const dashboardOnly = await context.userWith(['dashboard.view']);
    assert.equal((await evidence(`${smallWeek()}&format=csv`, dashboardOnly.token)).statusCode, 403);
  });
});
