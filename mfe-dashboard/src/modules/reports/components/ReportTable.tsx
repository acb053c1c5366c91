/**
 * The report as a table: a column per grouping key, then every metric; the totals below as the table's summary, so
 * they stay put while the rows are sorted (on the page, every column). Key cells and accepted counts lead to the lead
 * search showing those leads, for those who may open it (lead.view).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAccess } from '@crm/shared';
import type { FailedLeadReasonCode, Report, ReportMetricKey, ReportMetrics, ReportRow, ReportSearch, ReportSortColumn, failedLeadReasonCodes } from '@crm/shared/contract';
import { Table, Tooltip, Typography, formatCount, type TableColumnsType, type TableProps } from '@crm/shared/ui';
import { formatMetric, metricValue } from '../reportFormat.ts';
import { compareByKey, compareByMetric, keyLabelOf, leadSearchHref, rowKeyOf, rowSearch, type ReportTableSort } from '../reportRows.ts';
import { metricKeys } from '../reportView.ts';

/** The refusal reasons in the failed-lead list's order (held to the contract's, as reportView.ts does). */
const reasonCodes = ['INVALID', 'DUPLICATE', 'BLACKLISTED', 'UNKNOWN_SOURCE', 'UNKNOWN_STATUS', 'CAP_REACHED'] as const satisfies typeof failedLeadReasonCodes;

const pageSizes = [50, 100, 500];

function DrillDown({ search, testId, children }: { search: ReportSearch | null; testId: string; children: ReactNode }) {
  const { can } = useAccess();
  if (!search || !can('lead.view')) return <>{children}</>;
  return (
    <Link to={leadSearchHref(search)} data-testid={testId}>
      {children}
    </Link>
  );
}

/** Refused leads: the total, and per reason in its tooltip (reasons without a lead left out). */
function RefusedCount({ metrics }: { metrics: ReportMetrics }) {
  const { t, i18n } = useTranslation();
  const reasons = reasonCodes.filter((code: FailedLeadReasonCode) => (metrics.refused_by_reason[code] ?? 0) > 0);
  const total = formatCount(metrics.refused, i18n.language);
  if (reasons.length === 0) return <>{total}</>;
  const breakdown = (
    <div data-testid="report-refused-reasons">
      {reasons.map((code) => (
        <div key={code}>
          {t(`dashboard:reports.reasons.${code}`)}: {formatCount(metrics.refused_by_reason[code] ?? 0, i18n.language)}
        </div>
      ))}
    </div>
  );
  return (
    <Tooltip title={breakdown}>
      <Typography.Text underline style={{ cursor: 'help' }} tabIndex={0}>
        {total}
      </Typography.Text>
    </Tooltip>
  );
}

/** One metric of a row or of the totals; `search` makes the accepted count a link to those leads. */
function MetricCell({ metrics, metric, search }: { metrics: ReportMetrics; metric: ReportMetricKey; search: ReportSearch | null }) {
  const { i18n } = useTranslation();
  const text = formatMetric(metric, metricValue(metrics, metric), i18n.language);
  return (
    <span data-testid={`report-${metric}`}>
      {metric === 'refused' ? (
        <RefusedCount metrics={metrics} />
      ) : metric === 'accepted' ? (
        <DrillDown search={search} testId="report-accepted-link">
          {text}
        </DrillDown>
      ) : (
        text
      )}
    </span>
  );
}

type Props = {
  report: Report;
  /** The sort on show, kept by the page so the export follows it (null: the report's own order). */
  sort: ReportTableSort | null;
  onSortChange(sort: ReportTableSort | null): void;
};

/** A column's sort as antd draws it: only the sorted column shows its arrow. */
const sortOrderOf = (sort: ReportTableSort | null, column: ReportSortColumn) => (sort?.column === column ? (sort.order === 'asc' ? 'ascend' : 'descend') : null);

export function ReportTable({ report, sort, onSortChange }: Props) {
  const { t } = useTranslation();
  const keyColumns: TableColumnsType<ReportRow> = report.group_by.map((grouping, index) => ({
    key: grouping,
    title: t(`dashboard:reports.groupings.${grouping}`),
    sorter: compareByKey(index, grouping),
    sortOrder: sortOrderOf(sort, grouping),
    render: (_, row) => {
      const key = row.keys[index];
      if (!key) return null;
      return (
        <span data-testid={`report-key-${grouping}`}>
          <DrillDown search={rowSearch(report, row)} testId="report-key-link">
            {keyLabelOf(key, t('dashboard:reports.none'))}
          </DrillDown>
        </span>
      );
    },
  }));
  const metricColumns: TableColumnsType<ReportRow> = metricKeys.map((metric) => ({
    key: metric,
    title: t(`dashboard:reports.metrics.${metric}`),
    align: 'right',
    sorter: compareByMetric(metric),
    sortOrder: sortOrderOf(sort, metric),
    render: (_, row) => <MetricCell metrics={row} metric={metric} search={metric === 'accepted' ? rowSearch(report, row) : null} />,
  }));

  const columns = [...keyColumns, ...metricColumns];
  // One column sorts at a time; its key is the column's name (a metric or a grouping), as the export takes it.
  const changeSort: TableProps<ReportRow>['onChange'] = (_pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const sortable: readonly ReportSortColumn[] = [...report.group_by, ...metricKeys];
    const column = sortable.find((candidate) => candidate === single?.columnKey);
    const order = single?.order;
    onSortChange(column && order ? { column, order: order === 'ascend' ? 'asc' : 'desc' } : null);
  };

  return (
    <Table<ReportRow>
      data-testid="reports-table"
      aria-label={t('dashboard:reports.table')}
      size="small"
      rowKey={rowKeyOf}
      columns={columns}
      onChange={changeSort}
      dataSource={report.rows}
      scroll={{ x: 'max-content' }}
      pagination={{ defaultPageSize: pageSizes[0], pageSizeOptions: pageSizes, showSizeChanger: true, hideOnSinglePage: true }}
      summary={() => (
        <Table.Summary>
          <Table.Summary.Row data-testid="reports-totals">
            <Table.Summary.Cell index={0} colSpan={keyColumns.length}>
              <Typography.Text strong>{t('dashboard:reports.total')}</Typography.Text>
            </Table.Summary.Cell>
            {metricKeys.map((metric, index) => (
              <Table.Summary.Cell key={metric} index={keyColumns.length + index} align="right">
                <Typography.Text strong>
                  <MetricCell metrics={report.totals} metric={metric} search={metric === 'accepted' ? report.search : null} />
                </Typography.Text>
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        </Table.Summary>
      )}
    />
  );
}
