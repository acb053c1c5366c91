/** The filters of the send-history search, each bound to its URL parameter. */
import { useTranslation } from 'react-i18next';
import { brokerDepartmentLabel, brokerLabel, useOptionList } from '@crm/shared';
import { Button, Input, LabelledDateInput, Select } from '@crm/shared/ui';
import { sendStates, type BrokerDepartmentOption, type BrokerOption } from '@crm/shared/contract';
import type { HistoryFilterKey, HistoryFilters } from './historyQuery.ts';

type Props = {
  filters: HistoryFilters;
  onChange(key: HistoryFilterKey, value: string | number | undefined): void;
  onClear(): void;
};

export function SendHistoryFilters({ filters, onChange, onClear }: Props) {
  const { t } = useTranslation();
  const departments = useOptionList<BrokerDepartmentOption>('brokerDepartments');
  const brokers = useOptionList<BrokerOption>('brokers');
  const failureStatuses = useOptionList<string>('sentHistoryFailureStatuses');
  const leadStatuses = useOptionList<{ status: string }>('sentLeadStatuses');
  const label = (key: string) => t(`leads:leads.history.${key}`);
  const idOf = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  const selectProps = (key: HistoryFilterKey) => ({
    allowClear: true,
    showSearch: { optionFilterProp: 'label' },
    'aria-label': label(key),
    placeholder: label(key),
    'data-testid': `history-filter-${key}`,
    style: { minWidth: 180 },
  });

  return (
    <>
      <Input.Search
        // Remounted when the URL changes it (clear, back), so the box never shows a stale value.
        key={filters.lead ?? ''}
        allowClear
        defaultValue={filters.lead}
        aria-label={label('lead')}
        placeholder={t('leads:leads.history.leadPlaceholder')}
        data-testid="history-filter-lead"
        style={{ width: 220 }}
        onSearch={(value) => onChange('lead', value)}
      />
      <Select<number>
        {...selectProps('department_id')}
        loading={departments.loading}
        value={idOf(filters.department_id)}
        onChange={(value) => onChange('department_id', value)}
        // With a broker chosen, only its departments.
        options={departments.data
          .filter((department) => filters.broker_id === undefined || department.broker_id.id === idOf(filters.broker_id))
          .map((department) => ({ value: department.id, label: brokerDepartmentLabel(department) }))}
      />
      <Select<number>
        {...selectProps('broker_id')}
        loading={brokers.loading}
        value={idOf(filters.broker_id)}
        onChange={(value) => onChange('broker_id', value)}
        options={brokers.data.map((broker) => ({ value: broker.id, label: brokerLabel(broker) }))}
      />
      <Select<string>
        {...selectProps('state')}
        style={{ minWidth: 130 }}
        value={filters.state}
        onChange={(value) => onChange('state', value)}
        options={sendStates.map((state) => ({ value: state, label: t(`leads:leads.history.states.${state}`) }))}
      />
      <Select<string>
        {...selectProps('failure_status')}
        loading={failureStatuses.loading}
        value={filters.failure_status}
        onChange={(value) => onChange('failure_status', value)}
        options={failureStatuses.data.map((status) => ({ value: status, label: status }))}
      />
      <Select<string>
        {...selectProps('lead_status')}
        loading={leadStatuses.loading}
        value={filters.lead_status}
        onChange={(value) => onChange('lead_status', value)}
        options={leadStatuses.data.map(({ status }) => ({ value: status, label: status }))}
      />
      {(['from', 'to'] as const).map((key) => (
        <LabelledDateInput key={key} label={label(key)} testId={`history-filter-${key}`} value={filters[key]} onChange={(value) => onChange(key, value)} />
      ))}
      <Button onClick={onClear} data-testid="history-filter-clear">
        {t('leads:leads.history.clearFilters')}
      </Button>
    </>
  );
}
