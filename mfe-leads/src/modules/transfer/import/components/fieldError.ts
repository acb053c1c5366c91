import type { ImportErrors, ImportErrorSlot } from '../request/importErrors.ts';

/** The Form.Item props that show a server message under the field. */
export function fieldError(errors: ImportErrors, slot: ImportErrorSlot): { help?: string; validateStatus?: 'error' } {
  const message = errors[slot];
  return message ? { help: message, validateStatus: 'error' } : {};
}
