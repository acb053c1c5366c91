/** The broker department statistic combiner: pick departments and metrics, compare them over the week. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardDepartment, DepartmentMetricKey } from '@crm/shared/contract';
import { Card, Col, Form, Row, Select } from '@crm/shared/ui';
import { useChartPalette } from '../hooks/useChartPalette.ts';
import { combinerSeries, defaultDepartmentIds, metricKeys } from '../statistics.ts';
import { WeeklyChart } from './WeeklyChart.tsx';

type PickerProps<Value extends number | string> = {
  id: string;
  label: string;
  placeholder: string;
  value: Value[];
  onChange(value: Value[]): void;
  options: { value: Value; label: string }[];
};

/** A labelled multiple select; the label names the combobox, so it is found by its label. */
function Picker<Value extends number | string>({ id, label, ...select }: PickerProps<Value>) {
  return (
    <Form.Item label={label} htmlFor={id}>
      <Select id={id} mode="multiple" allowClear maxTagCount="responsive" optionFilterProp="label" {...select} />
    </Form.Item>
  );
}

export function DepartmentCombiner({ departments, categories }: { departments: DashboardDepartment[]; categories: string[] }) {
  const { t } = useTranslation();
  const palette = useChartPalette();
  const [departmentIds, setDepartmentIds] = useState(() => defaultDepartmentIds(departments));
  const [metrics, setMetrics] = useState<DepartmentMetricKey[]>(() => [...metricKeys]);
  const metricLabel = (metric: DepartmentMetricKey) => t(`dashboard:metrics.${metric}`);
  // A refetch may drop a department: only those still in the answer count as picked.
  const pickedIds = departmentIds.filter((id) => departments.some((department) => department.broker_department_id === id));

  return (
    <Card data-testid="dashboard-combiner" title={t('dashboard:charts.combiner')}>
      <Form layout="vertical" component="div">
        <Row gutter={16}>
          <Col xs={24} lg={14}>
            <Picker
              id="dashboard-combiner-departments"
              label={t('dashboard:combiner.departments')}
              placeholder={t('dashboard:combiner.departmentsPlaceholder')}
              value={pickedIds}
              onChange={setDepartmentIds}
              options={departments.map((department) => ({ value: department.broker_department_id, label: department.label }))}
            />
          </Col>
          <Col xs={24} lg={10}>
            <Picker
              id="dashboard-combiner-metrics"
              label={t('dashboard:combiner.metrics')}
              placeholder={t('dashboard:combiner.metricsPlaceholder')}
              value={metrics}
              onChange={setMetrics}
              options={metricKeys.map((metric) => ({ value: metric, label: metricLabel(metric) }))}
            />
          </Col>
        </Row>
      </Form>
      <WeeklyChart name="combiner" type="line" series={combinerSeries(departments, pickedIds, metrics, metricLabel)} categories={categories} colors={palette.many} />
    </Card>
  );
}
