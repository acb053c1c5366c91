/**
 * The fast way into a large .xlsx: instead of handing xlsx the whole file (all of it unzipped and parsed: about
 * two seconds and hundreds of MB for 200k rows, even with `sheetRows`), read the ZIP directory, inflate the first
 * sheet only up to the last row the preview shows, keeping row 1 and the shown rows, and the shared strings only
 * up to the highest one those rows use, keeping those; then pack that with the workbook's small parts into a
 * new, small ZIP for xlsx to read. Returns null when the file is not laid out the usual way; the caller then
 * reads it whole. Everything inflated is held to the import's bounds (previewBounds.ts): past one, a
 * PreviewLimitError, and the file is not read whole either.
 */
import { limitMessages, readLimits } from '@crm/shared/contract';
import { canStreamInflate } from './blobBytes.ts';
import { pickElements, type ElementChoice, type ElementPicker } from './elementPicker.ts';
import { checkDeclaredSize, checkKeptText, elementCounter, newReadBudget, type ReadBudget } from './previewBounds.ts';
import { closeElements, firstSheetPart, renumberSharedStrings, sharedStringIndexes, sharedStringsPath } from './xlsxParts.ts';
import { looksLikeZip, readEntryChunks, readEntryText, readZipDirectory, type ZipEntry } from './zipReader.ts';
import { storedZip } from './storedZip.ts';

const contentTypesPath = '[Content_Types].xml';
const workbookPath = 'xl/workbook.xml';
const workbookRelsPath = 'xl/_rels/workbook.xml.rels';
/** Styles (date formats), relationships, properties: copied whole when this small. */
const smallPartBytes = 1_000_000;

const isWorksheet = (name: string) => /^xl\/worksheets\/[^/]+\.xml$/i.test(name);
const isSmallXmlPart = (entry: ZipEntry) => /\.(xml|rels)$/i.test(entry.name) && entry.size <= smallPartBytes && !isWorksheet(entry.name);

/** Row 1 (the header) and rows `firstShown` to `last`, by their `r` (or, without one, the row before's + 1). */
function shownRows(firstShown: number, last: number): (startTag: string) => ElementChoice {
  let row = 0;
  const countRow = elementCounter(readLimits.sheetRows, limitMessages.sheetRows);
  return (startTag) => {
    countRow();
    const number = /\sr=["'](\d+)["']/.exec(startTag)?.[1];
    row = number === undefined ? row + 1 : Number(number);
    if (row > last) return 'stop';
    return row === 1 || row >= firstShown ? 'keep' : 'drop';
  };
}

/** The shared strings at these indexes (ascending), in order. */
function wantedStrings(indexes: readonly number[]): (startTag: string) => ElementChoice {
  const wanted = new Set(indexes);
  const last = indexes.at(-1) ?? -1;
  let index = -1;
  const countString = elementCounter(readLimits.sharedStrings, limitMessages.sharedStrings);
  return () => {
    countString();
    index += 1;
    if (index > last) return 'stop';
    return wanted.has(index) ? 'keep' : 'drop';
  };
}

const cellTags = /<(?:[A-Za-z_][\w.-]*:)?c[\s/>]/g;

/** Picks from an entry as it is inflated; `onChunk` sees each chunk first (to count what it holds). */
async function pickFromEntry(
  file: Blob,
  entry: ZipEntry,
  budget: ReadBudget,
  picker: ElementPicker,
  closers: readonly string[],
  onChunk: (chunk: string) => void = () => undefined,
): Promise<string> {
  await readEntryChunks(file, entry, budget, (chunk) => {
    onChunk(chunk);
    const stopped = picker.feed(chunk);
    checkKeptText(picker.keptLength());
    return stopped;
  });
  const { text, closed } = picker.result();
  return closed ? text : closeElements(text, closers);
}

/** The cut-down workbook, and the name of the sheet it holds (the first tab as Excel shows them). */
export type SlicedWorkbook = { bytes: Uint8Array; sheetName: string };

/** Null for a file this reader cannot walk (the caller reads it whole); a PreviewLimitError past a bound. */
export async function slicedXlsx(file: Blob, firstShownRow: number, lastRow: number): Promise<SlicedWorkbook | null> {
  if (!canStreamInflate(file) || !(await looksLikeZip(file))) return null;
  const entries = await readZipDirectory(file);
  if (!entries) return null;
  checkDeclaredSize(entries.map((entry) => entry.size));
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const budget = newReadBudget();

  const parts = new Map<string, string>();
  await Promise.all(entries.filter(isSmallXmlPart).map(async (entry) => parts.set(entry.name, await readEntryText(file, entry, budget))));
  const contentTypes = parts.get(contentTypesPath);
  const workbook = parts.get(workbookPath);
  const workbookRels = parts.get(workbookRelsPath);
  if (contentTypes === undefined || workbook === undefined || workbookRels === undefined) return null;

  const sheet = firstSheetPart(workbook, workbookRels, workbookPath);
  const sheetEntry = sheet === null ? undefined : byName.get(sheet.path);
  if (!sheet || !sheetEntry) return null;
  const countCells = elementCounter(readLimits.sheetCells, limitMessages.sheetCells);
  const rows = pickElements('row', shownRows(firstShownRow, lastRow));
  let sheetXml = await pickFromEntry(file, sheetEntry, budget, rows, ['sheetData', 'worksheet'], (chunk) => countCells(chunk.match(cellTags)?.length ?? 0));

  const stringsPath = sharedStringsPath(contentTypes);
  const stringsEntry = stringsPath === null ? undefined : byName.get(stringsPath);
  if (stringsPath && stringsEntry) {
    const used = sharedStringIndexes(sheetXml);
    parts.set(stringsPath, await pickFromEntry(file, stringsEntry, budget, pickElements('si', wantedStrings(used)), ['sst']));
    sheetXml = renumberSharedStrings(sheetXml, new Map(used.map((index, position) => [index, position])));
  }
  parts.set(sheet.path, sheetXml);

  const encoder = new TextEncoder();
  return { bytes: storedZip(new Map([...parts].map(([name, text]) => [name, encoder.encode(text)]))), sheetName: sheet.name };
}
