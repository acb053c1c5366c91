/**
 * Where each message of a refused upload, dry run or import shows (the first message per field,
 * under the field): the file's own errors above the preview, the mapping's over the table, the options' and
 * fixed values' under their inputs. Anything else goes with the file's errors, so no message is lost.
 */
export type ImportErrorSlot =
  | 'file'
  | 'columns'
  | 'options.delimiter'
  | 'options.escape'
  | 'options.ignore_first_line'
  | 'fixed.source_id'
  | 'fixed.status_id'
  | 'fixed.affiliate_company_id'
  | 'fixed.tag_ids'
  | 'send_department_id'
  | 'auto_distribute';

export type ImportErrors = Partial<Record<ImportErrorSlot, string>>;

const fieldSlots: readonly ImportErrorSlot[] = [
  'options.delimiter',
  'options.escape',
  'options.ignore_first_line',
  'fixed.source_id',
  'fixed.status_id',
  'fixed.affiliate_company_id',
  'fixed.tag_ids',
  'send_department_id',
  'auto_distribute',
];

function slotOf(field: string): ImportErrorSlot {
  if (field === 'columns' || field.startsWith('columns.')) return 'columns';
  // `fixed.tag_ids.2` belongs under the tags input.
  const slot = fieldSlots.find((candidate) => field === candidate || field.startsWith(`${candidate}.`));
  return slot ?? 'file';
}

/** Groups the first message per field (from `fieldErrorsOf`) by where it shows; messages sharing a slot are joined. */
export function placeImportErrors(errors: Record<string, string>): ImportErrors {
  const placed: ImportErrors = {};
  for (const [field, message] of Object.entries(errors)) {
    const slot = slotOf(field);
    const prefix = slot === 'columns' && field.startsWith('columns.') ? `${field.slice('columns.'.length)}: ` : '';
    const text = `${prefix}${message}`;
    const before = placed[slot];
    placed[slot] = before && !before.includes(text) ? `${before} ${text}` : text;
  }
  return placed;
}
