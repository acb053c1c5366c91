/**
 * The generic JSON adapter, for brokers without a middleware: the lead as JSON to `site_url` with the
 * integration's auth, the answer judged by its response rules; status pulls from `{origin}/leads/status`.
 */
import { applyAuth } from './auth.ts';
import { jsonBody, jsonHeaders } from './encode.ts';
import { scalarText, valueAt } from './jsonPath.ts';
import { formatPhone } from './phone.ts';
import { ftdDate, isTrueFlag, readPullReply, recordsAt } from './pull.ts';
import { readOutcome } from './response.ts';
import { formatInZone } from '../../../time/zones.ts';
import type { Adapter } from './types.ts';

export const genericAdapter: Adapter = {
  buildRequest(integration, lead, password) {
    const { phone, prefix } = formatPhone(lead.phone, integration.phone_format);
    const body = jsonBody({
      first_name: lead.name,
      last_name: lead.surname,
      email: lead.email,
      phone,
      phone_prefix: integration.phone_format === 'national' ? prefix : null,
      country: lead.country,
      language: lead.language,
      ip: lead.ip,
      password,
      funnel: lead.funnel,
      source: lead.source,
      comment: lead.comment,
      affiliate_id: integration.affiliate_id,
      campaign_id: integration.campaign_id,
      brand_id: integration.brand_id,
      link_id: integration.link_id,
      tag: integration.tag,
      is_lead: integration.is_lead,
      register_client: integration.register_client,
    });
    // A token exchange's fresh token reaches here as `integration.access_token` (the engine caches it there).
    return applyAuth({ method: 'POST', url: integration.site_url, headers: { ...jsonHeaders }, body }, integration, integration.access_token);
  },

  readResponse(integration, response) {
    return { ...readOutcome(integration, response), lead_password: null };
  },

  pullRequest(integration, window, page) {
    if (!integration.pull_api_key) return null;
    const url = new URL('/leads/status', new URL(integration.site_url).origin);
    url.searchParams.set('from', formatInZone(window.from, integration.gmt_timezone));
    url.searchParams.set('to', formatInZone(window.to, integration.gmt_timezone));
    url.searchParams.set('page', String(page));
    return { method: 'GET', url: url.toString(), headers: { accept: 'application/json', 'x-api-key': integration.pull_api_key }, body: null };
  },

  readPull(integration, response, window) {
    const json = readPullReply(response);
    const leads = recordsAt(json, 'data').map((item) => ({
      api_lead_id: scalarText(item['id']),
      email: scalarText(item['email']),
      status: scalarText(item['status']),
      ftd_at: ftdDate(isTrueFlag(item['ftd']), item['ftd_at'], integration, window),
      payload: item,
    }));
    return { leads, hasMore: leads.length > 0 && isTrueFlag(valueAt(json, 'has_more')) };
  },
};
