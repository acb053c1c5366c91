/**
 * Where export files live and who may fetch them. Files sit under `<DATA_DIR>/exports` with random names (never a
 * name a user chose, so no path tricks); the web and worker processes must share that directory.
 *
 * A download needs no bearer header (it is a plain browser link) but a random 256-bit token made when the file is
 * ready. The job row keeps only the token's SHA-256 for the check; the link itself goes to the job's owner (result
 * and notification). A link works for `exportLinkTtlMs`; the hourly clean-up then removes the file.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExportFormat } from '@crm/shared/contract';
import { loadConfig } from '../../../config.ts';

export const exportLinkTtlMs = 24 * 60 * 60 * 1000;

/**
 * Read from the environment when needed rather than passed in: the lead routes and jobs are registered with the
 * database and the queue only, and tests point DATA_DIR at a temporary directory.
 */
export function exportDirectory(): string {
  return join(loadConfig().dataDir, 'exports');
}

const storedFileName = /^[0-9a-f]{32}\.(csv|xlsx)$/;

export function newStoredFileName(format: ExportFormat): string {
  return `${randomBytes(16).toString('hex')}.${format}`;
}

/** The file's path, or null for a name this module did not make (a tampered job row). */
export function storedFilePath(directory: string, name: string): string | null {
  return storedFileName.test(name) ? join(directory, name) : null;
}

export const newDownloadToken = (): string => randomBytes(32).toString('base64url');

export const tokenDigest = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Compares digests in constant time, so response timing says nothing about how much of a token was right. */
export function tokenMatches(token: string, expectedDigest: string): boolean {
  const given = Buffer.from(tokenDigest(token), 'hex');
  const expected = Buffer.from(expectedDigest, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const contentTypes: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Removes export files older than a link's lifetime (plus a margin for an export still being written when its clock
 * started): expired downloads, and the leftovers of crashed or cancelled runs. Returns how many went.
 */
export async function removeExpiredExports(directory: string, now = Date.now()): Promise<number> {
  const names = await readdir(directory).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const path = storedFilePath(directory, name);
    if (!path) continue;
    const info = await stat(path).catch(() => null);
    if (info && info.mtimeMs < now - exportLinkTtlMs - 60 * 60 * 1000) {
      await rm(path, { force: true });
      removed += 1;
    }
  }
  return removed;
}
