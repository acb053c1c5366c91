/**
 * Lead import and export (issue 6): the upload, the mapping and options of an import, its dry run
 * and result, and the export settings and export request. Shared by the API (validation, OpenAPI) and mfe-leads.
 */
import { z } from 'zod';
import { isoDateTime, maxNameLength, recordId as reference, text, timeZoneName } from './common.ts';
import { leadFieldNames, orderedLeadFields } from './leadFields.ts';
import { leadSearchQuery } from './leadSearch.ts';
import { failedLeadReasonCodes } from './leads.ts';

/** An import holds at most 200k rows; a larger file is refused before anything is written. */
export const importMaxRows = 200_000;
/** The preview shows 11 rows from the chosen start row. */
export const importPreviewRows = 11;
/** At most 702 columns (A…Z, then AA…ZZ). */
export const importMaxColumns = 702;
/** CSV is read in chunks of this many bytes (2 MiB). */
export const importCsvChunkBytes = 2_097_152;
/** The largest file the upload accepts (200k rows of a wide CSV fit well within it). */
export const importMaxFileBytes = 100 * 1024 * 1024;

export const importFileKinds = ['csv', 'xlsx'] as const;
export type ImportFileKind = (typeof importFileKinds)[number];

/** The import's messages, word for word (docs/product.md#import). */
export const importMessages = {
  extensionNotAllowed: 'File extension is not allowed please upload only csv/xlsx',
  passwordProtected: 'File is password-protected',
  passwordIncorrect: 'Password is incorrect',
  tooManyRows: `The file has more than ${importMaxRows.toLocaleString('en')} rows: split it and import the parts.`,
  autoDistributeWithSend: 'Auto-distribute and "import then send" cannot both be on: choose one.',
} as const;

/** The lead fields a file column can be mapped to (references come as fixed values, not from the file). */
export const importableLeadFields = leadFieldNames('importable');
export type ImportableLeadField = (typeof importableLeadFields)[number];

/** A column letter: A…Z, AA…ZZ (702 columns). */
export const columnLetter = text().regex(/^[A-Z]{1,2}$/, 'A column is named by one or two letters (A to ZZ).');

export const importUpload = z.object({
  upload_id: z.string().uuid(),
  file_name: z.string(),
  kind: z.enum(importFileKinds),
  size: z.number().int(),
});
export type ImportUpload = z.infer<typeof importUpload>;

export const importOptions = z.strictObject({
  /** The CSV field delimiter; empty means detect it. Ignored for xlsx. */
  delimiter: text().max(1, 'The delimiter is one character.').default(''),
  /** The CSV quote escape character. Ignored for xlsx. */
  escape: text().length(1, 'The escape is one character.').default('"'),
  /** Skip the first line (a header row). */
  ignore_first_line: z.boolean().default(false),
});
export type ImportOptions = z.input<typeof importOptions>;

/** Values every imported lead gets, whatever its row says. `status_id` must be a status marked `in_import`. */
export const importFixedValues = z.strictObject({
  source_id: reference.nullable().optional(),
  status_id: reference.nullable().optional(),
  affiliate_company_id: reference.nullable().optional(),
  tag_ids: z.array(reference).max(100).optional(),
});
export type ImportFixedValues = z.input<typeof importFixedValues>;

/** Which lead field each column feeds (unmapped columns are ignored); a field is fed by one column at most. */
export const importColumns = z
  .record(columnLetter, z.enum(importableLeadFields))
  .refine((columns) => new Set(Object.values(columns)).size === Object.values(columns).length, 'A lead field can be mapped from one column only.')
  .refine((columns) => Object.values(columns).some((field) => field === 'email' || field === 'phone'), 'Map a column to email or phone: a lead needs one of them.');
export type ImportColumns = z.infer<typeof importColumns>;

