/**
 * Step 1: the file, dropped on the field or chosen from it, in the console's language (a bare file input speaks the
 * browser's). Checked before anything is read or sent (csv or xlsx only); what stops the file — a refused
 * extension, a password, an unreadable file, the server's refusal — shows under it.
 */
import { useTranslation } from 'react-i18next';
import { Alert, Form, InboxOutlined, Typography, Upload, formatCount } from '@crm/shared/ui';
import { importMaxFileBytes, importMaxRows } from '@crm/shared/contract';
import type { PreviewErrorCode } from '../preview/previewErrors.ts';
import type { FileRefusal } from '../request/fileChecks.ts';

type ImportFileFieldProps = {
  file: File | null;
  refusal: FileRefusal | null;
  previewError: PreviewErrorCode | null;
  serverError: string | undefined;
  disabled: boolean;
  onChoose(file: File | null): void;
};

function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function ImportFileField({ file, refusal, previewError, serverError, disabled, onChoose }: ImportFileFieldProps) {
  const { t, i18n } = useTranslation('leads');
  const problem =
    refusal === 'tooLarge'
      ? t('leads.import.errors.tooLarge', { size: importMaxFileBytes / 1024 / 1024 })
      : refusal
        ? t(`leads.import.errors.${refusal}`)
        : previewError
          ? t(`leads.import.errors.${previewError}`)
          : serverError;

  return (
    <Form.Item label={t('leads.import.file.label')} htmlFor="lead-import-file" extra={t('leads.import.file.hint', { rows: formatCount(importMaxRows, i18n.language) })}>
      <Upload.Dragger
        id="lead-import-file"
        data-testid="lead-import-file"
        // The picker offers .csv and .xlsx first; any file, picked or dropped, reaches the dialog's own check, which
        // says why it is refused.
        accept=".csv,.xlsx"
        disabled={disabled}
        showUploadList={false}
        beforeUpload={(chosen) => {
          onChoose(chosen);
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('leads.import.file.drop')}</p>
      </Upload.Dragger>
      {file && (
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          {t('leads.import.file.chosen', { name: file.name, size: sizeText(file.size) })}
        </Typography.Text>
      )}
      {problem && <Alert type="error" showIcon data-testid="lead-import-error" title={problem} style={{ marginTop: 8 }} />}
    </Form.Item>
  );
}
