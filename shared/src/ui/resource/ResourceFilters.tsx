/** Declarative list filters of a resource screen: each a select whose value goes to the list query as `?<name>=`. */
import { useTranslation } from 'react-i18next';
import { Select } from 'antd';
import { useAppSelector, type RootState } from '@crm/shared';
import type { FilterValue } from '../list/useListState.ts';

/** An option shows `label` as it is, or the translation of `labelKey`. */
export type FilterOption = { value: FilterValue; label?: string; labelKey?: string };

export type ResourceFilter = {
  /** The query parameter, e.g. 'locale'. */
  name: string;
  labelKey: string;
  kind: 'select';
} & (
  | {
      /** Fixed options, or a memoised selector for options the store holds (e.g. the locales). */
      options: readonly FilterOption[] | ((state: RootState) => readonly FilterOption[]);
      useOptions?: never;
    }
  /** Options from a hook: an option list loaded on demand, a query. */
  | { useOptions: () => readonly FilterOption[]; options?: never }
);

type FilterValues = Partial<Record<string, FilterValue>>;

type FilterSelectProps = { filter: ResourceFilter; value: FilterValue | undefined; onChange(value: FilterValue | undefined): void };

function StoreFilterSelect({ options, ...props }: FilterSelectProps & { options: readonly FilterOption[] | ((state: RootState) => readonly FilterOption[]) }) {
  const choices = useAppSelector((state) => (typeof options === 'function' ? options(state) : options));
  return <FilterSelectOf {...props} options={choices} />;
}

function HookFilterSelect({ useOptions, ...props }: FilterSelectProps & { useOptions: () => readonly FilterOption[] }) {
  return <FilterSelectOf {...props} options={useOptions()} />;
}

function FilterSelect(props: FilterSelectProps) {
  const { filter } = props;
  return filter.useOptions ? <HookFilterSelect {...props} useOptions={filter.useOptions} /> : <StoreFilterSelect {...props} options={filter.options} />;
}

function FilterSelectOf({ filter, value, onChange, options }: FilterSelectProps & { options: readonly FilterOption[] }) {
  const { t } = useTranslation();
  const label = t(filter.labelKey);
  return (
    <Select<FilterValue>
      allowClear
      data-testid={`resource-filter-${filter.name}`}
      aria-label={label}
      placeholder={label}
      style={{ minWidth: 160 }}
      showSearch={{ optionFilterProp: 'label' }}
      value={value}
      onChange={(next: FilterValue | undefined) => onChange(next ?? undefined)}
      options={options.map((option) => ({ value: option.value, label: option.label ?? t(option.labelKey ?? String(option.value)) }))}
    />
  );
}

type ResourceFiltersProps = { filters: readonly ResourceFilter[]; values: FilterValues; onChange(name: string, value: FilterValue | undefined): void };

export function ResourceFilters({ filters, values, onChange }: ResourceFiltersProps) {
  return (
    <>
      {filters.map((filter) => (
        <FilterSelect key={filter.name} filter={filter} value={values[filter.name]} onChange={(value) => onChange(filter.name, value)} />
      ))}
    </>
  );
}
