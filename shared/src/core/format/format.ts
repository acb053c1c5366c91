/** Text display rules of lists and layout (docs/product.md#lists; dates are in the UI module: ui/format/dates.ts). */
export const textCutLength = 30;

/** Plain text over 30 characters is cut to 30 plus an ellipsis; `full` goes in the tooltip. */
export function cutText(value: string, length: number = textCutLength): { text: string; full: string | null } {
  return value.length > length ? { text: `${value.slice(0, length)}...`, full: value } : { text: value, full: null };
}

/** The unread badge text: the total, capped at 99+. */
export function badgeText(total: number): string {
  return total > 99 ? '99+' : String(total);
}

/** Stored-file paths under /storage/ point at the api host of the current host. */
export function storageUrl(path: string, apiBaseUrl: string): string {
  if (!path.startsWith('/storage/')) return path;
  return `${new URL(apiBaseUrl).origin}${path}`;
}

/** `?search=value&key=value` from the filter keys that have a value. */
export function listQuery(filters: Record<string, unknown>, keys: readonly string[]): string {
  const params = new URLSearchParams();
  for (const key of keys) {
    const value = filters[key];
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((item) => params.append(`${key}[]`, String(item)));
    else params.append(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The browser's IANA zone (UTC when it names none): the API reads local days (dashboard) and wall-clock times (import) there. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
