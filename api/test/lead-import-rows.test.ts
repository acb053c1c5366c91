/**
 * What an import makes of a file's rows (issue 30): blank CSV lines skipped and counted, a mapping naming a column the
 * file does not have refused, date-times read as the wall clock of the importer's zone, and the leads table's planner
 * statistics fresh once an import has finished.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import type { ImportReport } from '@crm/shared/contract';
import * as tables from '../src/db/schema/index.ts';
import { leadImportJobType } from '../src/modules/leads/import/schema.ts';
import { multipartFile } from './fixtures/multipart.ts';
import { sheetXml, workbookParts, writeZip } from './fixtures/workbooks.ts';
import { bearer, createTestContext, tableFingerprint, waitFor, type TestContext } from './helpers.ts';

const dataDir = await mkdtemp(join(tmpdir(), 'crm-import-rows-'));
process.env['DATA_DIR'] = dataDir;

type Invalid = { errors: Record<string, string[]> };
type JobRow = typeof tables.jobs.$inferSelect;

/** 2026-03-29 01:30:15 as a workbook stores it: days since 1899-12-30, the time as the fraction of a day. */
const serialOf = (utcMs: number) => (utcMs - Date.UTC(1899, 11, 30)) / 86_400_000;

/** A workbook whose B column holds dates shown `yyyy-mm-dd hh:mm:ss` (built-in format 22), D1 the last cell. */
async function datedWorkbook(path: string): Promise<void> {
  const styles = '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="22"/></cellXfs></styleSheet>';
  const cell = (reference: string, text: string) => `<c r="${reference}" t="inlineStr"><is><t>${text}</t></is></c>`;
  await writeZip(path, [
    ...workbookParts([{ name: 'Leads', file: 'sheet1.xml' }], { styles: true }),
    { name: 'xl/styles.xml', content: styles },
    {
      name: 'xl/worksheets/sheet1.xml',
      content: sheetXml([
        `<row r="1">${cell('A1', 'email')}${cell('B1', 'bought')}${cell('D1', 'note')}</row>`,
        `<row r="2">${cell('A2', 'dated@example.com')}<c r="B2" s="1"><v>${serialOf(Date.UTC(2026, 2, 29, 1, 30, 15))}</v></c></row>`,
      ]),
    },
  ]);
}

