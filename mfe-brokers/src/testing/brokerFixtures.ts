/** Items as the contract describes them, for this remote's tests. */
import type { BrokerItem, DepartmentItem, IntegrationItem } from '@crm/shared/contract';

const at = '2024-03-05T10:20:30.000Z';

export function brokerFixture(overrides: Partial<BrokerItem> = {}): BrokerItem {
  return {
    id: 1,
    name: 'Broker One',
    company_name: 'Broker One Ltd',
    company_info: null,
    company_web_pages: [],
    agreement_details: null,
    ip_addresses: [],
    contract_expires_in: null,
    is_active: true,
    affiliate_companies: [],
    departments_count: 0,
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}

export function departmentFixture(overrides: Partial<DepartmentItem> = {}): DepartmentItem {
  return {
    id: 3,
    broker_id: 1,
    broker: { id: 1, name: 'Broker One', affiliate_companies: [{ id: 1, name: 'Acme' }] },
    branch_name: 'Berlin',
    send_integration: { id: 5, name: 'Hub API' },
    is_active: true,
    countries: ['DE', 'AT'],
    languages: ['de'],
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}

export function integrationFixture(overrides: Partial<IntegrationItem> = {}): IntegrationItem {
  return {
    id: 5,
    name: 'Hub API',
    site_url: 'https://hub.test',
    token_url: null,
    username: 'hub-user',
    password: '••••yz',
    api_token: null,
    access_token: null,
    auth_type: 'basic',
    response_type: 'json_path_equals',
    response_content: { success_path: 'status', success_value: 'ok', lead_id_path: 'data.id' },
    tag: null,
    token: null,
    affiliate_id: 'aff-1',
    register_lead: true,
    register_client: false,
    is_lead: true,
    brand_id: null,
    campaign_id: null,
    lead_password: null,
    push_api_key: '••••42',
    pull_api_key: null,
    link_id: null,
    send_a_lot: false,
    allowed_ips: ['203.0.113.0/24'],
    is_sender: true,
    gmt_timezone: 'Europe/Berlin',
    api_key: null,
    middleware: null,
    phone_format: 'e164',
    concurrency: 10,
    timeout_seconds: 15,
    is_active: true,
    departments: [{ id: 3, label: 'Broker One - Acme - Berlin' }],
    last_pulled_at: null,
    postback_url: 'https://api.crm.test/api/send/integration/5/postback',
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}

/** The country option list's reply (`GET /settings/country/all`): Germany and Austria. */
export const countryOptionsReply = {
  status: 200,
  data: {
    data: [
      { id: 1, name: 'Germany', iso_3166_2: 'DE', calling_code: '49', flag: '' },
      { id: 2, name: 'Austria', iso_3166_2: 'AT', calling_code: '43', flag: '' },
    ],
  },
};
