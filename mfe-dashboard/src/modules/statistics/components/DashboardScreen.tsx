/**
 * `/dashboard`: the last seven days in the browser's time zone — five small cards, then the week's charts,
 * or 'Statistics not found' in their place when nothing happened at all.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { browserTimeZone } from '@crm/shared';
import type { DashboardStatistics } from '@crm/shared/contract';
import { Button, Card, Col, Flex, formatDate, Grid, LabelledDateInput, LoadFailed, PageTitle, ReloadOutlined, Row, Skeleton, Typography } from '@crm/shared/ui';
import { useDashboardStatisticsQuery } from '../api/dashboardApi.ts';
import { useWeekEnding } from '../hooks/useWeekEnding.ts';
import { cardKeys, cardsByKey, dayLabels, isEmptyWeek, todayIn } from '../statistics.ts';
import { EmptyStatistics } from './EmptyStatistics.tsx';
import { StatCard } from './StatCard.tsx';
import { WeeklyCharts } from './WeeklyCharts.tsx';

/** Coming back to the page within a minute shows the cached week; later it asks again. */
const refetchAfterSeconds = 60;

/**
 * The five cards fill their rows at every width: one row of five from a laptop's width up, two per row with the last
 * one across on a tablet, one per row on a phone (a 3 + 2 grid left a hole beside the last two).
 */
function CardGrid({ children }: { children: ReactNode[] }) {
  const screens = Grid.useBreakpoint();
  const columns = screens.lg ? 5 : screens.sm ? 2 : 1;
  return (
    <div data-testid="dashboard-cards" style={{ display: 'grid', gap: 16, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
      {children.map((child, index) => (
        <div key={index} style={columns === 2 && index === children.length - 1 ? { gridColumn: '1 / -1' } : undefined}>
          {child}
        </div>
      ))}
    </div>
  );
}

function LoadingWeek() {
  return (
    <Flex vertical gap={16} data-testid="dashboard-loading">
      <CardGrid>
        {cardKeys.map((key) => (
          <Card key={key}>
            <Skeleton active paragraph={{ rows: 3 }} />
          </Card>
        ))}
      </CardGrid>
      <Row gutter={[16, 16]}>
        {[0, 1].map((index) => (
          <Col key={index} xs={24} xl={12}>
            <Card>
              <Skeleton active paragraph={{ rows: 6 }} />
            </Card>
          </Col>
        ))}
      </Row>
    </Flex>
  );
}

function Week({ statistics }: { statistics: DashboardStatistics }) {
  const cards = cardsByKey(statistics.cards);
  const categories = dayLabels(statistics.days);
  return (
    <Flex vertical gap={16}>
      <CardGrid>
        {cardKeys.map((key) => (
          <StatCard key={key} card={cards[key]} dayLabels={categories} />
        ))}
      </CardGrid>
      {isEmptyWeek(statistics) ? (
        <Card>
          <EmptyStatistics testId="dashboard-empty" minHeight={240} />
        </Card>
      ) : (
        <WeeklyCharts statistics={statistics} categories={categories} />
      )}
    </Flex>
  );
}

export function DashboardScreen() {
  const { t } = useTranslation();
  const timeZone = browserTimeZone();
  const [weekEnding, setWeekEnding] = useWeekEnding();
  const statistics = useDashboardStatisticsQuery({ time_zone: timeZone, ...(weekEnding ? { date: weekEnding } : {}) }, { refetchOnMountOrArgChange: refetchAfterSeconds });
  const week = statistics.data?.data;
  const retry = () => void statistics.refetch();

  return (
    <Flex vertical gap={16} data-testid="dashboard-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <div>
          <PageTitle>{t('menu.dashboard')}</PageTitle>
          {week && (
            <Typography.Text type="secondary" data-testid="dashboard-range">
              {t('dashboard:range', { from: formatDate(week.days[0]), to: formatDate(week.days.at(-1)), timeZone: week.time_zone })}
            </Typography.Text>
          )}
        </div>
        <Flex gap={8} align="center">
          <LabelledDateInput
            label={t('dashboard:weekEnding')}
            testId="dashboard-week-ending"
            width={230}
            max={todayIn(timeZone)}
            // Without a day in the URL, the last day of the week shown (this week's, today).
            value={weekEnding || (week?.days.at(-1) ?? '')}
            onChange={setWeekEnding}
          />
          <Button icon={<ReloadOutlined />} onClick={retry} loading={statistics.isFetching} disabled={statistics.isLoading}>
            {t('dashboard:refresh')}
          </Button>
        </Flex>
      </Flex>
      {week ? <Week statistics={week} /> : statistics.isError ? <LoadFailed retry={retry} testId="dashboard-error" /> : <LoadingWeek />}
    </Flex>
  );
}
