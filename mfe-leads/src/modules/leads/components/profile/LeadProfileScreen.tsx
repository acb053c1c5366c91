/**
 * `lead/single/:id`: the lead's fields in groups, its actions, and its history tabs. A lead that does
 * not exist (or an id that cannot be one) shows "Lead not found" with a way back to the search.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { Button, Card, Flex, LoadFailed, PageTitle, Result, Skeleton, Space, Typography, isNotFound, renderCell } from '@crm/shared/ui';
import type { LeadDetail } from '@crm/shared/contract';
import { useLeadProfileQuery } from '../../api/leadsApi.ts';
import { parseRouteId, routeUrl } from '@crm/shared/routes';
import { LeadHistoryTabs } from '../histories/LeadHistoryTabs.tsx';
import { LeadDetailCards } from './LeadDetailCards.tsx';
import { LeadProfileActions } from './LeadProfileActions.tsx';

function NotFound() {
  const { t } = useTranslation('leads');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('leads.profile.not_found')}
      data-testid="lead-not-found"
      extra={
        <Button type="primary" onClick={() => navigate(routeUrl('lead/search'))}>
          {t('leads.profile.back_to_search')}
        </Button>
      }
    />
  );
}

function Profile({ lead }: { lead: LeadDetail }) {
  const { t } = useTranslation('leads');
  const common = (key: string) => t(`common:${key}`);
  const fullName = [lead.name, lead.surname].filter(Boolean).join(' ') || lead.email || lead.phone_normalized || lead.lead_id;
  return (
    <Flex vertical gap="middle" data-testid="lead-profile">
      <Card>
        <Flex justify="space-between" align="center" wrap gap="middle">
          <Flex vertical>
            <PageTitle testId="lead-profile-title">{fullName}</PageTitle>
            <Space>
              <Typography.Text type="secondary">{lead.lead_id}</Typography.Text>
              <span data-testid="lead-profile-status">{renderCell('status', lead.status, common)}</span>
            </Space>
          </Flex>
          <LeadProfileActions lead={lead} />
        </Flex>
      </Card>
      <LeadDetailCards lead={lead} />
      <Card title={t('leads.profile.histories')}>
        <LeadHistoryTabs leadId={lead.id} />
      </Card>
    </Flex>
  );
}

export function LeadProfileScreen() {
  const leadId = parseRouteId(useParams().id);
  const lead = useLeadProfileQuery(leadId ?? skipToken, { refetchOnMountOrArgChange: true });

  if (leadId === null || isNotFound(lead.error)) return <NotFound />;
  if (lead.error) {
    return <LoadFailed retry={() => void lead.refetch()} />;
  }
  if (!lead.data) return <Skeleton active />;
  return <Profile lead={lead.data.data} />;
}