describe('import rows', () => {
  let context: TestContext;
  let importer: { id: number; token: string };

  const post = (url: string, payload: Record<string, unknown>) => context.app.inject({ method: 'POST', url, headers: bearer(importer.token), payload });
  async function upload(fileName: string, content: Buffer | string): Promise<string> {
    const body = multipartFile(fileName, content);
    const response = await context.app.inject({ method: 'POST', url: '/api/lead/import/file', headers: { ...bearer(importer.token), ...body.headers }, payload: body.payload });
    assert.equal(response.statusCode, 201, response.body);
    return (response.json() as { data: { upload_id: string } }).data.upload_id;
  }
  const ended = (id: number) =>
    waitFor(async () => {
      const [row] = await context.database.db.select().from(tables.jobs).where(eq(tables.jobs.id, id));
      return row && ['finished', 'failed', 'cancelled'].includes(row.status) ? row : null;
    }, 30_000);
  async function imported(request: Record<string, unknown>): Promise<JobRow> {
    const started = await post('/api/lead/import', request);
    assert.equal(started.statusCode, 202, started.body);
    const done = await ended((started.json() as { data: { id: number } }).data.id);
    assert.equal(done.status, 'finished', done.error ?? '');
    return done;
  }

  /** Imports `rows` addresses of one column in batches of ten, through the job as the API starts it. */
  async function importInTens(prefix: string, rows: number): Promise<JobRow> {
    const lines = Array.from({ length: rows }, (_, index) => `${prefix}${index}@example.com`).join('\n');
    const uploadId = await upload(`${prefix}.csv`, `${lines}\n`);
    const payload = { upload_id: uploadId, options: { delimiter: ',', escape: '"', ignore_first_line: false }, columns: { A: 'email' }, fixed: {}, time_zone: 'UTC', batch_size: 10 };
    const job = await context.jobs.dispatch({ userId: importer.id, type: leadImportJobType, name: `Import ${prefix}.csv`, payload });
    const done = await ended(job.id);
    assert.equal(done.status, 'finished');
    return done;
  }

  before(async () => {
    context = await createTestContext();
    importer = await context.userWith(['lead.import']);
  });
  after(async () => {
    await context.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('blank CSV lines are counted as skipped blank lines, not stored as empty failed leads; the report adds up', async () => {
    const uploadId = await upload('blank-lines.csv', 'email,name\n\nblank1@example.com,Ann\n,\n   \nnot-an-email,Eve\nblank2@example.com,Bob\n');
    const request = { upload_id: uploadId, options: { delimiter: ',', ignore_first_line: true }, columns: { A: 'email', B: 'name' } };
    const expected: ImportReport = { rows: 6, valid: 2, invalid: { INVALID: 1 }, duplicates: 0, blacklisted: 0, blank_lines: 3 };
    const dryRun = await post('/api/lead/import/dry-run', request);
    assert.equal(dryRun.statusCode, 200, dryRun.body);
    assert.deepEqual((dryRun.json() as { data: ImportReport }).data, expected);

    const done = await imported(request);
    assert.deepEqual(done.result, expected);
    assert.deepEqual([done.total, done.processed, done.failed, done.progress], [6, 2, 1, 100]);
    const failed = await context.database.db.select({ row: tables.failedLeads.import_row }).from(tables.failedLeads).where(eq(tables.failedLeads.import_job_id, done.id));
    assert.deepEqual(failed, [{ row: 6 }], 'only the row with an email that is not one is a failed lead');
    const [notification] = await context.database.db.select().from(tables.notifications).where(eq(tables.notifications.job_id, done.id));
    assert.equal(notification?.message, '2 leads imported from 6 rows. Refused (stored as failed leads): 1 invalid. Skipped: 3 blank lines.');
  });

  test('a mapping naming a column the file does not have is a 422 under that column, and nothing changes', async () => {
    const csv = await upload('two-columns.csv', 'email,name\nwide@example.com,Wanda\nnarrow@example.com\n');
    const book = join(dataDir, 'columns.xlsx');
    await datedWorkbook(book);
    const xlsx = await upload('columns.xlsx', await readFile(book));
    const before = await tableFingerprint(context.database);
    for (const url of ['/api/lead/import/dry-run', '/api/lead/import']) {
      const refused = await post(url, { upload_id: csv, options: {}, columns: { A: 'email', B: 'name', C: 'city', AB: 'zip' } });
      assert.equal(refused.statusCode, 422, refused.body);
      assert.deepEqual((refused.json() as Invalid).errors, {
        'columns.C': ['The file has no column C: its last column is B.'],
        'columns.AB': ['The file has no column AB: its last column is B.'],
      });
      // A workbook's columns are those holding a value in any row: D has one, E none.
      const sheet = await post(url, { upload_id: xlsx, options: {}, columns: { A: 'email', D: 'comment', E: 'city' } });
      assert.equal(sheet.statusCode, 422, sheet.body);
      assert.deepEqual((sheet.json() as Invalid).errors, { 'columns.E': ['The file has no column E: its last column is D.'] });
    }
    assert.deepEqual(await tableFingerprint(context.database), before);
    assert.equal((await post('/api/lead/import/dry-run', { upload_id: xlsx, options: {}, columns: { A: 'email', D: 'comment' } })).statusCode, 200);
  });

  test("date-times without an offset are the wall-clock time the preview shows, in the importer's zone", async () => {
    const book = join(dataDir, 'dated.xlsx');
    await datedWorkbook(book);
    const xlsx = await upload('dated.xlsx', await readFile(book));
    const csv = await upload('dated.csv', 'email,bought\ncsv-dated@example.com,2026-03-29 01:30:15\nsummer@example.com,2026-07-01 12:00\n');
    const purchases = async (job: JobRow) =>
      (
        await context.database.db
          .select({ email: tables.leads.email, at: tables.leads.purchase_date })
          .from(tables.leads)
          .where(eq(tables.leads.import_job_id, job.id))
          .orderBy(tables.leads.import_row)
      ).map((lead) => [lead.email, lead.at?.toISOString()]);
    const berlin = { options: { ignore_first_line: true }, columns: { A: 'email', B: 'purchase_date' }, time_zone: 'Europe/Berlin' };
    // 01:30:15 in Berlin is still winter time (+01:00) that night; July is summer time (+02:00).
    assert.deepEqual(await purchases(await imported({ ...berlin, upload_id: xlsx })), [['dated@example.com', '2026-03-29T00:30:15.000Z']]);
    assert.deepEqual(await purchases(await imported({ ...berlin, upload_id: csv })), [
      ['csv-dated@example.com', '2026-03-29T00:30:15.000Z'],
      ['summer@example.com', '2026-07-01T10:00:00.000Z'],
    ]);
    const refused = await post('/api/lead/import/dry-run', { ...berlin, upload_id: csv, time_zone: 'Mars/Olympus' });
    assert.equal(refused.statusCode, 422, refused.body);
    assert.deepEqual(Object.keys((refused.json() as Invalid).errors), ['time_zone']);
  });

  test("an import ends with the leads table's planner statistics up to date (the search's estimated counts)", async () => {
    // Batches of 10: the statistics refreshed after the first batch alone would count 10 of the 60 new leads.
    await importInTens('stats', 60);
    const [stored] = await context.database.db.select({ leads: count() }).from(tables.leads);
    const estimate = await context.database.db.execute<{ reltuples: number }>(sql`select reltuples::float8 as reltuples from pg_class where oid = 'leads'::regclass`);
    assert.equal(Number(estimate.rows[0]?.reltuples), stored?.leads);
  });

  test("each batch publishes the job's progress live to its owner, in the batch's transaction", async () => {
    const job = await importInTens('live', 30);
    const published = await context.database.db
      .select({ payload: tables.events.payload, userId: tables.events.user_id })
      .from(tables.events)
      .where(sql`${tables.events.kind} = 'job' and (${tables.events.payload}->>'id')::int = ${job.id}`)
      .orderBy(tables.events.id);
    assert.ok(published.every((event) => event.userId === importer.id));
    // Claimed (running), counted, three batches of ten, then the end.
    assert.deepEqual(
      published.map(({ payload }) => {
        const { status, progress, processed, total } = payload as { status: string; progress: number; processed: number; total: number };
        return [status, progress, processed, total];
      }),
      [
        ['running', 0, 0, 0],
        ['running', 0, 0, 30],
        ['running', 33, 10, 30],
        ['running', 66, 20, 30],
        ['running', 100, 30, 30],
        ['finished', 100, 30, 30],
      ],
    );
  });
});
