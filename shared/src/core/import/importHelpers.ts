/** Pure helpers of the lead import (docs/product.md#import). */

export const maxColumnLetters = 702;
export const importPreviewRows = 11;
export const importMaxRows = 200_000;

/** Column names by letters: A … Z, then AA … ZZ; 702 columns at most. */
export function columnLetters(count: number): string[] {
  const total = Math.max(0, Math.min(count, maxColumnLetters));
  const letters: string[] = [];
  for (let index = 0; index < total; index += 1) {
    letters.push(index < 26 ? String.fromCharCode(65 + index) : `${String.fromCharCode(64 + Math.floor(index / 26))}${String.fromCharCode(65 + (index % 26))}`);
  }
  return letters;
}

const basicEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Splits on whitespace, strips quotes, keeps entries matching a basic e-mail pattern. */
export function parseEmailList(text: string): string[] {
  return text
    .split(/\s+/)
    .map((entry) => entry.replaceAll(/["']/g, ''))
    .filter((entry) => basicEmail.test(entry));
}

/** Splits on whitespace or a pipe and converts each entry to an integer (entries that are not numbers are dropped). */
export function parseNumberList(text: string): number[] {
  return text
    .split(/[\s|]+/)
    .filter(Boolean)
    .map((entry) => Number.parseInt(entry, 10))
    .filter((value) => Number.isFinite(value));
}
