/** The body of the dry run and of the import (`importRequest`), from what the dialog holds. */
import { browserTimeZone } from '@crm/shared';
import type { ImportFixedValues, ImportRequest } from '@crm/shared/contract';
import { mappedColumns, type ColumnMapping } from '../mapping/columnMapping.ts';

export type ImportOptionValues = { delimiter: string; escape: string; ignoreFirstLine: boolean };

export type FixedValueChoices = {
  sourceId: number | null;
  statusId: number | null;
  affiliateCompanyId: number | null;
  tagIds: number[];
};

export const noFixedValues: FixedValueChoices = { sourceId: null, statusId: null, affiliateCompanyId: null, tagIds: [] };
export const defaultImportOptions: ImportOptionValues = { delimiter: '', escape: '"', ignoreFirstLine: false };

/** Only the values chosen: an unset one is left out rather than sent as null. */
function fixedValuesOf(choices: FixedValueChoices): ImportFixedValues {
  const fixed: ImportFixedValues = {};
  if (choices.sourceId !== null) fixed.source_id = choices.sourceId;
  if (choices.statusId !== null) fixed.status_id = choices.statusId;
  if (choices.affiliateCompanyId !== null) fixed.affiliate_company_id = choices.affiliateCompanyId;
  if (choices.tagIds.length > 0) fixed.tag_ids = [...choices.tagIds];
  return fixed;
}

/** "Import then send": whether it is on, and the broker department chosen (null until one is). */
export type ImportSendChoice = { on: boolean; departmentId: number | null };
export const noImportSend: ImportSendChoice = { on: false, departmentId: null };

/** `autoDistribute`: each imported lead is queued for distribution by the rules as it is saved (issue 33). */
export type ImportDraft = { options: ImportOptionValues; mapping: ColumnMapping; fixed: FixedValueChoices; send: ImportSendChoice; autoDistribute: boolean };

/** `timeZone`: where the file's date-times without an offset are read (the dialog says which: the browser's). */
export function importRequestOf(uploadId: string, draft: ImportDraft, timeZone: string = browserTimeZone()): ImportRequest {
  return {
    upload_id: uploadId,
    options: { delimiter: draft.options.delimiter, escape: draft.options.escape, ignore_first_line: draft.options.ignoreFirstLine },
    columns: mappedColumns(draft.mapping),
    fixed: fixedValuesOf(draft.fixed),
    ...(draft.send.on && draft.send.departmentId !== null ? { send_department_id: draft.send.departmentId } : {}),
    ...(draft.autoDistribute ? { auto_distribute: true } : {}),
    time_zone: timeZone,
  };
}

/** "Import then send" is on but no department is chosen yet: the import cannot start. */
export function sendsNowhere(draft: ImportDraft): boolean {
  return draft.send.on && draft.send.departmentId === null;
}

/**
 * Identifies what a dry run was run on: a report is shown (and the import offered) only while it matches. Where the
 * leads are sent or distributed afterwards does not change which rows become leads, so choosing it keeps the report.
 */
export function draftKey(fileKey: string, draft: ImportDraft): string {
  return JSON.stringify([fileKey, importRequestOf('', { ...draft, send: noImportSend, autoDistribute: false })]);
}
