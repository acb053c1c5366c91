/**
 * A workbook's texts: the shared strings (held while the sheet is read, so bounded in number and size) and the text
 * of a string item, shared or inline, as the sheet shows it: its runs joined, the phonetic guides (`rPh`) left out,
 * and Excel's `_xHHHH_` escapes of control characters undone, as the xlsx library of the preview does.
 */
import { FileLimitError, limitMessages, readLimits } from './limits.ts';
import { parseXml, type XmlHandler } from './xml.ts';
import { entryText, type InflateBudget, type ZipEntry } from './zip.ts';

const escaped = /_x([0-9A-Fa-f]{4})_/g;

export function unescapeText(text: string): string {
  return text.includes('_x') ? text.replace(escaped, (_match, code: string) => String.fromCharCode(Number.parseInt(code, 16))) : text;
}

/**
 * Collects the text of string items (`<si>`, `<is>`): `<t>` elements outside phonetic runs. `where` names the item
 * in the refusal of one longer than a cell may be.
 */
export class StringItem {
  private parts: string[] = [];
  private length = 0;
  private inText = false;
  private phonetic = 0;

  open(name: string): void {
    if (name === 'rPh') this.phonetic += 1;
    else if (name === 't' && this.phonetic === 0) this.inText = true;
  }

  close(name: string): void {
    if (name === 'rPh') this.phonetic -= 1;
    else if (name === 't') this.inText = false;
  }

  text(text: string, where: () => string): void {
    if (!this.inText) return;
    this.length += text.length;
    if (this.length > readLimits.cellChars * 2) throw new FileLimitError(limitMessages.cell(where()));
    this.parts.push(text);
  }

  /** The item's text, and the collector emptied for the next item. */
  take(where: () => string): string {
    const text = unescapeText(this.parts.length === 1 ? (this.parts[0] ?? '') : this.parts.join(''));
    this.parts = [];
    this.length = 0;
    this.inText = false;
    this.phonetic = 0;
    if (text.length > readLimits.cellChars) throw new FileLimitError(limitMessages.cell(where()));
    return text;
  }
}

/** The shared strings, in order. */
export async function readSharedStrings(path: string, entry: ZipEntry | null, budget: InflateBudget): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  let characters = 0;
  let item: StringItem | null = null;
  const where = () => `Text ${(strings.length + 1).toLocaleString('en')} of the workbook`;
  const handler: XmlHandler = {
    open(name) {
      if (name === 'si') item = new StringItem();
      else item?.open(name);
    },
    close(name) {
      if (name !== 'si' || !item) return item?.close(name);
      const text = item.take(where);
      item = null;
      characters += text.length;
      if (characters > readLimits.sharedStringChars) throw new FileLimitError(limitMessages.sharedStringChars);
      if (strings.length >= readLimits.sharedStrings) throw new FileLimitError(limitMessages.sharedStrings);
      strings.push(text);
    },
    text(text) {
      item?.text(text, where);
    },
  };
  for await (const _chunk of parseXml(entryText(path, entry, budget), handler)) {
    // the strings are collected by the handler
  }
  return strings;
}
