/**
 * A request or response as shown by the test action and kept in send history: every secret of the integration
 * (and any other secret the caller names, like the lead's generated password or a freshly exchanged token) is
 * replaced by `••••` in headers, URL and body, in the encodings a request carries it (plain, URL-encoded,
 * form-encoded, JSON-escaped); credential headers are masked whatever their value. Bodies are cut at 64 KB.
 *
 * Base64 forms are masked too (a broker that echoes the Authorization header echoes `user:password` so), and so are
 * the values read out of a broker's answer (its lead id, URLs, failure status): a broker that echoes a token there
 * must not show it to whoever reads the lead's send history.
 *
 * A short secret is masked only where it stands as a whole value (between quotes, after `=`, between slashes…):
 * masked inside other words, a password `p` turned `http` into `htt••••` and so showed what it was. A long one
 * is masked wherever it appears; it does not occur in other text by chance.
 */
import { integrationSecretFields, type SanitizedRequest, type SanitizedResponse } from '@crm/shared/contract';
import { capText, isSecretName } from '../../requests/redact.ts';
import type { HttpRequest, HttpResponse, IntegrationConfig, SendResult } from './types.ts';

export const secretMask = '••••';

/** From this length a secret is masked inside other text too. */
const maskedAnywhereFrom = 12;
/** What may stand on either side of a short secret for it to be masked: the edges of a value in a URL, header, JSON, form or XML. */
const valueEdge = `[\\s"'=&?/:;,<>()[\\]{}]`;
const isValueEdge = new RegExp(valueEdge);

/**
 * The last secrets gathered per integration: a send masks its request, response and result with the same ones. Keyed
 * by every secret's value, since a token exchange renews `access_token` on the same object.
 */
const lastSecrets = new WeakMap<IntegrationConfig, { key: string; texts: readonly string[] | null }>();

function secretTexts(integration: IntegrationConfig, extraSecrets: readonly (string | null)[]): readonly string[] | null {
  const key = [integration.username, ...integrationSecretFields.map((field) => integration[field]), ...extraSecrets].join('\u0000');
  const last = lastSecrets.get(integration);
  if (last?.key === key) return last.texts;
  const texts = gatherSecretTexts(integration, extraSecrets);
  lastSecrets.set(integration, { key, texts });
  return texts;
}

/** Every secret in every encoding it can travel in, longest first so none is left half-masked; null when there is none. */
function gatherSecretTexts(integration: IntegrationConfig, extraSecrets: readonly (string | null)[]): readonly string[] | null {
  const basicCredentials = integration.username && integration.password ? `${integration.username}:${integration.password}` : null;
  const secrets = [...integrationSecretFields.map((field) => integration[field]), ...extraSecrets];
  const texts = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    texts.add(secret);
    texts.add(encodeURIComponent(secret));
    texts.add(new URLSearchParams({ s: secret }).toString().slice(2));
    texts.add(JSON.stringify(secret).slice(1, -1));
  }
  for (const secret of [...secrets, basicCredentials]) {
    if (!secret) continue;
    const base64 = Buffer.from(secret).toString('base64');
    texts.add(base64);
    texts.add(base64.replace(/=+$/, ''));
    texts.add(Buffer.from(secret).toString('base64url'));
  }
  texts.delete('');
  return texts.size === 0 ? null : [...texts].sort((a, b) => b.length - a.length);
}

const standsAsValue = (text: string, start: number, end: number): boolean =>
  (start === 0 || isValueEdge.test(text.charAt(start - 1))) && (end === text.length || isValueEdge.test(text.charAt(end)));

/**
 * Replaces every occurrence of a secret, as one alternation of them (longest first) scanned left to right would: at
 * each place the longest secret that stands there wins, and nothing inside a masked stretch is looked at again. Plain
 * `indexOf` per secret: a regular expression of them all cost a send more than its own request building.
 */
function maskText(text: string, secrets: readonly string[] | null): string {
  if (!secrets) return text;
  const found: [number, number][] = [];
  for (const secret of secrets) {
    for (let at = text.indexOf(secret); at !== -1; at = text.indexOf(secret, at + 1)) {
      const end = at + secret.length;
      if (secret.length >= maskedAnywhereFrom || standsAsValue(text, at, end)) found.push([at, end]);
    }
  }
  if (found.length === 0) return text;
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let masked = '';
  let shown = 0;
  for (const [start, end] of found) {
    if (start < shown) continue;
    masked += text.slice(shown, start) + secretMask;
    shown = end;
  }
  return masked + text.slice(shown);
}

/** A credential header keeps its scheme (`Bearer ••••`) so the reader sees which auth was sent. */
function maskHeaders(headers: Record<string, string>, secrets: readonly string[] | null): Record<string, string> {
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

/** What was read out of the broker's answer, with the integration's secrets masked (the generated lead password is kept). */
export function sanitizeResult(result: SendResult, integration: IntegrationConfig, extraSecrets: readonly (string | null)[] = []): SendResult {
  const secrets = secretTexts(integration, extraSecrets);
  const mask = (text: string | null) => (text === null ? null : maskText(text, secrets));
  return { ...result, failure_status: mask(result.failure_status), api_lead_id: mask(result.api_lead_id), lead_url: mask(result.lead_url), client_url: mask(result.client_url) };
}
