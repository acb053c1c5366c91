/**
 * One lead to one broker: build the request with the integration's adapter, call with retries on connection errors
 * and 5xx only (a timeout may have reached the broker, so it is never retried: a lead is never sent twice), and read
 * the answer with the response rules. The circuit breaker fails fast while the broker is down.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { SanitizedRequest, SanitizedResponse } from '@crm/shared/contract';
import { generateLeadPassword } from '../adapters/password.ts';
import { adapterFor } from '../adapters/registry.ts';
import { sanitizeRequest, sanitizeResponse, sanitizeResult } from '../adapters/sanitize.ts';
import { NetworkError, type HttpRequest, type HttpResponse, type IntegrationConfig, type LeadToSend, type SendResult } from '../adapters/types.ts';
import { callBroker, type SendEngine } from './deps.ts';
import { logCall } from './log.ts';
import { accessTokenFor } from './token.ts';

export type LeadAttempt = {
  result: SendResult;
  request: SanitizedRequest;
  response: SanitizedResponse | null;
  durationMs: number;
};

/** Failure statuses the engine itself gives (the broker's own come from the response rules). */
export const engineFailures = {
  circuitOpen: 'Broker unavailable (circuit open)',
  timeout: 'Timeout (outcome unknown)',
  network: 'Network error',
  integration: 'Integration error',
} as const;

const failure = (failure_status: string): SendResult => ({ success: false, failure_status, api_lead_id: null, lead_url: null, client_url: null, lead_password: null });

/** The adapter's request; with token exchange, once the integration holds a live token (the adapter sends it). */
async function requestFor(engine: SendEngine, integration: IntegrationConfig, lead: LeadToSend, password: string, renewToken: boolean): Promise<HttpRequest> {
  if (integration.auth_type === 'token_exchange') await accessTokenFor(engine, integration, { renew: renewToken });
  return adapterFor(integration).buildRequest(integration, lead, password);
}

export async function sendLead(engine: SendEngine, integration: IntegrationConfig, lead: LeadToSend): Promise<LeadAttempt> {
  const adapter = adapterFor(integration);
  const password = integration.lead_password ?? generateLeadPassword();
  const started = performance.now();
  const secretsOf = (request: HttpRequest) => sanitizeRequest(request, integration, [password]);
  let request: HttpRequest;
  try {
    request = await requestFor(engine, integration, lead, password, false);
  } catch (error) {
    // A setting the format needs is missing, or the token login failed: nothing reached the broker.
    const message = error instanceof Error ? error.message : String(error);
    const placeholder: HttpRequest = { method: 'POST', url: integration.site_url, headers: {}, body: null };
    return { result: failure(`${engineFailures.integration}: ${message}`.slice(0, 255)), request: secretsOf(placeholder), response: null, durationMs: 0 };
  }
  if (!(await engine.breakers.allows(integration.id))) {
    return { result: failure(engineFailures.circuitOpen), request: secretsOf(request), response: null, durationMs: 0 };
  }
  let renewedToken = false;
  for (let attempt = 1; ; attempt += 1) {
    const tryStarted = performance.now();
    const shown = secretsOf(request);
    let response: HttpResponse;
    try {
      response = await callBroker(engine, integration, request);
    } catch (error) {
      const kind = error instanceof NetworkError ? error.kind : 'other';
      logCall(engine, { integration, leadId: lead.id > 0 ? lead.id : null, request: shown, response: null, durationMs: performance.now() - tryStarted });
      await engine.breakers.failed(integration.id);
      if (kind === 'connect' && attempt < engine.retry.attempts && (await engine.breakers.allows(integration.id))) {
        await sleep(engine.retry.baseDelayMs * 2 ** (attempt - 1));
        continue;
      }
      const status = kind === 'timeout' ? engineFailures.timeout : engineFailures.network;
      return { result: failure(status), request: shown, response: null, durationMs: Math.round(performance.now() - started) };
    }
    const shownResponse = sanitizeResponse(response, integration, [password]);
    logCall(engine, { integration, leadId: lead.id > 0 ? lead.id : null, request: shown, response: shownResponse, durationMs: performance.now() - tryStarted });
    if (response.status === 401 && integration.auth_type === 'token_exchange' && !renewedToken) {
      // The cached token was revoked early: log in again once and resend (a 401 means the lead was not taken).
      renewedToken = true;
      request = await requestFor(engine, integration, lead, password, true);
      continue;
    }
    if (response.status >= 500) {
      await engine.breakers.failed(integration.id);
      if (attempt < engine.retry.attempts && (await engine.breakers.allows(integration.id))) {
        await sleep(engine.retry.baseDelayMs * 2 ** (attempt - 1));
        continue;
      }
    } else await engine.breakers.succeeded(integration.id);
    const outcome = sanitizeResult(adapter.readResponse(integration, response), integration, [password]);
    const result: SendResult = { ...outcome, lead_password: outcome.lead_password ?? (outcome.success ? password : null) };
    return { result, request: shown, response: shownResponse, durationMs: Math.round(performance.now() - started) };
  }
}
