/** The counts of a dry run or of a finished import; the figures are also data attributes for browser tests. */
import { useTranslation } from 'react-i18next';
import { Card, Col, Flex, Row, Statistic, Tag } from '@crm/shared/ui';
import type { ImportReport } from '@crm/shared/contract';
import { invalidByReason, invalidTotal } from '../request/reportCounts.ts';

export function reportAttributes(report: ImportReport) {
  return {
    'data-rows': report.rows,
    'data-valid': report.valid,
    'data-invalid': invalidTotal(report),
    'data-duplicates': report.duplicates,
    'data-blacklisted': report.blacklisted,
  };
}

export function ImportReportView({ report, title, testId }: { report: ImportReport; title: string; testId: string }) {
  const { t } = useTranslation('leads');
  const figures = [
    ['rows', report.rows],
    ['valid', report.valid],
    ['invalid', invalidTotal(report)],
    ['duplicates', report.duplicates],
    ['blacklisted', report.blacklisted],
  ] as const;
  const reasons = invalidByReason(report);
  return (
    <div data-testid={testId} {...reportAttributes(report)}>
      <Card size="small" title={title} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          {figures.map(([name, value]) => (
            <Col key={name} xs={12} md={4}>
              <Statistic title={t(`leads.import.report.${name}`)} value={value} />
            </Col>
          ))}
        </Row>
        {reasons.length > 0 && (
          <Flex wrap gap="small" align="center" style={{ marginTop: 12 }}>
            <span>{t('leads.import.report.byReason')}:</span>
            {reasons.map(({ reason, count }) => (
              <Tag key={reason} data-testid={`lead-import-reason-${reason}`}>
                {t(`leads.failed.reasons.${reason}`)}: {count}
              </Tag>
            ))}
          </Flex>
        )}
      </Card>
    </div>
  );
}
