/**
 * The rule editor (a drawer): name, enabled, the conditions (each a list of accepted values; empty accepts every
 * lead) and the tiers. Saved whole; a 422's messages go under their fields. Simulate runs the saved rules with this
 * draft in the rule's place (a new rule: after them), unsaved.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DistributionRuleBody, DistributionRuleItem } from '@crm/shared/contract';
import { Button, countrySearch, Drawer, Flex, Form, Input, Select, Switch, toastOutcome, Typography, type FieldOption, type SelectProps } from '@crm/shared/ui';
import { useAffiliateCompanyChoices, useCountryChoices, useSourceChoices } from '../../brokers/hooks/useOptionChoices.ts';
import { useDistributionRuleSaveMutation, useDistributionRulesQuery } from '../api/rulesApi.ts';
import { showErrorsIn } from '../forms.tsx';
import { bodyOf, conditionFields, formValuesOf, newRule, type RuleFormValues } from './ruleForm.ts';
import { RuleTiers } from './RuleTiers.tsx';
import { SimulationDialog } from './SimulationDialog.tsx';

const field = (name: string) => `brokers:rules.fields.${name}`;
const freeValueFields = ['languages', 'funnels', 'sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const;

type ConditionSelectProps = {
  name: (typeof conditionFields)[number];
  /** The values to pick from; without, free values are typed in. */
  options?: FieldOption[];
  /** How typing narrows and orders the options; by default those whose label holds the text. */
  search?: SelectProps['showSearch'];
};

function ConditionSelect({ name, options, search = { optionFilterProp: 'label' } }: ConditionSelectProps) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={t(field(name))} style={{ flex: '1 1 240px' }}>
      <Select
        mode={options ? 'multiple' : 'tags'}
        allowClear
        showSearch={options ? search : undefined}
        aria-label={t(field(name))}
        placeholder={t('brokers:rules.anyValue')}
        options={options}
        tokenSeparators={options ? undefined : [',']}
      />
    </Form.Item>
  );
}

type Props = { rule: DistributionRuleItem | null; onClose(): void };
type Simulating = { rules: DistributionRuleBody[]; draftIndex: number } | null;

/** The saved rules in their order with the draft in the edited rule's place, or last for a new rule. */
function withDraft(saved: readonly DistributionRuleItem[], rule: DistributionRuleItem | null, draft: DistributionRuleBody): Simulating {
  const rules = saved.map((item) => (item.id === rule?.id ? draft : bodyOf(formValuesOf(item))));
  const draftIndex = saved.findIndex((item) => item.id === rule?.id);
  return draftIndex >= 0 ? { rules, draftIndex } : { rules: [...rules, draft], draftIndex: rules.length };
}

export function RuleEditor({ rule, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RuleFormValues>();
  const [save, saving] = useDistributionRuleSaveMutation();
  const companies = useAffiliateCompanyChoices();
  const sources = useSourceChoices();
  const countries = useCountryChoices();
  const saved = useDistributionRulesQuery();
  const [simulating, setSimulating] = useState<Simulating>(null);
  const showErrors = showErrorsIn(form, conditionFields);

  async function submit(values: RuleFormValues) {
    const saved = await toastOutcome(() => save({ id: rule?.id ?? null, body: bodyOf(values) }).unwrap(), { showFieldErrors: showErrors });
    if (saved) onClose();
  }

  return (
    <Drawer open size="large" title={`${t(rule ? 'resource.edit' : 'resource.create')} — ${t('brokers:nouns.rule')}`} onClose={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={rule ? formValuesOf(rule) : newRule} onFinish={(values) => void submit(values)} requiredMark={false} data-testid="rule-form">
        <Flex gap="middle" align="start">
          <Form.Item name="name" label={t(field('name'))} style={{ flex: 1 }}>
            <Input aria-label={t(field('name'))} />
          </Form.Item>
          <Form.Item name="is_enabled" label={t(field('is_enabled'))} valuePropName="checked">
            <Switch aria-label={t(field('is_enabled'))} />
          </Form.Item>
        </Flex>
        <Typography.Text strong>{t('brokers:rules.conditions')}</Typography.Text>
        <Typography.Paragraph type="secondary">{t('brokers:rules.conditionsHelp')}</Typography.Paragraph>
        <Flex gap="small" wrap>
          <ConditionSelect name="affiliate_company_ids" options={companies} />
          <ConditionSelect name="source_ids" options={sources} />
          <ConditionSelect name="countries" options={countries} search={countrySearch} />
          {freeValueFields.map((name) => (
            <ConditionSelect key={name} name={name} />
          ))}
        </Flex>
        <RuleTiers form={form} />
        <Flex justify="end" gap="small" style={{ marginTop: 16 }}>
          <Button onClick={() => setSimulating(withDraft(saved.data?.data ?? [], rule, bodyOf(form.getFieldsValue(true))))}>{t('brokers:simulation.simulate')}</Button>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={saving.isLoading}>
            {t('resource.save')}
          </Button>
        </Flex>
      </Form>
      {simulating && (
        <SimulationDialog rules={simulating.rules} onClose={() => setSimulating(null)} onRuleErrors={(index, errors) => index === simulating.draftIndex && showErrors(errors)} />
      )}
    </Drawer>
  );
}
