import * as XLSX from 'xlsx';
import { previewXlsx } from '../preview/xlsxPreview.ts';
import { defaultPreviewSettings } from '../preview/filePreview.ts';
import { PreviewError, xlsxErrorCode } from '../preview/previewErrors.ts';
import { slicedXlsx } from '../preview/xlsxSlice.ts';
import { blobOf, installNodeStreams } from '../../../../testing/workbookFiles.ts';

type Cell = string | number | boolean | Date | null;

installNodeStreams();

function workbookFile(sheets: Record<string, Cell[][]>, options: { sharedStrings?: boolean; compress?: boolean } = {}): Blob {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), name);
  const bytes: Uint8Array = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST: options.sharedStrings ?? true, compression: options.compress ?? true });
  return blobOf([new Uint8Array(bytes)]);
}

const leads = (count: number): Cell[][] => [
  ['First name', 'E-mail', 'Born', 'Amount', 'Note'],
  ...Array.from({ length: count }, (_, index): Cell[] => [`Ada${index + 1}`, `ada${index + 1}@example.com`, new Date(1990, 3, 30, 14, 5, 9), 250.5 + index, index % 2 ? null : 'vip']),
];

test('reads the first sheet only, with dates as YYYY-MM-DD HH:mm:ss and empty cells empty', async () => {
  const file = workbookFile({ Leads: leads(3), Other: [['not', 'shown']] });
  const preview = await previewXlsx(file, defaultPreviewSettings);
  expect(preview.header).toEqual(['First name', 'E-mail', 'Born', 'Amount', 'Note']);
  expect(preview.rows.map((row) => row.cells)).toEqual([
    ['First name', 'E-mail', 'Born', 'Amount', 'Note'],
    ['Ada1', 'ada1@example.com', '1990-04-30 14:05:09', '250.5', 'vip'],
    ['Ada2', 'ada2@example.com', '1990-04-30 14:05:09', '251.5'],
    ['Ada3', 'ada3@example.com', '1990-04-30 14:05:09', '252.5', 'vip'],
  ]);
  expect(preview.columnCount).toBe(5);
});

test('shows 11 rows from the start row of a larger sheet, with inline or shared strings', async () => {
  for (const sharedStrings of [true, false]) {
    const preview = await previewXlsx(workbookFile({ Leads: leads(3000) }, { sharedStrings }), { ...defaultPreviewSettings, startRow: 2001 });
    expect(preview.header[1]).toBe('E-mail');
    expect(preview.rows.map((row) => row.number)).toEqual(Array.from({ length: 11 }, (_, index) => 2001 + index));
    expect(preview.rows[0]?.cells.slice(0, 2)).toEqual(['Ada2000', 'ada2000@example.com']);
  }
});

test('never reads the whole of a usual workbook', async () => {
  const file = workbookFile({ Leads: leads(50) });
  // Only parts of the file are read (slices); reading the file itself would be the slow fallback.
  Object.assign(file, { arrayBuffer: () => Promise.reject(new Error('the whole file was read')) });
  const preview = await previewXlsx(file, { ...defaultPreviewSettings, startRow: 40 });
  expect(preview.rows[0]?.cells[0]).toBe('Ada39');
});

test('inflates only the start of a large sheet and of its shared strings, and keeps only the rows shown', async () => {
  const file = workbookFile({ Leads: leads(20_000) });
  const sliced = await slicedXlsx(file, 1, 11);
  expect(sliced).not.toBeNull();
  expect(sliced!.bytes.length).toBeLessThan(200_000);
  const reread = XLSX.read(sliced!.bytes, { type: 'array' });
  const sheet = reread.Sheets[reread.SheetNames[0]!]!;
  // Rows 1 to 11 are there, row 12 on were never inflated (the sheet's dimension still names them all).
  expect(sheet.B11?.v).toBe('ada10@example.com');
  expect(sheet.A12).toBeUndefined();

  const deep = await slicedXlsx(file, 15_001, 15_011);
  expect(deep!.bytes.length).toBeLessThan(20_000);
  const deepSheet = XLSX.read(deep!.bytes, { type: 'array' }).Sheets.Leads!;
  expect(deepSheet.B1?.v).toBe('E-mail');
  expect(deepSheet.B2).toBeUndefined();
  expect(deepSheet.B15001?.v).toBe('ada15000@example.com');
  expect(deepSheet.B15012).toBeUndefined();
});

test('reads a stored (uncompressed) workbook too', async () => {
  const preview = await previewXlsx(workbookFile({ Leads: leads(2) }, { compress: false }), defaultPreviewSettings);
  expect(preview.rows[2]?.cells[0]).toBe('Ada2');
});

/** What Excel writes for a workbook with a password: an OLE compound file with the agile EncryptionInfo. */
function encryptedWorkbookFile(): Blob {
  const compound = XLSX.CFB.utils.cfb_new();
  const agile =
    '<?xml version="1.0" encoding="UTF-8"?><encryption xmlns="http://schemas.microsoft.com/office/2006/encryption"><keyData saltSize="16" blockSize="16" keyBits="256" hashSize="64" cipherAlgorithm="AES" cipherChaining="ChainingModeCBC" hashAlgorithm="SHA512" saltValue="AAAA"/></encryption>';
  XLSX.CFB.utils.cfb_add(compound, '/EncryptionInfo', new Uint8Array([4, 0, 4, 0, 0x40, 0, 0, 0, ...new TextEncoder().encode(agile)]));
  XLSX.CFB.utils.cfb_add(compound, '/EncryptedPackage', new Uint8Array(4096).fill(7));
  const bytes: Uint8Array = XLSX.CFB.write(compound, { type: 'array' });
  return blobOf([new Uint8Array(bytes)]);
}

test('a password-protected workbook is refused as such', async () => {
  const failure = previewXlsx(encryptedWorkbookFile(), defaultPreviewSettings);
  await expect(failure).rejects.toBeInstanceOf(PreviewError);
  await expect(failure).rejects.toMatchObject({ code: 'passwordProtected' });
});

test('maps what xlsx throws for encrypted files to the two password messages', () => {
  expect(xlsxErrorCode(new Error('File is password-protected'))).toBe('passwordProtected');
  expect(xlsxErrorCode(new Error('File is password-protected: ECMA-376 Extensible'))).toBe('passwordProtected');
  expect(xlsxErrorCode(new Error('ECMA-376 Encrypted file missing /EncryptionInfo'))).toBe('passwordProtected');
  expect(xlsxErrorCode(new Error('Unsupported ZIP encryption'))).toBe('passwordProtected');
  expect(xlsxErrorCode(new Error('Password is incorrect'))).toBe('passwordIncorrect');
  expect(xlsxErrorCode(new Error('Unsupported ZIP file'))).toBe('unreadable');
  expect(xlsxErrorCode('garbage')).toBe('unreadable');
});

test('a file that is no workbook is unreadable', async () => {
  await expect(previewXlsx(blobOf([new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3])]), defaultPreviewSettings)).rejects.toMatchObject({ code: 'unreadable' });
});
