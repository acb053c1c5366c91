/** The advanced search form's values ↔ the URL's filter strings. */
import { leadFilterKeys, type LeadFilterKey } from '@crm/shared/contract';
import { multiValueFilters, splitList, type LeadFilters, type MultiValueFilter } from '../../hooks/leadSearchUrl.ts';

/** Ids as numbers (select option values), codes as strings; everything else one string. */
export type FilterFormValues = Partial<Record<LeadFilterKey, string | (string | number)[] | null>>;

const codeFilters: readonly MultiValueFilter[] = ['country', 'language'];
const isMultiValue = (key: LeadFilterKey): key is MultiValueFilter => (multiValueFilters as readonly string[]).includes(key);

export function formValuesOf(filters: LeadFilters): FilterFormValues {
  const values: FilterFormValues = {};
  for (const key of leadFilterKeys) {
    const value = filters[key];
    if (value === undefined) continue;
    values[key] = isMultiValue(key) ? splitList(value).map((part) => (codeFilters.includes(key) ? part : Number(part))) : value;
  }
  return values;
}

export function filtersOf(values: FilterFormValues): LeadFilters {
  const filters: LeadFilters = {};
  for (const key of leadFilterKeys) {
    const value = values[key];
    const text = Array.isArray(value) ? value.map(String).join(',') : typeof value === 'string' ? value.trim() : '';
    if (text !== '') filters[key] = text;
  }
  return filters;
}
