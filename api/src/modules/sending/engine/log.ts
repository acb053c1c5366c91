/**
 * Every outbound call of the engine goes to the request log (settings › requests), its secrets masked. Entries are
 * written in batches (`engine.requestLog`): whoever reads them back flushes first.
 */
import type { SanitizedRequest, SanitizedResponse } from '@crm/shared/contract';
import type { IntegrationConfig } from '../adapters/types.ts';
import type { SendEngine } from './deps.ts';

export type LoggedCall = {
  integration: IntegrationConfig;
  leadId: number | null;
  request: SanitizedRequest;
  response: SanitizedResponse | null;
  durationMs: number;
};

export function logCall(engine: SendEngine, call: LoggedCall): void {
  const { response } = call;
  const written = engine.requestLog.add({
    direction: 'outbound',
    method: call.request.method,
    url: call.request.url,
    requestHeaders: call.request.headers,
    requestBody: call.request.body,
    status: response?.status ?? null,
    responseBody: response?.body ?? null,
    durationMs: call.durationMs,
    sendIntegrationId: call.integration.id,
    leadId: call.leadId,
  });
  written.catch((error: unknown) => console.error('request log write failed:', error instanceof Error ? error.message : error));
}
