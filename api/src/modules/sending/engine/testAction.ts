/**
 * The integration's "test" action: a sample lead built into the exact request the broker would get, shown with its
 * secrets masked; unless it is a dry run, sent for real (through the same path as a send job, request log included)
 * with the broker's answer and what the response rules made of it. Nothing is written to any lead.
 */
import type { IntegrationTestResult, sampleLead } from '@crm/shared/contract';
import type { z } from 'zod';
import { normalizePhone } from '@crm/shared/phone';
import { tokenRequest } from '../adapters/auth.ts';
import { adapterFor } from '../adapters/registry.ts';
import { sanitizeRequest } from '../adapters/sanitize.ts';
import type { IntegrationConfig, LeadToSend } from '../adapters/types.ts';
import type { SendEngine } from './deps.ts';
import { sendLead } from './sendLead.ts';

type Sample = z.output<typeof sampleLead>;

function leadOf(sample: Sample): LeadToSend {
  const phone = normalizePhone(sample.phone, sample.country);
  return {
    id: 0,
    lead_id: 'TEST',
    name: sample.name,
    surname: sample.surname,
    email: sample.email.toLowerCase(),
    phone: 'e164' in phone ? phone.e164 : null,
    country: sample.country,
    language: sample.language,
    ip: sample.ip,
    funnel: sample.funnel,
    source: 'test',
    comment: null,
  };
}

export async function testIntegration(engine: SendEngine, integration: IntegrationConfig, input: { dry_run: boolean; lead: Sample }): Promise<IntegrationTestResult> {
  const lead = leadOf(input.lead);
  const tokenCall = integration.auth_type === 'token_exchange' ? sanitizeRequest(tokenRequest(integration), integration) : null;
  if (input.dry_run) {
    const password = integration.lead_password ?? 'Generated1';
    // A dry run logs in to no one: without a cached token, a stand-in shows where the token goes.
    const holder = integration.auth_type === 'token_exchange' ? { ...integration, access_token: integration.access_token ?? 'token-from-login' } : integration;
    const request = adapterFor(holder).buildRequest(holder, lead, password);
    return { dry_run: true, token_request: tokenCall, request: sanitizeRequest(request, integration, [password]), response: null, error: null, outcome: null, duration_ms: null };
  }
  const attempt = await sendLead(engine, integration, lead);
  await engine.requestLog.flush();
  const { lead_password: _password, ...outcome } = attempt.result;
  return {
    dry_run: false,
    token_request: tokenCall,
    request: attempt.request,
    response: attempt.response,
    error: attempt.response ? null : attempt.result.failure_status,
    outcome,
    duration_ms: attempt.durationMs,
  };
}
