/**
 * Token exchange (auth_type token_exchange): log in once, keep the `access_token` (encrypted, with its expiry) on the
 * integration, and log in again only when it runs out — one login at a time per integration, however many sends wait.
 * The adapters read the token from `integration.access_token`.
 */
import { needsToken, readToken, tokenRequest } from '../adapters/auth.ts';
import { sanitizeRequest, sanitizeResponse } from '../adapters/sanitize.ts';
import type { HttpResponse, IntegrationConfig } from '../adapters/types.ts';
import { storeAccessToken } from '../integrations/resource.ts';
import { callBroker, type SendEngine } from './deps.ts';
import { logCall } from './log.ts';

type Token = { token: string; expiresAt: Date };

const inFlight = new Map<number, Promise<Token>>();

/** Makes sure the integration holds a live token, logging in first when it has none or it is about to expire. */
export async function accessTokenFor(engine: SendEngine, integration: IntegrationConfig, options: { renew?: boolean } = {}): Promise<string> {
  if (!options.renew && !needsToken(integration, new Date()) && integration.access_token) return integration.access_token;
  let login = inFlight.get(integration.id);
  if (!login) {
    login = exchange(engine, integration).finally(() => inFlight.delete(integration.id));
    inFlight.set(integration.id, login);
  }
  const { token, expiresAt } = await login;
  integration.access_token = token;
  integration.access_token_expires_at = expiresAt;
  return token;
}

async function exchange(engine: SendEngine, integration: IntegrationConfig): Promise<Token> {
  const request = tokenRequest(integration);
  const started = performance.now();
  const log = (response: HttpResponse | null, token: string | null) =>
    logCall(engine, {
      integration,
      leadId: null,
      request: sanitizeRequest(request, integration),
      // The reply hands out the token: masked like the stored secrets.
      response: response ? sanitizeResponse(response, integration, [token]) : null,
      durationMs: performance.now() - started,
    });
  let response: HttpResponse;
  try {
    response = await callBroker(engine, integration, request);
  } catch (error) {
    log(null, null);
    throw error;
  }
  let token: Token;
  try {
    token = readToken(response, new Date());
  } catch (error) {
    log(response, null);
    throw error;
  }
  log(response, token.token);
  await storeAccessToken(engine.db, engine.secrets, integration.id, token.token, token.expiresAt);
  return token;
}
