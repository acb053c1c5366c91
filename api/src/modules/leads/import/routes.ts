/**
 * Lead import (docs/product.md#import, issue 6): upload a file, dry-run a mapping over it, import it as a job.
 *  - `POST /lead/import/file` (multipart, field `file`) → 201 `{ data: importUpload }`
 *  - `POST /lead/import/dry-run` (importRequest) → 200 `{ data: importReport }`, nothing written
 *  - `POST /lead/import` (importRequest) → 202 `{ message, data: job }`
 *  - `GET /lead/import/{id}` → `{ data: job }`, one of my import jobs (its progress, then its report)
 */
import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, emptyBody, idParam, importMaxFileBytes, importMessages, importReport, importRequest, importUpload, job } from '@crm/shared/contract';
import { requireAuth } from '../../../http/access.ts';
import { invalid } from '../../../http/errors.ts';
import { assertMayDistribute } from '../distributionQueue.ts';
import { findOwnJobOfType, toJob } from '../../jobs/service.ts';
import type { Db } from '../../../db/database.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { startImport } from './job.ts';
import type { ImportThenSend } from './thenSend.ts';
import { UnreadableFileError } from './readers/index.ts';
import { loadImportReferences } from './references.ts';
import { checkFileForRequest, dryRunImport } from './run.ts';
import { leadImportJobType } from './schema.ts';
import { findOwnUpload, storeUpload, uploadStreamError } from './uploads.ts';

const tags = ['lead › import'];
const fileRequired = () => invalid({ file: ['The file field is required.'] });

/** A file the readers refuse is the request's fault: a 422 under `file` in the reader's words. */
async function unreadableAsInvalid<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UnreadableFileError) throw invalid({ file: [error.message] });
    throw error;
  }
}

export const leadImportRoutes: FastifyPluginAsyncZod<{ db: Db; jobs: JobQueue; importThenSend: ImportThenSend }> = async (app, { db, jobs, importThenSend }) => {
  // Registered here, so multipart bodies are accepted by these routes only.
  await app.register(multipart, { limits: { fileSize: importMaxFileBytes, files: 1, fields: 10, parts: 11 } });

  app.post(
    '/lead/import/file',
    {
      schema: {
        tags,
        summary: 'Upload a csv or xlsx file to import (multipart/form-data, field `file`)',
        description:
          `Streamed to disk, at most ${importMaxFileBytes / 1024 / 1024} MB (413 above). 422 under \`file\` for another extension, ` +
          'a password-protected workbook, an empty file or a missing field. The upload is usable by its owner only.',
        consumes: ['multipart/form-data'],
        // The file is read from the multipart stream by the handler; as a schema the body may only be absent (a JSON
        // object sent instead is refused like any unexpected field).
        body: emptyBody,
        response: { 201: dataOf(importUpload) },
      },
      config: { access: 'lead.import' },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (!request.isMultipart()) throw fileRequired();
      // Reading the parts touches neither disk nor database: whatever fails here is the body.
      const part = await request.file().catch((error: unknown) => {
        throw uploadStreamError(error);
      });
      if (!part) throw fileRequired();
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw fileRequired();
      }
      const upload = await storeUpload(db, auth.userId, { fileName: part.filename, stream: part.file });
      return reply.status(201).send({ data: upload });
    },
  );

  app.post(
    '/lead/import/dry-run',
    {
      schema: {
        tags,
        summary: 'Check every row of an upload as the import would, writing nothing',
        description:
          'Counts valid rows, refusals by reason (blacklist, duplicates in the window and within the file) and skipped blank lines. ' +
          '422 under `file` above 200,000 rows, under `columns.<letter>` for a mapped column the file does not have.',
        body: importRequest,
        response: { 200: dataOf(importReport) },
      },
      config: { access: 'lead.import' },
    },
    async (request) => {
      const auth = requireAuth(request);
      const upload = await findOwnUpload(db, auth.userId, request.body.upload_id);
      return { data: await unreadableAsInvalid(() => dryRunImport(db, upload, request.body)) };
    },
  );

  app.post(
    '/lead/import',
    {
      schema: {
        tags,
        summary: 'Import an upload as a background job',
        description:
          'Rows become leads (status history cause `import`, or `random` when drawn from the source) or failed leads (reason and ' +
          'message), in batches that each commit with the progress; a retried job resumes after its last batch. The result is ' +
          'the import report. With `send_department_id` (lead.send, a sender, a department whose integration takes bulk sends), ' +
          'a send job of the imported leads starts once the import has finished. With `auto_distribute` (lead.send; not with ' +
          '`send_department_id`) each batch queues its leads for distribution by the rules as it commits. The file is read once first: ' +
          '422 as for the dry run.',
        body: importRequest,
        response: { 202: z.object({ message: z.string(), data: job }) },
      },
      config: { access: 'lead.import' },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (request.body.auto_distribute) {
        if (request.body.send_department_id != null) throw invalid({ auto_distribute: [importMessages.autoDistributeWithSend] });
        await assertMayDistribute(db, auth);
      }
      if (request.body.send_department_id != null) await importThenSend.check(auth, request.body.send_department_id);
      const upload = await findOwnUpload(db, auth.userId, request.body.upload_id);
      await loadImportReferences(db, request.body.fixed);
      await unreadableAsInvalid(() => checkFileForRequest(upload, request.body));
      const started = await startImport(jobs, auth.userId, upload, request.body);
      return reply.status(202).send({ message: 'The import has started.', data: toJob(started) });
    },
  );

  app.get(
    '/lead/import/:id',
    {
      schema: { tags, summary: 'One of my import jobs (progress, then the import report as its result)', params: idParam, response: { 200: dataOf(job) } },
      config: { access: 'lead.import' },
    },
    async (request) => ({ data: toJob(await findOwnJobOfType(db, requireAuth(request).userId, request.params.id, leadImportJobType, 'Import')) }),
  );
};
