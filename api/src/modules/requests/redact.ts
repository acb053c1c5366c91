/**
 * What the request log may keep: secrets replaced by a marker, bodies capped. Header names and JSON or
 * query field names count as secret when they are a known credential header or contain one of the
 * secret words; nested JSON is walked.
 */
export const redacted = '[REDACTED]';
export const maxLoggedBodyBytes = 64 * 1024;
export const truncatedMarker = '…[truncated]';

const secretHeaders = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key', 'x-trackbox-password']);
const secretWords = ['password', 'token', 'secret', 'key'];

export function isSecretName(name: string): boolean {
  const lower = name.toLowerCase();
  return secretHeaders.has(lower) || secretWords.some((word) => lower.includes(word));
}

export type HeaderValues = Record<string, string | number | readonly string[] | undefined>;

export function redactHeaders(headers: HeaderValues): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    result[name.toLowerCase()] = isSecretName(name) ? redacted : Array.isArray(value) ? value.join(', ') : String(value);
  }
  return result;
}

function redactJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactJson);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, isSecretName(name) ? redacted : redactJson(inner)]));
  }
  return value;
}

function redactQueryString(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      if (separator < 0) return pair;
      const name = safeDecode(pair.slice(0, separator));
      return isSecretName(name) ? `${pair.slice(0, separator)}=${encodeURIComponent(redacted)}` : pair;
    })
    .join('&');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/** The URL with its secret query fields redacted. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const hashStart = url.indexOf('#', queryStart);
  const query = url.slice(queryStart + 1, hashStart < 0 ? undefined : hashStart);
  return `${url.slice(0, queryStart + 1)}${redactQueryString(query)}${hashStart < 0 ? '' : url.slice(hashStart)}`;
}

const formEncoded = /^[^=&\s]+=[^&\s]*(&[^=&\s]+=[^&\s]*)*$/;

/** A body as text with its secrets redacted: JSON fields, form fields; other text is kept as it is. */
export function redactBody(body: unknown): string | null {
  if (body === null || body === undefined) return null;
  if (typeof body !== 'string') return JSON.stringify(redactJson(body));
  const trimmed = body.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.stringify(redactJson(JSON.parse(trimmed)));
    } catch {
      return body;
    }
  }
  return formEncoded.test(trimmed) ? redactQueryString(trimmed) : body;
}

/**
 * At most `maxBytes` of UTF-8, cut on a character boundary, with a marker when cut. A NUL (which PostgreSQL's text
 * cannot hold) becomes U+FFFD, so a hostile caller's request is still logged.
 */
export function capText(raw: string | null, maxBytes = maxLoggedBodyBytes): string | null {
  const text = raw?.replaceAll('\u0000', '\uFFFD') ?? null;
  if (text === null || Buffer.byteLength(text) <= maxBytes) return text;
  const budget = maxBytes - Buffer.byteLength(truncatedMarker);
  const cut = Buffer.from(text)
    .subarray(0, budget)
    .toString('utf8')
    .replace(/\uFFFD+$/, '');
  return `${cut}${truncatedMarker}`;
}
