/** Option labels (docs/product.md#option-lists). */
import type { BrokerDepartmentOption, BrokerOption } from '../../contract/index.ts';

/** The broker name, then ' - ' and the affiliate company names joined by commas when there are some. */
export function brokerLabel(broker: Pick<BrokerOption, 'name' | 'affiliate_companies'>): string {
  const companies = broker.affiliate_companies.map((company) => company.name).join(', ');
  return companies ? `${broker.name} - ${companies}` : broker.name;
}

/** The broker label, ' - ', the branch name. */
export function brokerDepartmentLabel(department: Pick<BrokerDepartmentOption, 'branch_name' | 'broker_id'>): string {
  return `${brokerLabel(department.broker_id)} - ${department.branch_name}`;
}
