/**
 * A resource screen from a declarative description (STYLE 5): server-paginated list with search,
 * columns per SPEC §2 Tables, create and edit in a form (antd Form; the server's 422 messages under the
 * fields), delete with the confirm dialog, the SPEC toasts, and buttons per the resource's permissions.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Button, Card, Flex, Form, Input, InputNumber, Modal, Select, Space, Switch, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { fieldErrorsOf, useAccess } from '@crm/shared';
import type { CrudPermissions } from '@crm/shared/contract';
import { DataTable, type DataColumn } from '../components/DataTable.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { useResourceCreateMutation, useResourceDeleteMutation, useResourceListQuery, useResourceUpdateMutation, type ResourceRow } from './resourceApi.ts';

export type ResourceField = {
  name: string;
  labelKey: string;
  kind: 'text' | 'textarea' | 'boolean' | 'number' | 'select' | 'color';
  options?: readonly { value: string; label: string }[];
  /** Left out of the edit form (e.g. a code that identifies the record). */
  createOnly?: boolean;
};

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
};

type Editing = { mode: 'create' } | { mode: 'edit'; row: ResourceRow } | null;

/** The input element itself (not a wrapper component): Form.Item passes id, value and onChange to its direct child. */
function inputFor(field: ResourceField) {
  switch (field.kind) {
    case 'textarea':
      return <Input.TextArea rows={3} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} />;
    case 'select':
      return <Select options={field.options?.map((option) => ({ ...option }))} />;
    case 'color':
      return <Input type="color" style={{ width: 80 }} />;
    case 'boolean':
      return <Switch />;
    case 'text':
      return <Input />;
  }
}

export function ResourceScreen({ spec }: { spec: ResourceSpec }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState({ current: 1, pageSize: 25 });
  const [editing, setEditing] = useState<Editing>(null);
  const [form] = Form.useForm<Record<string, unknown>>();
  const list = useResourceListQuery({ path: spec.path, params: { page: page.current, per_page: page.pageSize, search: search || undefined } });
  const [create, creating] = useResourceCreateMutation();
  const [update, updating] = useResourceUpdateMutation();
  const [remove] = useResourceDeleteMutation();

  const open = (next: Exclude<Editing, null>) => {
    form.resetFields();
    if (next.mode === 'edit') form.setFieldsValue(next.row);
    setEditing(next);
  };

  async function save(values: Record<string, unknown>) {
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

  const fields = spec.fields.filter((field) => editing?.mode !== 'edit' || !field.createOnly);

  return (
    <Card data-testid="resource-screen" data-resource={spec.path}>
      <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t(spec.titleKey)}
        </Typography.Title>
        <Space>
          <Input.Search
            allowClear
            placeholder={t('resource.search')}
            aria-label={t('resource.search')}
            onSearch={(value) => {
              setSearch(value.trim());
              setPage((current) => ({ ...current, current: 1 }));
            }}
          />
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
                  const message = (error as { data?: { message?: string } }).data?.message;
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
      <Modal
        open={editing !== null}
        title={`${t(editing?.mode === 'edit' ? 'resource.edit' : 'resource.create')} — ${t(spec.nounKey)}`}
        onCancel={() => setEditing(null)}
        footer={null}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(values) => void save(values)} requiredMark={false}>
          {fields.map((field) => (
            <Form.Item key={field.name} name={field.name} label={t(field.labelKey)} valuePropName={field.kind === 'boolean' ? 'checked' : 'value'}>
              {inputFor(field)}
            </Form.Item>
          ))}
          <Flex justify="end" gap="small">
            <Button onClick={() => setEditing(null)}>{t('actions.cancel')}</Button>
            <SubmitButton loading={creating.isLoading || updating.isLoading}>{t('resource.save')}</SubmitButton>
          </Flex>
        </Form>
      </Modal>
    </Card>
  );
}
