/** The send integration made for each demo department that has none. */
import type { ResponseContent } from '@crm/shared/contract';
import type * as tables from '../../db/schema/index.ts';
import type { SecretBox } from '../../modules/sending/secrets.ts';
import { authTypes, responseTypes, timezones } from './lists.ts';
import type { Random } from './random.ts';

type DepartmentSeed = { branch_name: string; domain: string; brokerName: string };

/** The name of a demo department's integration: how a later run finds it again. */
export const demoIntegrationName = (department: DepartmentSeed): string => `${department.brokerName} — ${department.branch_name}`;

/**
 * Varied auth and response types so every integration form is exercised, each with what its type needs; secrets are
 * placeholders, never real, sealed like any other.
 */
export function sendIntegrationFor(department: DepartmentSeed, index: number, random: Random, secrets: SecretBox): typeof tables.sendIntegrations.$inferInsert {
  const authType = authTypes[index % authTypes.length] ?? 'none';
  const responseType = responseTypes[index % responseTypes.length] ?? 'http_2xx';
  const placeholder = (): string => secrets.seal(`demo:${random.int(2 ** 32).toString(36)}${random.int(2 ** 32).toString(36)}`);
  const paths = { lead_id_path: 'data.lead_id', autologin_path: 'data.autologin_url' };
  const responseContent: ResponseContent =
    responseType === 'json_path_equals' ? { success_path: 'status', success_value: 'ok', ...paths } : responseType === 'body_contains' ? { body_contains: 'success', ...paths } : paths;
  const logsIn = authType === 'basic' || authType === 'token_exchange';
  const pulls = index % 2 === 0;
  const pushes = index % 3 === 0;
  return {
    name: demoIntegrationName(department),
    site_url: `https://api.${department.domain}/v2/leads`,
    token_url: authType === 'token_exchange' ? `https://api.${department.domain}/v2/auth/token` : null,
    username: logsIn ? `affiliate${100 + index}` : null,
    password: logsIn ? placeholder() : null,
    api_token: authType === 'bearer' || authType === 'query_token' ? placeholder() : null,
    api_key: authType === 'header_key' ? placeholder() : null,
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
