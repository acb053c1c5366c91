/**
 * The import options: CSV delimiter and escape, ignore first line, "import then send" to a broker
 * department (offered to senders only, issue 7) and auto-distribute (to holders of its permission, issue 33).
 */
import { useTranslation } from 'react-i18next';
import { Alert, Checkbox, Col, Form, Input, Row, Select, Switch } from '@crm/shared/ui';
import type { ImportFileKind } from '@crm/shared/contract';
import { DepartmentPicker } from '../../send/components/DepartmentPicker.tsx';
import type { ImportSendState } from '../hooks/useImportDraft.ts';
import type { ImportErrors } from '../request/importErrors.ts';
import type { ImportOptionValues } from '../request/importRequestBody.ts';
import { fieldError } from './fieldError.ts';

const delimiterNames = { '': 'auto', ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' } as const;

type ImportOptionsFieldsProps = {
  kind: ImportFileKind | null;
  options: ImportOptionValues;
  detectedDelimiter: string | undefined;
  /** Row 1 names fields and is not ignored yet. */
  suggestIgnoringHeader: boolean;
  errors: ImportErrors;
  onChange(change: Partial<ImportOptionValues>): void;
  /** "Import then send", when offered (`useMaySend`); null when not. */
  send: { state: ImportSendState; onChange(change: Partial<ImportSendState>): void } | null;
  /** Auto-distribute, when offered; null when not. */
  autoDistribute: { on: boolean; onChange(on: boolean): void } | null;
};

export function ImportOptionsFields({ kind, options, detectedDelimiter, suggestIgnoringHeader, errors, onChange, send, autoDistribute }: ImportOptionsFieldsProps) {
  const { t } = useTranslation('leads');
  const csvOnly = kind === 'xlsx';
  const delimiterLabel = (delimiter: string) => {
    const name = delimiterNames[delimiter as keyof typeof delimiterNames];
    return name ? t(`leads.import.options.delimiters.${name}`) : delimiter;
  };
  const detected = !csvOnly && options.delimiter === '' && detectedDelimiter ? t('leads.import.options.detected', { delimiter: delimiterLabel(detectedDelimiter) }) : undefined;

  return (
    <Row gutter={16}>
      <Col xs={24} md={6}>
        <Form.Item label={t('leads.import.options.delimiter')} extra={csvOnly ? t('leads.import.options.csvOnly') : detected} {...fieldError(errors, 'options.delimiter')}>
          <div data-testid="lead-import-delimiter">
            <Select
              value={options.delimiter}
              disabled={csvOnly}
              showSearch={{ optionFilterProp: 'label' }}
              options={Object.keys(delimiterNames).map((delimiter) => ({ value: delimiter, label: delimiterLabel(delimiter) }))}
              onChange={(delimiter: string) => onChange({ delimiter })}
            />
          </div>
        </Form.Item>
      </Col>
      <Col xs={24} md={4}>
        <Form.Item label={t('leads.import.options.escape')} extra={csvOnly ? t('leads.import.options.csvOnly') : undefined} {...fieldError(errors, 'options.escape')}>
          <Input data-testid="lead-import-escape" value={options.escape} maxLength={1} disabled={csvOnly} onChange={(event) => onChange({ escape: event.target.value })} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item label=" " colon={false} {...fieldError(errors, 'options.ignore_first_line')}>
          <Checkbox data-testid="lead-import-ignore-first" checked={options.ignoreFirstLine} onChange={(event) => onChange({ ignoreFirstLine: event.target.checked })}>
            {t('leads.import.options.ignoreFirst')}
          </Checkbox>
        </Form.Item>
      </Col>
      {send && (
        <Col xs={24} md={8}>
          <Form.Item label={t('leads.import.options.send')} extra={t('leads.import.options.sendHelp')} {...(send.state.on ? {} : fieldError(errors, 'send_department_id'))}>
            <Switch data-testid="lead-import-send" aria-label={t('leads.import.options.send')} checked={send.state.on} onChange={(on) => send.onChange({ on })} />
          </Form.Item>
        </Col>
      )}
      {autoDistribute && (
        <Col xs={24} md={8}>
          <Form.Item label=" " colon={false} extra={t('leads.import.options.autoDistributeHelp')} {...fieldError(errors, 'auto_distribute')}>
            <Checkbox data-testid="lead-import-auto-distribute" checked={autoDistribute.on} onChange={(event) => autoDistribute.onChange(event.target.checked)}>
              {t('leads.import.options.autoDistribute')}
            </Checkbox>
          </Form.Item>
        </Col>
      )}
      {send?.state.on && (
        <Col span={24}>
          <DepartmentPicker value={send.state.target} departmentError={errors.send_department_id} testIdPrefix="lead-import-send" onChange={(target) => send.onChange({ target })} />
        </Col>
      )}
      {suggestIgnoringHeader && (
        <Col span={24}>
          <Alert type="info" showIcon title={t('leads.import.options.headerHint')} style={{ marginBottom: 16 }} data-testid="lead-import-header-hint" />
        </Col>
      )}
    </Row>
  );
}
