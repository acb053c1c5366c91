/**
 * A workbook part's XML, parsed as it is inflated (saxes, as exceljs used). saxes keeps a text or a tag whole until it
 * ends, so a part made of one endless run (gigabytes of spaces) would be held whole: each chunk is measured before it
 * is parsed, and a run between two tags longer than any cell can need stops the reading.
 */
import { SaxesParser } from 'saxes';
import { runAfter } from '@crm/shared/contract';
import { FileLimitError, limitMessages, readLimits } from './limits.ts';

export { runAfter };

export type XmlHandler = {
  /** An element opens; its name without a namespace prefix. */
  open(name: string, attributes: Readonly<Record<string, string>>): void;
  close(name: string): void;
  /** Text (entities decoded) or CDATA inside the current element. */
  text(text: string): void;
};

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** An attribute by its local name (`r:id` is found as `id`). */
export function attribute(attributes: Readonly<Record<string, string>>, name: string): string | undefined {
  if (attributes[name] !== undefined) return attributes[name];
  for (const [key, value] of Object.entries(attributes)) if (localName(key) === name) return value;
  return undefined;
}

/** Parses `chunks` into `handler`, yielding after each chunk (a reader hands on what the chunk completed). */
export async function* parseXml(chunks: AsyncIterable<string>, handler: XmlHandler): AsyncGenerator<void> {
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  parser.on('opentag', (tag) => handler.open(localName(tag.name), tag.attributes));
  parser.on('closetag', (tag) => handler.close(localName(tag.name)));
  parser.on('text', (text) => handler.text(text));
  parser.on('cdata', (text) => handler.text(text));
  // Characters since the last `<` or `>`, carried from chunk to chunk.
  let run = 0;
  for await (const chunk of chunks) {
    run = runAfter(run, chunk);
    if (run > readLimits.markupRunChars) throw new FileLimitError(limitMessages.markupRun);
    parser.write(chunk);
    yield;
  }
  parser.close();
}
