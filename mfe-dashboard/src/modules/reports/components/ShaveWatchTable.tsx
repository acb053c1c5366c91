/**
 * The shave watch's departments as the API sorts them (flagged first, then by the lowest p-value): the week's
 * deliveries, FTDs and rate, then each comparison's rate with its test, and the evidence to download.
 */
import { useTranslation } from 'react-i18next';
import type { ShaveComparison, ShaveDepartment, ShaveWatch } from '@crm/shared/contract';
import { Table, Tag, Typography, formatCount, type TableColumnsType } from '@crm/shared/ui';
import { formatP, formatRate, formatShare, formatZ } from '../shaveFormat.ts';
import { ShaveEvidence } from './ShaveEvidence.tsx';

type Comparison = 'baseline' | 'peers';

/** A comparison's z and p, or why there are none. */
function TestCell({ side, testId }: { side: ShaveComparison; testId: string }) {
  const { t, i18n } = useTranslation();
  if (side.z === null || side.p_value === null) {
    return (
      <Typography.Text type="secondary" data-testid={testId}>
        {t('dashboard:reports.shave.notEnoughData')}
      </Typography.Text>
    );
  }
  return <span data-testid={testId}>{t('dashboard:reports.shave.test', { z: formatZ(side.z, i18n.language), p: formatP(side.p_value, i18n.language) })}</span>;
}

export function ShaveWatchTable({ watch }: { watch: ShaveWatch }) {
  const { t, i18n } = useTranslation();
  const comparisonColumns = (comparison: Comparison): TableColumnsType<ShaveDepartment> => [
    {
      key: `${comparison}-rate`,
      title: t('dashboard:reports.shave.columns.rate'),
      align: 'right',
      render: (_, department) => <span data-testid={`shave-${comparison}-rate`}>{formatShare(department[comparison], i18n.language)}</span>,
    },
    {
      key: `${comparison}-test`,
      title: t('dashboard:reports.shave.columns.test'),
      render: (_, department) => <TestCell side={department[comparison]} testId={`shave-${comparison}-test`} />,
    },
  ];
  const columns: TableColumnsType<ShaveDepartment> = [
    // The table scrolls sideways on a narrow screen; the department and what to do about it (flag, evidence) stay put.
    { key: 'label', dataIndex: 'label', title: t('dashboard:reports.shave.columns.department'), fixed: 'start' },
    { key: 'n', title: t('dashboard:reports.shave.columns.delivered'), align: 'right', render: (_, department) => formatCount(department.n, i18n.language) },
    { key: 'x', title: t('dashboard:reports.shave.columns.ftds'), align: 'right', render: (_, department) => formatCount(department.x, i18n.language) },
    { key: 'rate', title: t('dashboard:reports.shave.columns.ftdRate'), align: 'right', render: (_, department) => formatRate(department.rate, i18n.language) },
    { key: 'baseline', title: t('dashboard:reports.shave.columns.baseline', { weeks: watch.baseline_weeks }), children: comparisonColumns('baseline') },
    { key: 'peers', title: t('dashboard:reports.shave.columns.peers'), children: comparisonColumns('peers') },
    {
      key: 'flagged',
      title: t('dashboard:reports.shave.columns.flag'),
      fixed: 'end',
      render: (_, department) =>
        department.flagged ? (
          <Tag color="red" data-testid="shave-flagged">
            {t('dashboard:reports.shave.flagged')}
          </Tag>
        ) : null,
    },
    { key: 'evidence', title: t('dashboard:reports.shave.columns.evidence'), fixed: 'end', render: (_, department) => <ShaveEvidence watch={watch} departmentId={department.id} /> },
  ];
  return (
    <Table<ShaveDepartment>
      data-testid="shave-table"
      rowKey="id"
      size="small"
      bordered
      columns={columns}
      dataSource={watch.departments}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('dashboard:reports.shave.empty') }}
    />
  );
}
