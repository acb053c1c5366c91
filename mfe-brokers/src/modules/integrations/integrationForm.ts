/**
 * What the integration form shows and sends beyond a plain resource: the credential inputs the chosen
 * `auth_type` (and the middleware's own format) uses, the success-test inputs of the chosen `response_type`,
 * and a `response_content` without blank paths.
 */
import type { AuthType, MiddlewareName, ResponseContent, ResponseType } from '@crm/shared/contract';
import type { FormValues } from '@crm/shared/ui';

export type CredentialField = 'token_url' | 'username' | 'password' | 'api_token' | 'api_key' | 'access_token';

/** The credentials each auth type sends (as the API's integration rules require them). */
const credentialsOfAuthType: Record<AuthType, readonly CredentialField[]> = {
  none: [],
  basic: ['username', 'password'],
  bearer: ['api_token'],
  header_key: ['api_key'],
  query_token: ['api_token'],
  // access_token is the exchanged token the API caches; clearing it makes the next send log in again.
  token_exchange: ['token_url', 'username', 'password', 'access_token'],
};

/** The credentials a middleware's own request format sends whatever the auth type. */
const credentialsOfMiddleware: Record<MiddlewareName, readonly CredentialField[]> = {
  trackbox: ['username', 'password', 'api_key'],
  elnopy: ['api_token'],
};

const authTypeOf = (values: FormValues): AuthType => (typeof values['auth_type'] === 'string' ? (values['auth_type'] as AuthType) : 'none');

export function usesCredential(values: FormValues, field: CredentialField): boolean {
  const middleware = values['middleware'];
  const fromMiddleware = typeof middleware === 'string' && middleware in credentialsOfMiddleware ? credentialsOfMiddleware[middleware as MiddlewareName] : [];
  return credentialsOfAuthType[authTypeOf(values)].includes(field) || fromMiddleware.includes(field);
}

/** The `response_content` keys of each response type's success test. */
const testKeysOf: Record<ResponseType, readonly (keyof ResponseContent)[]> = {
  http_2xx: [],
  json_path_equals: ['success_path', 'success_value'],
  body_contains: ['body_contains'],
};

export function usesResponseKey(values: FormValues, key: keyof ResponseContent): boolean {
  const responseType = typeof values['response_type'] === 'string' ? (values['response_type'] as ResponseType) : 'http_2xx';
  return testKeysOf[responseType].includes(key);
}

/** The body: `response_content` keeps only the paths that are filled in (a blank path is no path). */
export function integrationBody(values: FormValues): FormValues {
  const content = values['response_content'];
  if (content === null || typeof content !== 'object') return values;
  const filled = Object.entries(content).filter(([, value]) => typeof value === 'string' && value.trim() !== '');
  return { ...values, response_content: Object.fromEntries(filled) };
}
