/** The send integration made for each demo department that has none. */
import type * as tables from '../../db/schema/index.ts';
import { authTypes, responseTypes, timezones } from './lists.ts';
import type { Random } from './random.ts';

type DepartmentSeed = { id: number; branch_name: string; domain: string; brokerName: string };

/** Varied auth and response types so every integration form is exercised; secrets are placeholders, never real. */
export function sendIntegrationFor(department: DepartmentSeed, index: number, random: Random): typeof tables.sendIntegrations.$inferInsert {
  const authType = authTypes[index % authTypes.length] ?? 'none';
  const responseType = responseTypes[index % responseTypes.length] ?? 'http_2xx';
  const placeholder = (): string => `demo:${random.int(2 ** 32).toString(36)}${random.int(2 ** 32).toString(36)}`;
  const paths = { lead_id_path: 'data.lead_id', autologin_path: 'data.autologin_url' };
  const responseContent =
    responseType === 'json_path_equals'
      ? { path: 'status', equals: 'ok', ...paths }
      : responseType === 'body_contains'
        ? { contains: 'success', ...paths }
        : paths;
  const pulls = index % 2 === 0;
  const pushes = index % 3 === 0;
  return {
    broker_department_id: department.id,
    name: `${department.brokerName} — ${department.branch_name}`,
    site_url: `https://api.${department.domain}/v2/leads`,
    username: authType === 'basic' || authType === 'token_exchange' ? `affiliate${100 + index}` : null,
    password: authType === 'basic' || authType === 'token_exchange' ? placeholder() : null,
    api_token: authType === 'bearer' || authType === 'header_key' || authType === 'query_token' ? placeholder() : null,
    access_token: authType === 'token_exchange' ? placeholder() : null,
    auth_type: authType,
    response_type: responseType,
    response_content: responseContent,
    affiliate_id: String(1000 + index * 7),
    campaign_id: `cmp-${200 + index}`,
    brand_id: index % 2 === 0 ? `brand-${index}` : null,
    push_api_key: pushes ? placeholder() : null,
    pull_api_key: pulls ? placeholder() : null,
    allowed_ips: pushes ? [`203.0.113.${10 + index}`] : [],
    gmt_timezone: timezones[index % timezones.length] ?? 'UTC',
    send_a_lot: index % 4 === 0,
  };
}
