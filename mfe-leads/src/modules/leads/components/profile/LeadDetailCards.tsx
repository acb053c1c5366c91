/**
 * Every lead field, grouped: contact, address, lead, purchase and deposit, statuses, broker / API.
 * Each value carries `data-testid="lead-value-<field>"`; each card `data-testid="lead-card-<group>"`.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Col, Descriptions, Row } from '@crm/shared/ui';
import type { LeadDetail } from '@crm/shared/contract';
import { ExternalLink, FieldValue, amountOf, dateOf, dateTimeOf, statusOf, yesNoOf } from './fieldValue.tsx';
import { LeadTagsEditor } from './LeadTagsEditor.tsx';

type Group = 'contact' | 'address' | 'lead' | 'purchase' | 'statuses' | 'broker';
type Entry = [field: string, value: ReactNode];

function groupsOf(lead: LeadDetail, common: (key: string) => string, language: string): Record<Group, Entry[]> {
  return {
    contact: [
      ['name', lead.name],
      ['surname', lead.surname],
      ['email', lead.email],
      ['alt_email', lead.alt_email],
      ['phone', lead.phone],
      ['phone_prefix', lead.phone_prefix],
      ['phone_normalized', lead.phone_normalized],
      ['alt_phone', lead.alt_phone],
      ['alt_phone_prefix', lead.alt_phone_prefix],
      ['language', lead.language],
      ['date_of_birth', dateOf(lead.date_of_birth)],
      ['ip', lead.ip],
    ],
    address: [
      ['country', lead.country],
      ['state', lead.state],
      ['city', lead.city],
      ['zip', lead.zip],
      ['address', lead.address],
      ['second_address', lead.second_address],
    ],
    lead: [
      ['lead_id', lead.lead_id],
      ['source', lead.source?.name],
      ['affiliate_company', lead.affiliate_company?.name],
      ['click_id', lead.click_id],
      ['sub1', lead.sub1],
      ['sub2', lead.sub2],
      ['sub3', lead.sub3],
      ['sub4', lead.sub4],
      ['sub5', lead.sub5],
      ['funnel', lead.funnel],
      ['tags', <LeadTagsEditor lead={lead} />],
      ['is_fresh', yesNoOf(lead.is_fresh, common)],
      ['comment', lead.comment],
      ['created_by', lead.created_by?.name],
      ['created_at', dateTimeOf(lead.created_at)],
      ['updated_at', dateTimeOf(lead.updated_at)],
    ],
    purchase: [
      ['purchase_amount', amountOf(lead.purchase_amount, language)],
      ['deposit_exists', yesNoOf(lead.deposit_exists, common)],
      ['product_name', lead.product_name],
      ['purchase_site', lead.purchase_site],
      ['purchase_date', dateTimeOf(lead.purchase_date)],
      ['recovery_amount', amountOf(lead.recovery_amount, language)],
      ['card_name', lead.card_name],
      ['card_type', lead.card_type],
      ['card_digits', lead.card_digits],
    ],
    statuses: [
      ['status', statusOf(lead.status, common)],
      ['original_status', statusOf(lead.original_status, common)],
      ['status_changed_at', dateTimeOf(lead.status_changed_at)],
      ['live_status', lead.live_status],
      ['email_status', statusOf(lead.email_status, common)],
      ['alt_email_status', statusOf(lead.alt_email_status, common)],
      ['phone_status', statusOf(lead.phone_status, common)],
      ['alt_phone_status', statusOf(lead.alt_phone_status, common)],
      ['not_available_till', dateTimeOf(lead.not_available_till)],
    ],
    broker: [
      ['api_lead_id', lead.api_lead_id],
      ['api_lead_status', lead.api_lead_status],
      ['api_client_id', lead.api_client_id],
      ['api_ftd_at', dateTimeOf(lead.api_ftd_at)],
      ['last_department', lead.last_department?.label],
      ['last_sent_at', dateTimeOf(lead.last_sent_at)],
      ['lead_url', lead.lead_url && <ExternalLink url={lead.lead_url} />],
      ['client_url', lead.client_url && <ExternalLink url={lead.client_url} />],
    ],
  };
}

const groupOrder: readonly Group[] = ['contact', 'address', 'lead', 'purchase', 'statuses', 'broker'];

export function LeadDetailCards({ lead }: { lead: LeadDetail }) {
  const { t, i18n } = useTranslation('leads');
  const common = (key: string) => t(`common:${key}`);
  const groups = groupsOf(lead, common, i18n.language);
  return (
    <Row gutter={[16, 16]}>
      {groupOrder.map((group) => (
        <Col key={group} xs={24} xl={12}>
          <Card size="small" title={t(`leads.profile.groups.${group}`)} data-testid={`lead-card-${group}`} style={{ height: '100%' }}>
            <Descriptions
              column={1}
              size="small"
              bordered
              items={groups[group].map(([field, value]) => ({
                key: field,
                label: t(`leads.fields.${field}`),
                children: (
                  <FieldValue field={field} t={common}>
                    {value}
                  </FieldValue>
                ),
              }))}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
