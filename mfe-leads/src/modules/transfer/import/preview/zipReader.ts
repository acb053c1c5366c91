/**
 * Just enough ZIP to read the start of an .xlsx part without loading the file: the central directory from the
 * file's end, and one entry inflated as a stream that the caller stops once it has what it needs.
 */
import { blobBytes } from './blobBytes.ts';
import { entryMeter, type ReadBudget } from './previewBounds.ts';

export type ZipEntry = { name: string; method: number; compressedSize: number; size: number; headerOffset: number };

const localHeaderSignature = 0x04034b50;
const directorySignature = 0x02014b50;
const endSignature = 0x06054b50;
const endRecordBytes = 22;
const maxCommentBytes = 0xffff;
const localHeaderBytes = 30;
const stored = 0;
const deflated = 8;

const viewOf = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Whether the file starts like a ZIP (an encrypted .xlsx is an OLE compound file instead). */
export async function looksLikeZip(file: Blob): Promise<boolean> {
  const head = await blobBytes(file.slice(0, 4));
  return head.length === 4 && viewOf(head).getUint32(0, true) === localHeaderSignature;
}

function findEndRecord(tail: Uint8Array): number {
  const view = viewOf(tail);
  for (let at = tail.length - endRecordBytes; at >= 0; at -= 1) {
    if (view.getUint32(at, true) === endSignature) return at;
  }
  return -1;
}

/**
 * The entries of the ZIP, or null for one this reader does not handle (no end record, ZIP64, encrypted
 * entries, a compression other than stored or deflate): the caller then reads the whole file instead.
 */
export async function readZipDirectory(file: Blob): Promise<ZipEntry[] | null> {
  const tail = await blobBytes(file.slice(Math.max(0, file.size - endRecordBytes - maxCommentBytes)));
  const end = findEndRecord(tail);
  if (end < 0) return null;
  const endView = viewOf(tail);
  const count = endView.getUint16(end + 10, true);
  const directoryBytes = endView.getUint32(end + 12, true);
  const directoryOffset = endView.getUint32(end + 16, true);
  if (count === 0xffff || directoryOffset === 0xffffffff || directoryOffset + directoryBytes > file.size) return null;

  const directory = await blobBytes(file.slice(directoryOffset, directoryOffset + directoryBytes));
  const view = viewOf(directory);
  const names = new TextDecoder();
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > directory.length || view.getUint32(at, true) !== directorySignature) return null;
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const nameBytes = view.getUint16(at + 28, true);
    const extraBytes = view.getUint16(at + 30, true);
    const commentBytes = view.getUint16(at + 32, true);
    if (flags & 0x1 || (method !== stored && method !== deflated)) return null;
    entries.push({
      name: names.decode(directory.subarray(at + 46, at + 46 + nameBytes)),
      method,
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      headerOffset: view.getUint32(at + 42, true),
    });
    at += 46 + nameBytes + extraBytes + commentBytes;
  }
  return entries;
}

async function openEntry(file: Blob, entry: ZipEntry): Promise<ReadableStreamDefaultReader<Uint8Array>> {
  const header = await blobBytes(file.slice(entry.headerOffset, entry.headerOffset + localHeaderBytes));
  const view = viewOf(header);
  if (header.length < localHeaderBytes || view.getUint32(0, true) !== localHeaderSignature) throw new Error(`Bad ZIP entry ${entry.name}`);
  // The local header's name and extra field may differ in length from the directory's.
  const start = entry.headerOffset + localHeaderBytes + view.getUint16(26, true) + view.getUint16(28, true);
  const raw = file.slice(start, start + entry.compressedSize).stream();
  const bytes = entry.method === deflated ? raw.pipeThrough(new DecompressionStream('deflate-raw')) : raw;
  return bytes.getReader();
}

/**
 * Inflates an entry as text chunk by chunk, until `onChunk` returns true; the stream is then cancelled, so the
 * rest of the entry is never inflated. Every chunk is measured against the preview's bounds first (previewBounds.ts:
 * a refusal, thrown by the meter or by `onChunk`, cancels the stream too). Resolves to whether the whole entry was read.
 */
export async function readEntryChunks(file: Blob, entry: ZipEntry, budget: ReadBudget, onChunk: (chunk: string) => boolean): Promise<boolean> {
  const reader = await openEntry(file, entry);
  const decoder = new TextDecoder();
  const meter = entryMeter(budget, entry.size);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        onChunk(decoder.decode());
        return true;
      }
      const text = decoder.decode(value, { stream: true });
      meter(value.length, text);
      if (onChunk(text)) return false;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** A whole (small) entry as text. */
export async function readEntryText(file: Blob, entry: ZipEntry, budget: ReadBudget): Promise<string> {
  const chunks: string[] = [];
  await readEntryChunks(file, entry, budget, (chunk) => {
    chunks.push(chunk);
    return false;
  });
  return chunks.join('');
}
