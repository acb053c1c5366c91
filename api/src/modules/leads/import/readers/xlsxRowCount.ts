/**
 * Counts the rows of an xlsx's first sheet without parsing its cells: the job must refuse a file above the row limit
 * before writing anything, and a full exceljs pass just to count would double the time of a large workbook. The sheet
 * is inflated straight from the ZIP archive and its XML scanned for `<row>` tags holding at least one value, which is
 * what `readXlsxRows` yields (a value that turns out to be an empty string is counted but not read: the count may
 * only be higher).
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

type ZipEntry = { name: string; method: number; compressedSize: number; localHeaderOffset: number };

const endOfDirectorySignature = 0x06054b50;
const directoryEntrySignature = 0x02014b50;
const localHeaderSignature = 0x04034b50;
const worksheetEntry = /^xl\/worksheets\/sheet\d+\.xml$/;

async function readAt(path: string, position: number, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function centralDirectory(path: string, size: number): Promise<ZipEntry[]> {
  // The end record is the last 22 bytes plus a comment of up to 65,535 bytes.
  const tailLength = Math.min(size, 22 + 65_535);
  const tail = await readAt(path, size - tailLength, tailLength);
  let end = -1;
  for (let index = tail.length - 22; index >= 0; index -= 1) {
    if (tail.readUInt32LE(index) === endOfDirectorySignature) {
      end = index;
      break;
    }
  }
  if (end < 0) throw new Error('The file is not a valid xlsx workbook.');
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  const directory = await readAt(path, directoryOffset, directorySize);
  const entries: ZipEntry[] = [];
  for (let index = 0; index + 46 <= directory.length && directory.readUInt32LE(index) === directoryEntrySignature; ) {
    const nameLength = directory.readUInt16LE(index + 28);
    const extraLength = directory.readUInt16LE(index + 30);
    const commentLength = directory.readUInt16LE(index + 32);
    entries.push({
      method: directory.readUInt16LE(index + 10),
      compressedSize: directory.readUInt32LE(index + 20),
      localHeaderOffset: directory.readUInt32LE(index + 42),
      name: directory.toString('utf8', index + 46, index + 46 + nameLength),
    });
    index += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The first worksheet in archive order: the one exceljs's streaming reader emits first. */
async function firstSheetStream(path: string): Promise<Readable | null> {
  const handle = await open(path, 'r');
  const { size } = await handle.stat();
  await handle.close();
  const sheets = (await centralDirectory(path, size)).filter((entry) => worksheetEntry.test(entry.name));
  const sheet = sheets.sort((a, b) => a.localHeaderOffset - b.localHeaderOffset)[0];
  if (!sheet) return null;
  const local = await readAt(path, sheet.localHeaderOffset, 30);
  if (local.readUInt32LE(0) !== localHeaderSignature) throw new Error('The file is not a valid xlsx workbook.');
  const dataStart = sheet.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  const raw = createReadStream(path, { start: dataStart, end: dataStart + sheet.compressedSize - 1 });
  if (sheet.method === 0) return raw;
  if (sheet.method !== 8) throw new Error('The workbook uses a compression this reader does not know.');
  const inflated = createInflateRaw();
  raw.on('error', (error) => inflated.destroy(error));
  return raw.pipe(inflated);
}

/** A row's opening tag (with its attributes), or the start of a cell value (`<v>`, an inline string's `<is>`). */
const tokens = /<row\b([^>]*)>|<v[\s>]|<is[\s>]/g;
const rowNumber = /\br="(\d+)"/;

/** Rows holding a value in the first sheet, leaving out row 1 when it is skipped as a header. */
export async function countXlsxRows(path: string, skipFirstRow: boolean): Promise<number> {
  const stream = await firstSheetStream(path);
  if (!stream) return 0;
  stream.setEncoding('utf8');
  let count = 0;
  let currentRow: number | null = null;
  let currentHasValue = false;
  const closeRow = () => {
    if (currentRow !== null && currentHasValue && !(skipFirstRow && currentRow === 1)) count += 1;
  };
  const scan = (text: string) => {
    tokens.lastIndex = 0;
    for (let match = tokens.exec(text); match; match = tokens.exec(text)) {
      if (match[0].startsWith('<row')) {
        closeRow();
        // `r` is optional in the format: a row without it follows the one before.
        const given = rowNumber.exec(match[1] ?? '')?.[1];
        currentRow = given === undefined ? (currentRow ?? 0) + 1 : Number(given);
        currentHasValue = false;
      } else {
        currentHasValue = true;
      }
    }
  };
  let carry = '';
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      const text = carry + chunk;
      // A tag cut in two by the chunk boundary waits for the next chunk.
      const lastOpen = text.lastIndexOf('<');
      const cut = lastOpen >= 0 && text.indexOf('>', lastOpen) < 0 ? lastOpen : text.length;
      scan(text.slice(0, cut));
      carry = text.slice(cut);
    }
    scan(carry);
    closeRow();
  } finally {
    stream.destroy();
  }
  return count;
}
