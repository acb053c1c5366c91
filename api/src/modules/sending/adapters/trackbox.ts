/**
 * Trackbox-style brokers: credentials in `x-trackbox-*` headers and `x-api-key`, the lead posted to
 * `/api/signup/procform`, the reply `{ status: true, data: <autologin url>, addonData: { data: { uniqueid } } }`;
 * statuses pulled page by page from `/api/pull/customers` with the pull key.
 */
import { requireSetting } from './configError.ts';
import { endpoint, isSuccessStatus, jsonBody, jsonHeaders, parseJson } from './encode.ts';
import { scalarText, textAt, valueAt } from './jsonPath.ts';
import { formatPhone } from './phone.ts';
import { ftdDate, isTrueFlag, readPullReply, recordsAt } from './pull.ts';
import { brokerErrorText, failedOutcome, failureStatuses, httpFailure } from './response.ts';
import { formatInZone } from '../../../time/zones.ts';
import type { Adapter, IntegrationConfig } from './types.ts';

/** Trackbox's pull `type` for customers with their sale status and deposits. */
const customersPullType = '3';

function credentialHeaders(integration: IntegrationConfig, apiKey: string): Record<string, string> {
  return {
    ...jsonHeaders,
    'x-trackbox-username': requireSetting(integration.username, 'Trackbox needs a username.'),
    'x-trackbox-password': requireSetting(integration.password, 'Trackbox needs a password.'),
    'x-api-key': apiKey,
  };
}

export const trackboxAdapter: Adapter = {
  buildRequest(integration, lead, password) {
    const body = jsonBody({
      ai: integration.affiliate_id,
      ci: integration.campaign_id,
      gi: integration.brand_id,
      userip: lead.ip,
      firstname: lead.name,
      lastname: lead.surname,
      email: lead.email,
      password,
      phone: formatPhone(lead.phone, integration.phone_format).phone,
      so: lead.funnel ?? lead.source,
    });
    const headers = credentialHeaders(integration, requireSetting(integration.api_key, 'Trackbox needs an API key.'));
    return { method: 'POST', url: endpoint(integration.site_url, '/api/signup/procform'), headers, body };
  },

  readResponse(_integration, response) {
    if (!isSuccessStatus(response.status)) return { ...failedOutcome(httpFailure(response.status)), lead_password: null };
    const reply = parseJson(response.body);
    if (!reply.readable) return { ...failedOutcome(failureStatuses.unreadable), lead_password: null };
    const data = valueAt(reply.json, 'data');
    if (valueAt(reply.json, 'status') !== true) {
      return { ...failedOutcome(brokerErrorText(scalarText(data)) ?? failureStatuses.rejected), lead_password: null };
    }
    return {
      success: true,
      failure_status: null,
      api_lead_id: textAt(reply.json, 'addonData.data.uniqueid'),
      lead_url: typeof data === 'string' && data !== '' ? data : null,
      client_url: null,
      lead_password: null,
    };
  },

  pullRequest(integration, window, page) {
    if (!integration.pull_api_key) return null;
    const body = jsonBody({
      from: formatInZone(window.from, integration.gmt_timezone),
      to: formatInZone(window.to, integration.gmt_timezone),
      type: customersPullType,
      page,
    });
    return { method: 'POST', url: endpoint(integration.site_url, '/api/pull/customers'), headers: credentialHeaders(integration, integration.pull_api_key), body };
  },

  readPull(integration, response, window, page) {
    const json = readPullReply(response);
    if (valueAt(json, 'status') !== true) throw new Error(`The status pull was refused: ${scalarText(valueAt(json, 'data')) ?? 'no reason given'}.`);
    const leads = recordsAt(json, 'data').map((item) => ({
      api_lead_id: scalarText(item['uniqueid']),
      email: scalarText(item['email']),
      status: scalarText(item['saleStatus']),
      ftd_at: ftdDate(isTrueFlag(item['hasFTD']), item['depositDate'], integration, window),
      payload: item,
    }));
    const totalPages = Number(valueAt(json, 'totalPages') ?? 1);
    return { leads, hasMore: leads.length > 0 && Number.isFinite(totalPages) && page < totalPages };
  },
};
