import { importCsvChunkBytes } from '@crm/shared/contract';
import { previewCsv } from '../preview/csvPreview.ts';
import { defaultPreviewSettings } from '../preview/filePreview.ts';

const csv = (text: string, name = 'leads.csv') => new File([text], name, { type: 'text/csv' });
const cellsOf = (preview: Awaited<ReturnType<typeof previewCsv>>) => preview.rows.map((row) => row.cells);

test('keeps empty lines as rows but not the line break that ends the file', async () => {
  const preview = await previewCsv(csv('Email,Phone\nada@example.com,0301234567\n\nbob@example.com,\n'), defaultPreviewSettings);
  expect(preview.header).toEqual(['Email', 'Phone']);
  expect(cellsOf(preview)).toEqual([['Email', 'Phone'], ['ada@example.com', '0301234567'], [''], ['bob@example.com', '']]);
  expect(preview.rows.map((row) => row.number)).toEqual([1, 2, 3, 4]);
  expect(preview.columnCount).toBe(2);
});

test('keeps an empty last line that is more than the final line break', async () => {
  expect(cellsOf(await previewCsv(csv('a\nb\n\n'), defaultPreviewSettings))).toEqual([['a'], ['b'], ['']]);
});

test('detects the delimiter, or uses the one given, and says which', async () => {
  const file = csv('\uFEFFname;email\nAda;ada@example.com\nBob;bob@example.com\n');
  const detected = await previewCsv(file, defaultPreviewSettings);
  expect(detected.delimiter).toBe(';');
  expect(detected.header).toEqual(['name', 'email']);
  const given = await previewCsv(file, { ...defaultPreviewSettings, delimiter: ',' });
  expect(given.delimiter).toBe(',');
  expect(given.rows[1]?.cells).toEqual(['Ada;ada@example.com']);
});

test('reads quotes escaped with the chosen escape character', async () => {
  const preview = await previewCsv(csv('name,comment\nAda,"said \\"hi\\", twice"\n'), { ...defaultPreviewSettings, escape: '\\' });
  expect(preview.rows[1]?.cells).toEqual(['Ada', 'said "hi", twice']);
});

test('shows 11 rows from the start row', async () => {
  const lines = Array.from({ length: 100 }, (_, index) => `row${index + 1},x`);
  const preview = await previewCsv(csv(`${lines.join('\n')}\n`), { ...defaultPreviewSettings, startRow: 90 });
  expect(preview.header).toEqual(['row1', 'x']);
  expect(preview.rows.map((row) => row.number)).toEqual([90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100]);
  expect(preview.rows[10]?.cells).toEqual(['row100', 'x']);
});

test('reads only the first chunk of a large file', async () => {
  const line = 'Ada,Lovelace,ada@example.com,+49301234567,DE\n';
  const big = csv(line.repeat(Math.ceil((importCsvChunkBytes * 3) / line.length)));
  const readAsText = jest.spyOn(FileReader.prototype, 'readAsText');
  const preview = await previewCsv(big, defaultPreviewSettings);
  expect(preview.rows).toHaveLength(11);
  expect(readAsText).toHaveBeenCalledTimes(1);
  expect((readAsText.mock.calls[0]?.[0] as Blob).size).toBe(importCsvChunkBytes);
});
