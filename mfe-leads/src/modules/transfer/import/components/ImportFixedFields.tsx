/** Values every imported lead gets (the contract's `importFixedValues`), from the shared option lists. */
import { useTranslation } from 'react-i18next';
import { Col, Form, Row, Select } from '@crm/shared/ui';
import { useNamedChoices, type Choice } from '../../../leads/hooks/useLeadChoices.ts';
import { useImportStatusChoices } from '../hooks/useImportChoices.ts';
import type { ImportErrors, ImportErrorSlot } from '../request/importErrors.ts';
import type { FixedValueChoices } from '../request/importRequestBody.ts';
import { fieldError } from './fieldError.ts';

type Choices = { choices: Choice[]; loading: boolean };
type SingleField = 'sourceId' | 'statusId' | 'affiliateCompanyId';

type ImportFixedFieldsProps = { fixed: FixedValueChoices; errors: ImportErrors; onChange(change: Partial<FixedValueChoices>): void };

export function ImportFixedFields({ fixed, errors, onChange }: ImportFixedFieldsProps) {
  const { t } = useTranslation('leads');
  const sources = useNamedChoices('sources');
  const statuses = useImportStatusChoices();
  const companies = useNamedChoices('affiliateCompanies');
  const tags = useNamedChoices('tags');

  const single = (field: SingleField, slot: ImportErrorSlot, label: string, testId: string, list: Choices, extra?: string) => (
    <Col xs={24} md={6}>
      <Form.Item label={label} extra={extra} data-testid={testId} {...fieldError(errors, slot)}>
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={list.loading}
          options={list.choices}
          placeholder={t('leads.add.choose')}
          value={fixed[field] ?? undefined}
          onChange={(value) => onChange({ [field]: value ?? null })}
        />
      </Form.Item>
    </Col>
  );

  return (
    <Row gutter={16}>
      {single('sourceId', 'fixed.source_id', t('leads.fields.source_id'), 'lead-import-fixed-source', sources)}
      {single('statusId', 'fixed.status_id', t('leads.fields.status_id'), 'lead-import-fixed-status', statuses, t('leads.import.fixed.statusHint'))}
      {single('affiliateCompanyId', 'fixed.affiliate_company_id', t('leads.fields.affiliate_company_id'), 'lead-import-fixed-affiliate', companies)}
      <Col xs={24} md={6}>
        <Form.Item label={t('leads.fields.tag_ids')} data-testid="lead-import-fixed-tags" {...fieldError(errors, 'fixed.tag_ids')}>
          <Select<number[]>
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={tags.loading}
            options={tags.choices}
            placeholder={t('leads.add.choose')}
            value={fixed.tagIds}
            onChange={(tagIds) => onChange({ tagIds: tagIds ?? [] })}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
