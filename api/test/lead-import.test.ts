import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createReadStream, readlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, type Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { asc, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import ExcelJS from 'exceljs';
import { importCsvChunkBytes, importMessages, type ImportReport } from '@crm/shared/contract';
import * as tables from '../src/db/schema/index.ts';
import { HttpError } from '../src/http/errors.ts';
import { lockAllContacts } from '../src/modules/leads/intake/duplicates.ts';
import { runLeadImport } from '../src/modules/leads/import/job.ts';
import { columnIndex } from '../src/modules/leads/import/mapping.ts';
import { csvParseChars } from '../src/modules/leads/import/readers/csv.ts';
import { countRows, readRows, type ReadOptions } from '../src/modules/leads/import/readers/index.ts';
import { leadImportJobType } from '../src/modules/leads/import/schema.ts';
import { removeStaleUploads, storeUpload } from '../src/modules/leads/import/uploads.ts';
import { multipartFile } from './fixtures/multipart.ts';
import { bearer, createTestContext, tableFingerprint, waitFor, type TestContext } from './helpers.ts';

// Uploads go under DATA_DIR/imports: a directory of this test file's own.
const dataDir = await mkdtemp(join(tmpdir(), 'crm-import-test-'));
process.env['DATA_DIR'] = dataDir;
const importsDir = join(dataDir, 'imports');

type Upload = { upload_id: string; file_name: string; kind: 'csv' | 'xlsx'; size: number };
type Invalid = { message: string; errors: Record<string, string[]> };
type JobData = { id: number; status: string; total: number; processed: number; failed: number; result: unknown; error: string | null };

const csvOptions = (overrides: Partial<ReadOptions> = {}): ReadOptions => ({ delimiter: '', escape: '"', ignore_first_line: false, ...overrides });

async function fileWith(name: string, content: string | Buffer): Promise<string> {
  const path = join(dataDir, name);
  await writeFile(path, content);
  return path;
}

async function rowsOf(path: string, kind: 'csv' | 'xlsx', options: ReadOptions): Promise<{ row: number; cells: string[] }[]> {
  const rows = [];
  for await (const group of readRows({ kind, path }, options)) rows.push(...group);
  return rows;
}

/** The same rows in a workbook, as exceljs's streaming writer makes one (a second sheet must be ignored). */
async function xlsxOf(rows: readonly (readonly (string | number | Date | null)[])[]): Promise<Buffer> {
  const path = join(dataDir, `book-${Math.random().toString(16).slice(2)}.xlsx`);
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: true });
  const sheet = writer.addWorksheet('Leads');
  for (const row of rows) sheet.addRow([...row]).commit();
  sheet.commit();
  const other = writer.addWorksheet('Other');
  other.addRow(['not imported', 'nobody@example.com']).commit();
  other.commit();
  await writer.commit();
  return readFile(path);
}

