/** What the pull readers share: the reply as JSON (or a clear error), its list of records, and FTD dates. */
import { isSuccessStatus, parseJson } from './encode.ts';
import { scalarText, valueAt } from './jsonPath.ts';
import { parseInZone } from '../../../time/zones.ts';
import type { HttpResponse, IntegrationConfig, PullWindow } from './types.ts';

/** The reply as JSON; throws when the pull failed (non-2xx or not JSON), so the window is not marked pulled. */
export function readPullReply(response: HttpResponse): unknown {
  if (!isSuccessStatus(response.status)) throw new Error(`The status pull failed: HTTP ${response.status}.`);
  const reply = parseJson(response.body);
  if (!reply.readable) throw new Error('The status pull reply is not JSON.');
  return reply.json;
}

/** The objects in the list at `path` (anything else in it is skipped); throws when there is no list. */
export function recordsAt(json: unknown, path: string): Record<string, unknown>[] {
  const list = valueAt(json, path);
  if (!Array.isArray(list)) throw new Error(`The status pull reply has no ${path} list.`);
  return list.filter((item): item is Record<string, unknown> => item !== null && typeof item === 'object' && !Array.isArray(item));
}

/** A broker flag that may come as true, 1 or '1'. */
export function isTrueFlag(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/**
 * When the lead deposited: null when it has not; the broker's date read in its zone, or the window's end when
 * the broker reports an FTD without a readable date (it happened by then).
 */
export function ftdDate(hasFtd: boolean, date: unknown, integration: IntegrationConfig, window: PullWindow): Date | null {
  if (!hasFtd) return null;
  const text = scalarText(date);
  return (text === null ? null : parseInZone(text, integration.gmt_timezone)) ?? window.to;
}
