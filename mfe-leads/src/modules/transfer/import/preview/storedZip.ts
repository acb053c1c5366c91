/** A ZIP of uncompressed entries, to hand the cut-down parts of a large .xlsx to the xlsx library. */

const crcTable = Array.from({ length: 256 }, (_, byte) => {
  let crc = byte;
  for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

type Part = { name: Uint8Array; content: Uint8Array; crc: number; offset: number };

export function storedZip(files: ReadonlyMap<string, Uint8Array>): Uint8Array {
  const encoder = new TextEncoder();
  const parts: Part[] = [];
  let offset = 0;
  for (const [name, content] of files) {
    const part = { name: encoder.encode(name), content, crc: crc32(content), offset };
    parts.push(part);
    offset += 30 + part.name.length + content.length;
  }
  const directoryStart = offset;
  const directoryBytes = parts.reduce((sum, part) => sum + 46 + part.name.length, 0);
  const out = new Uint8Array(directoryStart + directoryBytes + 22);
  const view = new DataView(out.buffer);

  for (const part of parts) {
    // Local header: version 20, no flags, stored, no date; sizes and CRC known up front.
    view.setUint32(part.offset, 0x04034b50, true);
    view.setUint16(part.offset + 4, 20, true);
    view.setUint32(part.offset + 14, part.crc, true);
    view.setUint32(part.offset + 18, part.content.length, true);
    view.setUint32(part.offset + 22, part.content.length, true);
    view.setUint16(part.offset + 26, part.name.length, true);
    out.set(part.name, part.offset + 30);
    out.set(part.content, part.offset + 30 + part.name.length);
  }
  let at = directoryStart;
  for (const part of parts) {
    view.setUint32(at, 0x02014b50, true);
    view.setUint16(at + 4, 20, true);
    view.setUint16(at + 6, 20, true);
    view.setUint32(at + 16, part.crc, true);
    view.setUint32(at + 20, part.content.length, true);
    view.setUint32(at + 24, part.content.length, true);
    view.setUint16(at + 28, part.name.length, true);
    view.setUint32(at + 42, part.offset, true);
    out.set(part.name, at + 46);
    at += 46 + part.name.length;
  }
  view.setUint32(at, 0x06054b50, true);
  view.setUint16(at + 8, parts.length, true);
  view.setUint16(at + 10, parts.length, true);
  view.setUint32(at + 12, directoryBytes, true);
  view.setUint32(at + 16, directoryStart, true);
  return out;
}
