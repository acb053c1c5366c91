/**
 * Saved reports, per user: pick one to show it, save the report on show under a name (a name saved before is
 * replaced), delete the one on show. A preset is the screen's URL query, so it holds the range, grouping and metric.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportPreset } from '@crm/shared/contract';
import { Button, DeleteOutlined, Form, Input, Modal, Select, SubmitButton, confirmDelete, showFieldErrorsIn, toastOutcome } from '@crm/shared/ui';
import { useDeleteReportPresetMutation, useReportPresetsQuery, useSaveReportPresetMutation } from '../api/reportsApi.ts';
import type { ReportViewState } from '../hooks/useReportView.ts';
import { parseReportView, reportViewQuery } from '../reportView.ts';

type NameValues = { name: string };

function SavePresetDialog({ query, initialName, onClose }: { query: string; initialName: string; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NameValues>();
  const [save, saving] = useSaveReportPresetMutation();

  async function submit({ name }: NameValues) {
    const saved = await toastOutcome(() => save({ name, query }).unwrap(), {
      successMessage: (reply) => t('dashboard:reports.presets.saved', { name: reply.data.name }),
      showFieldErrors: showFieldErrorsIn(form),
    });
    if (saved) onClose();
  }

  return (
    <Modal open title={t('dashboard:reports.presets.saveTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      <Form<NameValues> form={form} layout="vertical" initialValues={{ name: initialName }} onFinish={(values) => void submit(values)} requiredMark={false}>
        <Form.Item
          name="name"
          label={t('dashboard:reports.presets.name')}
          extra={t('dashboard:reports.presets.nameHelp')}
          rules={[{ required: true, whitespace: true, message: t('dashboard:reports.presets.nameRequired') }]}
        >
          <Input maxLength={100} autoFocus data-testid="reports-preset-name" />
        </Form.Item>
        <SubmitButton loading={saving.isLoading}>{t('dashboard:reports.presets.save')}</SubmitButton>
      </Form>
    </Modal>
  );
}

export function ReportPresets({ state }: { state: ReportViewState }) {
  const { t } = useTranslation();
  const presets = useReportPresetsQuery();
  const [remove, removing] = useDeleteReportPresetMutation();
  const [naming, setNaming] = useState(false);
  const list = presets.data?.data ?? [];
  // The preset on show: the one whose query names this view (a relative range read as of today, as the URL is).
  const current = list.find((preset) => reportViewQuery(parseReportView(new URLSearchParams(preset.query), state.today)) === state.query);
  const apply = (id: number) => {
    const preset = list.find((one) => one.id === id);
    if (preset) state.applyQuery(preset.query);
  };
  const askDelete = (preset: ReportPreset) =>
    confirmDelete(
      t,
      () =>
        void toastOutcome(() => remove(preset.id).unwrap(), {
          successMessage: () => t('dashboard:reports.presets.deleted', { name: preset.name }),
        }),
      t('dashboard:reports.presets.deleteConfirm', { name: preset.name }),
    );

  return (
    <Form layout="inline" component="div">
      <Form.Item label={t('dashboard:reports.presets.label')} htmlFor="reports-preset" style={{ marginInlineEnd: 8 }}>
        <Select<number>
          id="reports-preset"
          data-testid="reports-preset-select"
          style={{ minWidth: 200 }}
          placeholder={t('dashboard:reports.presets.placeholder')}
          loading={presets.isLoading}
          value={current?.id ?? null}
          onChange={apply}
          options={list.map((preset) => ({ value: preset.id, label: preset.name }))}
          notFoundContent={t('dashboard:reports.presets.none')}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <Button onClick={() => setNaming(true)} data-testid="reports-preset-save">
        {t('dashboard:reports.presets.save')}
      </Button>
      <Button
        danger
        icon={<DeleteOutlined />}
        disabled={!current}
        loading={removing.isLoading}
        aria-label={t('dashboard:reports.presets.delete')}
        data-testid="reports-preset-delete"
        onClick={() => current && askDelete(current)}
        style={{ marginInlineStart: 8 }}
      />
      {naming && <SavePresetDialog query={state.query} initialName={current?.name ?? ''} onClose={() => setNaming(false)} />}
    </Form>
  );
}
