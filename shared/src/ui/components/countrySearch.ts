/**
 * How every country picker narrows and orders its options (labelled `Name (CODE)`, valued by the ISO code) as the user
 * types: the country whose code is the text first, then those whose label starts with it, then the others holding it.
 * In list order alone, "DE" + Enter picked Bangladesh ("Bangla-de-sh") and "IT" British Indian Ocean Territory.
 */
import type { SelectProps } from 'antd';

type Option = { value?: unknown; label?: unknown };

const codeMatch = 0;
const labelStart = 1;
const labelHolds = 2;
const noMatch = 3;

function matchRank(option: Option | undefined, typed: string): number {
  const search = typed.toLowerCase();
  const label = typeof option?.label === 'string' ? option.label.toLowerCase() : '';
  if (search !== '' && typeof option?.value === 'string' && option.value.toLowerCase() === search) return codeMatch;
  if (label.startsWith(search)) return labelStart;
  return label.includes(search) ? labelHolds : noMatch;
}

/** The Select's `showSearch` for a country picker. Ties keep the list's order (the sort is stable). */
export const countrySearch = {
  filterOption: (typed: string, option?: Option) => matchRank(option, typed) !== noMatch,
  filterSort: (left: Option, right: Option, { searchValue }: { searchValue: string }) => matchRank(left, searchValue) - matchRank(right, searchValue),
} satisfies NonNullable<SelectProps['showSearch']>;
