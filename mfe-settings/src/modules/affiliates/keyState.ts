/** What a key's row says about it: whether a call with it works now, and if not, why. */
import type { AffiliateKeyItem } from '@crm/shared/contract';

/** `grace`: rotated, the old key still works until `until`. The order is the API's (usableKey): revoked, then expired, then inactive. */
export type KeyState = { state: 'revoked' | 'expired' | 'inactive' | 'active' } | { state: 'grace'; until: string };

export function keyStateOf(key: Pick<AffiliateKeyItem, 'revoked_at' | 'expires_at' | 'is_active'>, now: number = Date.now()): KeyState {
  const ended = (moment: string | null) => moment !== null && Date.parse(moment) <= now;
  if (ended(key.revoked_at)) return { state: 'revoked' };
  if (ended(key.expires_at)) return { state: 'expired' };
  if (!key.is_active) return { state: 'inactive' };
  if (key.revoked_at !== null) return { state: 'grace', until: key.revoked_at };
  return { state: 'active' };
}

/** An ISO moment as a `datetime-local` input's value (local time, to the minute); '' for none. */
export function localInputOf(moment: string | null): string {
  if (!moment) return '';
  const date = new Date(moment);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A `datetime-local` input's value (local time) as the ISO moment the API takes; null for an empty input (no expiry).
 * A text that is no date goes as typed, so the API's message about it shows under the field.
 */
export function momentOfLocalInput(value: string | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
