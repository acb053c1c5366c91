/**
 * Elnopy-style brokers: the lead posted as a form to `/api/v3/integration?api_token=…`, the reply
 * `{ success, id, autologin, password, message }` (the broker sets the lead's password); statuses from
 * `/api/v3/get-leads` with the pull key, where `acq == 1` is an FTD. One page per pull.
 */
import { requireSetting } from './configError.ts';
import { endpoint, formBody, isSuccessStatus, parseJson } from './encode.ts';
import { scalarText, textAt, valueAt } from './jsonPath.ts';
import { formatPhone } from './phone.ts';
import { ftdDate, isTrueFlag, readPullReply, recordsAt } from './pull.ts';
import { brokerErrorText, failedOutcome, failureStatuses, httpFailure } from './response.ts';
import { formatInZone } from '../../../time/zones.ts';
import type { Adapter } from './types.ts';

export const elnopyAdapter: Adapter = {
  buildRequest(integration, lead) {
    const url = endpoint(integration.site_url, '/api/v3/integration', { api_token: requireSetting(integration.api_token, 'Elnopy needs an API token.') });
    const body = formBody({
      link_id: integration.link_id,
      fname: lead.name,
      lname: lead.surname,
      email: lead.email,
      fullphone: formatPhone(lead.phone, 'e164').phone,
      ip: lead.ip,
      country: lead.country,
      language: lead.language,
      source: lead.source,
      funnel: lead.funnel,
    });
    return { method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body };
  },

  readResponse(_integration, response) {
    if (!isSuccessStatus(response.status)) return { ...failedOutcome(httpFailure(response.status)), lead_password: null };
    const reply = parseJson(response.body);
    if (!reply.readable) return { ...failedOutcome(failureStatuses.unreadable), lead_password: null };
    if (valueAt(reply.json, 'success') !== true) {
      return { ...failedOutcome(brokerErrorText(textAt(reply.json, 'message')) ?? failureStatuses.rejected), lead_password: null };
    }
    return {
      success: true,
      failure_status: null,
      api_lead_id: textAt(reply.json, 'id'),
      lead_url: textAt(reply.json, 'autologin'),
      client_url: null,
      lead_password: textAt(reply.json, 'password'),
    };
  },

  pullRequest(integration, window) {
    if (!integration.pull_api_key) return null;
    const url = endpoint(integration.site_url, '/api/v3/get-leads', {
      api_token: integration.pull_api_key,
      link_id: integration.link_id,
      from: formatInZone(window.from, integration.gmt_timezone),
      to: formatInZone(window.to, integration.gmt_timezone),
    });
    return { method: 'GET', url, headers: { accept: 'application/json' }, body: null };
  },

  readPull(integration, response, window) {
    const json = readPullReply(response);
    if (valueAt(json, 'success') !== true) throw new Error(`The status pull was refused: ${textAt(json, 'message') ?? 'no reason given'}.`);
    const leads = recordsAt(json, 'data').map((item) => ({
      api_lead_id: scalarText(item['id']),
      email: scalarText(item['email']),
      status: scalarText(item['status']),
      ftd_at: ftdDate(isTrueFlag(item['acq']), item['acq_date'], integration, window),
      payload: item,
    }));
    return { leads, hasMore: false };
  },
};
