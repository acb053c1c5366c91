/**
 * Files that must not take the API down, through the API (issue: "one small upload takes the API down"): a workbook
 * whose shared strings unpack to 2 GB from under 5 MB, honest about it or not, and files whose content is not what
 * their name says. The reader's bounds themselves: lead-import-xlsx.test.ts.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { importMessages } from '@crm/shared/contract';
import * as tables from '../src/db/schema/index.ts';
import { notCsvTextMessage } from '../src/modules/leads/import/fileContent.ts';
import { limitMessages } from '../src/modules/leads/import/readers/limits.ts';
import { bearer, createTestContext, waitFor, type TestContext } from './helpers.ts';
import { multipartFile } from './fixtures/multipart.ts';
import { declareSize, repeated, sheetXml, workbookParts, writeZip } from './fixtures/workbooks.ts';

const dataDir = await mkdtemp(join(tmpdir(), 'crm-import-limits-'));
process.env['DATA_DIR'] = dataDir;

type Invalid = { errors: Record<string, string[]> };

/** The acceptance's file: shared strings of 2 GB (30,000-character texts, over and over) in a workbook of a few MB. */
async function sharedStringBomb(path: string): Promise<void> {
  await writeZip(path, [
    { name: 'xl/sharedStrings.xml', content: () => repeated(`<si><t>${'A'.repeat(30_000)}</t></si>`, 2 * 1024 ** 3, '<sst>', '</sst>') },
    { name: 'xl/worksheets/sheet1.xml', content: sheetXml(['<row r="1"><c r="A1" t="s"><v>0</v></c></row>']) },
    ...workbookParts([{ name: 'Leads', file: 'sheet1.xml' }], { sharedStrings: true }),
  ]);
}

describe('import files that must not take the API down', () => {
  let context: TestContext;
  let importer: { id: number; token: string };
  let bomb: Buffer;

  const upload = (fileName: string, content: Buffer | string) => {
    const body = multipartFile(fileName, content);
    return context.app.inject({ method: 'POST', url: '/api/lead/import/file', headers: { ...bearer(importer.token), ...body.headers }, payload: body.payload });
  };
  const post = (url: string, payload: Record<string, unknown>) => context.app.inject({ method: 'POST', url, headers: bearer(importer.token), payload });
  const fileErrors = (response: { statusCode: number; body: string; json(): unknown }) => {
    assert.equal(response.statusCode, 422, response.body);
    return (response.json() as Invalid).errors;
  };

  before(async () => {
    context = await createTestContext();
    importer = await context.userWith(['lead.import']);
    const path = join(dataDir, 'bomb.xlsx');
    await sharedStringBomb(path);
    assert.ok((await stat(path)).size < 5 * 1024 * 1024, 'a small upload');
    bomb = await readFile(path);
  });
  after(async () => {
    await context.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('a workbook that declares 2 GB of shared strings is refused at upload; the API stays up', async () => {
    assert.deepEqual(fileErrors(await upload('bomb.xlsx', bomb)), { file: [limitMessages.inflated] });
    assert.equal((await context.app.inject({ method: 'GET', url: '/api/health' })).statusCode, 200);
  });

  test('the same bomb, its archive claiming 1 KB: a 422 from the dry run, a job failed once, the API up and small', async () => {
    const liar = join(dataDir, 'liar.xlsx');
    await sharedStringBomb(liar);
    await declareSize(liar, 'xl/sharedStrings.xml', 1_000);
    const stored = await upload('liar.xlsx', await readFile(liar));
    assert.equal(stored.statusCode, 201, stored.body);
    const request = { upload_id: (stored.json() as { data: { upload_id: string } }).data.upload_id, options: {}, columns: { A: 'email' } };

    const before = process.memoryUsage().rss;
    assert.deepEqual(fileErrors(await post('/api/lead/import/dry-run', request)), { file: [limitMessages.sharedStringChars] });
    assert.ok(process.memoryUsage().rss - before < 300 * 1024 * 1024, 'the reading stayed small');

    const started = await post('/api/lead/import', request);
    assert.equal(started.statusCode, 202, started.body);
    const jobId = (started.json() as { data: { id: number } }).data.id;
    const done = await waitFor(async () => {
      const [row] = await context.database.db.select().from(tables.jobs).where(eq(tables.jobs.id, jobId));
      return row && row.status !== 'pending' && row.status !== 'running' ? row : null;
    }, 60_000);
    assert.deepEqual([done.status, done.attempts, done.error], ['failed', 1, limitMessages.sharedStringChars]);
    assert.equal((await context.app.inject({ method: 'GET', url: '/api/health' })).statusCode, 200);
  });

  test('content is checked, not only the name', async () => {
    assert.deepEqual(fileErrors(await upload('random.csv', randomBytes(200_000))), { file: [notCsvTextMessage] });
    assert.deepEqual(fileErrors(await upload('workbook.csv', bomb.subarray(0, 100_000))), { file: [notCsvTextMessage] });
    const encrypted = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), randomBytes(4_000)]);
    assert.deepEqual(fileErrors(await upload('secret.csv', encrypted)), { file: [importMessages.passwordProtected] });
    const noWorkbook = join(dataDir, 'no-workbook.xlsx');
    await writeZip(noWorkbook, [{ name: 'notes.txt', content: 'not a workbook' }]);
    assert.deepEqual(fileErrors(await upload('archive.xlsx', await readFile(noWorkbook))), { file: ['The file is not a valid xlsx workbook. It holds no workbook.'] });
    // Text in another encoding than UTF-8 is still text.
    assert.equal((await upload('latin1.csv', Buffer.from('name;email\nJosé;jose@example.com\n', 'latin1'))).statusCode, 201);
  });
});
