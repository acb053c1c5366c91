/**
 * The Reports page's report (issue 35): the lead flow of a range of local days, grouped by one or two keys — the chosen
 * metric as a chart, every metric in a table with its totals, each group a link to its leads. Range, grouping and
 * metric live in the URL; saved presets and the export work from it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '@crm/shared';
import type { Report, ReportMetricKey } from '@crm/shared/contract';
import { Alert, Card, Empty, Flex, LoadFailed, Skeleton, Spin, Typography, formatDate, refusalMessageOf } from '@crm/shared/ui';
import { useReportQuery } from '../api/reportsApi.ts';
import { useReportView } from '../hooks/useReportView.ts';
import { shownSort, type ReportTableSort } from '../reportRows.ts';
import { reportQueryOf } from '../reportView.ts';
import { ReportChart } from './ReportChart.tsx';
import { ReportExport } from './ReportExport.tsx';
import { ReportFilters, type FilterErrors } from './ReportFilters.tsx';
import { ReportPresets } from './ReportPresets.tsx';
import { ReportTable } from './ReportTable.tsx';

/** Coming back within a minute shows the cached report; later it is asked for again. */
const refetchAfterSeconds = 60;

/** The controls each refused query field belongs to (`group_by.1` is the second grouping's). */
const controlOf: Record<string, keyof FilterErrors> = { from: 'days', to: 'days', time_zone: 'days', group_by: 'group_by' };

/** The API's messages under the controls they concern; whether any message concerns none of them. */
function placeQueryErrors(errors: Record<string, string>): { controls: FilterErrors; unplaced: boolean } {
  const controls: FilterErrors = {};
  let unplaced = false;
  for (const [field, message] of Object.entries(errors)) {
    const control = controlOf[field.split('.')[0] ?? ''];
    if (control) controls[control] ??= message;
    else unplaced = true;
  }
  return { controls, unplaced };
}

type ResultProps = { report: Report; metric: ReportMetricKey; fetching: boolean; sort: ReportTableSort | null; onSortChange(sort: ReportTableSort | null): void };

function ReportResult({ report, metric, fetching, sort, onSortChange }: ResultProps) {
  const { t } = useTranslation();
  if (report.rows.length === 0) {
    return (
      <Card>
        <Empty data-testid="reports-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard:reports.empty')} />
      </Card>
    );
  }
  return (
    <Spin spinning={fetching}>
      <Flex vertical gap={16}>
        <Card title={t(`dashboard:reports.metrics.${metric}`)}>
          <ReportChart report={report} metric={metric} />
        </Card>
        <Card styles={{ body: { padding: 0 } }}>
          <ReportTable report={report} sort={sort} onSortChange={onSortChange} />
        </Card>
      </Flex>
    </Spin>
  );
}

export function ReportPanel() {
  const { t } = useTranslation();
  const state = useReportView();
  const request = reportQueryOf(state.view, state.timeZone);
  const report = useReportQuery(request, { refetchOnMountOrArgChange: refetchAfterSeconds });
  const refusal = report.isError ? refusalMessageOf(report.error) : null;
  const { controls, unplaced } = report.isError ? placeQueryErrors(fieldErrorsOf(report.error)) : { controls: {}, unplaced: false };
  const placed = Object.keys(controls).length > 0;
  // The table's sort lives here, not in the table, so the export downloads the rows in the order they are shown.
  const [sort, setSort] = useState<ReportTableSort | null>(null);
  const sortOnShow = shownSort(sort, state.view.groupBy);

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary" data-testid="reports-range">
          {t('dashboard:range', { from: formatDate(state.view.from), to: formatDate(state.view.to), timeZone: state.timeZone })}
        </Typography.Text>
        <Flex gap={8} align="center" wrap>
          <ReportPresets state={state} />
          <ReportExport request={request} sort={sortOnShow} disabled={!report.currentData} />
        </Flex>
      </Flex>
      <Card>
        <ReportFilters state={state} errors={controls} />
      </Card>
      {report.isError ? (
        refusal !== null ? (
          // A refused query: what the API said, under the controls it concerns, else here.
          <Alert type="error" showIcon data-testid="reports-error" title={placed && !unplaced ? t('dashboard:reports.checkFields') : refusal} />
        ) : (
          <LoadFailed retry={() => void report.refetch()} testId="reports-failed" />
        )
      ) : report.data ? (
        <ReportResult report={report.data.data} metric={state.view.metric} fetching={report.isFetching} sort={sortOnShow} onSortChange={setSort} />
      ) : (
        <Card data-testid="reports-loading">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      )}
    </Flex>
  );
}
