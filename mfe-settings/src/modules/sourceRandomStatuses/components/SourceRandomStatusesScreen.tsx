/** Settings › source random statuses: per source a weighted list of lead statuses (docs/product.md#lead-statuses). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Card,
  DataTable,
  Flex,
  ListHeader,
  SearchBox,
  toastOutcome,
  useListState,
  useResourceCreateMutation,
  useResourceDeleteMutation,
  useResourceListQuery,
  useResourceUpdateMutation,
} from '@crm/shared/ui';
import { useAccess } from '@crm/shared';
import { crudPermissions, type SourceRandomStatusItem } from '@crm/shared/contract';
import { StatusBadge } from '../../resources/components/StatusBadge.tsx';
import { SourceRandomStatusForm, type RandomStatusFormValues } from './SourceRandomStatusForm.tsx';

const path = '/settings/source/random/status';
const permissions = crudPermissions('settings.sourceRandomStatus');
type Editing = { mode: 'create' } | { mode: 'edit'; item: SourceRandomStatusItem } | null;

function StatusShares({ item }: { item: SourceRandomStatusItem }) {
  return (
    <Flex wrap gap="small">
      {item.statuses.map((entry) => (
        <span key={entry.status_id} data-testid="random-status-share">
          <StatusBadge status={{ name: entry.status_name, bg_color: entry.bg_color, text_color: entry.text_color }} /> {entry.weight} · {entry.percentage}%
        </span>
      ))}
    </Flex>
  );
}

export function SourceRandomStatusesScreen() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const listState = useListState();
  const [editing, setEditing] = useState<Editing>(null);
  const list = useResourceListQuery({ path, params: listState.params });
  const [create, creating] = useResourceCreateMutation();
  const [update, updating] = useResourceUpdateMutation();
  const [remove] = useResourceDeleteMutation();
  const items = (list.data?.data ?? []) as unknown as SourceRandomStatusItem[];

  function save(values: RandomStatusFormValues) {
    const statuses = values.statuses.map(({ status_id, weight }) => ({ status_id, weight }));
    const saving = editing?.mode === 'edit' ? update({ path, id: editing.item.source_id, body: { statuses } }) : create({ path, body: { source_id: values.source_id, statuses } });
    return saving.unwrap();
  }

  return (
    <Card data-testid="source-random-statuses-screen">
      <ListHeader title={t('menu.settings.sourceRandomStatuses')}>
        <SearchBox label={t('resource.search')} onSearch={listState.setSearch} />
        {can(permissions.create) && (
          <Button type="primary" onClick={() => setEditing({ mode: 'create' })}>
            {t('resource.create')}
          </Button>
        )}
      </ListHeader>
      <DataTable<SourceRandomStatusItem>
        rows={items}
        rowKey={(item) => item.source_id}
        loading={list.isFetching}
        columns={[
          { key: 'source_name', title: t('settings:fields.source') },
          { key: 'statuses', title: t('settings:randomStatuses.statuses'), render: (item) => <StatusShares item={item} /> },
          { key: 'updated_at', title: t('settings:fields.updated_at'), type: 'datetime' },
        ]}
        actions={{
          edit: { permission: permissions.update, run: (item) => setEditing({ mode: 'edit', item }) },
          delete: { permission: permissions.delete, run: (item) => void toastOutcome(() => remove({ path, id: item.source_id }).unwrap()) },
        }}
        pagination={listState.pagination(list.data?.meta.total ?? 0)}
      />
      {editing && (
        <SourceRandomStatusForm
          editing={editing.mode === 'edit' ? editing.item : null}
          saving={creating.isLoading || updating.isLoading}
          onSave={save}
          onSaved={() => setEditing(null)}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
