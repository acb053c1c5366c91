/**
 * The integration's `auth_type` applied to a request, and the token exchange: log in at `token_url` with
 * username and password, then send `Bearer <access_token>` until 60 s before it runs out.
 */
import { requireSetting } from './configError.ts';
import { isSuccessStatus, jsonBody, jsonHeaders, parseJson } from './encode.ts';
import type { HttpRequest, HttpResponse, IntegrationConfig } from './types.ts';

/** A token this close to its expiry is renewed before a send rather than risked. */
const tokenRenewalMarginMs = 60_000;
const defaultTokenLifetimeSeconds = 3600;

/** The request with the credentials of `integration.auth_type` added; `accessToken` is used by token_exchange only. */
export function applyAuth(request: HttpRequest, integration: IntegrationConfig, accessToken: string | null): HttpRequest {
  switch (integration.auth_type) {
    case 'none':
      return request;
    case 'basic': {
      const username = requireSetting(integration.username, 'Basic auth needs a username.');
      const password = requireSetting(integration.password, 'Basic auth needs a password.');
      return withHeader(request, 'authorization', `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`);
    }
    case 'bearer':
      return withHeader(request, 'authorization', `Bearer ${requireSetting(integration.api_token, 'Bearer auth needs an API token.')}`);
    case 'header_key':
      return withHeader(request, 'x-api-key', requireSetting(integration.api_key, 'Header key auth needs an API key.'));
    case 'query_token': {
      const url = new URL(request.url);
      url.searchParams.set('api_token', requireSetting(integration.api_token, 'Query token auth needs an API token.'));
      return { ...request, url: url.toString() };
    }
    case 'token_exchange':
      if (accessToken === null) throw new Error('Token exchange auth: exchange a token before building the request.');
      return withHeader(request, 'authorization', `Bearer ${accessToken}`);
  }
}

function withHeader(request: HttpRequest, name: string, value: string): HttpRequest {
  return { ...request, headers: { ...request.headers, [name]: value } };
}

/** Whether a token must be fetched before sending: token_exchange without a cached token that outlives the margin. */
export function needsToken(integration: IntegrationConfig, now: Date): boolean {
  if (integration.auth_type !== 'token_exchange') return false;
  const expiresAt = integration.access_token_expires_at;
  if (!integration.access_token || expiresAt === null) return true;
  return expiresAt.getTime() - now.getTime() <= tokenRenewalMarginMs;
}

/** The login call of a token exchange: POST token_url with `{ username, password }` as JSON. */
export function tokenRequest(integration: IntegrationConfig): HttpRequest {
  const url = requireSetting(integration.token_url, 'Token exchange needs a token URL.');
  const username = requireSetting(integration.username, 'Token exchange needs a username.');
  const password = requireSetting(integration.password, 'Token exchange needs a password.');
  return { method: 'POST', url, headers: { ...jsonHeaders }, body: jsonBody({ username, password }) };
}

/** The token of a login reply `{ access_token, expires_in }` (seconds, 3600 when absent); throws on anything else. */
export function readToken(response: HttpResponse, now: Date): { token: string; expiresAt: Date } {
  if (!isSuccessStatus(response.status)) throw new Error(`The token exchange failed: HTTP ${response.status}.`);
  const reply = parseJson(response.body);
  const json = reply.readable && reply.json !== null && typeof reply.json === 'object' ? (reply.json as Record<string, unknown>) : null;
  const token = json?.['access_token'];
  if (typeof token !== 'string' || token === '') throw new Error('The token exchange reply has no access_token.');
  const lifetime = Number(json?.['expires_in'] ?? defaultTokenLifetimeSeconds);
  if (!Number.isFinite(lifetime) || lifetime <= 0) throw new Error('The token exchange reply has an invalid expires_in.');
  return { token, expiresAt: new Date(now.getTime() + lifetime * 1000) };
}
