/** The week's charts: leads, failed leads, sends, FTDs, FTDs per department and the combiner. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardStatistics } from '@crm/shared/contract';
import { Card, Col, Row } from '@crm/shared/ui';
import { useChartPalette } from '../hooks/useChartPalette.ts';
import { cardsByKey } from '../statistics.ts';
import { DepartmentCombiner } from './DepartmentCombiner.tsx';
import { WeeklyChart, type WeeklyChartProps } from './WeeklyChart.tsx';

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card title={title} style={{ height: '100%' }}>
      {children}
    </Card>
  );
}

export function WeeklyCharts({ statistics, categories }: { statistics: DashboardStatistics; categories: string[] }) {
  const { t } = useTranslation();
  const palette = useChartPalette();
  const cards = cardsByKey(statistics.cards);
  const metric = (key: 'sent_success' | 'sent_failure' | 'ftds') => t(`dashboard:metrics.${key}`);
  const charts: Omit<WeeklyChartProps, 'categories'>[] = [
    { name: 'leads', type: 'area', colors: [palette.cards.leads], series: [{ name: t('dashboard:series.leads'), data: cards.leads.values }] },
    { name: 'failed-leads', type: 'area', colors: [palette.cards.failed_leads], series: [{ name: t('dashboard:series.failed_leads'), data: cards.failed_leads.values }] },
    {
      name: 'sends',
      type: 'bar',
      colors: [palette.cards.sent_success, palette.cards.sent_failure],
      series: [
        { name: metric('sent_success'), data: cards.sent_success.values },
        { name: metric('sent_failure'), data: cards.sent_failure.values },
      ],
    },
    { name: 'ftds', type: 'bar', colors: [palette.cards.ftds], series: [{ name: metric('ftds'), data: cards.ftds.values }] },
  ];

  return (
    <Row gutter={[16, 16]}>
      {charts.map((chart) => (
        <Col key={chart.name} xs={24} xl={12}>
          <ChartCard title={t(`dashboard:charts.${chart.name}`)}>
            <WeeklyChart {...chart} categories={categories} />
          </ChartCard>
        </Col>
      ))}
      <Col xs={24}>
        <ChartCard title={t('dashboard:charts.department-ftds')}>
          <WeeklyChart
            name="department-ftds"
            type="bar"
            stacked
            colors={palette.many}
            categories={categories}
            series={statistics.departments.map((department) => ({ name: department.label, data: department.ftds }))}
          />
        </ChartCard>
      </Col>
      <Col xs={24}>
        <DepartmentCombiner departments={statistics.departments} categories={categories} />
      </Col>
    </Row>
  );
}
