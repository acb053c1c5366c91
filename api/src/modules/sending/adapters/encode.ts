/** How adapters write a request (URL, JSON or form body without blank fields) and read a reply as JSON. */

export type Fields = Record<string, string | number | boolean | null>;

/** `path` under the site URL (trailing slashes dropped) with the query fields that are not null. */
export function endpoint(siteUrl: string, path: string, query: Fields = {}): string {
  const url = new URL(`${siteUrl.replace(/\/+$/, '')}${path}`);
  for (const [name, value] of Object.entries(query)) if (value !== null) url.searchParams.set(name, String(value));
  return url.toString();
}

/** The fields as JSON, null ones left out (brokers tend to reject a null more readily than a missing field). */
export function jsonBody(fields: Fields): string {
  return JSON.stringify(Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null)));
}

/** The fields as `application/x-www-form-urlencoded`, null ones left out. */
export function formBody(fields: Fields): string {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== null) form.set(name, String(value));
  return form.toString();
}

export const jsonHeaders = { 'content-type': 'application/json', accept: 'application/json' } as const;

/** The body parsed as JSON, or `unreadable` when it is not JSON. */
export function parseJson(body: string): { readable: true; json: unknown } | { readable: false } {
  try {
    return { readable: true, json: JSON.parse(body) };
  } catch {
    return { readable: false };
  }
}

export function isSuccessStatus(status: number): boolean {
  return status >= 200 && status <= 299;
}
