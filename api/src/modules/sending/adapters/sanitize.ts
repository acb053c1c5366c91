/**
 * A request or response as shown by the test action and kept in send history: every secret of the integration
 * (and any other secret the caller names, like the lead's generated password or a freshly exchanged token) is
 * replaced by `••••` wherever it appears — headers, URL, body — in the encodings a request carries it (plain,
 * URL-encoded, form-encoded, JSON-escaped); credential headers are masked whatever their value. Bodies are cut
 * at 64 KB.
 */
import { integrationSecretFields, type SanitizedRequest, type SanitizedResponse } from '@crm/shared/contract';
import { capText, isSecretName } from '../../requests/redact.ts';
import type { HttpRequest, HttpResponse, IntegrationConfig } from './types.ts';

export const secretMask = '••••';

/** The texts to mask: each secret in every encoding it can travel in, longest first so none is left half-masked. */
function secretTexts(integration: IntegrationConfig, extraSecrets: readonly (string | null)[]): string[] {
  const secrets = [...integrationSecretFields.map((field) => integration[field]), ...extraSecrets];
  const texts = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    texts.add(secret);
    texts.add(encodeURIComponent(secret));
    texts.add(new URLSearchParams({ s: secret }).toString().slice(2));
    texts.add(JSON.stringify(secret).slice(1, -1));
  }
  return [...texts].sort((a, b) => b.length - a.length);
}

function maskText(text: string, secrets: readonly string[]): string {
  return secrets.reduce((masked, secret) => masked.split(secret).join(secretMask), text);
}

/** A credential header keeps its scheme (`Bearer ••••`) so the reader sees which auth was sent. */
function maskHeaders(headers: Record<string, string>, secrets: readonly string[]): Record<string, string> {
  const masked: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!isSecretName(name)) masked[name] = maskText(value, secrets);
    else masked[name] = /^(basic|bearer)\s/i.test(value) ? `${value.split(/\s/, 1)[0]} ${secretMask}` : secretMask;
  }
  return masked;
}

export function sanitizeRequest(request: HttpRequest, integration: IntegrationConfig, extraSecrets: readonly (string | null)[] = []): SanitizedRequest {
  const secrets = secretTexts(integration, extraSecrets);
  return {
    method: request.method,
    url: maskText(request.url, secrets),
    headers: maskHeaders(request.headers, secrets),
    body: capText(request.body === null ? null : maskText(request.body, secrets)),
  };
}

export function sanitizeResponse(response: HttpResponse, integration: IntegrationConfig, extraSecrets: readonly (string | null)[] = []): SanitizedResponse {
  const secrets = secretTexts(integration, extraSecrets);
  return { status: response.status, headers: maskHeaders(response.headers, secrets), body: capText(maskText(response.body, secrets)) ?? '' };
}
