/**
 * Auto-distribution asked for by a person (issue 33): add lead and the import's `auto_distribute` queue their new leads
 * for distribution (a `lead_distributions` row) in the insert's transaction, only with lead.send and the sender flag; rejected rows are
 * not queued, a resumed import queues each lead once, and "import then send" cannot be on at the same time.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { importMessages } from '@crm/shared/contract';
import * as tables from '../src/db/schema/index.ts';
import { runLeadImport } from '../src/modules/leads/import/job.ts';
import { enableStandInRule } from './distributionFixture.ts';
import { multipartFile } from './fixtures/multipart.ts';
import { bearer, createTestContext, tableFingerprint, waitFor, type TestContext } from './helpers.ts';

// Uploads go under DATA_DIR/imports: a directory of this test file's own.
const dataDir = await mkdtemp(join(tmpdir(), 'crm-auto-distribute-test-'));
process.env['DATA_DIR'] = dataDir;

type User = { id: number; token: string };
type Invalid = { message: string; errors: Record<string, string[]> };

describe('auto-distribution of added and imported leads', () => {
  let context: TestContext;
  let adder: User;
  let plainAdder: User;
  let importer: User;
  let plainImporter: User;
  let notSender: User;
  /** Breaks an import attempt after a committed batch (the resume test). */
  let afterCommit: (() => void) | null = null;

  const call = (method: 'GET' | 'POST', url: string, payload: unknown, user: User) =>
    context.app.inject({ method, url, headers: bearer(user.token), payload: payload as Record<string, unknown> });

  const queuedStates = async (leadIds: readonly number[]): Promise<Map<number, string>> => {
    if (leadIds.length === 0) return new Map();
    const rows = await context.database.db
      .select()
      .from(tables.leadDistributions)
      .where(inArray(tables.leadDistributions.lead_id, [...leadIds]));
    return new Map(rows.map((row) => [row.lead_id, row.state]));
  };

  async function upload(fileName: string, csv: string, user: User): Promise<string> {
    const body = multipartFile(fileName, csv);
    const response = await context.app.inject({ method: 'POST', url: '/api/lead/import/file', headers: { ...bearer(user.token), ...body.headers }, payload: body.payload });
    assert.equal(response.statusCode, 201, response.body);
    return (response.json() as { data: { upload_id: string } }).data.upload_id;
  }

  const finished = (jobId: number) =>
    waitFor(async () => {
      const [row] = await context.database.db.select().from(tables.jobs).where(eq(tables.jobs.id, jobId));
      return row && ['finished', 'failed', 'cancelled'].includes(row.status) ? row : null;
    }, 30_000);

  const leadsOfJob = async (jobId: number) => context.database.db.select({ id: tables.leads.id }).from(tables.leads).where(eq(tables.leads.import_job_id, jobId));

  const importBody = (uploadId: string, extra: Record<string, unknown> = {}) => ({ upload_id: uploadId, options: { delimiter: ',' }, columns: { A: 'name', B: 'email' }, ...extra });

  before(async () => {
    context = await createTestContext({
      jobs: { maxAttempts: 3 },
      registerJobs: (jobs) => {
        jobs.register('test.lead.import', (jobContext) => runLeadImport(jobContext, { afterCommit: () => afterCommit?.() }));
      },
    });
    adder = await context.userWith(['lead.create', 'lead.send']);
    plainAdder = await context.userWith(['lead.create']);
    importer = await context.userWith(['lead.import', 'lead.send']);
    plainImporter = await context.userWith(['lead.import']);
    notSender = await context.userWith(['lead.create', 'lead.send']);
    // Only senders send, by hand or by asking for distribution.
    await context.database.db
      .update(tables.users)
      .set({ is_sender: true })
      .where(inArray(tables.users.id, [adder.id, importer.id]));
    await enableStandInRule(context.database.db);
  });
  after(async () => {
    await context.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('add lead with auto_distribute queues the new lead (pending); without it, or false, nothing is queued', async () => {
    const added = async (body: Record<string, unknown>): Promise<number> => {
      const response = await call('POST', '/api/lead', body, adder);
      assert.equal(response.statusCode, 201, response.body);
      return (response.json() as { data: { id: number } }).data.id;
    };
    const queued = await added({ email: 'auto@example.com', auto_distribute: true });
    const unasked = await added({ email: 'manual@example.com' });
    const declined = await added({ email: 'declined@example.com', auto_distribute: false });
    const states = await queuedStates([queued, unasked, declined]);
    assert.equal(states.get(queued), 'pending');
    assert.deepEqual([states.has(unasked), states.has(declined)], [false, false]);
  });

  test('add lead with auto_distribute without lead.send, or by a user who is not a sender: 403 and nothing written; the same lead without it is added', async () => {
    const refusals: [User, string, string][] = [
      [plainAdder, 'refused@example.com', 'No permission'],
      [notSender, 'not-a-sender@example.com', 'Only users flagged as senders may send leads.'],
    ];
    for (const [user, email, message] of refusals) {
      const before = await tableFingerprint(context.database);
      const refused = await call('POST', '/api/lead', { email, auto_distribute: true }, user);
      assert.equal(refused.statusCode, 403, refused.body);
      assert.deepEqual(refused.json(), { message });
      assert.deepEqual(await tableFingerprint(context.database), before);
    }
    const plain = await call('POST', '/api/lead', { email: 'refused@example.com' }, plainAdder);
    assert.equal(plain.statusCode, 201, plain.body);
  });

  test('import with auto_distribute queues every imported lead; rejected rows and the lead a row duplicates are not queued', async () => {
    const stored = await call('POST', '/api/lead', { email: 'kept@example.com' }, adder);
    assert.equal(stored.statusCode, 201, stored.body);
    const storedId = (stored.json() as { data: { id: number } }).data.id;
    const csv = ['Ann,ann@example.com', 'Bob,bob@example.com', 'Bad,not-an-email', 'Again,kept@example.com', 'Cy,cy@example.com'].join('\n');
    const response = await call('POST', '/api/lead/import', importBody(await upload('auto.csv', csv, importer), { auto_distribute: true }), importer);
    assert.equal(response.statusCode, 202, response.body);
    const job = await finished((response.json() as { data: { id: number } }).data.id);
    assert.equal(job.status, 'finished', job.error ?? '');

    const imported = (await leadsOfJob(job.id)).map((lead) => lead.id);
    assert.equal(imported.length, 3);
    const failed = await context.database.db.select().from(tables.failedLeads).where(eq(tables.failedLeads.import_job_id, job.id));
    assert.deepEqual(failed.map((row) => row.reason_code).sort(), ['DUPLICATE', 'INVALID']);
    const states = await queuedStates([...imported, storedId]);
    assert.deepEqual(
      imported.map((id) => states.has(id)),
      [true, true, true],
    );
    assert.equal(states.has(storedId), false, 'the duplicated lead stays out of the queue');
  });

  test('an import without auto_distribute queues nothing', async () => {
    const response = await call('POST', '/api/lead/import', importBody(await upload('plain.csv', 'Dee,dee@example.com\nEd,ed@example.com', importer)), importer);
    assert.equal(response.statusCode, 202, response.body);
    const job = await finished((response.json() as { data: { id: number } }).data.id);
    const imported = (await leadsOfJob(job.id)).map((lead) => lead.id);
    assert.equal(imported.length, 2);
    assert.equal((await queuedStates(imported)).size, 0);
  });

  test('an import attempt that breaks after a batch resumes and queues each of its leads once', async () => {
    const uploadId = await upload('resume.csv', Array.from({ length: 9 }, (_, index) => `Lead ${index},resume${index}@example.com`).join('\n'), importer);
    let commits = 0;
    afterCommit = () => {
      commits += 1;
      if (commits === 1) throw new Error('simulated crash after the first batch');
    };
    const payload = { ...importBody(uploadId, { auto_distribute: true }), options: { delimiter: ',', escape: '"', ignore_first_line: false }, fixed: {}, batch_size: 4 };
    const dispatched = await context.jobs.dispatch({ userId: importer.id, type: 'test.lead.import', name: 'Import (test)', payload });
    const job = await finished(dispatched.id);
    afterCommit = null;
    assert.equal(job.status, 'finished', job.error ?? '');
    assert.equal(job.attempts, 2);
    const imported = (await leadsOfJob(job.id)).map((lead) => lead.id);
    assert.equal(imported.length, 9);
    assert.equal((await queuedStates(imported)).size, 9, 'the leads of the first attempt and of the resumed one');
  });

  test('the import refuses auto_distribute with "import then send" (422 on the field) and without lead.send (403); nothing written', async () => {
    const mine = await upload('refused.csv', 'Fay,fay@example.com', importer);
    const theirs = await upload('refused.csv', 'Fay,fay@example.com', plainImporter);
    const before = await tableFingerprint(context.database);
    const both = await call('POST', '/api/lead/import', importBody(mine, { auto_distribute: true, send_department_id: 1 }), importer);
    assert.equal(both.statusCode, 422, both.body);
    assert.deepEqual((both.json() as Invalid).errors, { auto_distribute: [importMessages.autoDistributeWithSend] });
    const unpermitted = await call('POST', '/api/lead/import', importBody(theirs, { auto_distribute: true }), plainImporter);
    assert.equal(unpermitted.statusCode, 403, unpermitted.body);
    assert.deepEqual(await tableFingerprint(context.database), before);
  });

  test('the OpenAPI document describes auto_distribute on add lead and on the import', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs/json' });
    assert.equal(response.statusCode, 200);
    type Operation = { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { type?: string; default?: unknown }> } }> } };
    const paths = (response.json() as { paths: Record<string, Record<string, Operation>> }).paths;
    for (const path of ['/api/lead', '/api/lead/import']) {
      const property = paths[path]?.['post']?.requestBody?.content?.['application/json']?.schema?.properties?.['auto_distribute'];
      assert.deepEqual(property && { type: property.type, default: property.default }, { type: 'boolean', default: false }, path);
    }
  });
});
