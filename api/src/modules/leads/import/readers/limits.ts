/**
 * The readers' refusals. What an import file may expand to (the bounds and their messages) is in the contract,
 * shared with the dialog's preview: @crm/shared/contract workbookLimits.ts.
 */
export { limitMessages, readLimits } from '@crm/shared/contract';

/** A file the readers could not make sense of (a broken workbook, an unreadable file): the person must fix the file. */
export class UnreadableFileError extends Error {}

/** A file past one of the bounds (readLimits): refused (422 under `file`, a failed job), never retried. */
export class FileLimitError extends UnreadableFileError {}
