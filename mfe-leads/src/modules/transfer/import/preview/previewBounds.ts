/**
 * The preview's reading held to the import's own bounds (`readLimits`, shared with the API's streaming reader): a
 * workbook that unpacks to gigabytes (shared strings, a sheet of spaces, a part whose archive lies about its size)
 * froze the browser tab for minutes. The same bounds refuse it here, as soon as one is passed: bytes inflated from all
 * parts together, the run of text between two tags, the sheet's rows and cells, the shared strings read, and the
 * text the preview keeps of them.
 */
import { limitMessages, readLimits, runAfter } from '@crm/shared/contract';

/** A file past one of the bounds: the preview says so under the file field, and reads nothing more of it. */
export class PreviewLimitError extends Error {}

/** What one preview may still inflate. */
export type ReadBudget = { inflatedBytes: number };

export const newReadBudget = (): ReadBudget => ({ inflatedBytes: readLimits.inflatedBytes });

/**
 * Counts an entry's chunks as they are inflated: its bytes against the budget and against what the archive declares
 * for it (more is a lie that would otherwise be believed up to the budget), and the open run between two tags.
 */
export function entryMeter(budget: ReadBudget, declaredBytes: number): (bytes: number, text: string) => void {
  let inflated = 0;
  let run = 0;
  return (bytes, text) => {
    inflated += bytes;
    budget.inflatedBytes -= bytes;
    if (budget.inflatedBytes < 0 || inflated > declaredBytes) throw new PreviewLimitError(limitMessages.inflated);
    run = runAfter(run, text);
    if (run > readLimits.markupRunChars) throw new PreviewLimitError(limitMessages.markupRun);
  };
}

/** Refuses an archive whose entries declare more than a reading may inflate, before anything is inflated. */
export function checkDeclaredSize(sizes: readonly number[]): void {
  if (sizes.reduce((sum, size) => sum + size, 0) > readLimits.inflatedBytes) throw new PreviewLimitError(limitMessages.inflated);
}

/** Counts elements as a reader meets them (rows, cells, shared strings); past `limit`, refused with `message`. */
export function elementCounter(limit: number, message: string): (count?: number) => void {
  let seen = 0;
  return (count = 1) => {
    seen += count;
    if (seen > limit) throw new PreviewLimitError(message);
  };
}

/** The text the preview keeps (shown rows, the shared strings they use) is held whole: bounded as shared strings are. */
export function checkKeptText(characters: number): void {
  if (characters > readLimits.sharedStringChars) throw new PreviewLimitError(limitMessages.sharedStringChars);
}
