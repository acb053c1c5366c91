/** The import options (SPEC §2): CSV delimiter and escape, ignore first line, and "import then send" (not yet). */
import { useTranslation } from 'react-i18next';
import { Alert, Checkbox, Col, Flex, Form, Input, Row, Select } from '@crm/shared/ui';
import type { ImportFileKind } from '@crm/shared/contract';
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
};

export function ImportOptionsFields({ kind, options, detectedDelimiter, suggestIgnoringHeader, errors, onChange }: ImportOptionsFieldsProps) {
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
      <Col xs={24} md={8}>
        <Form.Item label={t('leads.import.options.send')} extra={t('leads.import.options.sendUnavailable')} {...fieldError(errors, 'send_department_id')}>
          <Flex gap="small" align="center" data-testid="lead-import-send">
            <Checkbox disabled aria-label={t('leads.import.options.send')} />
            <Select disabled placeholder={t('leads.import.options.sendDepartment')} options={[]} style={{ minWidth: 200 }} />
          </Flex>
        </Form.Item>
      </Col>
      {suggestIgnoringHeader && (
        <Col span={24}>
          <Alert type="info" showIcon title={t('leads.import.options.headerHint')} style={{ marginBottom: 16 }} data-testid="lead-import-header-hint" />
        </Col>
      )}
    </Row>
  );
}
