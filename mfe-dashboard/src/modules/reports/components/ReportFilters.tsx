/**
 * The report's range (a relative one, or days picked), its one or two groupings and the chart's metric. Each change
 * goes to the URL at once: there is no Apply, the report follows. The API's refusal of a field shows under it.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportGrouping, ReportMetricKey } from '@crm/shared/contract';
import { Col, DayRangeInput, Form, Row, Select } from '@crm/shared/ui';
import type { ReportViewState } from '../hooks/useReportView.ts';
import { groupings, metricKeys, rangePresets, secondGroupings, withFirstGrouping, withRange, type RangePreset } from '../reportView.ts';

/** The API's messages per control: the range's days, the groupings, and the chart metric (never refused). */
export type FilterErrors = Partial<Record<'days' | 'group_by', string>>;

function Field({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: ReactNode }) {
  return (
    <Form.Item label={label} htmlFor={id} {...(error ? { validateStatus: 'error' as const, help: error } : {})} style={{ marginBottom: 8 }}>
      {children}
    </Form.Item>
  );
}

export function ReportFilters({ state, errors }: { state: ReportViewState; errors: FilterErrors }) {
  const { t } = useTranslation();
  const { view, today, setView } = state;
  const [first, second] = view.groupBy;
  const groupingLabel = (grouping: ReportGrouping) => t(`dashboard:reports.groupings.${grouping}`);
  const groupingOptions = (list: readonly ReportGrouping[]) => list.map((grouping) => ({ value: grouping, label: groupingLabel(grouping) }));

  return (
    <Form layout="vertical" component="div" data-testid="reports-filters">
      <Row gutter={16}>
        <Col xs={24} sm={12} lg={4}>
          <Field id="reports-range" label={t('dashboard:reports.filters.range')} error={undefined}>
            <Select<RangePreset>
              id="reports-range"
              value={view.range}
              onChange={(range) => setView(withRange(view, range, today))}
              options={rangePresets.map((range) => ({ value: range, label: t(`dashboard:reports.ranges.${range}`) }))}
            />
          </Field>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Field id="reports-days" label={t('dashboard:reports.filters.days')} error={errors.days}>
            <DayRangeInput
              id="reports-days"
              label={t('dashboard:reports.filters.days')}
              testId="reports-days"
              max={today}
              value={[view.from, view.to]}
              onChange={(days) => days && setView({ ...view, range: 'custom', from: days[0], to: days[1] })}
            />
          </Field>
        </Col>
        <Col xs={24} sm={8} lg={5}>
          <Field id="reports-group-by" label={t('dashboard:reports.filters.groupBy')} error={errors.group_by}>
            <Select<ReportGrouping> id="reports-group-by" value={first} onChange={(grouping) => setView(withFirstGrouping(view, grouping))} options={groupingOptions(groupings)} />
          </Field>
        </Col>
        <Col xs={24} sm={8} lg={5}>
          <Field id="reports-then-by" label={t('dashboard:reports.filters.thenBy')} error={undefined}>
            <Select<ReportGrouping>
              id="reports-then-by"
              allowClear
              placeholder={t('dashboard:reports.filters.thenByNone')}
              value={second ?? null}
              onChange={(grouping) => setView({ ...view, groupBy: grouping ? [first, grouping] : [first] })}
              options={groupingOptions(secondGroupings(first))}
            />
          </Field>
        </Col>
        <Col xs={24} sm={8} lg={4}>
          <Field id="reports-metric" label={t('dashboard:reports.filters.metric')} error={undefined}>
            <Select<ReportMetricKey>
              id="reports-metric"
              value={view.metric}
              onChange={(metric) => setView({ ...view, metric })}
              options={metricKeys.map((metric) => ({ value: metric, label: t(`dashboard:reports.metrics.${metric}`) }))}
            />
          </Field>
        </Col>
      </Row>
    </Form>
  );
}
