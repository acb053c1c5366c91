/**
 * The import preview benchmarks' lead files: CSV and XLSX (shared strings and date cells, as Excel writes them) of N
 * lead rows with a header, generated once into $TMPDIR/crm-import-preview-bench and reused (delete the folder to
 * regenerate). Used by `bench:import-preview` (the preview code in Node) and `bench:import-preview-browser` (the
 * dialog in Chromium).
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { deflateRawSync } from 'node:zlib';
import { crc32 } from '../src/modules/transfer/import/preview/storedZip.ts';

export const previewFilesFolder = join(tmpdir(), 'crm-import-preview-bench');

const header = ['First name', 'Last name', 'E-mail', 'Phone number', 'Country', 'City', 'Zip', 'Language', 'Funnel', 'Comment', 'Deposit amount', 'Created'];
const cities = ['Berlin', 'Hamburg', 'München', 'Köln', 'Wien', 'Zürich'];

function leadRow(index: number): (string | number | Date)[] {
  return [
    `Ada${index}`,
    `Lovelace${index % 997}`,
    `ada.lovelace${index}@example.com`,
    `+49151${String(10_000_000 + index).slice(-8)}`,
    'DE',
    cities[index % cities.length] ?? 'Berlin',
    String(10_000 + (index % 89_999)),
    'de',
    `funnel-${index % 7}`,
    index % 3 === 0 ? '' : `Call after ${(index % 12) + 1} pm, "urgent"`,
    (index % 500) + 0.5,
    new Date(Date.UTC(2024, 0, 1 + (index % 365), 9, 30, 15)),
  ];
}

function csvField(value: string | number | Date): string {
  const text = value instanceof Date ? value.toISOString().replace('T', ' ').slice(0, 19) : String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function writeCsv(path: string, rows: number): void {
  const lines = [header.join(',')];
  for (let index = 1; index <= rows; index += 1) lines.push(leadRow(index).map(csvField).join(','));
  writeFileSync(path, `${lines.join('\n')}\n`);
}

const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
const letterOf = (column: number) => (column < 26 ? String.fromCharCode(65 + column) : `A${String.fromCharCode(65 + column - 26)}`);
const excelSerial = (date: Date) => date.getTime() / 86_400_000 + 25_569;

/** A ZIP with deflated entries, as spreadsheet programs write them. */
function deflatedZip(files: Map<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of files) {
    const packed = deflateRawSync(content);
    const nameBytes = Buffer.from(name);
    const crc = crc32(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    directory.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directoryBytes = directory.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.size, 8);
  end.writeUInt16LE(files.size, 10);
  end.writeUInt32LE(directoryBytes, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}

function writeXlsx(path: string, rows: number): void {
  const strings = new Map<string, number>();
  const stringIndex = (text: string) => {
    let index = strings.get(text);
    if (index === undefined) strings.set(text, (index = strings.size));
    return index;
  };
  const cell = (value: string | number | Date, row: number, column: number) => {
    const reference = `${letterOf(column)}${row}`;
    if (value instanceof Date) return `<c r="${reference}" s="1"><v>${excelSerial(value)}</v></c>`;
    if (typeof value === 'number') return `<c r="${reference}"><v>${value}</v></c>`;
    return value === '' ? '' : `<c r="${reference}" t="s"><v>${stringIndex(value)}</v></c>`;
  };
  const sheetRows = [`<row r="1">${header.map((text, column) => cell(text, 1, column)).join('')}</row>`];
  for (let index = 1; index <= rows; index += 1)
    sheetRows.push(
      `<row r="${index + 1}">${leadRow(index)
        .map((value, column) => cell(value, index + 1, column))
        .join('')}</row>`,
    );
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const relations = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const files = new Map<string, string>([
    [
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relations}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    ['xl/workbook.xml', `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${main}" xmlns:r="${relations}"><sheets><sheet name="Leads" sheetId="1" r:id="rId1"/></sheets></workbook>`],
    [
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relations}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${relations}/styles" Target="styles.xml"/><Relationship Id="rId3" Type="${relations}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ],
    [
      'xl/styles.xml',
      `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="${main}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts><fonts count="1"><font/></fonts><fills count="1"><fill/></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    ],
    [
      'xl/worksheets/sheet1.xml',
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${main}"><dimension ref="A1:${letterOf(header.length - 1)}${rows + 1}"/><sheetData>${sheetRows.join('')}</sheetData></worksheet>`,
    ],
  ]);
  files.set(
    'xl/sharedStrings.xml',
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${main}" uniqueCount="${strings.size}">${[...strings.keys()].map((text) => `<si><t>${escapeXml(text)}</t></si>`).join('')}</sst>`,
  );
  writeFileSync(path, deflatedZip(new Map([...files].map(([name, text]) => [name, Buffer.from(text)]))));
}

/** The generated file of `rows` lead rows (plus a header), written on first use and reused after. */
export function ensurePreviewFile(kind: 'csv' | 'xlsx', rows: number): string {
  mkdirSync(previewFilesFolder, { recursive: true });
  const path = join(previewFilesFolder, `leads-${rows}.${kind}`);
  if (!existsSync(path)) {
    const started = performance.now();
    if (kind === 'csv') writeCsv(path, rows);
    else writeXlsx(path, rows);
    console.log(`generated ${path} (${(statSync(path).size / 1e6).toFixed(1)} MB) in ${Math.round(performance.now() - started)} ms`);
  }
  return path;
}
