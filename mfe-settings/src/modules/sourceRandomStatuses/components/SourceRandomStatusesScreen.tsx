/** Settings › source random statuses: per source a weighted list of lead statuses (DESIGN §4). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Button, Card, DataTable, Flex, Input, Space, Typography, serverMessageOf, useResourceCreateMutation, useResourceDeleteMutation, useResourceListQuery, useResourceUpdateMutation } from '@crm/shared/ui';
import { useAccess } from '@crm/shared';
import { crudPermissions, type SourceRandomStatusItem } from '@crm/shared/contract';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
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
  const [search, setSearch] = useState('');
  const [page, setPage] = useState({ current: 1, pageSize: 25 });
  const [editing, setEditing] = useState<Editing>(null);
  const list = useResourceListQuery({ path, params: { page: page.current, per_page: page.pageSize, search: search || undefined } });
  const [create, creating] = useResourceCreateMutation();
  const [update, updating] = useResourceUpdateMutation();
  const [remove] = useResourceDeleteMutation();
  const items = (list.data?.data ?? []) as unknown as SourceRandomStatusItem[];

  async function save(values: RandomStatusFormValues) {
    const statuses = values.statuses.map(({ status_id, weight }) => ({ status_id, weight }));
    const response =
      editing?.mode === 'edit'
        ? await update({ path, id: editing.item.source_id, body: { statuses } }).unwrap()
        : await create({ path, body: { source_id: values.source_id, statuses } }).unwrap();
    toast.success(response.message);
    setEditing(null);
  }

  return (
    <Card data-testid="source-random-statuses-screen">
      <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('menu.settings.sourceRandomStatuses')}
        </Typography.Title>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('resource.search')}
            aria-label={t('resource.search')}
            onSearch={(value) => {
              setSearch(value.trim());
              setPage((current) => ({ ...current, current: 1 }));
            }}
          />
          {can(permissions.create) && (
            <Button type="primary" onClick={() => setEditing({ mode: 'create' })}>
              {t('resource.create')}
            </Button>
          )}
        </Space>
      </Flex>
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
          delete: {
            permission: permissions.delete,
            run: (item) =>
              void remove({ path, id: item.source_id })
                .unwrap()
                .then((response) => toast.success(response.message))
                .catch((error: unknown) => {
                  const message = serverMessageOf(error);
                  if (message) toast.error(message);
                }),
          },
        }}
        pagination={{ current: page.current, pageSize: page.pageSize, total: list.data?.meta.total ?? 0, onChange: (current, pageSize) => setPage({ current, pageSize }) }}
      />
      {editing && (
        <SourceRandomStatusForm
          editing={editing.mode === 'edit' ? editing.item : null}
          saving={creating.isLoading || updating.isLoading}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
