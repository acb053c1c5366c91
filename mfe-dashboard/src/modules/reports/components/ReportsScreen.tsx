/**
 * `/reports` (issue 35): two tabs, the report (the lead flow, grouped) and the shave watch (brokers' FTD rates that
 * fall). The tab is in the URL (`?tab=shave`); only the tab on show is mounted, as each keeps its own query there.
 */
import { useTranslation } from 'react-i18next';
import { Flex, PageTitle, Tabs } from '@crm/shared/ui';
import { useReportsTab } from '../hooks/useShaveView.ts';
import { ReportPanel } from './ReportPanel.tsx';
import { ShaveWatchPanel } from './ShaveWatchPanel.tsx';

export function ReportsScreen() {
  const { t } = useTranslation();
  const { tab, setTab } = useReportsTab();
  return (
    <Flex vertical gap={8} data-testid="reports-page">
      <PageTitle>{t('menu.reports')}</PageTitle>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key === 'shave' ? 'shave' : 'report')}
        items={[
          { key: 'report', label: t('dashboard:reports.tabs.report'), children: tab === 'report' ? <ReportPanel /> : null },
          { key: 'shave', label: t('dashboard:reports.tabs.shave'), children: tab === 'shave' ? <ShaveWatchPanel /> : null },
        ]}
      />
    </Flex>
  );
}
