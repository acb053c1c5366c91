/**
 * One small card (docs/product.md#dashboard): the week's total, its change against the seven days
 * before with an up or down marker, and the seven days as a sparkline.
 */
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardCard, DashboardCardKey } from '@crm/shared/contract';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  Card,
  CloseCircleOutlined,
  DollarOutlined,
  Flex,
  MinusOutlined,
  SendOutlined,
  Statistic,
  StopOutlined,
  TeamOutlined,
  Tooltip,
  Typography,
  formatCount,
  theme,
} from '@crm/shared/ui';
import { useChartPalette } from '../hooks/useChartPalette.ts';
import { formatPercentage, isGoodTrend, trendOf, type Trend } from '../statistics.ts';
import { ApexChart } from './ApexChart.tsx';
import { sparklineOptions } from './chartOptions.ts';

const cardIcons: Record<DashboardCardKey, ComponentType> = {
  leads: TeamOutlined,
  failed_leads: StopOutlined,
  sent_success: SendOutlined,
  sent_failure: CloseCircleOutlined,
  ftds: DollarOutlined,
};

const trendIcons: Record<Trend, ComponentType<{ 'aria-label': string }>> = {
  increase: ArrowUpOutlined,
  decrease: ArrowDownOutlined,
  unchanged: MinusOutlined,
};

const sparklineHeight = 56;

function TrendMarker({ card }: { card: DashboardCard }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const trend = trendOf(card);
  const good = isGoodTrend(card.key, trend);
  const Icon = trendIcons[trend];
  const color = good === null ? token.colorTextSecondary : good ? token.colorSuccess : token.colorError;
  return (
    <Tooltip title={t('dashboard:cards.previous', { value: formatCount(card.previous, i18n.language) })}>
      <Flex gap={4} align="center" data-trend={trend} style={{ color, fontWeight: 500 }}>
        <Icon aria-label={t(`dashboard:trend.${trend}`)} />
        <span data-testid={`dashboard-card-${card.key}-percentage`}>{formatPercentage(card.percentage, i18n.language)}</span>
      </Flex>
    </Tooltip>
  );
}

export function StatCard({ card, dayLabels }: { card: DashboardCard; dayLabels: string[] }) {
  const { t, i18n } = useTranslation();
  const palette = useChartPalette();
  const color = palette.cards[card.key];
  const Icon = cardIcons[card.key];
  const label = t(`dashboard:cards.${card.key}`);
  return (
    <Card data-testid={`dashboard-card-${card.key}`} style={{ height: '100%' }} styles={{ body: { paddingBottom: 8 } }}>
      <Statistic
        title={
          <Flex gap={8} align="center">
            <span style={{ color }} aria-hidden>
              <Icon />
            </span>
            {label}
          </Flex>
        }
        value={card.value}
        formatter={() => (
          <span data-testid={`dashboard-card-${card.key}-value`} data-value={card.value}>
            {formatCount(card.value, i18n.language)}
          </span>
        )}
      />
      <Flex gap={6} align="center" wrap>
        <TrendMarker card={card} />
        <Typography.Text type="secondary">{t('dashboard:cards.comparison')}</Typography.Text>
      </Flex>
      <div style={{ marginTop: 8 }}>
        <ApexChart
          type="area"
          height={sparklineHeight}
          series={[{ name: label, data: card.values }]}
          options={sparklineOptions({ categories: dayLabels, colors: [color], fontFamily: palette.fontFamily, textColor: palette.textColor, language: i18n.language })}
        />
      </div>
    </Card>
  );
}
