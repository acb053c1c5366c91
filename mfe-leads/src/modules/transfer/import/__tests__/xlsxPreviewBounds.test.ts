import { readLimits } from '@crm/shared/contract';
import { defaultPreviewSettings } from '../preview/filePreview.ts';
import { previewXlsx } from '../preview/xlsxPreview.ts';
import { inlineRow, packageParts, sharedStringsXml, sheetXml, installNodeStreams, zipOf, type Part } from '../../../../testing/workbookFiles.ts';

installNodeStreams();
jest.setTimeout(60_000);

/** Tabs out of ZIP order: the hidden tab first, then Leads, then Other; the ZIP holds sheet1 (Other) first. */
function tabsOutOfZipOrder(): Blob {
  return zipOf([
    { name: 'xl/worksheets/sheet1.xml', content: sheetXml(inlineRow(1, ['other@example.com'])) },
    { name: 'xl/worksheets/sheet2.xml', content: sheetXml(inlineRow(1, ['Email', 'Name']) + inlineRow(2, ['leads@example.com', 'Ada'])) },
    { name: 'xl/worksheets/sheet3.xml', content: sheetXml(inlineRow(1, ['hidden@example.com'])) },
    { name: 'xl/sharedStrings.xml', content: sharedStringsXml('') },
    ...packageParts([
      { name: 'Notes', file: 'sheet3.xml', hidden: true },
      { name: 'Leads', file: 'sheet2.xml' },
      { name: 'Other', file: 'sheet1.xml' },
    ]),
  ]);
}

/** A workbook of one sheet whose parts are `parts` (the sheet and shared strings as given). */
const workbookWith = (sheet: Part, strings: Part = { name: 'xl/sharedStrings.xml', content: sharedStringsXml('') }) =>
  zipOf([sheet, strings, ...packageParts([{ name: 'Leads', file: 'sheet1.xml' }])]);

/** Previews it, failing the test if the whole file is handed to the xlsx library (the slow path a bomb froze). */
async function refusal(file: Blob): Promise<unknown> {
  Object.assign(file, { arrayBuffer: () => Promise.reject(new Error('the whole file was read')) });
  return previewXlsx(file, defaultPreviewSettings).then(
    () => 'previewed',
    (error: unknown) => error,
  );
}

test('shows the first tab as Excel shows them: not the first sheet in the ZIP, and not a hidden tab', async () => {
  const preview = await previewXlsx(tabsOutOfZipOrder(), defaultPreviewSettings);
  expect(preview.rows.map((row) => row.cells)).toEqual([
    ['Email', 'Name'],
    ['leads@example.com', 'Ada'],
  ]);
});

test('reads the same tab when the browser cannot stream the file and xlsx reads it whole', async () => {
  const streams = globalThis.DecompressionStream;
  Object.assign(globalThis, { DecompressionStream: undefined });
  try {
    const preview = await previewXlsx(tabsOutOfZipOrder(), defaultPreviewSettings);
    expect(preview.header).toEqual(['Email', 'Name']);
  } finally {
    Object.assign(globalThis, { DecompressionStream: streams });
  }
});

test('a workbook whose archive declares 2 GB of shared strings is refused before anything is inflated', async () => {
  const bomb = workbookWith(
    { name: 'xl/worksheets/sheet1.xml', content: sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>') },
    { name: 'xl/sharedStrings.xml', content: sharedStringsXml(`<si><t>${'A'.repeat(30_000)}</t></si>`), declaredSize: 2 * 1024 ** 3 },
  );
  expect(await refusal(bomb)).toMatchObject({ code: 'tooBig' });
});

test('shared strings that unpack to far more than their archive says are refused as soon as they pass it', async () => {
  const liar = workbookWith(
    { name: 'xl/worksheets/sheet1.xml', content: sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>') },
    { name: 'xl/sharedStrings.xml', content: sharedStringsXml(`<si><t>${'A'.repeat(30_000)}</t></si>`.repeat(200)), declaredSize: 1_000 },
  );
  expect(await refusal(liar)).toMatchObject({ code: 'tooBig' });
});

test('a sheet padded with spaces before its first row is refused once the run passes a quarter megabyte', async () => {
  const padded = workbookWith({ name: 'xl/worksheets/sheet1.xml', content: sheetXml(inlineRow(1, ['a@example.com']), ' '.repeat(8 * 1024 * 1024)) });
  expect(await refusal(padded)).toMatchObject({ code: 'tooBig' });
});

test('a row listing more cells than 200,000 rows of leads need is refused when it passes the bound', async () => {
  const cells = `<row r="1">${'<c/>'.repeat(readLimits.sheetCells + 1)}</row>`;
  expect(await refusal(workbookWith({ name: 'xl/worksheets/sheet1.xml', content: sheetXml(cells) }))).toMatchObject({ code: 'tooBig' });
});

test('a usual workbook built the same way previews as before', async () => {
  const usual = workbookWith(
    { name: 'xl/worksheets/sheet1.xml', content: sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>') },
    { name: 'xl/sharedStrings.xml', content: sharedStringsXml('<si><t>Email</t></si><si><t>Name</t></si>') },
  );
  expect((await previewXlsx(usual, defaultPreviewSettings)).header).toEqual(['Email', 'Name']);
});
