/**
 * How an .xlsx package is walked, the same in the API's import reader and the dialog's preview (both read
 * the first sheet, and must read the same one): a relationship's target resolved against its part's folder, and the
 * first tab as Excel shows it, which is the first sheet of the workbook that is not hidden (not the first in the ZIP).
 */

/** A relationship's target: relative to the folder of the part it belongs to, unless it starts at the package root. */
export function resolvePackagePart(folder: string, target: string): string {
  const segments = target.startsWith('/') ? [] : folder.split('/').filter(Boolean);
  for (const segment of target.replace(/^\//, '').split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '.' && segment !== '') segments.push(segment);
  }
  return segments.join('/');
}

/** The first of the workbook's `<sheet>`s (in its order) whose `state` does not hide it; the first one if all do. */
export function firstShownSheet<T extends { state?: string | undefined }>(sheets: readonly T[]): T | undefined {
  return sheets.find((sheet) => sheet.state !== 'hidden' && sheet.state !== 'veryHidden') ?? sheets[0];
}
