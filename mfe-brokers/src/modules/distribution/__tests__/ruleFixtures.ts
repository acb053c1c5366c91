/** Distribution rules as the API sends them, and the option lists the editor reads, for the rule screens' tests. */
import type { DistributionRuleItem } from '@crm/shared/contract';
import { countryOptionsReply } from '../../../testing/brokerFixtures.ts';

const at = '2026-11-01T10:00:00.000Z';

export function ruleFixture(overrides: Partial<DistributionRuleItem> = {}): DistributionRuleItem {
  return {
    id: 1,
    name: 'DE traffic',
    position: 1,
    is_enabled: true,
    affiliate_company_ids: [],
    source_ids: [],
    countries: ['DE'],
    languages: [],
    funnels: [],
    sub1: [],
    sub2: [],
    sub3: [],
    sub4: [],
    sub5: [],
    tiers: [{ departments: [{ department_id: 3, branch_name: 'Berlin', broker_name: 'Broker One', weight: 1, percentage: 100 }] }],
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}

const reply = (data: unknown) => ({ status: 200, data: { data } });

export const ruleOptionReplies = {
  'GET /settings/country/all': countryOptionsReply,
  'GET /settings/affiliate/company/all': reply([{ id: 7, name: 'Acme Media' }]),
  'GET /settings/source/all': reply([{ id: 9, name: 'Google' }]),
  'GET /broker/department/all': reply([
    { id: 3, branch_name: 'Berlin', broker_id: { id: 1, name: 'Broker One', affiliate_companies: [] } },
    { id: 4, branch_name: 'Vienna', broker_id: { id: 1, name: 'Broker One', affiliate_companies: [] } },
    { id: 5, branch_name: 'Zurich', broker_id: { id: 2, name: 'Broker Two', affiliate_companies: [] } },
  ]),
};

export const optionPermissions = ['options.countries.all', 'options.affiliateCompanies.all', 'options.sources.all', 'options.broker_departments.all'] as const;
