import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { dataOf, reportPreset, type ReportPreset } from '@crm/shared/contract';
import { bearer, createTestContext, waitFor, type TestContext } from './helpers.ts';
import { reportFixture } from './reportFixture.ts';

describe('report files and saved reports', () => {
  let context: TestContext;
  let dataDir: string;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'crm-report-'));
    process.env['DATA_DIR'] = dataDir;
    context = await createTestContext();
    await reportFixture(context.database.pool);
  });
  after(async () => {
    await context.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const exportOf = (query: string, token = context.adminToken) => context.app.inject({ method: 'GET', url: `/api/reports/export?${query}`, headers: bearer(token) });
  const berlinDay = 'from=2026-03-10&to=2026-03-10&time_zone=Europe/Berlin';

  test('CSV: one line per group, the totals last, and the file gone once sent', async () => {
    const response = await exportOf(`${berlinDay}&group_by=affiliate_company,country&format=csv`);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['content-type'], 'text/csv; charset=utf-8');
    assert.equal(response.headers['content-disposition'], 'attachment; filename="report_2026-03-10_2026-03-10_affiliate_company-country.csv"');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    assert.equal(
      lines[0],
      'Affiliate company,Country,Received,Accepted,Refused,Distributed,Delivered,Refused by brokers,Unassigned,FTDs,Refused INVALID,Refused DUPLICATE,Refused BLACKLISTED,Refused UNKNOWN_SOURCE,Refused UNKNOWN_STATUS,Refused CAP_REACHED,Conversion,Median time to FTD (hours)',
    );
    assert.deepEqual(lines.slice(1), [
      'Report Alpha,Austria,1,1,0,1,0,1,0,0,0,0,0,0,0,0,,',
      'Report Alpha,Germany,3,2,1,2,2,0,0,2,0,1,0,0,0,0,1,3.00',
      'Report Beta,Germany,1,1,0,0,0,0,1,0,0,0,0,0,0,0,,',
      'Total,,5,4,1,3,2,1,1,2,0,1,0,0,0,0,1,3.00',
    ]);
    // The file was written to the export directory and is gone once sent.
    await waitFor(async () => (await readdir(join(dataDir, 'exports'))).length === 0, 5_000);
  });

  test('XLSX: keys as text, metrics as numbers', async () => {
    const response = await exportOf(`from=2026-03-10&to=2026-03-11&time_zone=UTC&group_by=country&format=xlsx`);
    assert.equal(response.statusCode, 200, response.body);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from(response.rawPayload));
    const sheet = workbook.getWorksheet('Report')!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1, 5)));
    // F2 was sent with the country "=cmd": not a country, so it counts among the leads without one.
    assert.deepEqual(rows, [
      ['Country', 'Received', 'Accepted', 'Refused'],
      ['Austria', 2, 2, 0],
      ['Germany', 3, 2, 1],
      ['None', 1, 0, 1],
      ['Total', 6, 4, 2],
    ]);
  });

  const csvLines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');

  test("a file follows the table's sort: by a metric either way, by a key with the group without a value first", async () => {
    const query = 'from=2026-03-10&to=2026-03-11&time_zone=UTC&group_by=country&format=csv';
    const keysOf = async (sort: string) => csvLines((await exportOf(`${query}${sort}`)).body).map((line) => line.split(',').slice(0, 3).join(','));
    assert.deepEqual(await keysOf(''), ['Country,Received,Accepted', 'Austria,2,2', 'Germany,3,2', 'None,1,0', 'Total,6,4']);
    assert.deepEqual(await keysOf('&sort=received&order=desc'), ['Country,Received,Accepted', 'Germany,3,2', 'Austria,2,2', 'None,1,0', 'Total,6,4']);
    // Equal counts keep the report's order, as the table's stable sort does.
    assert.deepEqual(await keysOf('&sort=accepted&order=asc'), ['Country,Received,Accepted', 'None,1,0', 'Austria,2,2', 'Germany,3,2', 'Total,6,4']);
    assert.deepEqual(await keysOf('&sort=country&order=desc'), ['Country,Received,Accepted', 'Germany,3,2', 'Austria,2,2', 'None,1,0', 'Total,6,4']);
    const notGrouped = await exportOf(`${query}&sort=language`);
    assert.equal(notGrouped.statusCode, 422);
    assert.deepEqual(Object.keys((notGrouped.json() as { errors: object }).errors), ['sort']);
  });

  test("a file's column names are the screen's (English)", async () => {
    const screen = JSON.parse(await readFile(new URL('../../mfe-dashboard/src/i18n/en.json', import.meta.url), 'utf8')) as {
      reports: { groupings: Record<string, string>; metrics: Record<string, string>; none: string };
    };
    const [header, ...rows] = csvLines((await exportOf('from=2026-03-10&to=2026-03-11&time_zone=UTC&group_by=country,language&format=csv')).body);
    const { groupings, metrics } = screen.reports;
    const counts = ['received', 'accepted', 'refused', 'distributed', 'delivered', 'broker_refused', 'unassigned', 'ftds'].map((key) => metrics[key]);
    assert.deepEqual(header?.split(',').slice(0, 10), [groupings['country'], groupings['language'], ...counts]);
    assert.deepEqual(header?.split(',').slice(-2), [metrics['conversion'], `${metrics['median_ftd_seconds']} (hours)`]);
    assert.ok(rows.some((row) => row.split(',')[1] === screen.reports.none));
  });

  test('an export checks its input and the permission like the report', async () => {
    const bad = await exportOf(`${berlinDay}&group_by=country&format=pdf`);
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(Object.keys((bad.json() as { errors: object }).errors), ['format']);
    const outsider = await context.userWith(['dashboard.view']);
    assert.equal((await exportOf(`${berlinDay}&group_by=country&format=csv`, outsider.token)).statusCode, 403);
  });

  test('saved reports: per user, saved again under the same name replaces, deleted by id', async () => {
    const analyst = await context.userWith(['reports.view'], 'Ana Analyst');
    const other = await context.userWith(['reports.view'], 'Otto Other');
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
      context.app.inject({ method, url: `/api/reports/presets${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
    const list = async (token: string): Promise<ReportPreset[]> => dataOf(reportPreset.array()).parse((await call('GET', '', token)).json()).data;

    const saved = await call('POST', '', analyst.token, { name: 'DE by affiliate', query: 'range=7d&group_by=affiliate_company,country' });
    assert.equal(saved.statusCode, 200, saved.body);
    await call('POST', '', analyst.token, { name: 'Hourly', query: 'range=today&group_by=hour' });
    const replaced = await call('POST', '', analyst.token, { name: 'DE by affiliate', query: 'range=30d&group_by=affiliate_company,country' });
    assert.deepEqual(replaced.json(), { data: { id: 1, name: 'DE by affiliate', query: 'range=30d&group_by=affiliate_company,country' } });
    assert.deepEqual(
      (await list(analyst.token)).map((preset) => [preset.id, preset.name, preset.query]),
      [
        [1, 'DE by affiliate', 'range=30d&group_by=affiliate_company,country'],
        [2, 'Hourly', 'range=today&group_by=hour'],
      ],
    );
    assert.deepEqual(await list(other.token), []);

    const blank = await call('POST', '', analyst.token, { name: '  ', query: '' });
    assert.equal(blank.statusCode, 422);
    assert.deepEqual(Object.keys((blank.json() as { errors: object }).errors), ['name']);
    assert.equal((await call('DELETE', '/1', other.token)).statusCode, 404);
    assert.equal((await call('DELETE', '/1', analyst.token)).statusCode, 200);
    assert.deepEqual(
      (await list(analyst.token)).map((preset) => preset.name),
      ['Hourly'],
    );
    const outsider = await context.userWith(['dashboard.view']);
    assert.equal((await call('GET', '', outsider.token)).statusCode, 403);
  });
});
