/**
 * A rule's tiers, tried first to last: each lists departments with weights, and shows each one's share of the tier
 * as the weights are typed (as source random statuses do).
 */
import { useTranslation } from 'react-i18next';
import { maxRuleTiers, maxRuleWeight, percentagesOf } from '@crm/shared/contract';
import { Button, Card, DeleteOutlined, Flex, Form, InputNumber, PlusOutlined, Select, Typography, type FormInstance } from '@crm/shared/ui';
import { useDepartmentChoices } from '../../brokers/hooks/useOptionChoices.ts';
import type { RuleFormValues } from './ruleForm.ts';

const key = (name: string) => `brokers:rules.tiers.${name}`;

function TierDepartments({ form, tier, tierIndex }: { form: FormInstance<RuleFormValues>; tier: number; tierIndex: number }) {
  const { t } = useTranslation();
  const departments = useDepartmentChoices();
  const rows = Form.useWatch(['tiers', tier, 'departments'], form) ?? [];
  const percentages = percentagesOf(rows.map((row) => Number(row?.weight ?? 0)));
  const label = (name: string, index: number) => `${t(key(name))} ${tierIndex + 1}.${index + 1}`;
  return (
    <Form.List name={[tier, 'departments']}>
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.map((field, index) => (
            <Flex key={field.key} gap="small" align="start" data-testid="tier-department">
              <Form.Item name={[field.name, 'department_id']} style={{ flex: 1 }}>
                <Select showSearch={{ optionFilterProp: 'label' }} aria-label={label('department', index)} placeholder={t(key('department'))} options={departments} />
              </Form.Item>
              <Form.Item name={[field.name, 'weight']} style={{ width: 110 }}>
                <InputNumber aria-label={label('weight', index)} min={1} max={maxRuleWeight} precision={0} style={{ width: '100%' }} />
              </Form.Item>
              <Typography.Text data-testid={`tier-${tierIndex}-percentage-${index}`} style={{ width: 64, lineHeight: '32px', textAlign: 'right' }}>
                {`${percentages[index] ?? 0}%`}
              </Typography.Text>
              <Button icon={<DeleteOutlined />} aria-label={label('removeDepartment', index)} onClick={() => remove(field.name)} />
            </Flex>
          ))}
          <Form.ErrorList errors={errors} />
          <Button icon={<PlusOutlined />} onClick={() => add({ weight: 1 })} aria-label={`${t(key('addDepartment'))} ${tierIndex + 1}`}>
            {t(key('addDepartment'))}
          </Button>
        </>
      )}
    </Form.List>
  );
}

export function RuleTiers({ form }: { form: FormInstance<RuleFormValues> }) {
  const { t } = useTranslation();
  return (
    <Form.List name="tiers">
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap="small">
          <Typography.Text strong>{t(key('title'))}</Typography.Text>
          <Typography.Text type="secondary">{t(key('help'))}</Typography.Text>
          {fields.map((field, index) => (
            <Card
              key={field.key}
              size="small"
              title={t(key('tier'), { number: index + 1 })}
              data-testid="rule-tier"
              extra={<Button size="small" icon={<DeleteOutlined />} aria-label={`${t(key('removeTier'))} ${index + 1}`} onClick={() => remove(field.name)} />}
            >
              <TierDepartments form={form} tier={field.name} tierIndex={index} />
            </Card>
          ))}
          <Form.ErrorList errors={errors} />
          <Button icon={<PlusOutlined />} onClick={() => add({ departments: [{ weight: 1 }] })} disabled={fields.length >= maxRuleTiers}>
            {t(key('addTier'))}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
