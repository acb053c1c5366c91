/** The delivery log of a company's postbacks: each event, newest first, with its state, attempts and last answer. */
import { useTranslation } from 'react-i18next';
import { Card, DataTable, LeadProfileLink, ListHeader, Select, Tag, useListState } from '@crm/shared/ui';
import { affiliatePostbackEvents, affiliatePostbackStates, type AffiliatePostbackDelivery, type AffiliatePostbackState } from '@crm/shared/contract';
import { useAffiliatePostbackDeliveriesQuery } from './api/postbacksApi.ts';

const stateColors: Record<AffiliatePostbackState, string> = { pending: 'gold', delivered: 'green', failed: 'red' };

export function PostbackDeliveryLog({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const listState = useListState<'event' | 'state'>();
  const log = useAffiliatePostbackDeliveriesQuery({ companyId, params: listState.params });
  const filter = (name: 'event' | 'state', values: readonly string[], labels: string) => (
    <Select
      allowClear
      aria-label={t(`settings:postbacks.${name}`)}
      placeholder={t(`settings:postbacks.${name}`)}
      style={{ minWidth: 140 }}
      value={typeof listState.filters[name] === 'string' ? listState.filters[name] : undefined}
      onChange={(value: string | undefined) => listState.setFilter(name, value)}
      options={values.map((value) => ({ value, label: t(`settings:postbacks.${labels}.${value}`) }))}
    />
  );

  return (
    <Card data-testid="postback-delivery-log">
      <ListHeader title={t('settings:postbacks.log')}>
        {filter('event', affiliatePostbackEvents, 'events')}
        {filter('state', affiliatePostbackStates, 'states')}
      </ListHeader>
      <DataTable<AffiliatePostbackDelivery>
        rows={log.data?.data ?? []}
        rowKey={(row) => row.event_id}
        loading={log.isFetching}
        columns={[
          { key: 'created_at', title: t('settings:postbacks.time'), type: 'datetime' },
          { key: 'event', title: t('settings:postbacks.event'), render: (row) => t(`settings:postbacks.events.${row.event}`) },
          { key: 'event_id', title: t('settings:postbacks.eventId') },
          { key: 'lead', title: t('settings:postbacks.lead'), render: (row) => <LeadProfileLink id={row.lead.id}>{row.lead.lead_id}</LeadProfileLink> },
          { key: 'state', title: t('settings:postbacks.state'), render: (row) => <Tag color={stateColors[row.state]}>{t(`settings:postbacks.states.${row.state}`)}</Tag> },
          { key: 'attempts', title: t('settings:postbacks.attempts') },
          { key: 'last_status', title: t('settings:postbacks.lastStatus') },
          { key: 'last_error', title: t('settings:postbacks.lastError') },
          { key: 'delivered_at', title: t('settings:postbacks.deliveredAt'), type: 'datetime' },
        ]}
        pagination={listState.pagination(log.data?.meta.total ?? 0)}
      />
    </Card>
  );
}
