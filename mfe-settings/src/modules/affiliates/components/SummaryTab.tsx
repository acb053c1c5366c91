/**
 * The "summary" tab of an affiliate company (docs/product.md#affiliate-intake-api): today and this week, both counted
 * in the company's time zone, with the leads it posted that were accepted and those refused, by reason.
 */
import { useTranslation } from 'react-i18next';
import { failedLeadReasonCodes, type AffiliateSummary } from '@crm/shared/contract';
import { Card, Col, Flex, LoadFailed, Progress, Row, Spin, Statistic, Typography, formatCount, theme } from '@crm/shared/ui';
import { useAffiliateSummaryQuery } from '../api/affiliateAccessApi.ts';

type Period = AffiliateSummary['today'];
type PeriodName = 'today' | 'week';

/**
 * The known reasons always, in one order, so today and this week line up row by row; a reason the API may add later
 * follows under its code rather than being dropped from the total's breakdown.
 */
function reasonRows(period: Period): { reason: string; count: number }[] {
  const countOf = new Map(period.refused.map((row) => [row.reason, row.count]));
  const known: readonly string[] = failedLeadReasonCodes;
  const others = period.refused.filter((row) => !known.includes(row.reason));
  return [...failedLeadReasonCodes.map((reason) => ({ reason, count: countOf.get(reason) ?? 0 })), ...others];
}

/** The period's start as the company's clock shows it (not the browser's): its local midnight. */
function periodStart(from: string, zone: string, language: string): string {
  return new Intl.DateTimeFormat(language, { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(from));
}

function PeriodCard({ name, period, zone }: { name: PeriodName; period: Period; zone: string }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const count = (value: number) => formatCount(value, i18n.language);
  const refused = period.refused.reduce((sum, row) => sum + row.count, 0);
  const total = period.accepted + refused;
  const acceptedShare = total === 0 ? 0 : Math.round((period.accepted / total) * 100);
  const testId = (part: string) => `affiliate-summary-${name}-${part}`;

  return (
    <Card size="small" title={t(`settings:affiliates.summary.${name}`)} data-testid={testId('card')}>
      <Typography.Text type="secondary" data-testid={testId('from')}>
        {t('settings:affiliates.summary.since', { from: periodStart(period.from, zone, i18n.language), zone })}
      </Typography.Text>
      <Flex gap="large" style={{ margin: '12px 0' }}>
        <Statistic title={t('settings:affiliates.summary.accepted')} value={period.accepted} formatter={() => count(period.accepted)} data-testid={testId('accepted')} />
        <Statistic title={t('settings:affiliates.summary.refused')} value={refused} formatter={() => count(refused)} data-testid={testId('refused')} />
      </Flex>
      {total === 0 ? (
        <Typography.Text type="secondary" data-testid={testId('share')}>
          {t('settings:affiliates.summary.noLeads')}
        </Typography.Text>
      ) : (
        <div data-testid={testId('share')}>
          <Progress percent={acceptedShare} showInfo={false} status="normal" strokeColor={token.colorSuccess} railColor={token.colorError} aria-hidden />
          <Typography.Text>{t('settings:affiliates.summary.share', { accepted: acceptedShare, refused: 100 - acceptedShare })}</Typography.Text>
        </div>
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('settings:affiliates.summary.byReason')}
      </Typography.Title>
      {reasonRows(period).map((row) => (
        <Flex key={row.reason} justify="space-between" data-testid={testId(`refused-${row.reason}`)}>
          <Typography.Text type={row.count === 0 ? 'secondary' : undefined}>{t(`settings:affiliates.summary.reasons.${row.reason}`, { defaultValue: row.reason })}</Typography.Text>
          <Typography.Text strong={row.count > 0} type={row.count === 0 ? 'secondary' : undefined}>
            {count(row.count)}
          </Typography.Text>
        </Flex>
      ))}
    </Card>
  );
}

export function SummaryTab({ companyId }: { companyId: number }) {
  const summary = useAffiliateSummaryQuery(companyId);
  if (summary.isError) return <LoadFailed retry={() => void summary.refetch()} testId="affiliate-summary-failed" />;
  if (!summary.data) return <Spin data-testid="affiliate-summary-loading" />;
  const { time_zone: zone, today, this_week: thisWeek } = summary.data.data;
  return (
    <Row gutter={[16, 16]} data-testid="affiliate-summary">
      <Col xs={24} lg={12}>
        <PeriodCard name="today" period={today} zone={zone} />
      </Col>
      <Col xs={24} lg={12}>
        <PeriodCard name="week" period={thisWeek} zone={zone} />
      </Col>
    </Row>
  );
}
