/**
 * Where a workbook's parts are, as the package's relationships say (not by their names or their order in the ZIP):
 * the workbook, its first sheet as Excel shows the tabs (the first `<sheet>` of the workbook that is not hidden, the
 * one the dialog's preview shows too), the shared strings, the styles, and whether dates count from 1904.
 */
import { firstShownSheet, resolvePackagePart } from '@crm/shared/contract';
import { UnreadableFileError } from './limits.ts';
import { attribute, parseXml } from './xml.ts';
import { entryText, type InflateBudget, type ZipEntry } from './zip.ts';

export type WorkbookParts = { sheet: ZipEntry; sheetName: string; sharedStrings: ZipEntry | null; styles: ZipEntry | null; date1904: boolean };

type Relationship = { id: string; type: string; target: string };

const officeDocument = /\/officeDocument$/;

export const notAWorkbookMessage = 'The file is not a valid xlsx workbook.';

async function elementsOf(path: string, entry: ZipEntry, budget: InflateBudget, wanted: ReadonlySet<string>): Promise<{ name: string; attributes: Readonly<Record<string, string>> }[]> {
  const found: { name: string; attributes: Readonly<Record<string, string>> }[] = [];
  const handler = {
    open: (name: string, attributes: Readonly<Record<string, string>>) => void (wanted.has(name) && found.push({ name, attributes })),
    close: () => undefined,
    text: () => undefined,
  };
  for await (const _chunk of parseXml(entryText(path, entry, budget), handler)) {
    // the elements are collected by the handler
  }
  return found;
}

async function relationships(path: string, entries: ReadonlyMap<string, ZipEntry>, part: string, budget: InflateBudget): Promise<Relationship[]> {
  const folder = part.slice(0, part.lastIndexOf('/') + 1);
  const entry = entries.get(`${folder}_rels/${part.slice(folder.length)}.rels`);
  if (!entry) return [];
  const elements = await elementsOf(path, entry, budget, new Set(['Relationship']));
  return elements.map(({ attributes }) => ({
    id: attribute(attributes, 'Id') ?? '',
    type: attribute(attributes, 'Type') ?? '',
    target: resolvePackagePart(folder, attribute(attributes, 'Target') ?? ''),
  }));
}

const isTrue = (value: string | undefined) => value === '1' || value === 'true';

export async function workbookParts(path: string, entries: ReadonlyMap<string, ZipEntry>, budget: InflateBudget): Promise<WorkbookParts> {
  const packageRelations = await relationships(path, entries, '', budget);
  const workbookPath = packageRelations.find((relation) => officeDocument.test(relation.type))?.target ?? 'xl/workbook.xml';
  const workbook = entries.get(workbookPath);
  if (!workbook) throw new UnreadableFileError(`${notAWorkbookMessage} It holds no workbook.`);
  const elements = await elementsOf(path, workbook, budget, new Set(['sheet', 'workbookPr']));
  const sheets = elements.filter((element) => element.name === 'sheet').map(({ attributes }) => ({ attributes, state: attribute(attributes, 'state') }));
  const shown = firstShownSheet(sheets)?.attributes;
  const date1904 = elements.some((element) => element.name === 'workbookPr' && isTrue(attribute(element.attributes, 'date1904')));

  const relations = await relationships(path, entries, workbookPath, budget);
  const target = (pattern: RegExp) => {
    const relation = relations.find((candidate) => pattern.test(candidate.type));
    return relation ? (entries.get(relation.target) ?? null) : null;
  };
  const sheetId = shown && attribute(shown, 'id');
  const sheetRelation = relations.find((relation) => relation.id === sheetId);
  const sheet = sheetRelation ? entries.get(sheetRelation.target) : undefined;
  if (!shown || !sheet) throw new UnreadableFileError(`${notAWorkbookMessage} It holds no sheet.`);
  return { sheet, sheetName: attribute(shown, 'name') ?? '', sharedStrings: target(/\/sharedStrings$/), styles: target(/\/styles$/), date1904 };
}
