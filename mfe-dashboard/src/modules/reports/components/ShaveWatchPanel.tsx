/**
 * The shave watch (issue 35): is a broker hiding deposits? Each department's FTD rate of a week against its own weeks
 * before and against the other departments that received leads of the same affiliates and countries; the test is
 * stated under the controls. Week and horizon live in the URL (hooks/useShaveView.ts).
 */
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '@crm/shared';
import type { ShaveWatch } from '@crm/shared/contract';
import { Alert, Card, Flex, InputNumber, LoadFailed, Skeleton, Spin, Typography, WeekInput, formatDate, dateTimeFormat, refusalMessageOf } from '@crm/shared/ui';
import { useShaveWatchQuery, type ShaveWatchRequest } from '../api/shaveWatchApi.ts';
import { useShaveView } from '../hooks/useShaveView.ts';
import { horizonOf, maxHorizonDays } from '../shaveView.ts';
import { todayIn } from '../../statistics/statistics.ts';
import { ShaveWatchTable } from './ShaveWatchTable.tsx';

/** Coming back within a minute shows the cached figures; later they are asked for again. */
const refetchAfterSeconds = 60;

/**
 * The controls' widths (px): wide enough for the label, the whole value and the unit in English and German ("Woche
 * 16. Nov. 2026 – 22. Nov. 2026", "Horizont 180 Tage"); at their own default widths the week was cut short and the
 * horizon showed its unit but not its number.
 */
const weekWidth = 360;
const horizonWidth = 210;

function ShaveResult({ watch, fetching }: { watch: ShaveWatch; fetching: boolean }) {
  const { t } = useTranslation();
  const unsettled = Date.parse(watch.horizon_ends_at) > Date.now();
  return (
    <Spin spinning={fetching}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary" data-testid="shave-explanation">
          {t('dashboard:reports.shave.explanation', {
            weeks: watch.baseline_weeks,
            alpha: watch.alpha,
            minSample: watch.min_sample,
            minExpected: watch.min_expected_ftds,
            horizon: watch.horizon_days,
          })}
        </Typography.Text>
        {unsettled && (
          <Alert type="warning" showIcon data-testid="shave-unsettled" title={t('dashboard:reports.shave.unsettled', { until: formatDate(watch.horizon_ends_at, dateTimeFormat) })} />
        )}
        <Card styles={{ body: { padding: 0 } }}>
          <ShaveWatchTable watch={watch} />
        </Card>
      </Flex>
    </Spin>
  );
}

export function ShaveWatchPanel() {
  const { t } = useTranslation();
  const { view, timeZone, setView } = useShaveView();
  const request: ShaveWatchRequest = { ...(view.week ? { week: view.week } : {}), time_zone: timeZone, horizon_days: view.horizonDays };
  const watch = useShaveWatchQuery(request, { refetchOnMountOrArgChange: refetchAfterSeconds });
  const shown = watch.data?.data;
  const refusal = watch.isError ? refusalMessageOf(watch.error) : null;
  const fieldErrors = watch.isError ? Object.values(fieldErrorsOf(watch.error)) : [];

  return (
    <Flex vertical gap={16} data-testid="shave-watch">
      <Flex gap={16} wrap align="center">
        <WeekInput
          label={t('dashboard:reports.shave.week')}
          testId="shave-week"
          width={weekWidth}
          value={view.week ?? shown?.week}
          max={todayIn(timeZone)}
          onChange={(week) => setView({ ...view, week })}
        />
        <InputNumber<number>
          prefix={<Typography.Text type="secondary">{t('dashboard:reports.shave.horizon')}</Typography.Text>}
          suffix={t('dashboard:reports.shave.days')}
          aria-label={t('dashboard:reports.shave.horizon')}
          data-testid="shave-horizon"
          style={{ width: horizonWidth }}
          min={1}
          max={maxHorizonDays}
          precision={0}
          value={view.horizonDays}
          onChange={(days) => days !== null && setView({ ...view, horizonDays: horizonOf(days) })}
        />
        <Typography.Text type="secondary">{timeZone}</Typography.Text>
      </Flex>
      {watch.isError ? (
        refusal !== null ? (
          <Alert type="error" showIcon data-testid="shave-error" title={fieldErrors[0] ?? refusal} />
        ) : (
          <LoadFailed retry={() => void watch.refetch()} testId="shave-failed" />
        )
      ) : shown ? (
        <ShaveResult watch={shown} fetching={watch.isFetching} />
      ) : (
        <Card data-testid="shave-loading">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      )}
    </Flex>
  );
}
