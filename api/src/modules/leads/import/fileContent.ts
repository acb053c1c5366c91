/**
 * What an upload holds, checked before it is kept: its name says csv or xlsx, its bytes must agree. Random bytes
 * named .csv were read as 106,034 rows of garbage (each a failed lead); an encrypted workbook (an OLE compound file,
 * even named .csv) and a ZIP without a workbook in it were accepted and failed only when read. A workbook's structure
 * is read here (its parts and first sheet, as the import finds them) and the sizes its archive declares are held to
 * the reading's bound; what the parts really unpack to is counted when they are read (readers/limits.ts).
 */
import { importMessages, type ImportFileKind } from '@crm/shared/contract';
import { readAt } from './readers/fileBytes.ts';
import { FileLimitError, limitMessages, readLimits, UnreadableFileError } from './readers/limits.ts';
import { notAWorkbookMessage, workbookParts } from './readers/xlsxParts.ts';
import { declaredSize, newInflateBudget, readZipDirectory } from './readers/zip.ts';

/** An OLE compound file: how Excel stores a password-protected (encrypted) workbook, even one named .xlsx. */
const compoundFileMagic = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** A ZIP archive, which every readable .xlsx is. */
const zipMagic = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** The start of a CSV looked at for binary content. */
const sampleBytes = 64 * 1024;

export const notCsvTextMessage = 'The file is not CSV text (it holds binary data, as a workbook or an archive does): save it as CSV or as .xlsx.';

/**
 * Text has no NUL byte and hardly any other control character (tab, line breaks and form feed aside), whatever its
 * encoding; in random or compressed bytes one byte in ten is one.
 */
function looksBinary(sample: Buffer): boolean {
  let controls = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) || byte === 0x7f) controls += 1;
  }
  return controls > sample.length / 100;
}

async function workbookProblem(path: string): Promise<string | null> {
  try {
    const entries = await readZipDirectory(path);
    if ([...entries.values()].some((entry) => entry.encrypted)) return importMessages.passwordProtected;
    if (declaredSize(entries) > readLimits.inflatedBytes) return limitMessages.inflated;
    await workbookParts(path, entries, newInflateBudget());
    return null;
  } catch (error) {
    if (error instanceof FileLimitError || error instanceof UnreadableFileError) return error.message;
    return notAWorkbookMessage;
  }
}

/** Why the stored file cannot be imported as `kind`, or null. */
export async function contentProblem(path: string, kind: ImportFileKind): Promise<string | null> {
  const head = await readAt(path, 0, sampleBytes);
  if (head.subarray(0, compoundFileMagic.length).equals(compoundFileMagic)) return importMessages.passwordProtected;
  const zip = head.subarray(0, zipMagic.length).equals(zipMagic);
  if (kind === 'csv') return zip || looksBinary(head) ? notCsvTextMessage : null;
  return zip ? workbookProblem(path) : notAWorkbookMessage;
}
