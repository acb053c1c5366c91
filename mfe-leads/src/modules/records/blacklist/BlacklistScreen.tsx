/** Black list (lead/black_list): emails, email domains, phones and IPs refused at intake, import and send. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '@crm/shared';
import { Alert, Button, Card, DataTable, ListHeader, SearchBox, Select, Tag, toastOutcome, useListState } from '@crm/shared/ui';
import { blacklistTypes, type BlacklistCreated, type BlacklistItem } from '@crm/shared/contract';
import { useBlacklistDeleteMutation, useBlacklistQuery } from '../api/blacklistApi.ts';
import { BlacklistAddModal } from './BlacklistAddModal.tsx';

export function BlacklistScreen() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const listState = useListState<'type'>();
  const [adding, setAdding] = useState(false);
  // The toast goes after 3 s; the count of matching leads stays on the screen until dismissed.
  const [lastAdded, setLastAdded] = useState<BlacklistCreated | null>(null);
  const list = useBlacklistQuery(listState.params);
  const [remove] = useBlacklistDeleteMutation();
  const { type } = listState.filters;

  return (
    <Card data-testid="blacklist-screen">
      <ListHeader title={t('menu.leads.blacklist')}>
        <SearchBox label={t('resource.search')} onSearch={listState.setSearch} />
        <Select
          allowClear
          aria-label={t('leads:leads.blacklist.type')}
          placeholder={t('leads:leads.blacklist.type')}
          data-testid="blacklist-filter-type"
          style={{ minWidth: 150 }}
          value={typeof type === 'string' ? type : undefined}
          onChange={(value: string | undefined) => listState.setFilter('type', value)}
          options={blacklistTypes.map((value) => ({ value, label: t(`leads:leads.blacklist.types.${value}`) }))}
        />
        {can('lead.black_list.create') && (
          <Button type="primary" data-testid="blacklist-add" onClick={() => setAdding(true)}>
            {t('leads:leads.blacklist.add')}
          </Button>
        )}
      </ListHeader>
      {lastAdded && (
        <Alert
          type="info"
          showIcon
          closable={{ onClose: () => setLastAdded(null) }}
          data-testid="blacklist-added"
          style={{ marginBottom: 16 }}
          title={t('leads:leads.blacklist.addedEntry', { value: lastAdded.data.value, count: lastAdded.matching_leads })}
        />
      )}
      <DataTable<BlacklistItem>
        rows={list.data?.data ?? []}
        rowKey={(row) => row.id}
        loading={list.isFetching}
        columns={[
          { key: 'type', sortKey: 'type', title: t('leads:leads.blacklist.type'), render: (row) => <Tag>{t(`leads:leads.blacklist.types.${row.type}`)}</Tag> },
          { key: 'value', sortKey: 'value', title: t('leads:leads.blacklist.value') },
          { key: 'comment', title: t('leads:leads.blacklist.comment') },
          { key: 'user', title: t('leads:leads.blacklist.addedBy'), render: (row) => row.user?.name ?? t('not_set') },
          { key: 'created_at', sortKey: 'created_at', title: t('leads:leads.blacklist.created'), type: 'datetime' },
        ]}
        actions={{ delete: { permission: 'lead.black_list.delete', run: (row) => void toastOutcome(() => remove(row.id).unwrap()) } }}
        pagination={listState.pagination(list.data?.meta.total ?? 0)}
        onSortChange={listState.setSort}
      />
      {adding && (
        <BlacklistAddModal
          onClose={() => setAdding(false)}
          onAdded={(created) => {
            setAdding(false);
            setLastAdded(created);
          }}
        />
      )}
    </Card>
  );
}
