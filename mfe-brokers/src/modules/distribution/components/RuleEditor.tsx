/**
 * The rule editor (a drawer): name, enabled, the conditions (each a list of accepted values; empty accepts every
 * lead) and the tiers. Saved whole; a 422's messages go under their fields.
 */
import { useTranslation } from 'react-i18next';
import type { DistributionRuleItem } from '@crm/shared/contract';
import { Button, Drawer, Flex, Form, Input, Select, Switch, toastOutcome, Typography, type FieldOption } from '@crm/shared/ui';
import { useAffiliateCompanyChoices, useCountryChoices, useSourceChoices } from '../../brokers/hooks/useOptionChoices.ts';
import { useDistributionRuleSaveMutation } from '../api/rulesApi.ts';
import { showErrorsIn } from '../forms.tsx';
import { bodyOf, conditionFields, formValuesOf, newRule, type RuleFormValues } from './ruleForm.ts';
import { RuleTiers } from './RuleTiers.tsx';

const field = (name: string) => `brokers:rules.fields.${name}`;
const freeValueFields = ['languages', 'funnels', 'sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const;

function ConditionSelect({ name, options }: { name: (typeof conditionFields)[number]; options?: FieldOption[] }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={t(field(name))} style={{ flex: '1 1 240px' }}>
      <Select
        mode={options ? 'multiple' : 'tags'}
        allowClear
        showSearch={options ? { optionFilterProp: 'label' } : undefined}
        aria-label={t(field(name))}
        placeholder={t('brokers:rules.anyValue')}
        options={options}
        tokenSeparators={options ? undefined : [',']}
      />
    </Form.Item>
  );
}

type Props = { rule: DistributionRuleItem | null; onClose(): void };

export function RuleEditor({ rule, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RuleFormValues>();
  const [save, saving] = useDistributionRuleSaveMutation();
  const companies = useAffiliateCompanyChoices();
  const sources = useSourceChoices();
  const countries = useCountryChoices();

  async function submit(values: RuleFormValues) {
    const saved = await toastOutcome(() => save({ id: rule?.id ?? null, body: bodyOf(values) }).unwrap(), { showFieldErrors: showErrorsIn(form, conditionFields) });
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
          <ConditionSelect name="countries" options={countries} />
          {freeValueFields.map((name) => (
            <ConditionSelect key={name} name={name} />
          ))}
        </Flex>
        <RuleTiers form={form} />
        <Flex justify="end" gap="small" style={{ marginTop: 16 }}>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={saving.isLoading}>
            {t('resource.save')}
          </Button>
        </Flex>
      </Form>
    </Drawer>
  );
}
