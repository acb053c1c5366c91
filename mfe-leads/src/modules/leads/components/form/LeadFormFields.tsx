/**
 * The fields of the add and edit lead forms, in sections. Each form item carries
 * `data-testid="lead-form-<field>"` (label, control and its messages) for browser tests. Client checks:
 * email format, and an email or a phone; everything else is the API's (its 422 shows under the field).
 */
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Col, countrySearch, Divider, Form, Input, Row, Select, Switch, type SelectProps } from '@crm/shared/ui';
import { useCountryChoices, useNamedChoices, useStatusChoices } from '../../hooks/useLeadChoices.ts';
import type { LeadFormField, LeadFormValues } from './leadFormValues.ts';

// antd's Rule type, reached through the one UI module (antd itself is not a dependency of this remote).
type Rule = NonNullable<ComponentProps<typeof Form.Item>['rules']>[number];

type LeadFormFieldsProps = {
  /** Add sets the starting status; an edit changes the status with its own action (a status history). */
  withStatus: boolean;
  /** The E.164 number the API made of the stored phone, shown under the phone field. */
  normalizedPhone?: string | null;
};

function Field({
  name,
  children,
  rules,
  extra,
  span = 12,
  valuePropName,
}: {
  name: LeadFormField;
  children: ReactNode;
  rules?: Rule[];
  extra?: ReactNode;
  span?: number;
  valuePropName?: string;
}) {
  const { t } = useTranslation('leads');
  return (
    <Col xs={24} md={span}>
      <Form.Item<LeadFormValues>
        name={name}
        valuePropName={valuePropName}
        label={t(`leads.fields.${name}`)}
        rules={rules ?? []}
        extra={extra}
        dependencies={name === 'email' ? ['phone'] : name === 'phone' ? ['email'] : []}
        data-testid={`lead-form-${name}`}
      >
        {children}
      </Form.Item>
    </Col>
  );
}

export function LeadFormFields({ withStatus, normalizedPhone }: LeadFormFieldsProps) {
  const { t } = useTranslation('leads');
  const statuses = useStatusChoices('lead');
  const emailStatuses = useStatusChoices('email');
  const phoneStatuses = useStatusChoices('phone');
  const sources = useNamedChoices('sources');
  const companies = useNamedChoices('affiliateCompanies');
  const tags = useNamedChoices('tags');
  const countries = useCountryChoices();

  const emailFormat: Rule = { type: 'email', message: t('leads.add.validation.email_invalid') };
  const emailOrPhone: Rule = ({ getFieldValue }) => ({
    validator: async () => {
      const given = (field: LeadFormField) => String(getFieldValue(field) ?? '').trim() !== '';
      if (!given('email') && !given('phone')) throw new Error(t('leads.add.validation.email_or_phone'));
    },
  });
  const select = (
    choices: { choices: readonly { value: string | number; label: string }[]; loading: boolean },
    { multiple = false, search = { optionFilterProp: 'label' } }: { multiple?: boolean; search?: SelectProps['showSearch'] } = {},
  ) => <Select allowClear showSearch={search} mode={multiple ? 'multiple' : undefined} loading={choices.loading} options={[...choices.choices]} placeholder={t('leads.add.choose')} />;

  return (
    <>
      <Divider titlePlacement="start">{t('leads.add.sections.contact')}</Divider>
      <Row gutter={16}>
        <Field name="name">
          <Input autoComplete="off" />
        </Field>
        <Field name="surname">
          <Input autoComplete="off" />
        </Field>
        <Field name="email" rules={[emailFormat, emailOrPhone]}>
          <Input type="email" autoComplete="off" />
        </Field>
        <Field name="alt_email" rules={[emailFormat]}>
          <Input type="email" autoComplete="off" />
        </Field>
        <Field name="phone" rules={[emailOrPhone]} extra={normalizedPhone ? t('leads.add.normalized', { phone: normalizedPhone }) : t('leads.add.phone_hint')}>
          <Input type="tel" autoComplete="off" />
        </Field>
        <Field name="country">{select(countries, { search: countrySearch })}</Field>
        <Field name="alt_phone">
          <Input type="tel" autoComplete="off" />
        </Field>
        <Field name="language">
          <Input autoComplete="off" maxLength={16} placeholder={t('leads.add.language_hint')} />
        </Field>
      </Row>
      <Divider titlePlacement="start">{t('leads.add.sections.lead')}</Divider>
      <Row gutter={16}>
        <Field name="source_id">{select(sources)}</Field>
        {withStatus && <Field name="status_id">{select(statuses)}</Field>}
        <Field name="affiliate_company_id">{select(companies)}</Field>
        <Field name="funnel">
          <Input autoComplete="off" />
        </Field>
        <Field name="tag_ids" span={24}>
          {select(tags, { multiple: true })}
        </Field>
      </Row>
      <Divider titlePlacement="start">{t('leads.add.sections.statuses')}</Divider>
      <Row gutter={16}>
        <Field name="email_status_id">{select(emailStatuses)}</Field>
        <Field name="alt_email_status_id">{select(emailStatuses)}</Field>
        <Field name="phone_status_id">{select(phoneStatuses)}</Field>
        <Field name="alt_phone_status_id">{select(phoneStatuses)}</Field>
        <Field name="live_status">
          <Input autoComplete="off" />
        </Field>
        <Field name="not_available_till">
          <Input type="date" />
        </Field>
        <Field name="is_fresh" valuePropName="checked">
          <Switch />
        </Field>
      </Row>
      <Divider titlePlacement="start">{t('leads.add.sections.purchase')}</Divider>
      <Row gutter={16}>
        <Field name="purchase_amount">
          <Input inputMode="decimal" autoComplete="off" />
        </Field>
        <Field name="recovery_amount">
          <Input inputMode="decimal" autoComplete="off" />
        </Field>
        <Field name="deposit_exists" valuePropName="checked">
          <Switch />
        </Field>
        <Field name="purchase_date">
          <Input type="date" />
        </Field>
        <Field name="purchase_site">
          <Input autoComplete="off" />
        </Field>
        <Field name="product_name">
          <Input autoComplete="off" />
        </Field>
        <Field name="card_name">
          <Input autoComplete="off" />
        </Field>
        <Field name="card_type">
          <Input autoComplete="off" />
        </Field>
        <Field name="card_digits">
          <Input inputMode="numeric" maxLength={4} autoComplete="off" />
        </Field>
        <Field name="date_of_birth">
          <Input type="date" />
        </Field>
      </Row>
      <Divider titlePlacement="start">{t('leads.add.sections.address')}</Divider>
      <Row gutter={16}>
        <Field name="address">
          <Input autoComplete="off" />
        </Field>
        <Field name="second_address">
          <Input autoComplete="off" />
        </Field>
        <Field name="city">
          <Input autoComplete="off" />
        </Field>
        <Field name="state">
          <Input autoComplete="off" />
        </Field>
        <Field name="zip">
          <Input autoComplete="off" />
        </Field>
        <Field name="ip">
          <Input autoComplete="off" />
        </Field>
        <Field name="comment" span={24}>
          <Input.TextArea rows={3} />
        </Field>
      </Row>
    </>
  );
}
