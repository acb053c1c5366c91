/** Counts in the console's language (1,234 in English, 1.234 in German), not the browser's. */
export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}

/**
 * A money amount as the API gives it (a decimal string, '6392.5'), with two decimals, grouped in the console's language
 * (6,392.50; 6.392,50). A value that is not a number is shown as given.
 */
export function formatAmount(value: string, language: string): string {
  const amount = value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(amount) ? new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount) : value;
}
