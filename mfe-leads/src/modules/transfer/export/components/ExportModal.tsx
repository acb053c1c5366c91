/**
 * The export dialog: what is exported (the selection, or everything the current filters match), in which format, with
 * which of the settings offered to me; then the job's progress and the download link. Settings are managed in place.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportFormats, type ExportFormat } from '@crm/shared/contract';
import { Button, Card, Flex, Form, Modal, Radio, Select, Typography, toastOutcome } from '@crm/shared/ui';
import { useLeadExportSettingsOfferedQuery, useLeadExportStartMutation } from '../api/exportApi.ts';
import { exportRequestBody, type ExportScope } from '../exportRequest.ts';
import { ExportProgress } from './ExportProgress.tsx';
import { ExportSettingsManager } from './ExportSettingsManager.tsx';

type Props = { scope: ExportScope; onClose(): void };

export function ExportModal({ scope, onClose }: Props) {
  const { t } = useTranslation('leads');
  const offered = useLeadExportSettingsOfferedQuery();
  const [start, starting] = useLeadExportStartMutation();
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [chosenSetting, setChosenSetting] = useState<number | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [managing, setManaging] = useState(false);
  const settings = offered.data?.data ?? [];
  // Until the user picks one, the first setting offered (settings come sorted by name).
  const settingId = settings.some((setting) => setting.id === chosenSetting) ? chosenSetting : (settings[0]?.id ?? null);

  async function startExport() {
    if (settingId === null) return;
    const started = await toastOutcome(() => start(exportRequestBody(format, settingId, scope)).unwrap());
    if (started) setJobId(started.data.id);
  }

  return (
    <Modal open title={t('leads.export.title')} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <Flex vertical gap="middle" data-testid="lead-export-modal">
        <Typography.Text data-testid="lead-export-scope">
          {scope.selected.length > 0 ? t('leads.export.scope.selected', { count: scope.selected.length }) : t('leads.export.scope.filtered')}
        </Typography.Text>
        <Form layout="vertical" component="div">
          <Form.Item label={t('leads.export.format')}>
            <Radio.Group
              data-testid="lead-export-format"
              optionType="button"
              value={format}
              onChange={(event) => setFormat(event.target.value as ExportFormat)}
              options={exportFormats.map((value) => ({ value, label: t(`leads.export.formats.${value}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('leads.export.setting')} extra={offered.isSuccess && settings.length === 0 ? t('leads.export.noSettings') : undefined}>
            <Select
              data-testid="lead-export-setting"
              aria-label={t('leads.export.setting')}
              loading={offered.isFetching}
              value={settingId ?? undefined}
              onChange={(value: number) => setChosenSetting(value)}
              options={settings.map((setting) => ({ value: setting.id, label: setting.name }))}
            />
          </Form.Item>
        </Form>
        <Flex justify="space-between" align="center">
          <Button type="link" aria-expanded={managing} onClick={() => setManaging((open) => !open)}>
            {t('leads.export.manage')}
          </Button>
          <Button type="primary" data-testid="lead-export-start" disabled={settingId === null} loading={starting.isLoading} onClick={() => void startExport()}>
            {t('leads.export.start')}
          </Button>
        </Flex>
        {jobId !== null && <ExportProgress key={jobId} jobId={jobId} />}
        {managing && (
          <Card size="small" title={t('leads.export.manage')}>
            <ExportSettingsManager onSaved={(setting) => setChosenSetting((current) => current ?? setting.id)} />
          </Card>
        )}
      </Flex>
    </Modal>
  );
}
