/** The fields of the fix-and-retry form: the lead's own fields, source and status from the option lists. */
import { useTranslation } from 'react-i18next';
import { useOptionList } from '@crm/shared';
import { Col, Form, Input, Row, Select } from '@crm/shared/ui';
import { retryTextFields, type RetryFormValues } from './rawLeadFields.ts';

export type NamedOption = { id: number; name: string };
export type StatusOption = NamedOption & { class: string };

const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

export function RetryFormFields() {
  const { t } = useTranslation();
  const sources = useOptionList<NamedOption>('sources');
  const statuses = useOptionList<StatusOption>('statuses');
  const label = (field: string) => t(`leads:leads.failed.fields.${field}`);

  return (
    <Row gutter={12}>
      {retryTextFields.map((field) => (
        <Col key={field} span={field === 'comment' || field === 'address' ? 24 : 12}>
          <Form.Item<RetryFormValues>
            name={field}
            label={label(field)}
            // The API's rule (a lead needs an email or a phone), checked before the round trip.
            {...(field === 'email'
              ? {
                  dependencies: ['phone'],
                  rules: [
                    ({ getFieldValue }) => ({
                      validator: (_rule, value: unknown) =>
                        blank(value) && blank(getFieldValue('phone')) ? Promise.reject(new Error(t('leads:leads.failed.needsContact'))) : Promise.resolve(),
                    }),
                  ],
                }
              : {})}
          >
            {field === 'comment' ? <Input.TextArea rows={2} aria-label={label(field)} /> : <Input aria-label={label(field)} data-testid={`failed-field-${field}`} />}
          </Form.Item>
        </Col>
      ))}
      <Col span={12}>
        <Form.Item<RetryFormValues> name="source_id" label={label('source_id')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={label('source_id')}
            loading={sources.loading}
            options={sources.data.map((source) => ({ value: source.id, label: source.name }))}
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item<RetryFormValues> name="status_id" label={label('status_id')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={label('status_id')}
            loading={statuses.loading}
            options={statuses.data.filter((status) => status.class === 'lead').map((status) => ({ value: status.id, label: status.name }))}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
