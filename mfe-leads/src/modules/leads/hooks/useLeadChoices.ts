/**
 * The option lists of the lead filters and forms (loaded on demand from the shared store), as
 * select options. Each list loads only for a user holding its gate; without it the select stays empty.
 */
import { useMemo } from 'react';
import { brokerDepartmentLabel, useOptionList } from '@crm/shared';
import type { BrokerDepartmentOption, StatusClass } from '@crm/shared/contract';

export type Choice<Value extends string | number = number> = { value: Value; label: string };
type Named = { id: number; name: string };
type StatusItem = Named & { class: StatusClass };
type CountryItem = Named & { iso_3166_2: string };

const byName = (items: readonly Named[]): Choice[] => items.map((item) => ({ value: item.id, label: item.name }));

export function useStatusChoices(statusClass: StatusClass): { choices: Choice[]; loading: boolean } {
  const list = useOptionList<StatusItem>('statuses');
  const choices = useMemo(() => byName(list.data.filter((status) => status.class === statusClass)), [list.data, statusClass]);
  return { choices, loading: list.loading };
}

export function useNamedChoices(name: 'sources' | 'tags' | 'affiliateCompanies'): { choices: Choice[]; loading: boolean } {
  const list = useOptionList<Named>(name);
  const choices = useMemo(() => byName(list.data), [list.data]);
  return { choices, loading: list.loading };
}

/** Countries by their ISO alpha-2 code, the value a lead stores. */
export function useCountryChoices(): { choices: Choice<string>[]; loading: boolean } {
  const list = useOptionList<CountryItem>('countries');
  const choices = useMemo(() => list.data.map((country) => ({ value: country.iso_3166_2, label: `${country.name} (${country.iso_3166_2})` })), [list.data]);
  return { choices, loading: list.loading };
}

export function useDepartmentChoices(): { choices: Choice[]; loading: boolean } {
  const list = useOptionList<BrokerDepartmentOption>('brokerDepartments');
  const choices = useMemo(() => list.data.map((department) => ({ value: department.id, label: brokerDepartmentLabel(department) })), [list.data]);
  return { choices, loading: list.loading };
}
