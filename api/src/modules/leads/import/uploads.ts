/**
 * Import uploads: the file is streamed to `DATA_DIR/imports/<uuid>.<kind>` (never held in memory),
 * checked (extension, size, what its bytes hold: fileContent.ts) and remembered in `import_files` for its owner. A
 * maintenance task deletes uploads older than a day that no queued or running import still needs.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, lt, not, sql } from 'drizzle-orm';
import { importFileKinds, importMaxFileBytes, importMessages, type ImportFileKind, type ImportUpload } from '@crm/shared/contract';
import { loadConfig } from '../../../config.ts';
import type { Db } from '../../../db/database.ts';
import { importFiles, jobs } from '../../../db/schema/index.ts';
import { HttpError, invalid } from '../../../http/errors.ts';
import { contentProblem } from './fileContent.ts';
import { leadImportJobType } from './schema.ts';

export type StoredUpload = typeof importFiles.$inferSelect;

/**
 * Where uploads live. Route plugins are given the database and the job queue, not the config, so this reads the same
 * environment the server's config was loaded from (DATA_DIR, default ./data). A separate worker process must share it.
 */
function importDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return join(loadConfig(env).dataDir, 'imports');
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const fileTooLargeMessage = `The file is larger than ${megabytes(importMaxFileBytes)}: split it and import the parts.`;

function kindOf(fileName: string): ImportFileKind | null {
  const extension = extname(fileName).slice(1).toLowerCase();
  return (importFileKinds as readonly string[]).includes(extension) ? (extension as ImportFileKind) : null;
}

export type IncomingFile = { fileName: string; stream: Readable & { truncated?: boolean } };

/**
 * What a failure of the upload's own stream answers. The multipart plugin's limits carry their status (413); any other
 * (busboy's "Boundary not found", "Unexpected end of multipart data") is a body that is not the multipart it claims.
 */
export const uploadStreamError = (error: unknown): unknown =>
  typeof (error as { statusCode?: unknown }).statusCode === 'number' ? error : invalid({ file: ['The upload is not a readable multipart/form-data body: send the file again.'] });

/** Streams an upload to disk, checks it and records it for `userId`; any refusal leaves nothing behind. */
export async function storeUpload(db: Db, userId: number, file: IncomingFile, directory = importDirectory()): Promise<ImportUpload> {
  const kind = kindOf(file.fileName);
  if (kind === null) {
    file.stream.resume(); // drain it, or the request never ends
    throw invalid({ file: [importMessages.extensionNotAllowed] });
  }
  await mkdir(directory, { recursive: true });
  const id = randomUUID();
  const path = join(directory, `${id}.${kind}`);
  // Which side failed first: the upload's stream (a malformed body, the client's) or the disk (ours). The other side
  // is then destroyed with the same error, so the error alone cannot tell.
  let failed: 'upload' | 'disk' | null = file.stream.errored ? 'upload' : null;
  file.stream.once('error', () => {
    failed ??= 'upload';
  });
  try {
    const target = createWriteStream(path, { flags: 'wx' });
    target.once('error', () => {
      failed ??= 'disk';
    });
    await pipeline(file.stream, target);
    // @fastify/multipart stops writing at the size limit and marks the stream truncated.
    if (file.stream.truncated) throw new HttpError(413, fileTooLargeMessage, { file: [fileTooLargeMessage] });
    const { size } = await stat(path);
    if (size === 0) throw invalid({ file: ['The file is empty.'] });
    const problem = await contentProblem(path, kind);
    if (problem) throw invalid({ file: [problem] });
    // Shown back to people only (the stored name is the id): control characters, NUL included, are dropped.
    const fileName = file.fileName.replace(/\p{Cc}/gu, '').slice(0, 255);
    await db.insert(importFiles).values({ id, user_id: userId, file_name: fileName, kind, size, path });
    return { upload_id: id, file_name: fileName, kind, size };
  } catch (error) {
    await rm(path, { force: true });
    throw failed === 'upload' ? uploadStreamError(error) : error;
  }
}

/** The caller's upload, or a 422 under `upload_id`: another user's upload is as unknown as a missing one. */
export async function findOwnUpload(db: Db, userId: number, uploadId: string): Promise<StoredUpload> {
  const [row] = await db
    .select()
    .from(importFiles)
    .where(and(eq(importFiles.id, uploadId), eq(importFiles.user_id, userId)));
  if (!row) throw invalid({ upload_id: ['The upload does not exist or has expired: upload the file again.'] });
  return row;
}

export async function findUpload(db: Db, uploadId: string): Promise<StoredUpload | null> {
  const [row] = await db.select().from(importFiles).where(eq(importFiles.id, uploadId));
  return row ?? null;
}

const uploadRetentionMs = 24 * 60 * 60 * 1000;

/**
 * Deletes uploads older than the retention with their files, except those a queued or running import still reads
 * (its payload names the upload). Returns how many were removed.
 */
export async function removeStaleUploads(db: Db, olderThan = new Date(Date.now() - uploadRetentionMs)): Promise<number> {
  const stillNeeded = sql`exists (
    select 1 from ${jobs}
    where ${jobs.type} = ${leadImportJobType} and ${jobs.status} in ('pending', 'running') and ${jobs.payload} ->> 'upload_id' = ${importFiles.id}::text)`;
  const removed = await db
    .delete(importFiles)
    .where(and(lt(importFiles.created_at, olderThan), not(stillNeeded)))
    .returning({ path: importFiles.path });
  for (const { path } of removed) await rm(path, { force: true });
  return removed.length;
}
