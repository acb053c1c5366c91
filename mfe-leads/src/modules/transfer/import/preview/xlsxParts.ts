/**
 * Text helpers for cutting the parts of an .xlsx down to the rows a preview needs: where the first sheet and
 * the shared strings live, where to stop reading, and how to close what was cut. Elements may carry a
 * namespace prefix (`<x:row>`), as some writers emit them.
 */

import { firstShownSheet, resolvePackagePart } from '@crm/shared/contract';

const prefixed = (tag: string) => `<(?:[A-Za-z_][\\w.-]*:)?${tag}`;

/** The attributes of the first `<tag …>` in the text (names without their prefix). */
function attributesOf(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of text.matchAll(/([\w.:-]+)\s*=\s*"([^"]*)"/g)) {
    const name = (match[1] ?? '').replace(/^[\w.-]+:/, '');
    attributes[name] = match[2] ?? '';
  }
  return attributes;
}

function tagsOf(xml: string, tag: string): Record<string, string>[] {
  return [...xml.matchAll(new RegExp(`${prefixed(tag)}\\b[^>]*>`, 'g'))].map((match) => attributesOf(match[0].replace(/^<\S+/, '')));
}

/**
 * The part and name of the first sheet as Excel shows the tabs: the first `<sheet>` of the workbook that is not
 * hidden, not the first in the ZIP (the preview reads the first sheet only, the one the import reads).
 */
export function firstSheetPart(workbookXml: string, workbookRelsXml: string, workbookPath = 'xl/workbook.xml'): { path: string; name: string } | null {
  const sheet = firstShownSheet(tagsOf(workbookXml, 'sheet'));
  const relation = sheet && tagsOf(workbookRelsXml, 'Relationship').find((candidate) => candidate.Id === sheet.id);
  if (!sheet || !relation?.Target) return null;
  return { path: resolvePackagePart(workbookPath.slice(0, workbookPath.lastIndexOf('/') + 1), relation.Target), name: sheet.name ?? '' };
}

/** The shared strings part named in `[Content_Types].xml`, if any. */
export function sharedStringsPath(contentTypesXml: string): string | null {
  const override = tagsOf(contentTypesXml, 'Override').find((candidate) => candidate.ContentType?.endsWith('.sharedStrings+xml'));
  return override?.PartName ? override.PartName.replace(/^\//, '') : null;
}

/** Closes the named elements, innermost first, with the prefix each was opened with. */
export function closeElements(xml: string, innermostFirst: readonly string[]): string {
  const closers = innermostFirst.map((tag) => {
    const opened = new RegExp(`<((?:[A-Za-z_][\\w.-]*:)?)${tag}[\\s/>]`).exec(xml);
    return `</${opened?.[1] ?? ''}${tag}>`;
  });
  return xml + closers.join('');
}

const sharedStringCell = new RegExp(`(${prefixed('c')}\\s[^>]*?\\bt="s"[^>]*>\\s*${prefixed('v')}>)(\\d+)<`, 'g');

/** The shared strings the cells of the sheet use (`t="s"`), by index, ascending. */
export function sharedStringIndexes(sheetXml: string): number[] {
  const indexes = new Set<number>();
  for (const match of sheetXml.matchAll(sharedStringCell)) indexes.add(Number(match[2]));
  return [...indexes].sort((a, b) => a - b);
}

/** The sheet with its shared-string cells pointing at new indexes (those of a cut-down shared strings part). */
export function renumberSharedStrings(sheetXml: string, newIndexOf: ReadonlyMap<number, number>): string {
  return sheetXml.replace(sharedStringCell, (_whole, start: string, index: string) => `${start}${newIndexOf.get(Number(index)) ?? index}<`);
}
