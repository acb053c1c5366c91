/**
 * `send/integration/search`: send integrations described once for ResourceScreen — the fields in
 * sections, only the credentials the auth type (and middleware) uses, write-only secrets (never
 * returned in full), and the "test" row action.
 */
import { authTypes, crudPermissions, integrationBodies, middlewareNames, phoneFormats, responseTypes, type IntegrationItem, type ResponseContent } from '@crm/shared/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryOutlined, SendOutlined, type FieldOption, type FilterOption, type ResourceField, type ResourceRow, type ResourceSpec } from '@crm/shared/ui';
import { routeUrl } from '@crm/shared/routes';
import { activeFilterOptions, brokerField } from '../brokers/brokerScreen.tsx';
import { IntegrationTestDialog } from './components/IntegrationTestDialog.tsx';
import { integrationBody, usesCredential, usesResponseKey, type CredentialField } from './integrationForm.ts';

const field = (name: string) => `brokers:integrations.fields.${name}`;
const group = (name: string) => `brokers:integrations.groups.${name}`;

const authTypeKey = (value: string) => `brokers:integrations.authTypes.${value}`;
const responseTypeKey = (value: string) => `brokers:integrations.responseTypes.${value}`;
const middlewareKey = (value: string) => `brokers:integrations.middlewares.${value}`;
const phoneFormatKey = (value: string) => `brokers:integrations.phoneFormats.${value}`;

/** Fixed values as select options, labelled in the user's language. */
function useTranslatedChoices(values: readonly string[], keyOf: (value: string) => string): FieldOption[] {
  const { t } = useTranslation();
  return useMemo(() => values.map((value) => ({ value, label: t(keyOf(value)) })), [t, values, keyOf]);
}
const useAuthTypeChoices = () => useTranslatedChoices(authTypes, authTypeKey);
const useResponseTypeChoices = () => useTranslatedChoices(responseTypes, responseTypeKey);
const useMiddlewareChoices = () => useTranslatedChoices(middlewareNames, middlewareKey);
const usePhoneFormatChoices = () => useTranslatedChoices(phoneFormats, phoneFormatKey);

/** A fixed value in a table cell, in the user's language; none (null) as `noneKey` says. */
function TranslatedValue({ value, keyOf, noneKey }: { value: string | null; keyOf: (value: string) => string; noneKey?: string }) {
  const { t } = useTranslation();
  return <>{value === null ? t(noneKey ?? 'not_set') : t(keyOf(value))}</>;
}

const asIntegration = (row: ResourceRow) => row as IntegrationItem;

const credential = (name: CredentialField, kind: ResourceField['kind']): ResourceField => ({
  name,
  labelKey: field(name),
  kind,
  group: group('connection'),
  visible: (values) => usesCredential(values, name),
  ...(kind === 'secret' ? {} : { nullable: true }),
});

const responsePath = (key: keyof ResponseContent, visible?: ResourceField['visible']): ResourceField => ({
  name: `response_content.${key}`,
  labelKey: field(key),
  kind: 'text',
  group: group('response'),
  ...(visible ? { visible } : {}),
});

const leadText = (name: string): ResourceField => ({ name, labelKey: field(name), kind: 'text', group: group('lead'), nullable: true });

