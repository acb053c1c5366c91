/** A simulation's result: leads per department with their share, the unassigned by reason, and the cap fill per hour. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SimulationCapFill, SimulationResult } from '@crm/shared/contract';
import { Alert, DataTable, Typography, type DataColumn } from '@crm/shared/ui';

const key = (name: string) => `brokers:simulation.${name}`;
const capFillPageSize = 24;

type DepartmentRow = SimulationResult['by_department'][number];
type ReasonRow = SimulationResult['unassigned_by_reason'][number];

const shareOf = (leads: number, total: number): string => `${total > 0 ? Math.round((leads * 1000) / total) / 10 : 0}%`;

function CapFill({ rows, labels }: { rows: readonly SimulationCapFill[]; labels: ReadonlyMap<number, string> }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const columns: DataColumn<SimulationCapFill>[] = [
    { key: 'hour', title: t(key('hour')), type: 'datetime' },
    { key: 'department', title: t(key('department')), render: (row) => labels.get(row.department_id) ?? `#${row.department_id}` },
    { key: 'delivered', title: t(key('leads')) },
    {
      key: 'caps',
      title: t(key('caps')),
      render: (row) => row.caps.map((cap) => `${t(`brokers:simulation.periods.${cap.period}`)}${cap.country ? ` ${cap.country}` : ''} ${cap.used}/${cap.cap}`).join(', '),
    },
  ];
  return (
    <div data-testid="simulation-cap-fill">
      <DataTable<SimulationCapFill>
        rows={rows.slice((page - 1) * capFillPageSize, page * capFillPageSize)}
        rowKey={(row) => `${row.department_id}-${row.hour}`}
        columns={columns}
        pagination={rows.length > capFillPageSize ? { current: page, pageSize: capFillPageSize, total: rows.length, onChange: setPage } : undefined}
      />
    </div>
  );
}

export function SimulationResultView({ result }: { result: SimulationResult }) {
  const { t } = useTranslation();
  const labels = new Map(result.by_department.map((row) => [row.department_id, row.label]));
  const departmentColumns: DataColumn<DepartmentRow>[] = [
    { key: 'label', title: t(key('department')) },
    { key: 'leads', title: t(key('leads')) },
    { key: 'share', title: t(key('share')), render: (row) => shareOf(row.leads, result.leads) },
  ];
  const reasonColumns: DataColumn<ReasonRow>[] = [
    { key: 'code', title: t(key('reason')), render: (row) => t(`brokers:simulation.verdicts.${row.code}`) },
    { key: 'leads', title: t(key('leads')) },
    { key: 'share', title: t(key('share')), render: (row) => shareOf(row.leads, result.leads) },
  ];
  return (
    <div data-testid="simulation-result">
      <Typography.Paragraph>{t(key('summary'), { count: result.leads })}</Typography.Paragraph>
      <Alert type="info" showIcon title={t(key('assumesDelivery'))} style={{ marginBottom: 16 }} />
      {result.stopped && <Alert type="warning" showIcon title={t(key('stopped'))} style={{ marginBottom: 16 }} />}
      <Typography.Title level={5}>{t(key('byDepartment'))}</Typography.Title>
      <div data-testid="simulation-departments">
        <DataTable<DepartmentRow> rows={result.by_department} rowKey={(row) => row.department_id} columns={departmentColumns} />
      </div>
      <Typography.Title level={5}>{t(key('unassigned'))}</Typography.Title>
      <div data-testid="simulation-unassigned">
        <DataTable<ReasonRow> rows={result.unassigned_by_reason} rowKey={(row) => row.code} columns={reasonColumns} />
      </div>
      <Typography.Title level={5}>{t(key('capFill'))}</Typography.Title>
      {result.cap_fill_truncated && <Typography.Paragraph type="secondary">{t(key('capFillTruncated'))}</Typography.Paragraph>}
      <CapFill rows={result.cap_fill} labels={labels} />
    </div>
  );
}
