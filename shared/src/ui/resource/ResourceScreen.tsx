/**
 * A resource screen from a declarative description (STYLE 5): server-paginated list with search and
 * filters, columns per SPEC §2 Tables, create and edit in a form (antd Form; the server's 422 messages
 * under the fields; an optional live preview), delete with the confirm dialog, the SPEC toasts, and
 * buttons per the resource's permissions.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Button, Card, Flex, Form, Input, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { fieldErrorsOf, useAccess } from '@crm/shared';
import type { CrudPermissions } from '@crm/shared/contract';
import { DataTable, type DataColumn } from '../components/DataTable.tsx';
import { ResourceFilters, type FilterValues, type ResourceFilter } from './ResourceFilters.tsx';
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
  /** Column titles are translation keys. */
  columns: readonly DataColumn<ResourceRow>[];
  fields: readonly ResourceField[];
  filters?: readonly ResourceFilter[];
  /** Shown under the form fields, following the values as they change. */
  preview?: (values: FormValues) => ReactNode;
};

type Editing = { mode: 'create' } | { mode: 'edit'; row: ResourceRow } | null;

/** The server's message of a failed call, if it sent one. */
export function serverMessageOf(error: unknown): string | undefined {
  const message = (error as { data?: { message?: unknown } } | null)?.data?.message;
  return typeof message === 'string' ? message : undefined;
}

export function ResourceScreen({ spec }: { spec: ResourceSpec }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<FilterValues>({});
  const [page, setPage] = useState({ current: 1, pageSize: 25 });
  const [editing, setEditing] = useState<Editing>(null);
  const [form] = Form.useForm<FormValues>();
  const list = useResourceListQuery({ path: spec.path, params: { page: page.current, per_page: page.pageSize, search: search || undefined, ...filters } });
  const [create, creating] = useResourceCreateMutation();
  const [update, updating] = useResourceUpdateMutation();
  const [remove] = useResourceDeleteMutation();

  const firstPage = () => setPage((current) => ({ ...current, current: 1 }));

  const open = (next: Exclude<Editing, null>) => {
    form.resetFields();
    if (next.mode === 'edit') form.setFieldsValue(next.row);
    setEditing(next);
  };

  async function save(values: FormValues) {
    try {
      const response =
        editing?.mode === 'edit'
          ? await update({ path: spec.path, id: editing.row.id, body: values }).unwrap()
          : await create({ path: spec.path, body: values }).unwrap();
      toast.success(response.message);
      setEditing(null);
    } catch (error) {
      const errors = fieldErrorsOf(error);
      form.setFields(Object.entries(errors).map(([name, message]) => ({ name, errors: [message] })));
    }
  }

  return (
    <Card data-testid="resource-screen" data-resource={spec.path}>
      <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t(spec.titleKey)}
        </Typography.Title>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('resource.search')}
            aria-label={t('resource.search')}
            onSearch={(value) => {
              setSearch(value.trim());
              firstPage();
            }}
          />
          {spec.filters && (
            <ResourceFilters
              filters={spec.filters}
              values={filters}
              onChange={(next) => {
                setFilters(next);
                firstPage();
              }}
            />
          )}
          {can(spec.permissions.create) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ mode: 'create' })}>
              {t('resource.create')}
            </Button>
          )}
        </Space>
      </Flex>
      <DataTable<ResourceRow>
        rows={list.data?.data ?? []}
        columns={spec.columns.map((column) => ({ ...column, title: t(column.title) }))}
        rowKey={(row) => row.id}
        loading={list.isFetching}
        actions={{
          edit: { permission: spec.permissions.update, run: (row) => open({ mode: 'edit', row }) },
          delete: {
            permission: spec.permissions.delete,
            run: (row) =>
              void remove({ path: spec.path, id: row.id })
                .unwrap()
                .then((response) => toast.success(response.message))
                .catch((error: unknown) => {
                  const message = serverMessageOf(error);
                  if (message) toast.error(message);
                }),
          },
        }}
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          total: list.data?.meta.total ?? 0,
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
      />
      <ResourceFormModal
        open={editing !== null}
        title={`${t(editing?.mode === 'edit' ? 'resource.edit' : 'resource.create')} — ${t(spec.nounKey)}`}
        form={form}
        fields={spec.fields.filter((field) => editing?.mode !== 'edit' || !field.createOnly)}
        saving={creating.isLoading || updating.isLoading}
        preview={spec.preview}
        onSave={(values) => void save(values)}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}
