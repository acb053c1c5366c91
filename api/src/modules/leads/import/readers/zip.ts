/**
 * Just enough ZIP to read a workbook's parts from disk: the central directory, and one entry inflated as a stream of
 * text. Every byte inflated is counted against a budget shared by the parts of one reading, since the sizes the
 * directory declares are the writer's word only; the first byte past it stops the reading.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { readAt } from './fileBytes.ts';
import { createInflateRaw } from 'node:zlib';
import { FileLimitError, limitMessages, readLimits, UnreadableFileError } from './limits.ts';

export type ZipEntry = { name: string; method: number; encrypted: boolean; compressedSize: number; size: number; localHeaderOffset: number };

/** Bytes a reading may still inflate. */
export type InflateBudget = { remaining: number };

export const newInflateBudget = (): InflateBudget => ({ remaining: readLimits.inflatedBytes });

const endOfDirectorySignature = 0x06054b50;
const directoryEntrySignature = 0x02014b50;
const localHeaderSignature = 0x04034b50;
const notAWorkbook = 'The file is not a valid xlsx workbook.';

/** The archive's entries by name; an archive this reader cannot walk is not a workbook. */
export async function readZipDirectory(path: string): Promise<Map<string, ZipEntry>> {
  const handle = await open(path, 'r');
  const { size } = await handle.stat();
  await handle.close();
  // The end record is the last 22 bytes plus a comment of up to 65,535 bytes.
  const tailLength = Math.min(size, 22 + 65_535);
  const tail = await readAt(path, size - tailLength, tailLength);
  let end = -1;
  for (let index = tail.length - 22; index >= 0 && end < 0; index -= 1) if (tail.readUInt32LE(index) === endOfDirectorySignature) end = index;
  if (end < 0) throw new UnreadableFileError(notAWorkbook);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (directoryOffset + directorySize > size) throw new UnreadableFileError(notAWorkbook);
  const directory = await readAt(path, directoryOffset, directorySize);
  const entries = new Map<string, ZipEntry>();
  for (let index = 0; index + 46 <= directory.length && directory.readUInt32LE(index) === directoryEntrySignature;) {
    const nameLength = directory.readUInt16LE(index + 28);
    const entry: ZipEntry = {
      encrypted: (directory.readUInt16LE(index + 8) & 0x1) !== 0,
      method: directory.readUInt16LE(index + 10),
      compressedSize: directory.readUInt32LE(index + 20),
      size: directory.readUInt32LE(index + 24),
      localHeaderOffset: directory.readUInt32LE(index + 42),
      name: directory.toString('utf8', index + 46, index + 46 + nameLength),
    };
    entries.set(entry.name, entry);
    index += 46 + nameLength + directory.readUInt16LE(index + 30) + directory.readUInt16LE(index + 32);
  }
  return entries;
}

/** The sizes the directory declares, all entries together: an archive that admits to a bomb is refused unread. */
export function declaredSize(entries: ReadonlyMap<string, ZipEntry>): number {
  let total = 0;
  for (const entry of entries.values()) total += entry.size;
  return total;
}

/** The entry's text, chunk by chunk, each inflated byte taken from `budget`. */
export async function* entryText(path: string, entry: ZipEntry, budget: InflateBudget): AsyncGenerator<string> {
  if (entry.encrypted) throw new UnreadableFileError('File is password-protected');
  if (entry.method !== 0 && entry.method !== 8) throw new UnreadableFileError('The workbook uses a compression this reader does not know.');
  const local = await readAt(path, entry.localHeaderOffset, 30);
  if (local.length < 30 || local.readUInt32LE(0) !== localHeaderSignature) throw new UnreadableFileError(notAWorkbook);
  if (entry.compressedSize === 0) return;
  // The local header's name and extra field may differ in length from the directory's.
  const start = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  const raw = createReadStream(path, { start, end: start + entry.compressedSize - 1 });
  const bytes = entry.method === 8 ? raw.pipe(createInflateRaw()) : raw;
  raw.on('error', (error) => bytes.destroy(error));
  const decoder = new TextDecoder();
  try {
    for await (const chunk of bytes as AsyncIterable<Buffer>) {
      budget.remaining -= chunk.length;
      if (budget.remaining < 0) throw new FileLimitError(limitMessages.inflated);
      yield decoder.decode(chunk, { stream: true });
    }
    const rest = decoder.decode();
    if (rest !== '') yield rest;
  } finally {
    raw.destroy();
    bytes.destroy();
  }
}
