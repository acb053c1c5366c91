/**
 * A resource screen from a declarative description (STYLE 5): server-paginated list with search,
 * filters and header sorting, columns per SPEC §2 Tables, create and edit in a form (antd Form; the
 * server's 422 messages under the fields; an optional live preview), delete with the confirm dialog,
 * the SPEC toasts, and buttons per the resource's permissions.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Form } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useAccess } from '@crm/shared';
import type { CrudPermissions } from '@crm/shared/contract';
import { DataTable, type DataColumn } from '../components/DataTable.tsx';
import { showFieldErrorsIn, toastOutcome } from '../feedback/toastOutcome.ts';
import { ListHeader } from '../list/ListHeader.tsx';
import { SearchBox } from '../list/SearchBox.tsx';
import { useListState } from '../list/useListState.ts';
import { ResourceFilters, type ResourceFilter } from './ResourceFilters.tsx';
import { ResourceFormModal, type FormValues } from './ResourceFormModal.tsx';
import type { ResourceField } from './resourceFields.tsx';
import { useResourceCreateMutation, useResourceDeleteMutation, useResourceListQuery, useResourceUpdateMutation, type ResourceRow } from './resourceApi.ts';

export type { ResourceField } from './resourceFields.tsx';
export type { FilterOption, ResourceFilter } from './ResourceFilters.tsx';

export type ResourceSpec = {
  /** API path, e.g. '/settings/tag'. */
  path: string;
  titleKey: string;
  /** Singular noun key for the form title. */
  nounKey: string;
  permissions: CrudPermissions;
  /** Column titles are translation keys; a column with a `sortKey` sorts the list on the server. */
  columns: readonly DataColumn<ResourceRow>[];
  fields: readonly ResourceField[];
  filters?: readonly ResourceFilter[];
  /** Shown under the form fields, following the values as they change. */
  preview?: (values: FormValues) => ReactNode;
  /** After a successful create or update, with the saved row. */
  onSaved?: (row: ResourceRow) => void;
};

type Editing = { mode: 'create' } | { mode: 'edit'; row: ResourceRow } | null;

export function ResourceScreen({ spec }: { spec: ResourceSpec }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const listState = useListState<string>();
  const [editing, setEditing] = useState<Editing>(null);
  const [form] = Form.useForm<FormValues>();
  const list = useResourceListQuery({ path: spec.path, params: listState.params });
  const [create, creating] = useResourceCreateMutation();
  const [update, updating] = useResourceUpdateMutation();
  const [remove] = useResourceDeleteMutation();

  const open = (next: Exclude<Editing, null>) => {
    form.resetFields();
    setEditing(next);
  };

  async function save(values: FormValues) {
    const saved = await toastOutcome(
      () => (editing?.mode === 'edit' ? update({ path: spec.path, id: editing.row.id, body: values }) : create({ path: spec.path, body: values })).unwrap(),
      { showFieldErrors: showFieldErrorsIn(form) },
    );
    if (!saved) return;
    setEditing(null);
    spec.onSaved?.(saved.data);
  }

  return (
    <Card data-testid="resource-screen" data-resource={spec.path}>
      <ListHeader title={t(spec.titleKey)}>
        <SearchBox label={t('resource.search')} onSearch={listState.setSearch} />
        {spec.filters && <ResourceFilters filters={spec.filters} values={listState.filters} onChange={listState.setFilter} />}
        {can(spec.permissions.create) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ mode: 'create' })}>
            {t('resource.create')}
          </Button>
        )}
      </ListHeader>
      <DataTable<ResourceRow>
        rows={list.data?.data ?? []}
        columns={spec.columns.map((column) => ({ ...column, title: t(column.title) }))}
        rowKey={(row) => row.id}
        loading={list.isFetching}
        actions={{
          edit: { permission: spec.permissions.update, run: (row) => open({ mode: 'edit', row }) },
          delete: { permission: spec.permissions.delete, run: (row) => void toastOutcome(() => remove({ path: spec.path, id: row.id }).unwrap()) },
        }}
        pagination={listState.pagination(list.data?.meta.total ?? 0)}
        onSortChange={listState.setSort}
      />
      {/* Mounted only while editing: a close can never leave a modal layer behind over the list. */}
      {editing !== null && (
        <ResourceFormModal
          open
          title={`${t(editing.mode === 'edit' ? 'resource.edit' : 'resource.create')} — ${t(spec.nounKey)}`}
          form={form}
          initialValues={editing.mode === 'edit' ? editing.row : undefined}
          fields={spec.fields.filter((field) => editing.mode !== 'edit' || !field.createOnly)}
          saving={creating.isLoading || updating.isLoading}
          preview={spec.preview}
          onSave={(values) => void save(values)}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
