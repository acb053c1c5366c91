/** `broker/search`: brokers described once for ResourceScreen (the broker's fields, its option label as name). */
import { brokerLabel } from '@crm/shared';
import { brokerBodies, crudPermissions, type BrokerItem } from '@crm/shared/contract';
import type { FilterOption, ResourceRow, ResourceSpec } from '@crm/shared/ui';
import { TextCell } from './components/TextCell.tsx';
import { useAffiliateCompanyChoices } from './hooks/useOptionChoices.ts';

export const brokerField = (name: string) => `brokers:fields.${name}`;

/** `?is_active=true|false`, labelled with the common yes / no. */
export const activeFilterOptions: readonly FilterOption[] = [
  { value: 'true', labelKey: 'yes' },
  { value: 'false', labelKey: 'no' },
];

// The list's rows are the contract's items (the API's response schema); ResourceScreen types them loosely.
const asBroker = (row: ResourceRow) => row as BrokerItem;

export const brokerScreen: ResourceSpec = {
  path: '/broker',
  body: brokerBodies.create,
  titleKey: 'menu.brokers.search',
  nounKey: 'brokers:nouns.broker',
  permissions: crudPermissions('broker'),
  columns: [
    { key: 'name', sortKey: 'name', title: brokerField('name'), render: (row) => <TextCell text={brokerLabel(asBroker(row))} /> },
    { key: 'company_name', title: brokerField('company_name') },
    { key: 'departments_count', title: brokerField('departments_count') },
    { key: 'contract_expires_in', sortKey: 'contract_expires_in', title: brokerField('contract_expires_in'), type: 'date' },
    { key: 'is_active', title: brokerField('is_active'), type: 'boolean' },
  ],
  fields: [
    { name: 'name', labelKey: brokerField('name'), kind: 'text' },
    { name: 'company_name', labelKey: brokerField('company_name'), kind: 'text' },
    { name: 'affiliate_company_ids', labelKey: brokerField('affiliate_companies'), kind: 'multiselect', useOptions: useAffiliateCompanyChoices },
    { name: 'company_info', labelKey: brokerField('company_info'), kind: 'textarea' },
    { name: 'company_web_pages', labelKey: brokerField('company_web_pages'), kind: 'tags', helpKey: 'brokers:help.company_web_pages' },
    { name: 'agreement_details', labelKey: brokerField('agreement_details'), kind: 'textarea' },
    { name: 'ip_addresses', labelKey: brokerField('ip_addresses'), kind: 'tags', helpKey: 'brokers:help.ip_addresses' },
    { name: 'contract_expires_in', labelKey: brokerField('contract_expires_in'), kind: 'date', nullable: true },
    { name: 'is_active', labelKey: brokerField('is_active'), kind: 'boolean' },
  ],
  filters: [{ name: 'is_active', labelKey: brokerField('is_active'), kind: 'select', options: activeFilterOptions }],
  defaults: { is_active: true },
  toFormValues: (row) => ({ ...row, affiliate_company_ids: asBroker(row).affiliate_companies.map((company) => company.id) }),
  formWidth: 640,
};
