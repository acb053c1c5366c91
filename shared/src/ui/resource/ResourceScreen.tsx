/**
 * A resource screen from a declarative description (STYLE 5): server-paginated list with search,
 * filters and header sorting, columns per docs/product.md#lists, create and edit in a form (antd Form; the
 * server's 422 messages under the fields; sections, conditional fields, write-only secrets; an optional
 * live preview), delete with the confirm dialog, the success and error toasts, buttons per the resource's permissions,
 * and row actions of the screen's own (a link, or a dialog of its own).
 */
import { Fragment, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Button, Card, Form } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useAccess } from '@crm/shared';
import type { CrudPermissions, PermissionRule } from '@crm/shared/contract';
import { DataTable, type DataColumn } from '../components/DataTable.tsx';
import { placeFieldErrors, toastOutcome } from '../feedback/toastOutcome.ts';
import { ListHeader } from '../list/ListHeader.tsx';
import { SearchBox } from '../list/SearchBox.tsx';
import { useListState } from '../list/useListState.ts';
import { ResourceFilters, type ResourceFilter } from './ResourceFilters.tsx';
import { ResourceFormModal, type FormValues } from './ResourceFormModal.tsx';
import { fieldForError, namePathOf, withoutValueAt, type ResourceField } from './resourceFields.tsx';
import { useResourceCreateMutation, useResourceDeleteMutation, useResourceListQuery, useResourceUpdateMutation, type ResourceRow } from './resourceApi.ts';

export type { FieldKind, FieldOption, FormValues, ResourceField } from './resourceFields.tsx';
export { SecretInput } from './resourceFields.tsx';
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
  /** The API's create body (the contract's schema): which fields the form marks and checks as required. */
  body: z.ZodObject;
  filters?: readonly ResourceFilter[];
  /** Shown under the form fields, following the values as they change. */
  preview?: (values: FormValues) => ReactNode;
  /** After a successful create or update, with the saved row. */
  onSaved?: (row: ResourceRow) => void;
  /** The create form's starting values. */
  defaults?: FormValues;
  /** The edit form's starting values from the item (e.g. ids from embedded records); the item itself when absent. */
  toFormValues?: (row: ResourceRow) => FormValues;
  /** The body sent from the form's values (values of hidden fields are already left out). */
  toBody?: (values: FormValues, editing: ResourceRow | null) => FormValues;
  /** Actions of the screen's own, per row. */
  rowActions?: readonly ResourceRowAction[];
  /** The form dialog's width, for long forms. */
  formWidth?: number;
};

/** A row action: a link to another screen, or a dialog of its own (mounted while open, like the form). */
export type ResourceRowAction = { key: string; labelKey: string; icon?: ReactNode; permission: PermissionRule } & (
  { to(row: ResourceRow): string; dialog?: never } | { dialog(row: ResourceRow, close: () => void): ReactNode; to?: never }
);

type Editing = { mode: 'create' } | { mode: 'edit'; row: ResourceRow } | null;

/** The edit form's values: secrets start empty (the item holds only their masks). */
function formValuesOf(spec: ResourceSpec, row: ResourceRow): FormValues {
  const values = spec.toFormValues ? spec.toFormValues(row) : row;
  return spec.fields.filter((field) => field.kind === 'secret').reduce((result, field) => withoutValueAt(result, field.name), values);
}

/** JSON leaves out undefined; dropping it here too (in nested groups as well) keeps the body what is sent. */
function withoutUndefined(values: FormValues): FormValues {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, value !== null && typeof value === 'object' && !Array.isArray(value) ? withoutUndefined(value as FormValues) : value]),
  );
}

export function ResourceScreen({ spec }: { spec: ResourceSpec }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const listState = useListState<string>();
  const [editing, setEditing] = useState<Editing>(null);
  const [dialog, setDialog] = useState<{ action: ResourceRowAction; row: ResourceRow } | null>(null);
  const [form] = Form.useForm<FormValues>();
  const editingRow = editing?.mode === 'edit' ? editing.row : null;
  const formFields = spec.fields.filter((field) => editing?.mode !== 'edit' || !field.createOnly);
  const list = useResourceListQuery({ path: spec.path, params: listState.params });
  const [create, creating] = useResourceCreateMutation();
  const [update, updating] = useResourceUpdateMutation();
  const [remove] = useResourceDeleteMutation();

  const open = (next: Exclude<Editing, null>) => {
    form.resetFields();
    setEditing(next);
  };

  /** Each 422 message under the field it names (or the field enclosing it); false when one has no field shown, so it toasts. */
  function showFieldErrors(errors: Record<string, string>): boolean {
    const values = form.getFieldsValue(true) as FormValues;
    const shown = formFields.filter((field) => field.kind !== 'readonly' && (field.visible?.(values) ?? true));
    const placed = Object.entries(errors).flatMap(([key, message]) => {
      const field = fieldForError(shown, key);
      return field ? [{ name: namePathOf(field.name), errors: [message] }] : [];
    });
    placeFieldErrors(
      form,
      placed.map(({ name, errors: messages }) => ({ name: name as never, errors: messages })),
    );
    return placed.length > 0 && placed.length === Object.keys(errors).length;
  }

  async function save(values: FormValues) {
    const body = withoutUndefined(spec.toBody ? spec.toBody(values, editingRow) : values);
    const saved = await toastOutcome(() => (editingRow ? update({ path: spec.path, id: editingRow.id, body }) : create({ path: spec.path, body })).unwrap(), { showFieldErrors });
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
          extra: (spec.rowActions ?? []).map((action) => ({
            key: action.key,
            label: t(action.labelKey),
            icon: action.icon,
            permission: action.permission,
            ...(action.to ? { to: action.to } : { run: (row: ResourceRow) => setDialog({ action, row }) }),
          })),
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
          initialValues={editingRow ? formValuesOf(spec, editingRow) : spec.defaults}
          row={editingRow ?? undefined}
          fields={formFields}
          body={spec.body}
          saving={creating.isLoading || updating.isLoading}
          width={spec.formWidth}
          preview={spec.preview}
          onSave={(values) => void save(values)}
          onClose={() => setEditing(null)}
        />
      )}
      {dialog && <Fragment key={`${dialog.action.key}-${dialog.row.id}`}>{dialog.action.dialog?.(dialog.row, () => setDialog(null))}</Fragment>}
    </Card>
  );
}
