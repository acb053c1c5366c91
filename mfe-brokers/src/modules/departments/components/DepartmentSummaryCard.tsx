import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DepartmentSummary } from '@crm/shared/contract';
import { Card, Col, Descriptions, PageTitle, Row, Skeleton, Statistic, renderCell } from '@crm/shared/ui';
import { routeUrl } from '@crm/shared/routes';
import { departmentLabel } from '../departmentScreen.tsx';

/** The histories page's header: which department, through which integration, and its totals. */
export function DepartmentSummaryCard({ summary, loading }: { summary: DepartmentSummary | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const department = summary?.department;
  return (
    <Card
      data-testid="department-summary"
      title={<PageTitle inCard>{department ? departmentLabel(department) : t('menu.brokers.departmentHistories')}</PageTitle>}
      extra={<Link to={routeUrl('broker/department/search')}>{t('brokers:histories.backToDepartments')}</Link>}
    >
      {loading || !summary || !department ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Row gutter={[24, 16]}>
          <Col xs={24} lg={12}>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t('brokers:departments.fields.send_integration')}>{department.send_integration?.name ?? t('brokers:departments.noIntegration')}</Descriptions.Item>
              <Descriptions.Item label={t('brokers:fields.is_active')}>{renderCell('boolean', department.is_active, t)}</Descriptions.Item>
            </Descriptions>
          </Col>
          <Col xs={8} lg={4}>
            <Statistic title={t('brokers:histories.totals.sent')} value={summary.sent} data-testid="department-summary-sent" />
          </Col>
          <Col xs={8} lg={4}>
            <Statistic title={t('brokers:histories.totals.failed')} value={summary.failed} data-testid="department-summary-failed" />
          </Col>
          <Col xs={8} lg={4}>
            <Statistic title={t('brokers:histories.totals.ftds')} value={summary.ftds} data-testid="department-summary-ftds" />
          </Col>
        </Row>
      )}
    </Card>
  );
}