describe('import readers and mapping', () => {
  test('column letters: A is the first column, ZZ the 702nd', () => {
    assert.deepEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ'].map(columnIndex), [0, 25, 26, 51, 52, 701]);
  });

  test('CSV: the delimiter is detected, a BOM dropped, empty lines kept, the final line break is not a row', async () => {
    const path = await fileWith('detect.csv', '\uFEFF"Name";Email\r\n\r\n"Ann; A.";ann@example.com\r\n"two\nlines";x@example.com\r\n');
    assert.deepEqual(await rowsOf(path, 'csv', csvOptions()), [
      { row: 1, cells: ['Name', 'Email'] },
      { row: 2, cells: [''] },
      { row: 3, cells: ['Ann; A.', 'ann@example.com'] },
      { row: 4, cells: ['two\nlines', 'x@example.com'] },
    ]);
    const withoutHeader = await rowsOf(path, 'csv', csvOptions({ ignore_first_line: true }));
    assert.deepEqual(
      withoutHeader.map((row) => row.row),
      [2, 3, 4],
    );
    assert.equal(await countRows({ kind: 'csv', path }, csvOptions({ ignore_first_line: true })), 3);
    const unterminated = await fileWith('unterminated.csv', 'a,b\n\nc,d');
    assert.deepEqual(
      (await rowsOf(unterminated, 'csv', csvOptions())).map((row) => row.cells),
      [['a', 'b'], [''], ['c', 'd']],
    );
  });

  test('CSV: a chosen delimiter and escape character', async () => {
    const path = await fileWith('escape.csv', 'x|"say \\"hi\\""|z\n');
    assert.deepEqual(await rowsOf(path, 'csv', csvOptions({ delimiter: '|', escape: '\\' })), [{ row: 1, cells: ['x', 'say "hi"', 'z'] }]);
  });

  test('CSV over several chunks: rows split between chunks and pieces arrive whole, a piece of rows at a time', async () => {
    // Multi-line quoted cells, characters of two and four bytes (split between chunks too), CRLF line breaks.
    const line = (index: number) => `${index};"Zoë 😀 ${index}";"first\r\nsecond ${index}";lead${index}@example.com\r\n`;
    const count = Math.ceil((importCsvChunkBytes * 2.5) / line(0).length);
    const path = await fileWith('chunks.csv', Array.from({ length: count }, (_, index) => line(index)).join(''));
    const groups: number[] = [];
    let expected = 0;
    for await (const group of readRows({ kind: 'csv', path }, csvOptions())) {
      groups.push(group.length);
      for (const row of group) {
        assert.deepEqual(row, { row: expected + 1, cells: [String(expected), `Zoë 😀 ${expected}`, `first\r\nsecond ${expected}`, `lead${expected}@example.com`] });
        expected += 1;
      }
    }
    assert.equal(expected, count);
    // Parsed a piece at a time, not a 2 MB chunk at a time: what the job holds stays one batch or so.
    assert.ok(Math.max(...groups) <= Math.ceil(csvParseChars / line(0).length) + 1, `groups of up to ${Math.max(...groups)} rows`);
  });

  test('XLSX: the first sheet only, dates as YYYY-MM-DD HH:mm:ss, blank rows left out, counted without a full parse', async () => {
    const book = await xlsxOf([
      ['Name', 'Email', 'Born', 'Phone'],
      ['Ada', 'ada@example.com', new Date(Date.UTC(1990, 3, 30, 12, 5, 6)), 447911123456],
      [null, null, null, null],
      ['Bob', 'bob@example.com', null, null],
    ]);
    const path = await fileWith('sheet.xlsx', book);
    const rows = await rowsOf(path, 'xlsx', csvOptions());
    assert.deepEqual(rows, [
      { row: 1, cells: ['Name', 'Email', 'Born', 'Phone'] },
      { row: 2, cells: ['Ada', 'ada@example.com', '1990-04-30 12:05:06', '447911123456'] },
      { row: 4, cells: ['Bob', 'bob@example.com'] },
    ]);
    assert.equal(await countRows({ kind: 'xlsx', path }, csvOptions()), 3);
    assert.equal(await countRows({ kind: 'xlsx', path }, csvOptions({ ignore_first_line: true })), 2);
    assert.deepEqual(
      (await rowsOf(path, 'xlsx', csvOptions({ ignore_first_line: true }))).map((row) => row.row),
      [2, 4],
    );

    // exceljs parks sheets in temporary files until the whole workbook is read: stopping early must not leave them open.
    for await (const group of readRows({ kind: 'xlsx', path }, csvOptions())) if (group.length > 0) break;
    if (process.platform === 'linux') {
      const open = (await readdir('/proc/self/fd')).map((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`);
        } catch {
          return '';
        }
      });
      assert.deepEqual(
        open.filter((target) => target.includes('/tmp-') || target.endsWith('.xlsx')),
        [],
      );
    }
  });

  test("XLSX: the zip under exceljs's reader ends after its last entry, however slowly the entries are taken", async () => {
    // exceljs reads a workbook's parts from unzipper's Parse as a stream, and stops at its 'end'. Unpatched, Parse
    // announced 'end' as soon as the file was written into it, while parts still waited in its buffer: now and then
    // the styles (dates came out as serial numbers) or the shared strings were never read. patches/unzipper@*.patch.
    const book = await xlsxOf([['Name'], ['Ada']]);
    const path = await fileWith('parts.xlsx', book);
    const unzipper = createRequire(createRequire(import.meta.url).resolve('exceljs'))('unzipper') as { Parse: (options: { forceStream: boolean }) => Duplex };
    const zip = unzipper.Parse({ forceStream: true });
    const taken: string[] = [];
    const takenAtEnd = new Promise<string[]>((resolve) => zip.on('end', () => resolve([...taken])));
    zip.on('data', (entry: { path: string; autodrain: () => void }) => {
      taken.push(entry.path);
      entry.autodrain();
      // A slow reader, as exceljs is while it parks a sheet in a temporary file.
      zip.pause();
      setTimeout(() => zip.resume(), 5);
    });
    createReadStream(path).pipe(zip);
    const parts = await takenAtEnd;
    // The streaming writer puts the sheets first and the workbook, its styles and relations last.
    for (const part of ['xl/worksheets/sheet1.xml', 'xl/styles.xml', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml']) assert.ok(parts.includes(part), `${part} read before the end`);
    assert.equal(parts.length, 10);
  });
});

describe('lead import API', () => {
  let context: TestContext;
  let newStatusId: number;
  let closedStatusId: number;
  let tagId: number;
  let sourceId: number;
  let randomSourceId: number;
  let importer: { id: number; token: string };
  /** Lets a test pause the import between batches (cancel) or break an attempt (resume). */
  let afterCommit: ((rows: number) => Promise<void> | void) | null = null;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = importer.token) =>
    context.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  async function upload(fileName: string, content: string | Buffer, token = importer.token): Promise<Upload> {
    const body = multipartFile(fileName, content);
    const response = await context.app.inject({ method: 'POST', url: '/api/lead/import/file', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
    assert.equal(response.statusCode, 201, response.body);
    return (response.json() as { data: Upload }).data;
  }

  const jobRow = async (id: number) => (await context.database.db.select().from(tables.jobs).where(eq(tables.jobs.id, id)))[0]!;
  const ended = (id: number) =>
    waitFor(async () => {
      const row = await jobRow(id);
      return ['finished', 'failed', 'cancelled'].includes(row.status) ? row : null;
    }, 30_000);

  /** Every row of the job, each exactly once, as a lead or a failed lead (the unique indexes forbid twice in one table). */
  async function rowsOfJob(jobId: number): Promise<{ leads: number[]; failed: number[] }> {
    const leadRows = await context.database.db.select({ row: tables.leads.import_row }).from(tables.leads).where(eq(tables.leads.import_job_id, jobId));
    const failedRows = await context.database.db.select({ row: tables.failedLeads.import_row }).from(tables.failedLeads).where(eq(tables.failedLeads.import_job_id, jobId));
    return { leads: leadRows.map((row) => row.row!).sort((a, b) => a - b), failed: failedRows.map((row) => row.row!).sort((a, b) => a - b) };
  }

  function assertEachRowOnce(rows: { leads: number[]; failed: number[] }, expected: readonly number[]): void {
    const all = [...rows.leads, ...rows.failed].sort((a, b) => a - b);
    assert.deepEqual(all, [...expected], 'every row is once a lead or a failed lead');
  }

  before(async () => {
    context = await createTestContext({
      jobs: { maxAttempts: 3 },
      registerJobs: (jobs) => {
        // The import job with a hook between batches; the production handler otherwise.
        jobs.register('test.lead.import', (jobContext) => runLeadImport(jobContext, { afterCommit: (checkpoint) => afterCommit?.(checkpoint.rows) }));
      },
    });
    const admin = (method: 'GET' | 'POST', url: string, payload?: unknown) => call(method, url, payload, context.adminToken);
    const statuses = ((await admin('GET', '/api/settings/status?class=lead&per_page=100')).json() as { data: { id: number; name: string }[] }).data;
    newStatusId = statuses.find((status) => status.name === 'New')!.id;
    closedStatusId = statuses.find((status) => status.name === 'Deposited')!.id;
    tagId = ((await admin('POST', '/api/settings/tag', { name: 'Imported' })).json() as { data: { id: number } }).data.id;
    sourceId = ((await admin('POST', '/api/settings/source', { name: 'Spring fair' })).json() as { data: { id: number } }).data.id;
    randomSourceId = ((await admin('POST', '/api/settings/source', { name: 'Random list' })).json() as { data: { id: number } }).data.id;
    const randomStatuses = await admin('POST', '/api/settings/source/random/status', { source_id: randomSourceId, statuses: [{ status_id: newStatusId, weight: 1 }] });
    assert.equal(randomStatuses.statusCode, 201, randomStatuses.body);
    assert.equal((await admin('POST', '/api/lead', { email: 'stored@example.com' })).statusCode, 201);
    assert.equal((await admin('POST', '/api/lead/black_list', { type: 'email_domain', value: 'blocked.example' })).statusCode, 201);
    importer = await context.userWith(['lead.import', 'user.profile.job.cancel']);
  });
  after(async () => {
    await context.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  // ── uploads ───────────────────────────────────────────────────────────────────────────────────────────

  test('an upload is stored on disk for its owner; other files are refused and leave nothing behind', async () => {
    const stored = await upload('leads.CSV', 'email\na@example.com\n');
    assert.equal(stored.kind, 'csv');
    assert.equal(stored.file_name, 'leads.CSV');
    assert.equal(stored.size, 20);
    assert.ok((await readdir(importsDir)).includes(`${stored.upload_id}.csv`));

    const before = await tableFingerprint(context.database);
    const filesBefore = await readdir(importsDir);
    const refuse = async (fileName: string, content: string | Buffer, message: string, field = 'file') => {
      const body = multipartFile(fileName, content, field);
      const response = await context.app.inject({ method: 'POST', url: '/api/lead/import/file', headers: { ...bearer(importer.token), ...body.headers }, payload: body.payload });
      assert.equal(response.statusCode, 422, `${fileName}: ${response.body}`);
      assert.deepEqual((response.json() as Invalid).errors, { file: [message] });
    };
    await refuse('notes.txt', 'email\n', importMessages.extensionNotAllowed);
    await refuse('leads.xls', 'email\n', importMessages.extensionNotAllowed);
    const encrypted = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    await refuse('secret.xlsx', encrypted, importMessages.passwordProtected);
    await refuse('fake.xlsx', 'name,email\n', 'The file is not a valid xlsx workbook.');
    await refuse('empty.csv', '', 'The file is empty.');
    await refuse('leads.csv', 'email\n', 'The file field is required.', 'attachment');
    const json = await call('POST', '/api/lead/import/file', { file: 'leads.csv' });
    assert.equal(json.statusCode, 422, json.body);
    assert.deepEqual(await tableFingerprint(context.database), before);
    assert.deepEqual(await readdir(importsDir), filesBefore);
  });

  test('a file above the size limit is a 413 and leaves nothing behind (the limit itself is @fastify/multipart’s)', async () => {
    const before = await tableFingerprint(context.database);
    const filesBefore = await readdir(importsDir);
    // What @fastify/multipart hands over at the limit: a stream cut short and marked truncated.
    const cut = Object.assign(Readable.from([Buffer.from('email\n')]), { truncated: true });
    await assert.rejects(storeUpload(context.database.db, importer.id, { fileName: 'huge.csv', stream: cut }), (error: unknown) => {
      assert.ok(error instanceof HttpError);
      assert.equal(error.statusCode, 413);
      assert.match(error.errors?.['file']?.[0] ?? '', /larger than 100 MB/);
      return true;
    });
    assert.deepEqual(await tableFingerprint(context.database), before);
    assert.deepEqual(await readdir(importsDir), filesBefore);
  });

  test('uploads older than a day are removed with their files, unless a queued import still needs them', async () => {
    const old = await upload('old.csv', 'email\nold@example.com\n');
    const needed = await upload('needed.csv', 'email\nneeded@example.com\n');
    const fresh = await upload('fresh.csv', 'email\nfresh@example.com\n');
    const dayAgo = sql`now() - interval '25 hours'`;
    await context.database.db
      .update(tables.importFiles)
      .set({ created_at: dayAgo })
      .where(sql`${tables.importFiles.id} in (${old.upload_id}, ${needed.upload_id})`);
    await context.database.db.insert(tables.jobs).values({ user_id: importer.id, type: leadImportJobType, name: 'Queued import', payload: { upload_id: needed.upload_id } });
    assert.ok((await removeStaleUploads(context.database.db)) >= 1);
    const left = new Set((await context.database.db.select({ id: tables.importFiles.id }).from(tables.importFiles)).map((row) => row.id));
    assert.deepEqual([left.has(old.upload_id), left.has(needed.upload_id), left.has(fresh.upload_id)], [false, true, true]);
    const files = await readdir(importsDir);
    assert.deepEqual([files.includes(`${old.upload_id}.csv`), files.includes(`${needed.upload_id}.csv`)], [false, true]);
  });

  test('every import route needs lead.import', async () => {
    const outsider = await context.userWith(['lead.view', 'lead.create']);
    const body = multipartFile('leads.csv', 'email\n');
    const uploadResponse = await context.app.inject({ method: 'POST', url: '/api/lead/import/file', headers: { ...bearer(outsider.token), ...body.headers }, payload: body.payload });
    assert.equal(uploadResponse.statusCode, 403);
    assert.deepEqual(uploadResponse.json(), { message: 'No permission' });
    for (const url of ['/api/lead/import/dry-run', '/api/lead/import']) {
      const response = await call('POST', url, { upload_id: '00000000-0000-4000-8000-000000000000', options: {}, columns: { A: 'email' } }, outsider.token);
      assert.equal(response.statusCode, 403, url);
    }
    assert.equal((await context.app.inject({ method: 'GET', url: '/api/lead/import/1', headers: bearer(outsider.token) })).statusCode, 403);
  });

  // ── bodies ────────────────────────────────────────────────────────────────────────────────────────────

  test('bad bodies are refused per field, and nothing is written', async () => {
    const mine = await upload('mine.csv', 'email\na@example.com\n');
    const valid = { upload_id: mine.upload_id, options: {}, columns: { A: 'email' } };
    const before = await tableFingerprint(context.database);
    const refused = async (url: string, body: unknown, field: string, token = importer.token): Promise<string> => {
      const response = await call('POST', url, body, token);
      assert.equal(response.statusCode, 422, `${JSON.stringify(body)} → ${response.body}`);
      const errors = (response.json() as Invalid).errors;
      assert.ok(errors[field]?.[0], `${field} named in ${response.body}`);
      return errors[field]![0]!;
    };
    for (const url of ['/api/lead/import/dry-run', '/api/lead/import']) {
      await refused(url, { ...valid, upload_id: 'nope' }, 'upload_id');
      await refused(url, { ...valid, options: { escape: '' } }, 'options.escape');
      await refused(url, { ...valid, options: { delimiter: ';;' } }, 'options.delimiter');
      await refused(url, { ...valid, columns: { A: 'name' } }, 'columns');
      await refused(url, { ...valid, columns: { A: 'email', B: 'email' } }, 'columns');
      await refused(url, { ...valid, columns: { A: 'password' } }, 'columns.A');
      await refused(url, { ...valid, extra: 1 }, 'extra');
      await refused(url, { ...valid, fixed: { status_id: closedStatusId } }, 'fixed.status_id').then((message) => assert.equal(message, 'This status is not allowed in imports.'));
      await refused(url, { ...valid, fixed: { source_id: 999_999 } }, 'fixed.source_id');
      await refused(url, { ...valid, fixed: { tag_ids: [tagId, 999_999] } }, 'fixed.tag_ids');
      await refused(url, { ...valid, upload_id: '00000000-0000-4000-8000-000000000000' }, 'upload_id');
      // Another user's upload is as unknown as a missing one.
      await refused(url, valid, 'upload_id', context.adminToken);
    }
    // "Import then send" needs lead.send, which this importer lacks (the sending tests cover the rest).
    const sendRefused = await call('POST', '/api/lead/import', { ...valid, send_department_id: 1 }, importer.token);
    assert.equal(sendRefused.statusCode, 403, sendRefused.body);
    assert.deepEqual(await tableFingerprint(context.database), before);
  });

  // ── dry run and import ────────────────────────────────────────────────────────────────────────────────

  /** Rows 2–12 of a semicolon file with a header: 3 valid, 3 INVALID, 3 DUPLICATE (2 in the file, 1 in the database), 1 BLACKLISTED, 1 blank line. */
  const fairCsv = [
    'Name;Surname;Email;Phone;Country;Deposit;City',
    'Ada;Lovelace;ada@example.com;07911 200001;gb;yes;London',
    'Bob;;bob@example.com;;;no;',
    '',
    'Eve;;not-an-email;;;;',
    'Ada again;;ADA@example.com;;;;',
    'Stored;;stored@example.com;;;;',
    'Mallory;;mallory@blocked.example;;;;',
    'Maybe;;;+49 30 901820;;maybe;',
    'Zed;;zed@example.com;07911 200002;GB;1;',
    'Nowhere;;nowhere@example.com;;XX;;',
    'Pat;;;+44 7911 200001;;;',
    '',
  ].join('\n');
  const fairColumns = { A: 'name', B: 'surname', C: 'email', D: 'phone', E: 'country', F: 'deposit_exists', G: 'city' } as const;
  const fairReport: ImportReport = { rows: 11, valid: 3, invalid: { INVALID: 3, DUPLICATE: 3, BLACKLISTED: 1 }, duplicates: 3, blacklisted: 1, blank_lines: 1 };

  test('dry run, then the import job: the same counts, leads and failed leads stored per row, histories with cause import', async () => {
    const file = await upload('spring-fair.csv', fairCsv);
    const request = {
      upload_id: file.upload_id,
      options: { delimiter: ';', ignore_first_line: true },
      columns: fairColumns,
      fixed: { status_id: newStatusId, tag_ids: [tagId], source_id: sourceId },
    };

    const before = await tableFingerprint(context.database);
    const dryRun = await call('POST', '/api/lead/import/dry-run', request);
    assert.equal(dryRun.statusCode, 200, dryRun.body);
    assert.deepEqual((dryRun.json() as { data: ImportReport }).data, fairReport);
    assert.deepEqual(await tableFingerprint(context.database), before, 'a dry run writes nothing');

    const started = await call('POST', '/api/lead/import', request);
    assert.equal(started.statusCode, 202, started.body);
    const job = (started.json() as { data: JobData }).data;
    const done = await ended(job.id);
    assert.equal(done.status, 'finished', done.error ?? '');
    assert.deepEqual(done.result, fairReport);
    assert.deepEqual([done.total, done.processed, done.failed, done.progress], [11, 3, 7, 100]);
    // The dialog follows its job through the import API (an importer need not hold the jobs page's permission).
    const followed = await context.app.inject({ method: 'GET', url: `/api/lead/import/${job.id}`, headers: bearer(importer.token) });
    assert.equal(followed.statusCode, 200, followed.body);
    assert.deepEqual((followed.json() as { data: JobData }).data.result, fairReport);
    const stranger = await context.userWith(['lead.import']);
    assert.equal((await context.app.inject({ method: 'GET', url: `/api/lead/import/${job.id}`, headers: bearer(stranger.token) })).statusCode, 404, 'only its owner follows it');
    const [notification] = await context.database.db.select().from(tables.notifications).where(eq(tables.notifications.job_id, job.id));
    assert.equal(notification?.message, '3 leads imported from 11 rows. Refused (stored as failed leads): 3 duplicate, 1 blacklisted, 3 invalid. Skipped: 1 blank line.');

    const leads = await context.database.db.select().from(tables.leads).where(eq(tables.leads.import_job_id, job.id)).orderBy(asc(tables.leads.import_row));
    assert.deepEqual(
      leads.map((lead) => [lead.import_row, lead.email, lead.phone_normalized, lead.country, lead.deposit_exists, lead.status_id, lead.source_id, lead.created_by]),
      [
        [2, 'ada@example.com', '+447911200001', 'GB', true, newStatusId, sourceId, importer.id],
        [3, 'bob@example.com', null, null, false, newStatusId, sourceId, importer.id],
        [10, 'zed@example.com', '+447911200002', 'GB', true, newStatusId, sourceId, importer.id],
      ],
    );
    assert.ok(leads.every((lead) => /^L\d{10}$/.test(lead.lead_id) && lead.original_status_id === newStatusId && lead.status_changed_at !== null));
    const histories = await context.database.db
      .select({ cause: tables.leadStatusHistories.cause, to: tables.leadStatusHistories.to_status_id, user: tables.leadStatusHistories.user_id })
      .from(tables.leadStatusHistories)
      .where(eq(tables.leadStatusHistories.job_id, job.id));
    assert.deepEqual(
      histories,
      leads.map(() => ({ cause: 'import', to: newStatusId, user: importer.id })),
    );
    const tagged = await context.database.db
      .select()
      .from(tables.leadTags)
      .where(
        sql`${tables.leadTags.lead_id} in (${sql.join(
          leads.map((lead) => sql`${lead.id}`),
          sql`, `,
        )})`,
      );
    assert.equal(tagged.length, 3);
    assert.ok(tagged.every((row) => row.tag_id === tagId));

    const failed = await context.database.db.select().from(tables.failedLeads).where(eq(tables.failedLeads.import_job_id, job.id)).orderBy(asc(tables.failedLeads.import_row));
    assert.deepEqual(
      failed.map((row) => [row.import_row, row.reason_code]),
      [
        [5, 'INVALID'],
        [6, 'DUPLICATE'],
        [7, 'DUPLICATE'],
        [8, 'BLACKLISTED'],
        [9, 'INVALID'],
        [11, 'INVALID'],
        [12, 'DUPLICATE'],
      ],
    );
    const byRow = new Map(failed.map((row) => [row.import_row, row]));
    assert.equal(byRow.get(6)?.message, 'A lead with this email already exists (row 2 of this file).');
    assert.match(byRow.get(7)?.message ?? '', /^A lead with this email already exists \(L\d{10}\)\.$/);
    assert.equal(byRow.get(8)?.message, 'This email domain is blacklisted.');
    assert.equal(byRow.get(9)?.message, 'The deposit exists field must be yes/no, true/false or 1/0.');
    assert.equal(byRow.get(11)?.message, 'The selected country does not exist.');
    assert.equal(byRow.get(12)?.message, 'A lead with this phone already exists (row 2 of this file).');
    // Raw data is keyed by lead field, with the fixed values: what a retry of the failed lead starts from.
    assert.deepEqual(byRow.get(5)?.raw, { name: 'Eve', email: 'not-an-email', source_id: sourceId, status_id: newStatusId, tag_ids: [tagId] });
    assert.ok(failed.every((row) => row.source_id === sourceId));

    // The same file again: every row that was a lead is now a duplicate of it.
    const again = await call('POST', '/api/lead/import/dry-run', request);
    assert.deepEqual((again.json() as { data: ImportReport }).data, {
      rows: 11,
      valid: 0,
      invalid: { INVALID: 3, DUPLICATE: 6, BLACKLISTED: 1 },
      duplicates: 6,
      blacklisted: 1,
      blank_lines: 1,
    });
  });

  test('a source with random statuses gives each imported lead a drawn status, recorded with cause random', async () => {
    const workbook = await xlsxOf([
      ['first@random.example', 'born 1990'],
      ['second@random.example', new Date(Date.UTC(1990, 3, 30))],
    ]);
    const file = await upload('random.xlsx', workbook);
    const request = { upload_id: file.upload_id, options: {}, columns: { A: 'email', B: 'date_of_birth' }, fixed: { source_id: randomSourceId } };
    const dryRun = (await call('POST', '/api/lead/import/dry-run', request)).json() as { data: ImportReport };
    assert.deepEqual(dryRun.data, { rows: 2, valid: 1, invalid: { INVALID: 1 }, duplicates: 0, blacklisted: 0, blank_lines: 0 });
    const job = ((await call('POST', '/api/lead/import', request)).json() as { data: JobData }).data;
    const done = await ended(job.id);
    assert.deepEqual(done.result, dryRun.data);
    const [lead] = await context.database.db.select().from(tables.leads).where(eq(tables.leads.import_job_id, job.id));
    assert.deepEqual([lead?.email, lead?.date_of_birth, lead?.status_id, lead?.import_row], ['second@random.example', '1990-04-30', newStatusId, 2]);
    const histories = await context.database.db.select().from(tables.leadStatusHistories).where(eq(tables.leadStatusHistories.job_id, job.id));
    assert.deepEqual(
      histories.map((row) => row.cause),
      ['random'],
    );
  });

  test('a file of more than 200,000 rows is refused before anything is written', async () => {
    const lines = `${'someone@example.com\n'.repeat(200_001)}`;
    const file = await upload('too-many.csv', lines);
    const request = { upload_id: file.upload_id, options: {}, columns: { A: 'email' } };
    const before = await tableFingerprint(context.database);
    const dryRun = await call('POST', '/api/lead/import/dry-run', request);
    assert.equal(dryRun.statusCode, 422);
    assert.deepEqual((dryRun.json() as Invalid).errors, { file: [importMessages.tooManyRows] });

    // The import route reads the file before it starts a job: the same refusal.
    const refused = await call('POST', '/api/lead/import', request);
    assert.equal(refused.statusCode, 422, refused.body);
    assert.deepEqual((refused.json() as Invalid).errors, { file: [importMessages.tooManyRows] });
    // A job started anyway (the file replaced meanwhile) refuses it before writing anything.
    const payload = { ...request, options: { delimiter: '', escape: '"', ignore_first_line: false }, fixed: {}, time_zone: 'UTC' };
    const job = await context.jobs.dispatch({ userId: importer.id, type: leadImportJobType, name: 'Import too-many.csv', payload });
    const done = await ended(job.id);
    assert.equal(done.status, 'failed');
    assert.equal(done.error, importMessages.tooManyRows);
    assert.equal(done.attempts, 1, 'refused at once, not retried');
    const { jobs: jobCount, notifications, events, ...rest } = await tableFingerprint(context.database);
    const { jobs: jobsBefore, notifications: notificationsBefore, events: eventsBefore, ...restBefore } = before;
    assert.deepEqual(rest, restBefore, 'no lead, failed lead or history written');
    // The failure's notification, and the live updates: the job claimed, its end, the notification.
    assert.deepEqual([jobCount, notifications, events], [jobsBefore! + 1, notificationsBefore! + 1, eventsBefore! + 3]);
  });

  // On PGlite the API has one connection, so an add-lead waits for any open transaction anyway: only a server shows the
  // lock. This test exists in the PostgreSQL pass (CI runs the API tests on both databases).
  const onServer = Boolean(process.env['TEST_DATABASE_URL']);
  if (onServer)
    test('an add-lead waits for an import batch in progress, then sees its leads as duplicates', async () => {
      const client = await context.database.pool.connect();
      try {
        await client.query('begin');
        await lockAllContacts(drizzle(client, { schema: tables }));
        let answered = false;
        const adding = call('POST', '/api/lead', { email: 'race@example.com' }, context.adminToken).then((response) => {
          answered = true;
          return response;
        });
        await new Promise((resolve) => setTimeout(resolve, 400));
        assert.equal(answered, false, 'the add-lead waits for the batch');
        await client.query(`insert into leads (lead_id, email) values ('L9999999999', 'race@example.com')`);
        await client.query('commit');
        const response = await adding;
        assert.equal(response.statusCode, 422, response.body);
        assert.deepEqual((response.json() as Invalid).errors, { email: ['A lead with this email already exists (L9999999999).'] });
      } finally {
        client.release();
      }
    });

  /** A file of `count` rows: mostly new leads, every 7th repeating the email of the row 150 before it, every 11th invalid. */
  function bulkCsv(count: number, prefix: string): { csv: string; rows: number[] } {
    const lines: string[] = [];
    for (let row = 1; row <= count; row += 1) {
      if (row % 11 === 0) lines.push(`Bad ${row},not-an-email`);
      else if (row % 7 === 0 && row > 150) lines.push(`Again ${row},${prefix}${row - 150}@example.com`);
      else lines.push(`Lead ${row},${prefix}${row}@example.com`);
    }
    return { csv: `${lines.join('\n')}\n`, rows: Array.from({ length: count }, (_, index) => index + 1) };
  }
  const bulkColumns = { A: 'name', B: 'email' } as const;

  async function dispatchTestImport(uploadId: string, batchSize: number): Promise<number> {
    const payload = { upload_id: uploadId, options: { delimiter: ',', escape: '"', ignore_first_line: false }, columns: bulkColumns, fixed: {}, batch_size: batchSize };
    return (await context.jobs.dispatch({ userId: importer.id, type: 'test.lead.import', name: 'Import (test)', payload })).id;
  }

  test('cancel stops the import within one batch; what was committed stays, with its counts', async () => {
    const { csv } = bulkCsv(1_000, 'cancel');
    const file = await upload('cancel.csv', csv);
    let release: () => void = () => undefined;
    const paused = new Promise<void>((resolve) => {
      afterCommit = async () => {
        afterCommit = null;
        resolve();
        await new Promise<void>((go) => (release = go));
      };
    });
    const jobId = await dispatchTestImport(file.upload_id, 100);
    await paused;
    const cancel = await call('PUT', `/api/jobs/${jobId}/cancel`);
    assert.equal(cancel.statusCode, 200, cancel.body);
    release();
    const done = await ended(jobId);
    assert.equal(done.status, 'cancelled');
    const rows = await rowsOfJob(jobId);
    assertEachRowOnce(
      rows,
      Array.from({ length: 100 }, (_, index) => index + 1),
    );
    assert.deepEqual(done.result, { rows: 100, valid: 91, invalid: { INVALID: 9 }, duplicates: 0, blacklisted: 0, blank_lines: 0, last_row: 100 });
    assert.deepEqual([done.processed, done.failed, done.total], [91, 9, 1_000]);
  });

  test('an attempt that breaks after two batches is retried and resumes after them: no row lost or doubled', async () => {
    const { csv, rows } = bulkCsv(1_000, 'retry');
    const file = await upload('retry.csv', csv);
    const expected = (await call('POST', '/api/lead/import/dry-run', { upload_id: file.upload_id, options: { delimiter: ',' }, columns: bulkColumns })).json() as { data: ImportReport };
    let commits = 0;
    afterCommit = () => {
      commits += 1;
      if (commits === 2) throw new Error('simulated crash after two batches');
    };
    const jobId = await dispatchTestImport(file.upload_id, 150);
    const done = await ended(jobId);
    afterCommit = null;
    assert.equal(done.status, 'finished', done.error ?? '');
    assert.equal(done.attempts, 2);
    assert.deepEqual(done.result, expected.data);
    assertEachRowOnce(await rowsOfJob(jobId), rows);
  });

  /**
   * The real thing: a worker process is killed (SIGKILL) in the middle of the import, another one takes over. On
   * PostgreSQL the workers use the test database's URL; on PGlite they reach the in-memory database through the
   * socket server it is served on (loopback, like the API's own connection), where a dropped connection's open
   * transaction is rolled back as a server would.
   */
  // Several worker processes share a database only on a server: the embedded PGlite serves one process, and its
  // socket takes one connection at a time (two pools interleaved their messages). This test is in the PostgreSQL pass.
  if (onServer)
    test('a worker killed mid-import: another worker finds its job and resumes after the last committed batch, each row exactly once', async () => {
      const { csv, rows } = bulkCsv(2_000, 'killed');
      const file = await upload('killed.csv', csv);
      const expected = (await call('POST', '/api/lead/import/dry-run', { upload_id: file.upload_id, options: { delimiter: ',' }, columns: bulkColumns })).json() as { data: ImportReport };
      // Not queued in pg-boss: this test's own worker processes run it.
      const [job] = await context.database.db
        .insert(tables.jobs)
        .values({
          user_id: importer.id,
          type: leadImportJobType,
          name: 'Import killed.csv',
          payload: { upload_id: file.upload_id, options: { delimiter: ',', escape: '"', ignore_first_line: false }, columns: bulkColumns, fixed: {}, batch_size: 100 },
        })
        .returning({ id: tables.jobs.id });
      const jobId = job!.id;

      // A working process beside the import's worker: it sweeps for jobs whose worker died (heartbeat 0.5 s, stale after
      // 5 s, a sweep every 0.5 s in both processes: the defaults are 10, 30 and 10 s, which jobs.test.ts proves).
      const sweeper = startWorker(jobId, 'sweep');
      await sweeper.printed('ready');
      const first = startWorker(jobId, 'attempt');
      await first.committed(3);
      assert.ok(Number.isNaN(sweeper.printedAt('resumed')), 'a live attempt keeps its job');
      first.child.kill('SIGKILL');
      const killedAt = Date.now();
      await first.exited;
      const afterKill = await jobRow(jobId);
      const committed = afterKill.result as { rows: number; last_row: number };
      assert.equal(afterKill.status, 'running');
      assert.ok(committed.last_row >= 300 && committed.last_row < 2_000, `killed after ${committed.last_row} rows`);
      // The batch in flight when the worker died was rolled back whole: the committed rows are exactly the checkpoint's.
      assertEachRowOnce(await rowsOfJob(jobId), rows.slice(0, committed.last_row));

      const code = await sweeper.exited;
      assert.equal(code, 0, sweeper.stderr());
      const resumedAfter = sweeper.printedAt('resumed') - killedAt;
      assert.ok(resumedAfter >= 0 && resumedAfter < 15_000, `resumed ${resumedAfter} ms after the kill`);
      const done = await jobRow(jobId);
      assert.equal(done.status, 'finished', done.error ?? '');
      assert.equal(done.attempts, 2);
      assert.deepEqual(done.result, expected.data);
      assertEachRowOnce(await rowsOfJob(jobId), rows);
      const leadCount = await context.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(tables.leads)
        .where(eq(tables.leads.import_job_id, jobId));
      assert.equal(leadCount[0]?.n, expected.data.valid);
    });

  /** The database URL a second process can use: the test database's, or the socket the in-memory PGlite is served on. */
  function databaseUrl(): string {
    // node-postgres keeps its settings on the pool; its types leave them out.
    const settings = (context.database.pool as unknown as { options: { connectionString?: string; host?: string; port?: number } }).options;
    return settings.connectionString ?? `postgres://postgres@${settings.host}:${settings.port}/postgres`;
  }

  /** A worker process (fixtures/import-worker.ts): it runs the job's attempt, or sweeps for it once its worker died. */
  function startWorker(jobId: number, mode: 'attempt' | 'sweep') {
    const script = fileURLToPath(new URL('./fixtures/import-worker.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script, databaseUrl(), String(jobId), mode], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env } });
    let output = '';
    let errors = '';
    const seen = new Map<string, number>();
    const waiters: { batches: number; resolve: () => void }[] = [];
    const lineWaiters: { line: string; resolve: () => void }[] = [];
    const commits = () => output.split('\n').filter((line) => line.startsWith('committed ')).length;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      for (const line of output.split('\n')) if (!seen.has(line)) seen.set(line, Date.now());
      for (const waiter of waiters) if (commits() >= waiter.batches) waiter.resolve();
      for (const waiter of lineWaiters) if (seen.has(waiter.line)) waiter.resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const unlessExited = (what: string) => (reject: (error: Error) => void) => void exited.then((code) => reject(new Error(`the worker exited (${code}) before ${what}: ${errors}`)));
    return {
      child,
      exited,
      stderr: () => errors,
      /** When the worker printed this line (NaN: not yet). */
      printedAt: (line: string) => seen.get(line) ?? Number.NaN,
      printed: (line: string) =>
        new Promise<void>((resolve, reject) => {
          lineWaiters.push({ line, resolve });
          unlessExited(line)(reject);
        }),
      committed: (batches: number) =>
        new Promise<void>((resolve, reject) => {
          waiters.push({ batches, resolve });
          unlessExited(`${batches} batches`)(reject);
        }),
    };
  }
});
