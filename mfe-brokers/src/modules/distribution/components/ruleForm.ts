/** The rule editor's values and their conversion to and from the API's rule. */
import type { DistributionRuleBody, DistributionRuleItem } from '@crm/shared/contract';

export type RuleFormValues = Omit<DistributionRuleBody, 'tiers'> & { tiers: { departments: { department_id?: number; weight?: number | null }[] }[] };

/** The conditions that are lists of values; a 422 on one of their values (`countries.2`) shows under the list. */
export const conditionFields = ['affiliate_company_ids', 'source_ids', 'countries', 'languages', 'funnels', 'sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const;

export const newRule: RuleFormValues = {
  name: '',
  is_enabled: true,
  affiliate_company_ids: [],
  source_ids: [],
  countries: [],
  languages: [],
  funnels: [],
  sub1: [],
  sub2: [],
  sub3: [],
  sub4: [],
  sub5: [],
  tiers: [{ departments: [{ weight: 1 }] }],
};

export function formValuesOf(rule: DistributionRuleItem): RuleFormValues {
  const { id: _id, position: _position, created_at: _created, updated_at: _updated, tiers, ...rest } = rule;
  return { ...rest, tiers: tiers.map((tier) => ({ departments: tier.departments.map(({ department_id, weight }) => ({ department_id, weight })) })) };
}

/** As the form shows it: a row without a department or weight is sent with 0, for the API to name what is missing under it. */
export function bodyOf(values: RuleFormValues): DistributionRuleBody {
  return {
    ...values,
    name: values.name ?? '',
    tiers: (values.tiers ?? []).map((tier) => ({
      departments: (tier.departments ?? []).map((entry) => ({ department_id: entry.department_id ?? 0, weight: entry.weight ?? 0 })),
    })),
  };
}
