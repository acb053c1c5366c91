/**
 * The lead's automatic distribution (issue 33): its state with the last reason, the rule, the attempts, and every
 * verdict in order grouped by broker call (department, verdict, detail, when). A lead never queued says so.
 */
import { useTranslation } from 'react-i18next';
import { Descriptions, Empty, Skeleton, Table, Tag, Typography, renderCell } from '@crm/shared/ui';
import type { DistributionDecision, LeadDistribution } from '@crm/shared/contract';
import { useLeadDistributionQuery } from '../../api/leadsApi.ts';

const stateColors = { pending: 'blue', delivered: 'green', held: 'orange', unassigned: 'red', timeout: 'purple' } as const;

function stateLine(distribution: LeadDistribution, t: (key: string, options?: Record<string, unknown>) => string): string {
  const state = t(`leads.search.distribution.${distribution.state ?? 'pending'}`);
  if (distribution.state === 'delivered') return `${state}: ${distribution.delivered_department?.label ?? ''}`;
  return distribution.reason ? `${state}: ${distribution.reason}` : state;
}

/**
 * Whether the verdicts numbered `attempt` led to a broker call: they carry the number of the call they lead to, so the
 * last group of a lead that stopped without one (held, unassigned, the most attempts made) has no call of its own.
 */
const calledIn = (distribution: LeadDistribution, attempt: number): boolean => distribution.decisions.some((decision) => decision.attempt === attempt && decision.code === 'PICKED');

export function DistributionTab({ leadId }: { leadId: number }) {
  const { t } = useTranslation('leads');
  const { t: common } = useTranslation();
  const query = useLeadDistributionQuery(leadId);
  const distribution = query.data?.data;
  if (!distribution) return <Skeleton active />;
  if (distribution.state === null) return <Empty data-testid="lead-distribution-empty" description={t('leads.profile.distribution.none')} />;
  const attempts = [...new Set(distribution.decisions.map((decision) => decision.attempt))];
  return (
    <div data-testid="lead-distribution">
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('leads.profile.distribution.state')}>
          <Tag color={stateColors[distribution.state]} data-testid="lead-distribution-state">
            {stateLine(distribution, t)}
          </Tag>
        </Descriptions.Item>
        {distribution.state === 'held' && distribution.next_attempt_at && (
          <Descriptions.Item label={t('leads.profile.distribution.next_try')}>{renderCell('datetime', distribution.next_attempt_at, common)}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('leads.profile.distribution.rule')}>
          <span data-testid="lead-distribution-rule">{distribution.rule_name ?? (distribution.rule_id === null ? '—' : `#${distribution.rule_id}`)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('leads.profile.distribution.attempts')}>
          <span data-testid="lead-distribution-attempts">{distribution.attempts}</span>
        </Descriptions.Item>
      </Descriptions>
      {attempts.map((attempt) => (
        <div key={attempt} data-testid={`lead-distribution-attempt-${attempt}`}>
          <Typography.Title level={5}>{calledIn(distribution, attempt) ? t('leads.profile.distribution.attempt', { attempt }) : t('leads.profile.distribution.no_call')}</Typography.Title>
          <Table<DistributionDecision>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={distribution.decisions.filter((decision) => decision.attempt === attempt)}
            columns={[
              { key: 'department', title: t('leads.profile.history.department'), render: (_value, row) => row.department?.label ?? '—' },
              { key: 'code', title: t('leads.profile.distribution.verdict'), render: (_value, row) => <Tag>{t(`leads.profile.distribution.verdicts.${row.code}`)}</Tag> },
              { key: 'detail', title: t('leads.profile.distribution.detail'), render: (_value, row) => row.detail },
              { key: 'at', title: t('leads.profile.history.when'), render: (_value, row) => renderCell('datetime', row.at, common) },
            ]}
          />
        </div>
      ))}
    </div>
  );
}
