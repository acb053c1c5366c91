/**
 * The option lists the broker screens choose from, as select options: loaded on demand from the shared store
 * (docs/product.md#option-lists) when the user may load them.
 */
import { useMemo } from 'react';
import { brokerDepartmentLabel, brokerLabel, useOptionList } from '@crm/shared';
import type { BrokerDepartmentOption, BrokerOption } from '@crm/shared/contract';
import type { FieldOption } from '@crm/shared/ui';

type Named = { id: number; name: string };
type Country = { id: number; name: string; iso_3166_2: string };

/** Fetched again whenever a picker appears: a broker added a moment ago is offered at once. */
export function useBrokerChoices(): FieldOption[] {
  const brokers = useOptionList<BrokerOption>('brokers', { refetchOnMount: true }).data;
  return useMemo(() => brokers.map((broker) => ({ value: broker.id, label: brokerLabel(broker) })), [brokers]);
}

/** Fetched again whenever a picker appears, as brokers are: a company added a moment ago is offered at once. */
export function useAffiliateCompanyChoices(): FieldOption[] {
  const companies = useOptionList<Named>('affiliateCompanies', { refetchOnMount: true }).data;
  return useMemo(() => companies.map((company) => ({ value: company.id, label: company.name })), [companies]);
}

/** Departments target countries by ISO 3166 alpha-2 code. */
export function useCountryChoices(): FieldOption[] {
  const countries = useOptionList<Country>('countries').data;
  return useMemo(() => countries.map((country) => ({ value: country.iso_3166_2, label: `${country.name} (${country.iso_3166_2})` })), [countries]);
}

/** Fetched again whenever a picker appears, as brokers are: a source added a moment ago is offered at once. */
export function useSourceChoices(): FieldOption[] {
  const sources = useOptionList<Named>('sources', { refetchOnMount: true }).data;
  return useMemo(() => sources.map((source) => ({ value: source.id, label: source.name })), [sources]);
}

/** Fetched again whenever a picker appears, as brokers are: a department added a moment ago is offered at once. */
export function useDepartmentChoices(): FieldOption[] {
  const departments = useOptionList<BrokerDepartmentOption>('brokerDepartments', { refetchOnMount: true }).data;
  return useMemo(() => departments.map((department) => ({ value: department.id, label: brokerDepartmentLabel(department) })), [departments]);
}
