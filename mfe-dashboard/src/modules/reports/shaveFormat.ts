/** How the shave watch's figures read, in the console's language: rates as percents, z with two decimals, p-values small. */
import type { ShaveComparison } from '@crm/shared/contract';
import { formatCount } from '@crm/shared/ui';

/** 0.05 → '5%', 0.3333 → '33.3%' ('33,3 %' in German); '—' without leads. */
export function formatRate(rate: number | null, language: string): string {
  return rate === null ? '—' : new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

/** A rate with what it is made of: '30% (24 / 80)'. */
export const formatShare = (side: Pick<ShaveComparison, 'n' | 'x' | 'rate'>, language: string): string =>
  `${formatRate(side.rate, language)} (${formatCount(side.x, language)} / ${formatCount(side.n, language)})`;

/** −3.1337 → '−3.13'. */
export const formatZ = (z: number, language: string): string => new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(z);

/** Two significant digits (0.000863 → '0.00086'); below 0.0001, '< 0.0001' (the digits would claim a precision the test has not). */
export function formatP(p: number, language: string): string {
  const format = (value: number) => new Intl.NumberFormat(language, { maximumSignificantDigits: 2 }).format(value);
  return p < 0.0001 ? `< ${format(0.0001)}` : format(p);
}
