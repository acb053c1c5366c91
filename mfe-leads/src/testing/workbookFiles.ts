/**
 * Workbooks built part by part for the preview's tests, as a spreadsheet would never write them (tabs out of ZIP
 * order, a hidden first tab, a part that unpacks to far more than its archive says), and the Node streams jsdom lacks.
 */
import { Blob as NodeBlob } from 'node:buffer';
import { DecompressionStream as NodeDecompressionStream } from 'node:stream/web';
import { TextDecoder as NodeTextDecoder, TextEncoder as NodeTextEncoder } from 'node:util';
import { deflateRawSync } from 'node:zlib';
import { crc32 } from '../modules/transfer/import/preview/storedZip.ts';

/** jsdom has neither Blob streams nor DecompressionStream: Node's stand in, so the fast path runs as in a browser. */
export function installNodeStreams(): void {
  beforeAll(() => {
    Object.assign(globalThis, { DecompressionStream: NodeDecompressionStream });
    if (typeof TextDecoder === 'undefined') Object.assign(globalThis, { TextDecoder: NodeTextDecoder, TextEncoder: NodeTextEncoder });
  });
}

export const blobOf = (parts: (Uint8Array | string)[]) => new NodeBlob(parts) as unknown as Blob;

/** A part; `declaredSize` is what the archive claims it unpacks to (its real size unless given). */
export type Part = { name: string; content: string | Buffer; declaredSize?: number };

/** The parts, deflated, in this order, as a ZIP. */
export function zipOf(parts: readonly Part[]): Blob {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const content = typeof part.content === 'string' ? Buffer.from(part.content) : part.content;
    const packed = deflateRawSync(content, { level: 9 });
    const name = Buffer.from(part.name);
    const header = (size: number, signature: number, length: number) => {
      const bytes = Buffer.alloc(length);
      bytes.writeUInt32LE(signature, 0);
      const at = length === 30 ? 4 : 6;
      bytes.writeUInt16LE(20, at);
      bytes.writeUInt16LE(8, at + 4);
      bytes.writeUInt32LE(crc32(content), at + 10);
      bytes.writeUInt32LE(packed.length, at + 14);
      bytes.writeUInt32LE(size, at + 18);
      bytes.writeUInt16LE(name.length, at + 22);
      return bytes;
    };
    locals.push(header(content.length, 0x04034b50, 30), name, packed);
    const central = header(part.declaredSize ?? content.length, 0x02014b50, 46);
    central.writeUInt16LE(20, 4);
    central.writeUInt32LE(offset, 42);
    directory.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return blobOf([new Uint8Array(Buffer.concat([...locals, directoryBytes, end]))]);
}

const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relationType = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export type Tab = { name: string; file: string; hidden?: boolean };

/** The package, workbook and relationship parts of a workbook whose tabs are `tabs` in this order (with shared strings). */
export function packageParts(tabs: readonly Tab[]): Part[] {
  const sheets = tabs.map((tab, index) => `<sheet name="${tab.name}" sheetId="${index + 1}"${tab.hidden ? ' state="hidden"' : ''} r:id="rIdS${index + 1}"/>`).join('');
  const relations = tabs.map((tab, index) => `<Relationship Id="rIdS${index + 1}" Type="${relationType}/worksheet" Target="worksheets/${tab.file}"/>`).join('');
  const sheetTypes = tabs.map((tab) => `<Override PartName="/xl/worksheets/${tab.file}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('');
  return [
    {
      name: '[Content_Types].xml',
      content: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheetTypes}<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      content: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relationType}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    { name: 'xl/workbook.xml', content: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${main}" xmlns:r="${relationType}"><sheets>${sheets}</sheets></workbook>` },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relations}<Relationship Id="rIdT" Type="${relationType}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    },
  ];
}

/** A worksheet part of these rows (`<row>` elements as written). */
export const sheetXml = (rows: string, head = '') => `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${main}">${head}<sheetData>${rows}</sheetData></worksheet>`;

export const inlineRow = (row: number, texts: readonly string[]) =>
  `<row r="${row}">${texts.map((text, index) => `<c r="${String.fromCharCode(65 + index)}${row}" t="inlineStr"><is><t>${text}</t></is></c>`).join('')}</row>`;

export const sharedStringsXml = (items: string) => `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${main}">${items}</sst>`;