/** The dry run and the import itself take the same body. */
export const importRequest = z.strictObject({
  upload_id: z.string().uuid(),
  options: importOptions,
  columns: importColumns,
  fixed: importFixedValues.prefault({}),
  /** "Import then send": a broker department the imported leads are sent to once the import has finished (lead.send, a sender). */
  send_department_id: reference.nullable().optional(),
  /** Each imported lead is queued for distribution with its batch (lead.send; not with `send_department_id`). */
  auto_distribute: z.boolean().default(false),
  /**
   * The importing person's zone (the browser's): a date-time written without an offset (a CSV's text, a workbook's
   * date cell, shown as `YYYY-MM-DD HH:mm:ss` in the preview) is that wall-clock time there.
   */
  time_zone: timeZoneName.default('UTC'),
});
export type ImportRequest = z.input<typeof importRequest>;

const reasonCounts = z.partialRecord(z.enum(failedLeadReasonCodes), z.number().int());

/**
 * What an import would do (dry run) or did (the job's result): counts per outcome. The rows read are the leads, the
 * refusals and the blank lines: `rows = valid + Σ invalid + blank_lines`.
 */
export const importReport = z.object({
  rows: z.number().int(),
  /** Rows that became (or would become) leads. */
  valid: z.number().int(),
  /** Rejected rows by reason, DUPLICATE and BLACKLISTED included. */
  invalid: reasonCounts,
  duplicates: z.number().int(),
  blacklisted: z.number().int(),
  /** CSV lines with nothing in them: skipped, stored nowhere (absent from reports of older imports). */
  blank_lines: z.number().int().default(0),
});
export type ImportReport = z.infer<typeof importReport>;

/** The order in which an export setting's columns are offered: the catalogue's exportable fields. */
const exportColumnOrder = [
  'lead_id',
  'name',
  'surname',
  'email',
  'alt_email',
  'phone',
  'alt_phone',
  'country',
  'language',
  'funnel',
  'city',
  'state',
  'zip',
  'address',
  'date_of_birth',
  'source',
  'status',
  'original_status',
  'affiliate_company',
  'tags',
  'last_department',
  'last_sent_at',
  'is_fresh',
  'deposit_exists',
  'purchase_amount',
  'api_lead_id',
  'api_lead_status',
  'api_ftd_at',
  'comment',
  'ip',
  'created_at',
  'updated_at',
] as const;
/** The lead columns an export setting can list, in the order offered. */
export const exportableLeadColumns = orderedLeadFields(leadFieldNames('exportable'), exportColumnOrder);
export type ExportableLeadColumn = (typeof exportableLeadColumns)[number];

export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** A named list of columns (an export setting), offered to the users it is assigned to (everyone when none). */
export const exportSetting = z.object({
  id: z.number().int(),
  name: z.string(),
  columns: z.array(z.enum(exportableLeadColumns)),
  user_ids: z.array(z.number().int()),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type ExportSetting = z.infer<typeof exportSetting>;

export const exportSettingBody = z.strictObject({
  name: text().trim().min(1, 'The name field is required.').max(maxNameLength),
  columns: z.array(z.enum(exportableLeadColumns)).min(1, 'Pick at least one column.').max(exportableLeadColumns.length),
  user_ids: z.array(reference).max(1000).default([]),
});
export type ExportSettingBody = z.input<typeof exportSettingBody>;

/**
 * The search filters of `lead/search` without paging: what an export of "the current filter" narrows by. Strict, so a
 * misspelt filter is a 422 rather than silently dropped (which would export more leads than the list shows).
 */
export const leadExportFilters = z.strictObject(leadSearchQuery.omit({ page: true, per_page: true }).shape);

/** Export the current filter, or the selected leads when `lead_ids` is given. */
export const exportRequest = z.strictObject({
  format: z.enum(exportFormats),
  export_setting_id: reference,
  filters: leadExportFilters.prefault({}),
  lead_ids: z.array(reference).min(1).max(10_000).optional(),
});
export type ExportRequest = z.input<typeof exportRequest>;

/** An export job's result: where to download the file, until when. */
export const exportResult = z.object({
  file_name: z.string(),
  rows: z.number().int(),
  /**
   * A signed link (no bearer header needed) that stops working at `expires_at`: a path from the API host's root
   * (`/api/lead/export/42/download?token=…`), to be joined to the API's origin.
   */
  download_url: z.string(),
  expires_at: isoDateTime,
});
export type ExportResult = z.infer<typeof exportResult>;
