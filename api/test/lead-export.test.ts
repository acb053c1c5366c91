import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { exportableLeadColumns, exportResult, leadExportFilters, type ExportResult, type ExportSetting, type Job, type LeadPage } from '@crm/shared/contract';
import * as tables from '../src/db/schema/index.ts';
import type { JobContext } from '../src/modules/jobs/queue.ts';
import { exportLinkTtlMs, removeExpiredExports } from '../src/modules/leads/export/files.ts';
import { leadExportJobType, registerLeadExportJobs, runLeadExport } from '../src/modules/leads/export/job.ts';
import { readBatch, type ExportCursor, type ExportSelection } from '../src/modules/leads/export/selection.ts';
import { bearer, createTestContext, tableFingerprint, waitFor, type TestContext } from './helpers.ts';

const settingsPath = '/api/lead/export/settings';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Invalid = { message: string; errors: Record<string, string[]> };
/** Small batches, so every export here crosses several of them (the keyset is what is under test). */
const batchSize = 4;

describe('lead export', () => {
  let context: TestContext;
  let dataDir: string;
  let exporter: { id: number; token: string };
  let colleague: { id: number; token: string };
  let outsider: { id: number; token: string };
  const ids = { statusA: 0, statusB: 0, original: 0, source: 0, company: 0, department: 0 };
  /** Every lead of this file (the seed may hold others): the filters below always narrow to this source. */
  let everyColumn: ExportSetting;

  const call = (method: Method, url: string, payload?: unknown, token = exporter.token) =>
    context.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  async function createSetting(body: Record<string, unknown>, token = exporter.token): Promise<ExportSetting> {
    const response = await call('POST', settingsPath, body, token);
    assert.equal(response.statusCode, 201, response.body);
    return (response.json() as { data: ExportSetting }).data;
  }

  /** Starts an export, waits for its job to end and fetches its file through the link, without a bearer. */
  async function exportAndDownload(body: Record<string, unknown>, token = exporter.token) {
    const started = await call('POST', '/api/lead/export', body, token);
    assert.equal(started.statusCode, 202, started.body);
    const { data } = started.json() as { data: Job };
    assert.equal(data.type, leadExportJobType);
    const job = await waitFor(async () => {
      const current = (await call('GET', `/api/lead/export/${data.id}`, undefined, token)).json() as { data: Job };
      return ['finished', 'failed', 'cancelled'].includes(current.data.status) ? current.data : null;
    });
    assert.equal(job.status, 'finished', job.error ?? '');
    const result: ExportResult = exportResult.parse(job.result);
    // A path from the API host's root: what the console joins to the API's origin.
    assert.match(result.download_url, /^\/api\/lead\/export\/\d+\/download\?token=[\w-]+$/);
    const download = await context.app.inject({ method: 'GET', url: result.download_url });
    assert.equal(download.statusCode, 200, download.body);
    return { job, result, download };
  }

  const csvRows = (text: string): string[][] => {
    assert.ok(text.startsWith('\uFEFF'), 'a byte order mark, for Excel');
    return Papa.parse<string[]>(text.slice(1), { delimiter: ',', newline: '\r\n', skipEmptyLines: true }).data;
  };

  /** The lead ids GET /lead shows for a query, every page (five a page, so several). */
  async function listedLeadIds(query: Record<string, string>): Promise<string[]> {
    const found: string[] = [];
    for (let page = 1; ; page += 1) {
      const response = await call('GET', `/api/lead?${new URLSearchParams({ ...query, per_page: '5', page: String(page) })}`);
      assert.equal(response.statusCode, 200, response.body);
      const body = response.json() as LeadPage;
      found.push(...body.data.map((lead) => lead.lead_id));
      if (page >= body.meta.last_page) return found;
    }
  }

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'crm-export-'));
    process.env['DATA_DIR'] = dataDir;
    context = await createTestContext({ registerJobs: (jobs) => registerLeadExportJobs(jobs, { batchSize }) });
    exporter = await context.userWith(['lead.export', 'lead.view'], 'Erin Exporter');
    colleague = await context.userWith(['lead.export'], 'Colin Colleague');
    outsider = await context.userWith(['lead.view', 'lead.single.view', 'user.profile.job.view'], 'Olga Outsider');
    const db = context.database.db;

    const statuses = await db
      .insert(tables.statuses)
      .values(['Export A', 'Export B', 'Export original'].map((name) => ({ name, class: 'lead' as const })))
      .returning();
    [ids.statusA, ids.statusB, ids.original] = statuses.map((row) => row.id) as [number, number, number];
    const [company] = await db.insert(tables.affiliateCompanies).values({ name: 'Export Partners' }).returning();
    const [source] = await db.insert(tables.sources).values({ name: 'Export source' }).returning();
    const [broker] = await db.insert(tables.brokers).values({ name: 'Export Broker' }).returning();
    await db.insert(tables.brokerAffiliateCompanies).values({ broker_id: broker!.id, affiliate_company_id: company!.id });
    const [department] = await db.insert(tables.brokerDepartments).values({ broker_id: broker!.id, branch_name: 'Berlin' }).returning();
    const tagRows = await db
      .insert(tables.tags)
      .values([{ name: 'export-beta' }, { name: 'export-alpha' }])
      .returning();
    Object.assign(ids, { company: company!.id, source: source!.id, department: department!.id });

    // Ties on every sort key (the cursor must break them by id), microseconds (the cursor must keep them), leads
    // without a sent or FTD date (listed last either way), and cells a spreadsheet would take for formulas.
    const tie = sql`'2024-02-01 10:00:00.123456+00'::timestamptz`;
    const leads = Array.from({ length: 18 }, (_, index) => ({
      lead_id: `EXP${String(index).padStart(4, '0')}`,
      name: `Export ${index}`,
      email: `export${index}@example.com`,
      source_id: ids.source,
      status_id: index < 13 ? ids.statusA : ids.statusB,
      created_at: index < 6 ? tie : sql`${`2024-02-0${1 + (index % 5)} 09:00:00.${String(index).padStart(6, '7')}+00`}::timestamptz`,
      last_sent_at: index % 3 === 0 ? null : sql`${`2024-03-0${1 + (index % 2)} 08:00:00.500001+00`}::timestamptz`,
      api_ftd_at: index % 4 === 0 ? sql`${`2024-04-0${1 + (index % 3)} 12:00:00+00`}::timestamptz` : null,
    }));
    const inserted = await db.insert(tables.leads).values(leads).returning({ id: tables.leads.id });
    const first = inserted[0]!.id;
    await db
      .update(tables.leads)
      .set({
        original_status_id: ids.original,
        affiliate_company_id: ids.company,
        last_broker_department_id: ids.department,
        date_of_birth: '1990-05-06',
        purchase_amount: '12.50',
        deposit_exists: true,
        is_fresh: false,
        phone: '+4915112345678',
        comment: 'said "hi", then\nleft',
        name: '=HYPERLINK("http://evil.example","click")',
        surname: '@SUM(A1:A2)',
        city: '-2+3',
        state: '\tTab',
        funnel: '\rReturn',
      })
      .where(eq(tables.leads.id, first));
    await db.insert(tables.leadTags).values(tagRows.map((tag) => ({ lead_id: first, tag_id: tag.id })));
    everyColumn = await createSetting({ name: 'Everything', columns: [...exportableLeadColumns] });
  });

  after(async () => {
    await context.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  describe('export settings', () => {
    test('create, list, update and delete; a setting with users is offered to them only', async () => {
      const mine = await createSetting({ name: 'Contact only', columns: ['email', 'name', 'phone'], user_ids: [exporter.id, exporter.id] });
      assert.deepEqual(mine.columns, ['email', 'name', 'phone'], 'the order is kept');
      assert.deepEqual(mine.user_ids, [exporter.id], 'each user once');
      const theirs = await createSetting({ name: 'Colleague only', columns: ['lead_id'], user_ids: [colleague.id] });

      const offered = (token: string) =>
        call('GET', `${settingsPath}/mine`, undefined, token).then((response) => (response.json() as { data: ExportSetting[] }).data.map((setting) => setting.name));
      assert.deepEqual(await offered(exporter.token), ['Contact only', 'Everything']);
      assert.deepEqual(await offered(colleague.token), ['Colleague only', 'Everything']);

      const list = (await call('GET', `${settingsPath}?search=only`)).json() as { data: ExportSetting[]; meta: { total: number } };
      assert.deepEqual(
        list.data.map((setting) => setting.name),
        ['Colleague only', 'Contact only'],
      );
      assert.equal(list.meta.total, 2);
      assert.equal(((await call('GET', `${settingsPath}/${theirs.id}`)).json() as { data: ExportSetting }).data.name, 'Colleague only');

      const updated = await call('PUT', `${settingsPath}/${theirs.id}`, { name: 'Shared ids', columns: ['lead_id', 'status'] });
      assert.equal(updated.statusCode, 200, updated.body);
      assert.deepEqual((updated.json() as { data: ExportSetting }).data.user_ids, [], 'PUT replaces: no users given, none kept');
      assert.deepEqual(await offered(exporter.token), ['Contact only', 'Everything', 'Shared ids']);

      for (const setting of [mine, theirs]) assert.deepEqual((await call('DELETE', `${settingsPath}/${setting.id}`)).json(), { message: 'Setting successfully deleted' });
      assert.equal((await call('GET', `${settingsPath}/${mine.id}`)).statusCode, 404);
      assert.equal((await context.database.db.select().from(tables.exportSettingUsers).where(eq(tables.exportSettingUsers.export_setting_id, mine.id))).length, 0);
    });

    test('a bad body is a 422 naming the field, and changes nothing', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ columns: ['email'] }, 'name'],
        [{ name: '  ', columns: ['email'] }, 'name'],
        [{ name: 'Empty', columns: [] }, 'columns'],
        [{ name: 'Unknown', columns: ['email', 'password'] }, 'columns.1'],
        [{ name: 'Twice', columns: ['email', 'email'] }, 'columns'],
        [{ name: 'Ghosts', columns: ['email'], user_ids: [exporter.id, 999_999] }, 'user_ids'],
        [{ name: 'Bad ids', columns: ['email'], user_ids: ['x'] }, 'user_ids.0'],
        [{ name: 'everything', columns: ['email'] }, 'name'],
        [{ name: 'Extra', columns: ['email'], owner: 1 }, 'owner'],
      ];
      for (const [body, field] of cases) {
        const before = await tableFingerprint(context.database);
        const response = await call('POST', settingsPath, body);
        assert.equal(response.statusCode, 422, `${JSON.stringify(body)} → ${response.body}`);
        assert.ok((response.json() as Invalid).errors[field]?.[0], `${JSON.stringify(body)} names ${field}: ${response.body}`);
        assert.deepEqual(await tableFingerprint(context.database), before);
      }
      const ghosts = await call('PUT', `${settingsPath}/${everyColumn.id}`, { name: 'Everything', columns: ['email'], user_ids: [999_998] });
      assert.deepEqual((ghosts.json() as Invalid).errors['user_ids'], ['The selected users do not exist: 999998.']);
    });

    test('every settings and export route needs lead.export; the download needs no bearer at all', async () => {
      const cases: [Method, string, Record<string, unknown>?][] = [
        ['GET', settingsPath],
        ['GET', `${settingsPath}/mine`],
        ['GET', `${settingsPath}/${everyColumn.id}`],
        ['POST', settingsPath, { name: 'Nope', columns: ['email'] }],
        ['PUT', `${settingsPath}/${everyColumn.id}`, { name: 'Nope', columns: ['email'] }],
        ['DELETE', `${settingsPath}/${everyColumn.id}`],
        ['POST', '/api/lead/export', { format: 'csv', export_setting_id: everyColumn.id }],
        ['GET', '/api/lead/export/1'],
      ];
      const before = await tableFingerprint(context.database);
      for (const [method, url, payload] of cases) {
        assert.equal((await call(method, url, payload, outsider.token)).statusCode, 403, `${method} ${url}`);
        const anonymous = await context.app.inject({ method, url, ...(payload ? { payload } : {}) });
        assert.equal(anonymous.statusCode, 401, `${method} ${url} without a token`);
      }
      assert.deepEqual(await tableFingerprint(context.database), before);
    });
  });

  describe('exporting', () => {
    test('a bad export request is a 422 naming the field, and starts nothing', async () => {
      const privateSetting = await createSetting({ name: 'Colin’s', columns: ['email'], user_ids: [colleague.id] });
      const cases: [Record<string, unknown>, string][] = [
        [{ export_setting_id: everyColumn.id }, 'format'],
        [{ format: 'pdf', export_setting_id: everyColumn.id }, 'format'],
        [{ format: 'csv' }, 'export_setting_id'],
        [{ format: 'csv', export_setting_id: 999_999 }, 'export_setting_id'],
        [{ format: 'csv', export_setting_id: privateSetting.id }, 'export_setting_id'],
        [{ format: 'csv', export_setting_id: everyColumn.id, lead_ids: [] }, 'lead_ids'],
        [{ format: 'csv', export_setting_id: everyColumn.id, lead_ids: [0] }, 'lead_ids.0'],
        [{ format: 'csv', export_setting_id: everyColumn.id, filters: { status_id: 'abc' } }, 'filters.status_id.0'],
        [{ format: 'csv', export_setting_id: everyColumn.id, filters: { sort: 'name' } }, 'filters.sort'],
        [{ format: 'csv', export_setting_id: everyColumn.id, filters: { created_from: 'yesterday' } }, 'filters.created_from'],
        [{ format: 'csv', export_setting_id: everyColumn.id, filters: { search: 'a\u0000b' } }, 'filters.search'],
        [{ format: 'csv', export_setting_id: everyColumn.id, filters: { page: 2 } }, 'filters.page'],
        [{ format: 'csv', export_setting_id: everyColumn.id, everything: true }, 'everything'],
      ];
      const before = await tableFingerprint(context.database);
      for (const [body, field] of cases) {
        const response = await call('POST', '/api/lead/export', body);
        assert.equal(response.statusCode, 422, `${JSON.stringify(body)} → ${response.body}`);
        assert.ok((response.json() as Invalid).errors[field]?.[0], `${JSON.stringify(body)} names ${field}: ${response.body}`);
      }
      assert.deepEqual(await tableFingerprint(context.database), before);
    });

    test('an export of a filter holds exactly the leads the list shows, in its order, with every column written out', async () => {
      const setting = await createSetting({ name: 'Filter <img src="https://evil.test/p.gif"> & check', columns: ['lead_id', 'status', 'created_at'] });
      const filters = { source_id: String(ids.source), status_id: String(ids.statusA), sort: 'created_at', direction: 'asc' };
      const { result, download, job } = await exportAndDownload({ format: 'csv', export_setting_id: setting.id, filters });
      assert.equal(download.headers['content-type'], 'text/csv; charset=utf-8');
      assert.equal(download.headers['content-disposition'], `attachment; filename="${result.file_name}"`);
      assert.match(result.file_name, new RegExp(`^leads-\\d{4}-\\d{2}-\\d{2}-${job.id}\\.csv$`));
      const [header, ...rows] = csvRows(download.body);
      assert.deepEqual(header, ['Lead ID', 'Status', 'Created at']);
      const listed = await listedLeadIds(filters);
      assert.equal(listed.length, 13);
      assert.deepEqual(
        rows.map((row) => row[0]),
        listed,
        'the same leads in the same order',
      );
      assert.equal(result.rows, 13);
      assert.deepEqual({ processed: job.processed, total: job.total, progress: job.progress }, { processed: 13, total: 13, progress: 100 });
      assert.ok(rows.every((row) => row[1] === 'Export A'));
      const page = (await call('GET', `/api/lead?${new URLSearchParams({ ...filters, per_page: '100' })}`)).json() as LeadPage;
      assert.deepEqual(
        rows.map((row) => row[2]),
        page.data.map((lead) => lead.created_at),
        'dates as the API writes them (ISO, UTC)',
      );

      const [notification] = await context.database.db.select().from(tables.notifications).where(eq(tables.notifications.job_id, job.id));
      assert.equal(notification?.user_id, exporter.id);
      assert.ok(notification?.message.includes(`href="http://localhost${result.download_url.replaceAll('&', '&#38;')}"`), notification?.message);
      assert.ok(notification?.message.includes('(Filter &#60;img src=&#34;https://evil.test/p.gif&#34;&#62; &#38; check)'), 'the setting name reads as text');
    });

    test('batches follow the list order for every sort, ties and leads without the date included', async () => {
      const columns = ['lead_id'] as const;
      for (const sort of ['created_at', 'id', 'last_sent_at', 'api_ftd_at'] as const) {
        for (const direction of ['asc', 'desc'] as const) {
          const query = { source_id: String(ids.source), sort, direction };
          const selection: ExportSelection = { filters: leadExportFilters.parse(query), leadIds: null };
          const exported: string[] = [];
          let cursor: ExportCursor | null = null;
          for (;;) {
            const batch = await readBatch(context.database.db, selection, columns, cursor, 3);
            exported.push(...batch.rows.map((row) => row[0] ?? ''));
            if (batch.rows.length < 3 || !batch.cursor) break;
            cursor = batch.cursor;
          }
          assert.deepEqual(exported, await listedLeadIds(query), `${sort} ${direction}`);
        }
      }
    });

    test('CSV cells: relations by name, ISO dates, quoting, and no formula left to run', async () => {
      const { download } = await exportAndDownload({ format: 'csv', export_setting_id: everyColumn.id, lead_ids: [await leadIdOf('EXP0000')] });
      const [header, row] = csvRows(download.body);
      const cell = Object.fromEntries(exportableLeadColumns.map((column, index) => [column, row?.[index]]));
      assert.equal(header?.length, exportableLeadColumns.length);
      assert.deepEqual(
        { source: cell['source'], status: cell['status'], original: cell['original_status'], company: cell['affiliate_company'], tags: cell['tags'], department: cell['last_department'] },
        {
          source: 'Export source',
          status: 'Export A',
          original: 'Export original',
          company: 'Export Partners',
          tags: 'export-alpha, export-beta',
          department: 'Export Broker - Export Partners - Berlin',
        },
      );
      assert.deepEqual(
        { birth: cell['date_of_birth'], created: cell['created_at'], sent: cell['last_sent_at'], ftd: cell['api_ftd_at'] },
        { birth: '1990-05-06', created: '2024-02-01T10:00:00.123Z', sent: '', ftd: '2024-04-01T12:00:00.000Z' },
      );
      assert.deepEqual({ amount: cell['purchase_amount'], deposit: cell['deposit_exists'], fresh: cell['is_fresh'] }, { amount: '12.50', deposit: 'true', fresh: 'false' });
      assert.equal(cell['comment'], 'said "hi", then\nleft', 'quotes, commas and line breaks survive');
      assert.deepEqual(
        [cell['name'], cell['surname'], cell['city'], cell['state'], cell['funnel'], cell['phone']],
        [`'=HYPERLINK("http://evil.example","click")`, `'@SUM(A1:A2)`, `'-2+3`, `'\tTab`, `'\rReturn`, '+4915112345678'],
      );
    });

    test('an XLSX of a selection reads back in exceljs with the setting’s header and typed, neutralized cells', async () => {
      const setting = await createSetting({ name: 'Sheet', columns: ['lead_id', 'name', 'purchase_amount', 'deposit_exists', 'tags', 'phone'] });
      const chosen = [await leadIdOf('EXP0000'), await leadIdOf('EXP0007'), await leadIdOf('EXP0016')];
      const { download, result } = await exportAndDownload({ format: 'xlsx', export_setting_id: setting.id, lead_ids: [...chosen, chosen[0]], filters: { sort: 'id', direction: 'asc' } });
      assert.equal(download.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      assert.equal(result.rows, 3);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.read(Readable.from(download.rawPayload));
      const values: unknown[][] = [];
      // exceljs rows are 1-based and leave empty cells out.
      workbook.worksheets[0]!.eachRow((row) => values.push(Array.from({ length: 6 }, (_, index) => (row.values as unknown[])[index + 1] ?? null)));
      assert.deepEqual(values, [
        ['Lead ID', 'Name', 'Deposit amount', 'Deposit exists', 'Tags', 'Phone'],
        ['EXP0000', `'=HYPERLINK("http://evil.example","click")`, 12.5, true, 'export-alpha, export-beta', '+4915112345678'],
        ['EXP0007', 'Export 7', null, false, null, null],
        ['EXP0016', 'Export 16', null, false, null, null],
      ]);
      // The phone is a text cell, as typed: no quote in front, not a number.
      assert.equal(workbook.worksheets[0]!.getCell('F2').type, ExcelJS.ValueType.String);
    });

    test('a link works without a bearer, but not with a wrong or missing token, nor once expired or cleaned up', async () => {
      const { job, result } = await exportAndDownload({ format: 'csv', export_setting_id: everyColumn.id, lead_ids: [await leadIdOf('EXP0001')] });
      const link = result.download_url;
      const wrong = await context.app.inject({ method: 'GET', url: link.replace(/token=.*/, 'token=guessed') });
      assert.deepEqual([wrong.statusCode, wrong.json()], [404, { message: 'This download link is not valid.' }]);
      const otherJob = await context.app.inject({ method: 'GET', url: link.replace(`/export/${job.id}/`, `/export/${job.id + 1000}/`) });
      assert.equal(otherJob.statusCode, 404);
      const missing = await context.app.inject({ method: 'GET', url: `/api/lead/export/${job.id}/download` });
      assert.equal(missing.statusCode, 422);
      assert.ok(JSON.stringify(job.result).includes(result.download_url));
      const [row] = await context.database.db.select().from(tables.jobs).where(eq(tables.jobs.id, job.id));
      const token = new URL(link, 'http://x').searchParams.get('token')!;
      assert.ok(!JSON.stringify(row!.payload).includes(token), 'the payload keeps the digest only');

      await context.database.db.execute(sql`update jobs set payload = jsonb_set(payload, '{download,expires_at}', '"2000-01-01T00:00:00.000Z"') where id = ${job.id}`);
      const expired = await context.app.inject({ method: 'GET', url: link });
      assert.deepEqual([expired.statusCode, expired.json()], [410, { message: 'This download link has expired: export the leads again.' }]);

      const fresh = await exportAndDownload({ format: 'csv', export_setting_id: everyColumn.id, lead_ids: [await leadIdOf('EXP0002')] });
      const names = await readdir(join(dataDir, 'exports'));
      for (const name of names) await utimes(join(dataDir, 'exports', name), new Date(0), new Date(0));
      await writeFile(join(dataDir, 'exports', 'notes.txt'), 'not ours');
      assert.equal(await removeExpiredExports(join(dataDir, 'exports'), Date.now()), names.length);
      assert.deepEqual(await readdir(join(dataDir, 'exports')), ['notes.txt'], 'only export files are removed');
      const gone = await context.app.inject({ method: 'GET', url: fresh.result.download_url });
      assert.equal(gone.statusCode, 410);
      assert.equal(exportLinkTtlMs, 86_400_000);
    });

    test('an export job is followed by its owner only', async () => {
      const { job } = await exportAndDownload({ format: 'csv', export_setting_id: everyColumn.id, lead_ids: [await leadIdOf('EXP0003')] });
      assert.equal((await call('GET', `/api/lead/export/${job.id}`, undefined, colleague.token)).statusCode, 404);
    });

    test('a cancel stops the export between batches: no file and no link', async () => {
      const [row] = await context.database.db
        .insert(tables.jobs)
        .values({
          user_id: exporter.id,
          type: leadExportJobType,
          name: 'Export leads',
          status: 'running',
          attempts: 1,
          payload: {
            format: 'xlsx',
            columns: ['lead_id'],
            setting_name: 'x',
            filters: leadExportFilters.parse({ source_id: String(ids.source) }),
            lead_ids: null,
            file: `${'a'.repeat(32)}.xlsx`,
            api_base: 'http://localhost/api',
          },
        })
        .returning();
      const reports: number[] = [];
      let checks = 0;
      const jobContext: JobContext = {
        job: row!,
        db: context.database.db,
        report: async ({ processed }) => {
          reports.push(processed);
        },
        isCancelled: async () => {
          checks += 1;
          return checks > 2;
        },
      };
      const directory = join(dataDir, 'cancel');
      const outcome = await runLeadExport(jobContext, { batchSize: 5, directory });
      assert.equal(outcome.result, undefined);
      assert.equal(outcome.message?.text, 'Stopped after 10 leads: the export was cancelled.');
      assert.deepEqual(reports, [0, 5, 10], 'progress per batch');
      assert.deepEqual(await readdir(directory), [], 'the partial file is gone');
      const [after] = await context.database.db.select().from(tables.jobs).where(eq(tables.jobs.id, row!.id));
      assert.equal((after!.payload as { download?: unknown }).download, undefined);
    });
  });

  async function leadIdOf(publicId: string): Promise<number> {
    const [lead] = await context.database.db.select({ id: tables.leads.id }).from(tables.leads).where(eq(tables.leads.lead_id, publicId));
    return lead!.id;
  }
});
