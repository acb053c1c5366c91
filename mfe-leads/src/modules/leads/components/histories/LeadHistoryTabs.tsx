/** The profile's history tabs (data, status, send, broker), each its own server-paginated list. */
import { useTranslation } from 'react-i18next';
import { Tabs } from '@crm/shared/ui';
import { BrokerHistoryTab } from './BrokerHistoryTab.tsx';
import { DistributionTab } from './DistributionTab.tsx';
import { DataHistoryTab } from './DataHistoryTab.tsx';
import { SendHistoryTab } from './SendHistoryTab.tsx';
import { StatusHistoryTab } from './StatusHistoryTab.tsx';

export function LeadHistoryTabs({ leadId }: { leadId: number }) {
  const { t } = useTranslation('leads');
  return (
    <Tabs
      data-testid="lead-history-tabs"
      items={[
        { key: 'data', label: <span data-testid="lead-tab-data">{t('leads.profile.tabs.data')}</span>, children: <DataHistoryTab leadId={leadId} /> },
        { key: 'status', label: <span data-testid="lead-tab-status">{t('leads.profile.tabs.status')}</span>, children: <StatusHistoryTab leadId={leadId} /> },
        { key: 'send', label: <span data-testid="lead-tab-send">{t('leads.profile.tabs.send')}</span>, children: <SendHistoryTab leadId={leadId} /> },
        {
          key: 'distribution',
          label: <span data-testid="lead-tab-distribution">{t('leads.profile.tabs.distribution')}</span>,
          children: <DistributionTab leadId={leadId} />,
        },
        { key: 'broker', label: <span data-testid="lead-tab-broker">{t('leads.profile.tabs.broker')}</span>, children: <BrokerHistoryTab leadId={leadId} /> },
      ]}
    />
  );
}
