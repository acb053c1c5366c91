/** Reads a whole-number command-line option (underscores allowed: 1_000_000). */
export function wholeNumberOption(value: string | undefined, options: { name: string; fallback: number; min: number; usage: string }): number {
  if (value === undefined) return options.fallback;
  const parsed = Number(value.replaceAll('_', ''));
  if (!Number.isSafeInteger(parsed) || parsed < options.min) {
    throw new Error(`--${options.name} must be a whole number ≥ ${options.min}, got "${value}"\n${options.usage}`);
  }
  return parsed;
}
