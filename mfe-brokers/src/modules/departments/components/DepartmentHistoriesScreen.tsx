/**
 * `broker/department/:id/histories/view`: the department's summary, then what was sent to it and what its
 * broker reported back, each a paginated tab.
 */
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Result, Space, Tabs } from '@crm/shared/ui';
import { parseRouteId } from '@crm/shared/routes';
import { useDepartmentSummaryQuery } from '../api/departmentHistoriesApi.ts';
import { BrokerHistoryTable } from './BrokerHistoryTable.tsx';
import { DepartmentSummaryCard } from './DepartmentSummaryCard.tsx';
import { SendHistoryTable } from './SendHistoryTable.tsx';

function DepartmentHistories({ departmentId }: { departmentId: number }) {
  const { t } = useTranslation();
  const summary = useDepartmentSummaryQuery(departmentId);
  if (summary.isError && 'status' in summary.error && summary.error.status === 404) {
    return <Result status="404" title={t('brokers:histories.notFound')} data-testid="department-not-found" />;
  }
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <DepartmentSummaryCard summary={summary.data?.data} loading={summary.isLoading} />
      <Tabs
        destroyOnHidden
        items={[
          { key: 'send', label: t('brokers:histories.tabs.send'), children: <SendHistoryTable departmentId={departmentId} /> },
          { key: 'broker', label: t('brokers:histories.tabs.broker'), children: <BrokerHistoryTable departmentId={departmentId} /> },
        ]}
      />
    </Space>
  );
}

export function DepartmentHistoriesScreen() {
  const { t } = useTranslation();
  const departmentId = parseRouteId(useParams().id);
  if (departmentId === null) return <Result status="404" title={t('brokers:histories.notFound')} data-testid="department-not-found" />;
  return <DepartmentHistories departmentId={departmentId} />;
}
