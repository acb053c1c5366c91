/**
 * `broker/department/search`: departments described once for ResourceScreen — the branch and its broker, the send
 * integration, country and language targeting, its hours and caps (a dialog), and a link to its histories.
 */
import { brokerDepartmentLabel, brokerLabel } from '@crm/shared';
import { departmentBodies, crudPermissions, type DepartmentItem } from '@crm/shared/contract';
import { ClockCircleOutlined, countrySearch, HistoryOutlined, type ResourceRow, type ResourceSpec } from '@crm/shared/ui';
import { routeUrl } from '@crm/shared/routes';
import { activeFilterOptions, brokerField } from '../brokers/brokerScreen.tsx';
import { TextCell } from '../brokers/components/TextCell.tsx';
import { TargetingCell } from './components/TargetingCell.tsx';
import { useBrokerChoices, useCountryChoices } from '../brokers/hooks/useOptionChoices.ts';
import { useIntegrationChoices } from '../integrations/hooks/useIntegrationChoices.ts';
import { DepartmentLimitsDialog } from '../distribution/components/DepartmentLimitsDialog.tsx';

const field = (name: string) => `brokers:departments.fields.${name}`;

const asDepartment = (row: ResourceRow) => row as DepartmentItem;

/** The department label (docs/product.md#option-lists) from a department item (its broker is embedded). */
export function departmentLabel(department: Pick<DepartmentItem, 'broker' | 'branch_name'>): string {
  return brokerDepartmentLabel({ branch_name: department.branch_name, broker_id: department.broker });
}

export const departmentScreen: ResourceSpec = {
  path: '/broker/department',
  body: departmentBodies.create,
  titleKey: 'menu.brokers.departments',
  nounKey: 'brokers:nouns.department',
  permissions: crudPermissions('broker.department'),
  columns: [
    // The branch and its broker in columns of their own: the label in one cell, cut at 30 characters, hid the branch.
    { key: 'branch_name', sortKey: 'branch_name', title: field('department') },
    { key: 'broker', title: field('broker'), render: (row) => <TextCell text={brokerLabel(asDepartment(row).broker)} /> },
    { key: 'send_integration', title: field('send_integration'), type: 'object' },
    { key: 'countries', title: field('countries'), render: (row) => <TargetingCell values={asDepartment(row).countries} everyKey="everyCountry" /> },
    { key: 'languages', title: field('languages'), render: (row) => <TargetingCell values={asDepartment(row).languages} everyKey="everyLanguage" /> },
    { key: 'is_active', title: brokerField('is_active'), type: 'boolean' },
  ],
  fields: [
    { name: 'broker_id', labelKey: field('broker'), kind: 'select', useOptions: useBrokerChoices },
    { name: 'branch_name', labelKey: field('branch_name'), kind: 'text' },
    {
      name: 'send_integration_id',
      labelKey: field('send_integration'),
      kind: 'select',
      useOptions: useIntegrationChoices,
      nullable: true,
      placeholderKey: 'brokers:departments.noIntegration',
    },
    { name: 'countries', labelKey: field('countries'), kind: 'multiselect', useOptions: useCountryChoices, optionSearch: countrySearch, helpKey: 'brokers:departments.help.countries' },
    { name: 'languages', labelKey: field('languages'), kind: 'tags', helpKey: 'brokers:departments.help.languages' },
    { name: 'is_active', labelKey: brokerField('is_active'), kind: 'boolean' },
  ],
  filters: [
    { name: 'broker_id', labelKey: field('broker'), kind: 'select', useOptions: useBrokerChoices },
    { name: 'send_integration_id', labelKey: field('send_integration'), kind: 'select', useOptions: useIntegrationChoices },
    { name: 'is_active', labelKey: brokerField('is_active'), kind: 'select', options: activeFilterOptions },
  ],
  defaults: { is_active: true },
  toFormValues: (row) => ({ ...row, send_integration_id: asDepartment(row).send_integration?.id ?? null }),
  rowActions: [
    {
      key: 'limits',
      labelKey: 'brokers:limits.action',
      icon: <ClockCircleOutlined />,
      permission: 'broker.department.view',
      dialog: (row, close) => <DepartmentLimitsDialog departmentId={row.id} title={departmentLabel(asDepartment(row))} onClose={close} />,
    },
    {
      key: 'histories',
      labelKey: 'brokers:departments.histories',
      icon: <HistoryOutlined />,
      permission: 'broker.department.histories.view',
      to: (row) => routeUrl('broker/department/:id/histories/view', { id: row.id }),
    },
  ],
};
