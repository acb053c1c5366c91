/**
 * One advanced-search filter as a form item, with the control its kind needs. Each sits in a column with
 * `data-testid="lead-filter-<key>"` and is labelled, so browser tests can find it by either.
 */
import { useTranslation } from 'react-i18next';
import { Col, Form, Input, Select, type SelectProps } from '@crm/shared/ui';
import { distributionStates, type LeadFilterKey } from '@crm/shared/contract';
import type { Choice } from '../../hooks/useLeadChoices.ts';
import { DateFilterInput } from './DateFilterInput.tsx';

export type FilterKind =
  | { kind: 'text' }
  | { kind: 'date' }
  | { kind: 'yesNo' }
  | { kind: 'sent' }
  | { kind: 'distribution' }
  | {
      kind: 'choices';
      choices: readonly Choice<string | number>[];
      loading: boolean;
      /** How typing narrows and orders the choices (e.g. `countrySearch`); by default those whose label holds it. */
      search?: SelectProps['showSearch'];
    }
  /** Free codes typed in (no option list exists for them, e.g. languages). */
  | { kind: 'codes' };

export function FilterControl({ name, filter, hidden = false }: { name: LeadFilterKey; filter: FilterKind; hidden?: boolean }) {
  const { t, i18n } = useTranslation('leads');
  const label = t(`leads.search.filters.${name}`);
  // A filter whose rules do not fit its placeholder explains them beside its label.
  const hintKey = `leads.search.hints.${name}`;
  const hint = i18n.exists(hintKey, { ns: 'leads' }) ? t(hintKey) : undefined;
  return (
    <Col xs={24} sm={12} lg={8} xl={6} data-testid={`lead-filter-${name}`} style={hidden ? { display: 'none' } : undefined}>
      <Form.Item name={name} label={label} tooltip={hint} style={{ marginBottom: 12 }}>
        {control(name, label, filter, t)}
      </Form.Item>
    </Col>
  );
}

function control(name: LeadFilterKey, label: string, filter: FilterKind, t: (key: string) => string) {
  // A single choice that may be left empty ("any").
  const anyOf = (options: { value: string; label: string }[]) => <Select allowClear aria-label={label} placeholder={t('leads.search.any')} options={options} />;
  switch (filter.kind) {
    case 'text':
      return <Input allowClear aria-label={label} placeholder={t(`leads.search.placeholders.${name}`)} />;
    case 'date':
      return <DateFilterInput label={label} />;
    case 'yesNo':
      return anyOf([
        { value: 'true', label: t('common:yes') },
        { value: 'false', label: t('common:no') },
      ]);
    case 'sent':
      return anyOf([
        { value: 'sent', label: t('leads.search.sent.sent') },
        { value: 'not_sent', label: t('leads.search.sent.not_sent') },
      ]);
    case 'distribution':
      return anyOf(distributionStates.map((state) => ({ value: state, label: t(`leads.search.distribution.${state}`) })));
    case 'choices':
      return (
        <Select
          mode="multiple"
          allowClear
          aria-label={label}
          placeholder={t('leads.search.any')}
          loading={filter.loading}
          showSearch={filter.search ?? { optionFilterProp: 'label' }}
          options={[...filter.choices]}
        />
      );
    case 'codes':
      return <Select mode="tags" allowClear aria-label={label} placeholder={t(`leads.search.placeholders.${name}`)} tokenSeparators={[',', ' ']} notFoundContent={null} />;
  }
}
