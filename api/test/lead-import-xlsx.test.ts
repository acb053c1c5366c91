/**
 * The import's readers on crafted files, workbooks built part by part (fixtures/workbooks.ts): which sheet is read,
 * how cells read, and the bounds that keep a crafted file from taking the process down (readers/limits.ts). No database.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countRows, FileLimitError, readRows, type SheetRow } from '../src/modules/leads/import/readers/index.ts';
import { limitMessages } from '../src/modules/leads/import/readers/limits.ts';
import { declareSize, inlineCell, repeated, sheetXml, workbookParts, writeZip, type Part } from './fixtures/workbooks.ts';

const directory = await mkdtemp(join(tmpdir(), 'crm-xlsx-reader-'));
after(() => rm(directory, { recursive: true, force: true }));
const options = { delimiter: '', escape: '"', ignore_first_line: false };
let files = 0;

async function workbook(parts: readonly Part[]): Promise<string> {
  files += 1;
  const path = join(directory, `book-${files}.xlsx`);
  await writeZip(path, parts);
  return path;
}

async function rowsOf(path: string): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const group of readRows({ kind: 'xlsx', path }, options)) rows.push(...group);
  return rows;
}

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    assert.ok(error instanceof FileLimitError, `a FileLimitError, not ${String(error)}`);
    return error.message;
  }
  assert.fail('the file was read');
}

describe('xlsx reader: which sheet', () => {
  test('the first tab as Excel shows it, not the first sheet in the ZIP; a hidden tab is passed over', async () => {
    const tabs = [
      { name: 'Hidden', file: 'sheet3.xml', hidden: true },
      { name: 'Leads', file: 'sheet2.xml' },
      { name: 'Notes', file: 'sheet1.xml' },
    ];
    const path = await workbook([
      // In ZIP order the notes come first, as the tab Excel shows second.
      { name: 'xl/worksheets/sheet1.xml', content: sheetXml([`<row r="1">${inlineCell('A1', 'notes@example.com')}</row>`]) },
      { name: 'xl/worksheets/sheet2.xml', content: sheetXml([`<row r="1">${inlineCell('A1', 'lead@example.com')}</row>`]) },
      { name: 'xl/worksheets/sheet3.xml', content: sheetXml([`<row r="1">${inlineCell('A1', 'hidden@example.com')}</row>`]) },
      ...workbookParts(tabs),
    ]);
    assert.deepEqual(await rowsOf(path), [{ row: 1, cells: ['lead@example.com'] }]);
    assert.equal(await countRows({ kind: 'xlsx', path }, options), 1);
  });
});

describe('xlsx reader: cells', () => {
  test('shared and inline strings, numbers, booleans, errors; columns past ZZ are not read', async () => {
    const strings = '<sst><si><t>Ada</t></si><si><r><t>Love</t></r><r><t>lace</t></r><rPh><t>ラブレース</t></rPh></si><si><t>tab_x0009_here</t></si></sst>';
    const row = [
      '<c r="A2" t="s"><v>0</v></c>',
      '<c r="B2" t="s"><v>1</v></c>',
      '<c r="C2" t="s"><v>2</v></c>',
      '<c r="D2"><v>447911123456</v></c>',
      '<c r="E2" t="b"><v>1</v></c>',
      '<c r="F2" t="e"><v>#N/A</v></c>',
      '<c r="H2" t="str"><f>A2</f><v>Ada</v></c>',
      inlineCell('ZZ2', 'last'),
      inlineCell('AAA2', 'past the last column'),
    ].join('');
    const path = await workbook([
      { name: 'xl/worksheets/sheet1.xml', content: sheetXml([`<row r="2">${row}</row>`, '<row r="3"><c r="A3"/></row>']) },
      { name: 'xl/sharedStrings.xml', content: strings },
      ...workbookParts([{ name: 'Leads', file: 'sheet1.xml' }], { sharedStrings: true }),
    ]);
    const [only, ...rest] = await rowsOf(path);
    assert.deepEqual(rest, [], 'a row of empty cells is no row');
    assert.equal(only?.row, 2);
    assert.deepEqual(only?.cells.slice(0, 8), ['Ada', 'Lovelace', 'tab\there', '447911123456', 'true', '#N/A', '', 'Ada']);
    assert.equal(only?.cells.length, 702);
    assert.equal(only?.cells[701], 'last');
  });
});

describe('xlsx reader: bounds', () => {
  const oneSheet = (rows: readonly string[], sharedStrings = false): Part[] => [
    { name: 'xl/worksheets/sheet1.xml', content: sheetXml(rows) },
    ...workbookParts([{ name: 'Leads', file: 'sheet1.xml' }], { sharedStrings }),
  ];

  test('a cell longer than a spreadsheet cell can be is refused by its reference', async () => {
    const path = await workbook(oneSheet([`<row r="4">${inlineCell('C4', 'x'.repeat(40_000))}</row>`]));
    assert.equal(await refusal(rowsOf(path)), limitMessages.cell('Cell C4'));
  });

  test('a sheet padded with gigabytes of spaces is refused after a quarter megabyte, in the count and in the reading', async () => {
    const padded: Part = { name: 'xl/worksheets/sheet1.xml', content: () => repeated(' ', 2 * 1024 ** 3, '<worksheet><sheetData><row r="1">', '</row></sheetData></worksheet>') };
    const path = await workbook([padded, ...workbookParts([{ name: 'Leads', file: 'sheet1.xml' }])]);
    await declareSize(path, 'xl/worksheets/sheet1.xml', 10_000);
    const before = process.memoryUsage().rss;
    assert.equal(await refusal(countRows({ kind: 'xlsx', path }, options)), limitMessages.markupRun);
    assert.equal(await refusal(rowsOf(path)), limitMessages.markupRun);
    assert.ok(process.memoryUsage().rss - before < 100 * 1024 * 1024, 'read in bounded memory');
  });

  test('shared strings that unpack to 2 GB, though the archive says 1 KB: refused at the bound, in bounded memory', async () => {
    const bomb: Part = { name: 'xl/sharedStrings.xml', content: () => repeated(`<si><t>${'A'.repeat(30_000)}</t></si>`, 2 * 1024 ** 3, '<sst>', '</sst>') };
    const path = await workbook([bomb, ...oneSheet([`<row r="1"><c r="A1" t="s"><v>0</v></c></row>`], true)]);
    await declareSize(path, 'xl/sharedStrings.xml', 1_000);
    const before = process.memoryUsage().rss;
    assert.equal(await refusal(rowsOf(path)), limitMessages.sharedStringChars);
    assert.ok(process.memoryUsage().rss - before < 300 * 1024 * 1024, `read in bounded memory (${process.memoryUsage().rss - before} bytes more)`);
  });

  test('a sheet listing far more cells than 200,000 rows of leads need is refused when it passes the bound', async () => {
    const cell = '<c><v>1</v></c>';
    const rows: Part = { name: 'xl/worksheets/sheet1.xml', content: () => repeated(`<row>${cell.repeat(40)}</row>`, 200 * 1024 ** 2, '<worksheet><sheetData>', '</sheetData></worksheet>') };
    const path = await workbook([rows, ...workbookParts([{ name: 'Leads', file: 'sheet1.xml' }])]);
    // The count comes first in a dry run and a job (the reading keeps to the same bound, but takes 25 s to reach it).
    assert.equal(await refusal(countRows({ kind: 'xlsx', path }, options)), limitMessages.sheetCells);
  });
});

describe('csv reader: bounds', () => {
  test('a quote never closed makes the rest of the file one row: refused once that row passes 8 MB', async () => {
    const path = join(directory, 'unclosed.csv');
    await writeFile(path, `email\n"ann@example.com\n${'lead@example.com\n'.repeat(600_000)}`);
    const reading = (async () => {
      for await (const _group of readRows({ kind: 'csv', path }, options)) {
        // read to the end
      }
    })();
    assert.equal(await refusal(reading), limitMessages.csvRow(2));
  });
});
