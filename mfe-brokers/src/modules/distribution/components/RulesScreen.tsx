/**
 * `broker/distribution/rules`: the distribution rules in the order they are tried (the first enabled rule that
 * matches a lead wins), each with its conditions and tiers; enable toggles, move up / down, the editor in a drawer.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '@crm/shared';
import { crudPermissions, type DistributionRuleItem } from '@crm/shared/contract';
import { ArrowDownOutlined, ArrowUpOutlined, Button, Card, DataTable, Flex, ListHeader, LoadFailed, Switch, Tag, toastOutcome, Typography, type DataColumn } from '@crm/shared/ui';
import { useAffiliateCompanyChoices, useSourceChoices } from '../../brokers/hooks/useOptionChoices.ts';
import { useDistributionRuleDeleteMutation, useDistributionRuleEnableMutation, useDistributionRuleMoveMutation, useDistributionRulesQuery } from '../api/rulesApi.ts';
import { conditionFields } from './ruleForm.ts';
import { RuleEditor } from './RuleEditor.tsx';
import { SettingsDialog } from './SettingsDialog.tsx';
import { SimulationDialog } from './SimulationDialog.tsx';

const permissions = crudPermissions('distribution.rule');
type Editing = { rule: DistributionRuleItem | null } | null;

/** The conditions that are set, as `Field: a, b`; none: every lead. */
function Conditions({ rule }: { rule: DistributionRuleItem }) {
  const { t } = useTranslation();
  const companies = new Map(useAffiliateCompanyChoices().map((option) => [option.value, option.label]));
  const sources = new Map(useSourceChoices().map((option) => [option.value, option.label]));
  const named = (names: Map<string | number, string>, ids: readonly number[]) => ids.map((id) => names.get(id) ?? `#${id}`);
  const lines = conditionFields
    .map((name) => {
      const values = name === 'affiliate_company_ids' ? named(companies, rule[name]) : name === 'source_ids' ? named(sources, rule[name]) : rule[name];
      return { name, values };
    })
    .filter((line) => line.values.length > 0);
  if (lines.length === 0) return <Typography.Text type="secondary">{t('brokers:rules.everyLead')}</Typography.Text>;
  return (
    <Flex vertical gap={2} data-testid="rule-conditions">
      {lines.map((line) => (
        <span key={line.name}>
          {t(`brokers:rules.fields.${line.name}`)}: {line.values.join(', ')}
        </span>
      ))}
    </Flex>
  );
}

function Tiers({ rule }: { rule: DistributionRuleItem }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={2} data-testid="rule-tiers">
      {rule.tiers.map((tier, index) => (
        <span key={index}>
          {t('brokers:rules.tiers.tier', { number: index + 1 })}: {tier.departments.map((entry) => `${entry.broker_name} - ${entry.branch_name} ${entry.percentage}%`).join(', ')}
        </span>
      ))}
    </Flex>
  );
}

export function RulesScreen() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const [editing, setEditing] = useState<Editing>(null);
  const [simulating, setSimulating] = useState(false);
  const [settingUp, setSettingUp] = useState(false);
  const rules = useDistributionRulesQuery();
  const [enable] = useDistributionRuleEnableMutation();
  const [move] = useDistributionRuleMoveMutation();
  const [remove] = useDistributionRuleDeleteMutation();
  const rows = rules.data?.data ?? [];
  const mayUpdate = can(permissions.update);

  const columns: DataColumn<DistributionRuleItem>[] = [
    { key: 'position', title: '#' },
    { key: 'name', title: t('brokers:rules.fields.name') },
    { key: 'conditions', title: t('brokers:rules.conditions'), render: (rule) => <Conditions rule={rule} /> },
    { key: 'tiers', title: t('brokers:rules.tiers.title'), render: (rule) => <Tiers rule={rule} /> },
    {
      key: 'is_enabled',
      title: t('brokers:rules.fields.is_enabled'),
      render: (rule) =>
        mayUpdate ? (
          <Switch
            size="small"
            checked={rule.is_enabled}
            aria-label={`${t('brokers:rules.fields.is_enabled')} ${rule.name}`}
            onChange={(checked) => void toastOutcome(() => enable({ id: rule.id, is_enabled: checked }).unwrap())}
          />
        ) : (
          <Tag color={rule.is_enabled ? 'green' : 'default'}>{t(rule.is_enabled ? 'brokers:rules.enabled' : 'brokers:rules.disabled')}</Tag>
        ),
    },
  ];

  const moveTo = (rule: DistributionRuleItem, position: number) => void toastOutcome(() => move({ id: rule.id, position }).unwrap(), { successMessage: () => t('brokers:rules.moved') });

  return (
    <Card data-testid="distribution-rules">
      <ListHeader title={t('menu.brokers.distributionRules')}>
        <Button onClick={() => setSettingUp(true)}>{t('brokers:rules.settings.open')}</Button>
        <Button onClick={() => setSimulating(true)}>{t('brokers:simulation.simulate')}</Button>
        {can(permissions.create) && (
          <Button type="primary" onClick={() => setEditing({ rule: null })}>
            {t('resource.create')}
          </Button>
        )}
      </ListHeader>
      <Typography.Paragraph type="secondary">{t('brokers:rules.help')}</Typography.Paragraph>
      {rules.isError && !rules.data ? (
        <LoadFailed retry={() => void rules.refetch()} testId="distribution-rules-failed" />
      ) : (
        <DataTable<DistributionRuleItem>
          rows={rows}
          rowKey={(rule) => rule.id}
          loading={rules.isFetching}
          columns={columns}
          actions={{
            extra: [
              {
                key: 'up',
                label: t('brokers:rules.moveUp'),
                icon: <ArrowUpOutlined />,
                permission: permissions.update,
                shown: (rule) => rule.position > 1,
                run: (rule) => moveTo(rule, rule.position - 1),
              },
              {
                key: 'down',
                label: t('brokers:rules.moveDown'),
                icon: <ArrowDownOutlined />,
                permission: permissions.update,
                shown: (rule) => rule.position < rows.length,
                run: (rule) => moveTo(rule, rule.position + 1),
              },
            ],
            edit: { permission: permissions.update, run: (rule) => setEditing({ rule }) },
            delete: { permission: permissions.delete, run: (rule) => void toastOutcome(() => remove(rule.id).unwrap()) },
          }}
        />
      )}
      {simulating && <SimulationDialog rules={null} onClose={() => setSimulating(false)} />}
      {settingUp && <SettingsDialog onClose={() => setSettingUp(false)} />}
      {editing && <RuleEditor rule={editing.rule} onClose={() => setEditing(null)} />}
    </Card>
  );
}
