/**
 * The counts of a dry run or of a finished import, each row in one box (they add up to the rows); the figures are
 * also data attributes for browser tests.
 */
import { useTranslation } from 'react-i18next';
import { Card, Col, Flex, Row, Statistic, Tag } from '@crm/shared/ui';
import type { ImportReport } from '@crm/shared/contract';
import { invalidByReason, reportFigures } from '../request/reportCounts.ts';

const attributeNames = {
  rows: 'data-rows',
  valid: 'data-valid',
  invalid: 'data-invalid',
  duplicates: 'data-duplicates',
  blacklisted: 'data-blacklisted',
  blankLines: 'data-blank-lines',
} as const;

export function reportAttributes(report: ImportReport): Record<string, number> {
  return Object.fromEntries(reportFigures(report).map(([name, value]) => [attributeNames[name], value]));
}

export function ImportReportView({ report, title, testId }: { report: ImportReport; title: string; testId: string }) {
  const { t } = useTranslation('leads');
  const reasons = invalidByReason(report);
  return (
    <div data-testid={testId} {...reportAttributes(report)}>
      <Card size="small" title={title} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          {reportFigures(report).map(([name, value]) => (
            <Col key={name} xs={12} md={4} data-testid={`${testId}-${name}`}>
              <Statistic title={t(`leads.import.report.${name}`)} value={value} />
            </Col>
          ))}
        </Row>
        {reasons.length > 1 && (
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
