/**
 * What an integration must hold to be usable, checked on the row a write would leave (body over the stored row):
 * the credentials its auth type sends, the test its response type applies, a time zone the engine can read.
 * Each problem is a 422 under its field, so the form shows it where it is typed.
 */
import { z } from 'zod';
import { authTypes, integrationSecretFields, responseContent, responseTypes, type AuthType, type ResponseContent, type ResponseType } from '@crm/shared/contract';
import type { Row } from '../../../http/resource.ts';
import { formatInZone } from '../../../time/zones.ts';

type CredentialField = 'token_url' | 'username' | 'password' | 'api_token' | 'api_key';

const credentialsOf: Record<AuthType, readonly CredentialField[]> = {
  none: [],
  basic: ['username', 'password'],
  bearer: ['api_token'],
  header_key: ['api_key'],
  query_token: ['api_token'],
  token_exchange: ['token_url', 'username', 'password'],
};

const testKeysOf: Record<ResponseType, readonly (keyof ResponseContent)[]> = {
  http_2xx: [],
  json_path_equals: ['success_path', 'success_value'],
  body_contains: ['body_contains'],
};

const lenientResponseContent = z.object(responseContent.shape);

/** A stored `response_content` as the contract's shape; keys it does not know (an older shape) are dropped. */
export function readResponseContent(value: unknown): ResponseContent {
  const parsed = lenientResponseContent.safeParse(value);
  return parsed.success ? parsed.data : {};
}

/** The values a write would leave: body over the stored row over the column defaults; a blank secret is none. */
export function mergedIntegration(body: Row, existing: Row | null): Row {
  const merged: Row = { auth_type: 'none', response_type: 'http_2xx', response_content: {}, gmt_timezone: 'UTC', ...existing };
  for (const [key, value] of Object.entries(body)) if (value !== undefined) merged[key] = value;
  for (const field of integrationSecretFields) if (merged[field] === '') merged[field] = null;
  return merged;
}

const isBlank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';

function timeZoneProblem(zone: unknown): string | null {
  try {
    formatInZone(new Date(0), String(zone));
    return null;
  } catch {
    return 'The time zone must be an IANA zone like Europe/Berlin, an offset like +02:00, or UTC.';
  }
}

export function integrationRuleErrors(merged: Row): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const authType = z.enum(authTypes).parse(merged['auth_type']);
  for (const field of credentialsOf[authType]) {
    if (isBlank(merged[field])) errors[field] = [`The ${field.replaceAll('_', ' ')} is required for ${authType.replaceAll('_', ' ')} authentication.`];
  }
  const responseType = z.enum(responseTypes).parse(merged['response_type']);
  const content = readResponseContent(merged['response_content']);
  for (const key of testKeysOf[responseType]) {
    if (content[key] === undefined) errors[`response_content.${key}`] = [`The ${key.replaceAll('_', ' ')} is required when the response type is ${responseType.replaceAll('_', ' ')}.`];
  }
  const zoneProblem = timeZoneProblem(merged['gmt_timezone']);
  if (zoneProblem) errors['gmt_timezone'] = [zoneProblem];
  return errors;
}
