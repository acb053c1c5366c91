/** Failed leads (failed/lead/search): rejected intake and import rows, to fix and retry or delete. */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionList } from '@crm/shared';
import { Card, DataTable, ListHeader, SearchBox, Select, toastOutcome, useUrlListState } from '@crm/shared/ui';
import { failedLeadReasonCodes, type FailedLeadItem } from '@crm/shared/contract';
import { useFailedLeadDeleteMutation, useFailedLeadsQuery } from '../api/failedLeadsApi.ts';
import { FailedLeadActions } from './FailedLeadActions.tsx';
import { FailedLeadsBulkDelete } from './FailedLeadsBulkDelete.tsx';
import { RawDataDrawer } from './RawDataDrawer.tsx';
import { ReasonTag } from './ReasonTag.tsx';
import { RetryFailedLeadModal } from './RetryFailedLeadModal.tsx';
import type { NamedOption } from './RetryFormFields.tsx';
import { mapRaw, type RetryFormValues } from './rawLeadFields.ts';

type Opened = { kind: 'raw' | 'retry'; item: FailedLeadItem } | null;

/** Name and surname as the raw row gave them. */
function fullNameOf(values: RetryFormValues | undefined): string {
  return [values?.name, values?.surname].filter((part) => part !== undefined && part.trim() !== '').join(' ');
}

export function FailedLeadsScreen() {
  const { t } = useTranslation();
  // In the URL, as the lead search and the send history keep theirs: a reload or a shared link shows the same list.
  const listState = useUrlListState(['reason_code', 'source_id'] as const);
  const [opened, setOpened] = useState<Opened>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const list = useFailedLeadsQuery(listState.params);
  const [remove] = useFailedLeadDeleteMutation();
  const sources = useOptionList<NamedOption>('sources');
  const rows = useMemo(() => list.data?.data ?? [], [list.data]);
  // The key fields of each raw row, read once per page rather than once per cell.
  const known = useMemo(() => new Map(rows.map((row) => [row.id, mapRaw(row.raw).values])), [rows]);
  // After a failed retry the list is fetched again: the open row shows its new reason.
  const openItem = opened ? (rows.find((row) => row.id === opened.item.id) ?? opened.item) : null;
  const { reason_code: reason, source_id: sourceId } = listState.filters;

  return (
    <Card data-testid="failed-leads-screen">
      <ListHeader title={t('menu.leads.failed')}>
        <SearchBox label={t('resource.search')} defaultValue={listState.search} onSearch={listState.setSearch} />
        <Select
          allowClear
          aria-label={t('leads:leads.failed.reason')}
          placeholder={t('leads:leads.failed.reason')}
          data-testid="failed-filter-reason"
          style={{ minWidth: 170 }}
          value={typeof reason === 'string' ? reason : undefined}
          onChange={(value: string | undefined) => listState.setFilter('reason_code', value)}
          options={failedLeadReasonCodes.map((code) => ({ value: code, label: t(`leads:leads.failed.reasons.${code}`) }))}
        />
        {sources.available && (
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('leads:leads.failed.source')}
            placeholder={t('leads:leads.failed.source')}
            style={{ minWidth: 170 }}
            value={typeof sourceId === 'number' ? sourceId : undefined}
            onChange={(value: number | undefined) => listState.setFilter('source_id', value)}
            options={sources.data.map((source) => ({ value: source.id, label: source.name }))}
          />
        )}
        <FailedLeadsBulkDelete
          selected={selected}
          matching={{
            total: list.data?.meta.total ?? 0,
            filters: {
              search: listState.search || undefined,
              reason_code: failedLeadReasonCodes.find((code) => code === reason),
              source_id: typeof sourceId === 'number' ? String(sourceId) : undefined,
            },
          }}
          onDeleted={() => setSelected([])}
        />
      </ListHeader>
      <DataTable<FailedLeadItem>
        rows={rows}
        rowKey={(row) => row.id}
        loading={list.isFetching}
        columns={[
          { key: 'created_at', sortKey: 'created_at', title: t('leads:leads.failed.created'), type: 'datetime' },
          { key: 'reason_code', sortKey: 'reason_code', title: t('leads:leads.failed.reason'), render: (row) => <ReasonTag code={row.reason_code} testId={`failed-reason-${row.id}`} /> },
          { key: 'message', title: t('leads:leads.failed.message') },
          { key: 'name', title: t('leads:leads.failed.fields.name'), render: (row) => fullNameOf(known.get(row.id)) },
          { key: 'email', title: t('leads:leads.failed.fields.email'), render: (row) => known.get(row.id)?.email ?? '' },
          { key: 'phone', title: t('leads:leads.failed.fields.phone'), render: (row) => known.get(row.id)?.phone ?? '' },
          { key: 'source', title: t('leads:leads.failed.source'), render: (row) => row.source?.name ?? t('not_set') },
          {
            key: 'actions',
            title: t('table.actions'),
            pinned: true,
            render: (row) => (
              <FailedLeadActions
                item={row}
                onRaw={() => setOpened({ kind: 'raw', item: row })}
                onRetry={() => setOpened({ kind: 'retry', item: row })}
                onDelete={() => void toastOutcome(() => remove(row.id).unwrap())}
              />
            ),
          },
        ]}
        pagination={listState.pagination(list.data?.meta.total ?? 0)}
        onSortChange={listState.setSort}
        selection={{ selected, onChange: setSelected }}
      />
      {openItem && opened?.kind === 'raw' && <RawDataDrawer item={openItem} onClose={() => setOpened(null)} />}
      {openItem && opened?.kind === 'retry' && <RetryFailedLeadModal item={openItem} onClose={() => setOpened(null)} />}
    </Card>
  );
}