export const integrationScreen: ResourceSpec = {
  path: '/send/integration',
  body: integrationBodies.create,
  titleKey: 'menu.brokers.sendIntegrations',
  nounKey: 'brokers:nouns.integration',
  permissions: crudPermissions('send.integration'),
  columns: [
    { key: 'name', sortKey: 'name', title: field('name') },
    { key: 'site_url', title: field('site_url') },
    {
      key: 'middleware',
      title: field('middleware'),
      render: (row) => <TranslatedValue value={asIntegration(row).middleware} keyOf={middlewareKey} noneKey="brokers:integrations.genericMiddleware" />,
    },
    { key: 'auth_type', title: field('auth_type'), render: (row) => <TranslatedValue value={asIntegration(row).auth_type} keyOf={authTypeKey} /> },
    { key: 'departments', title: field('departments'), type: 'array' },
    { key: 'send_a_lot', title: field('send_a_lot'), type: 'boolean' },
    { key: 'is_active', title: brokerField('is_active'), type: 'boolean' },
  ],
  fields: [
    { name: 'name', labelKey: field('name'), kind: 'text', group: group('connection') },
    { name: 'site_url', labelKey: field('site_url'), kind: 'text', group: group('connection') },
    {
      name: 'middleware',
      labelKey: field('middleware'),
      kind: 'select',
      useOptions: useMiddlewareChoices,
      nullable: true,
      placeholderKey: 'brokers:integrations.genericMiddleware',
      group: group('connection'),
    },
    { name: 'auth_type', labelKey: field('auth_type'), kind: 'select', useOptions: useAuthTypeChoices, group: group('connection') },
    credential('token_url', 'text'),
    credential('username', 'text'),
    credential('password', 'secret'),
    credential('api_token', 'secret'),
    credential('api_key', 'secret'),
    credential('access_token', 'secret'),
    { name: 'token', labelKey: field('token'), kind: 'secret', group: group('connection') },

    leadText('affiliate_id'),
    leadText('campaign_id'),
    leadText('brand_id'),
    leadText('link_id'),
    leadText('tag'),
    { name: 'is_lead', labelKey: field('is_lead'), kind: 'boolean', group: group('lead') },
    { name: 'register_lead', labelKey: field('register_lead'), kind: 'boolean', group: group('lead') },
    { name: 'register_client', labelKey: field('register_client'), kind: 'boolean', group: group('lead') },
    { name: 'lead_password', labelKey: field('lead_password'), kind: 'secret', helpKey: 'brokers:integrations.help.lead_password', group: group('lead') },
    { name: 'phone_format', labelKey: field('phone_format'), kind: 'select', useOptions: usePhoneFormatChoices, group: group('lead') },

    { name: 'response_type', labelKey: field('response_type'), kind: 'select', useOptions: useResponseTypeChoices, group: group('response') },
    responsePath('success_path', (values) => usesResponseKey(values, 'success_path')),
    responsePath('success_value', (values) => usesResponseKey(values, 'success_value')),
    responsePath('body_contains', (values) => usesResponseKey(values, 'body_contains')),
    responsePath('lead_id_path'),
    responsePath('autologin_path'),
    responsePath('client_url_path'),
    responsePath('error_path'),

    { name: 'pull_api_key', labelKey: field('pull_api_key'), kind: 'secret', helpKey: 'brokers:integrations.help.pull_api_key', group: group('statusSync') },
    { name: 'push_api_key', labelKey: field('push_api_key'), kind: 'secret', helpKey: 'brokers:integrations.help.push_api_key', group: group('statusSync') },
    { name: 'allowed_ips', labelKey: field('allowed_ips'), kind: 'tags', helpKey: 'brokers:integrations.help.allowed_ips', group: group('statusSync') },
    { name: 'gmt_timezone', labelKey: field('gmt_timezone'), kind: 'text', helpKey: 'brokers:integrations.help.gmt_timezone', group: group('statusSync') },
    { name: 'postback_url', labelKey: field('postback_url'), kind: 'readonly', helpKey: 'brokers:integrations.help.postback_url', group: group('statusSync') },

    { name: 'send_a_lot', labelKey: field('send_a_lot'), kind: 'boolean', group: group('sending') },
    { name: 'is_sender', labelKey: field('is_sender'), kind: 'boolean', group: group('sending') },
    { name: 'concurrency', labelKey: field('concurrency'), kind: 'number', group: group('sending') },
    { name: 'timeout_seconds', labelKey: field('timeout_seconds'), kind: 'number', helpKey: 'brokers:integrations.help.timeout_seconds', group: group('sending') },
    { name: 'is_active', labelKey: brokerField('is_active'), kind: 'boolean', group: group('sending') },
  ],
  filters: [
    { name: 'middleware', labelKey: field('middleware'), kind: 'select', options: middlewareNames.map((value): FilterOption => ({ value, labelKey: middlewareKey(value) })) },
    { name: 'is_active', labelKey: brokerField('is_active'), kind: 'select', options: activeFilterOptions },
  ],
  // The API's column defaults, so the form shows what a blank create would store.
  defaults: {
    auth_type: 'none',
    middleware: null,
    response_type: 'http_2xx',
    phone_format: 'e164',
    is_lead: true,
    register_lead: true,
    register_client: false,
    gmt_timezone: 'UTC',
    send_a_lot: false,
    is_sender: true,
    concurrency: 10,
    timeout_seconds: 15,
    is_active: true,
  },
  toBody: (values) => integrationBody(values),
  rowActions: [
    {
      key: 'test',
      labelKey: 'brokers:integrations.test.action',
      icon: <SendOutlined />,
      permission: 'send.integration.update',
      dialog: (row, close) => <IntegrationTestDialog integration={asIntegration(row)} onClose={close} />,
    },
    {
      key: 'requests',
      labelKey: 'brokers:integrations.requests',
      icon: <HistoryOutlined />,
      permission: 'settings.request.view',
      to: (row) => routeUrl('settings/requests', undefined, { send_integration_id: row.id }),
    },
  ],
  formWidth: 760,
};
