/**
 * Create or edit an export setting: a name, the columns in the order the file lists them (the multi-select keeps the
 * order they were picked in), and the users it is offered to (none: everyone who may export).
 */
import { useTranslation } from 'react-i18next';
import { exportableLeadColumns, type ExportSetting } from '@crm/shared/contract';
import { Button, Flex, Form, Input, Select, placeFieldErrors, toastOutcome, type FormInstance } from '@crm/shared/ui';
import { useLeadExportSettingCreateMutation, useLeadExportSettingUpdateMutation, type ExportSettingValues } from '../api/exportApi.ts';
import { settingFieldOf } from '../exportRequest.ts';

type FormValues = { name?: string; columns?: string[]; user_ids?: number[] };
export type UserChoices = { available: boolean; loading: boolean; options: { value: number; label: string }[] };
type Props = { editing: ExportSetting | null; users: UserChoices; onDone(saved: ExportSetting | null): void };

/** Each 422 message under its field (`columns.3` under columns); a message no field shows is toasted instead. */
function showSettingErrorsIn(form: FormInstance<FormValues>): (errors: Record<string, string>) => boolean {
  return (errors) => {
    const placed = Object.entries(errors).flatMap(([key, message]) => {
      const name = settingFieldOf(key);
      return name ? [{ name, errors: [message] }] : [];
    });
    placeFieldErrors(form, placed);
    return placed.length > 0 && placed.length === Object.keys(errors).length;
  };
}

export function ExportSettingForm({ editing, users, onDone }: Props) {
  const { t } = useTranslation('leads');
  const [form] = Form.useForm<FormValues>();
  const [create, creating] = useLeadExportSettingCreateMutation();
  const [update, updating] = useLeadExportSettingUpdateMutation();
  const saving = creating.isLoading || updating.isLoading;
  const label = (key: string) => t(`leads.export.settings.${key}`);
  const columnOptions = exportableLeadColumns.map((column) => ({ value: column, label: t(`leads.fields.${column}`) }));
  const initialValues: FormValues = editing ? { name: editing.name, columns: editing.columns, user_ids: editing.user_ids } : { columns: [], user_ids: [] };

  async function submit(values: FormValues) {
    const body: ExportSettingValues = { name: values.name ?? '', columns: values.columns ?? [], user_ids: values.user_ids ?? [] };
    const saved = await toastOutcome(() => (editing ? update({ id: editing.id, body }) : create(body)).unwrap(), { showFieldErrors: showSettingErrorsIn(form) });
    if (saved) onDone(saved.data);
  }

  return (
    <Form<FormValues>
      form={form}
      name="export-setting"
      layout="vertical"
      requiredMark={false}
      initialValues={initialValues}
      onFinish={(values) => void submit(values)}
      data-testid="export-setting-form"
    >
      <Form.Item<FormValues> name="name" label={label('name')} rules={[{ required: true, whitespace: true, message: label('nameRequired') }]}>
        <Input maxLength={255} />
      </Form.Item>
      <Form.Item<FormValues> name="columns" label={label('columns')} extra={label('columnsHelp')} rules={[{ required: true, type: 'array', min: 1, message: label('columnsRequired') }]}>
        <Select mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} options={columnOptions} />
      </Form.Item>
      {/* Without the users list the assignment cannot be edited, but it is kept: PUT replaces the whole setting. */}
      <Form.Item<FormValues> name="user_ids" label={label('users')} extra={label('usersHelp')} hidden={!users.available}>
        <Select mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} loading={users.loading} options={users.options} placeholder={label('everyone')} />
      </Form.Item>
      <Flex justify="end" gap="small">
        <Button onClick={() => onDone(null)}>{t('common:actions.cancel')}</Button>
        {/* SubmitButton's behaviour (loading title while disabled), with the test id the browser tests click. */}
        <Button type="primary" htmlType="submit" loading={saving} disabled={saving} data-testid="export-setting-save">
          {saving ? t('common:loading') : t('common:resource.save')}
        </Button>
      </Flex>
    </Form>
  );
}
