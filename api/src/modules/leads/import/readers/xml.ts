/**
 * A workbook part's XML, parsed as it is inflated (saxes, as exceljs used). saxes keeps a text or a tag whole until it
 * ends, so a part made of one endless run (gigabytes of spaces) would be held whole: each chunk is measured before it
 * is parsed, and a run between two tags longer than any cell can need stops the reading.
 */
import { SaxesParser } from 'saxes';
import { FileLimitError, limitMessages, readLimits } from './limits.ts';

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

/**
 * The open run once `chunk` is added to one of `run` characters, or more than the bound when a run inside the chunk
 * passes it (only possible in a chunk longer than the bound: inflated chunks are 16 KB).
 */
export function runAfter(run: number, chunk: string): number {
  if (chunk.length <= readLimits.markupRunChars) {
    // A run inside the chunk is shorter than the chunk: only its ends can join a long run.
    const last = Math.max(chunk.lastIndexOf('<'), chunk.lastIndexOf('>'));
    if (last < 0) return run + chunk.length;
    const lt = chunk.indexOf('<');
    const gt = chunk.indexOf('>');
    const first = lt < 0 ? gt : gt < 0 ? lt : Math.min(lt, gt);
    return run + first > readLimits.markupRunChars ? run + first : chunk.length - last - 1;
  }
  let from = 0;
  let lt = chunk.indexOf('<');
  let gt = chunk.indexOf('>');
  let open = run;
  while (lt >= 0 || gt >= 0) {
    const at = lt < 0 ? gt : gt < 0 ? lt : Math.min(lt, gt);
    if (open + at - from > readLimits.markupRunChars) return open + at - from;
    open = 0;
    from = at + 1;
    if (at === lt) lt = chunk.indexOf('<', from);
    else gt = chunk.indexOf('>', from);
  }
  return open + chunk.length - from;
}
