/**
 * The logic of the send dialog, kept out of the components so it is tested without rendering: what is sent (one
 * lead, a selection, or everything the current filter matches), the request body, where a send job stands, and
 * where its attempts can be read afterwards.
 */
import { sendMaxLeads, sendReport, type Job, type SendReport, type TotalKind } from '@crm/shared/contract';
import { routeUrl } from '@crm/shared/routes';
import { filledFilters, type LeadFilters } from '../../leads/hooks/leadSearchUrl.ts';

/**
 * What a send takes: the lead of a profile (or of a table row), the leads selected in the list, or every lead the
 * list's filters match (`total` as the list counts it; null before the list has answered).
 */
export type SendScope =
  { kind: 'lead'; id: number; label: string } | { kind: 'selection'; ids: readonly number[] } | { kind: 'filter'; filters: LeadFilters; total: number | null; totalKind: TotalKind };

/** The search toolbar's scope: the selection when there is one, otherwise the current filter. */
export function searchSendScope(selected: readonly number[], filters: LeadFilters, total: number | null, totalKind: TotalKind): SendScope {
  return selected.length > 0 ? { kind: 'selection', ids: selected } : { kind: 'filter', filters, total, totalKind };
}

/** How many leads the job will take at most: the filter is cut at `sendMaxLeads` (newest first) by the API. */
export function leadsToSend(scope: SendScope): number | null {
  if (scope.kind === 'lead') return 1;
  if (scope.kind === 'selection') return scope.ids.length;
  return scope.total === null ? null : Math.min(scope.total, sendMaxLeads);
}

/** The filter matches more than one job takes. */
export function scopeIsCapped(scope: SendScope): boolean {
  return scope.kind === 'filter' && scope.total !== null && scope.total > sendMaxLeads;
}

/**
 * The body of `POST /lead/send` (`sendRequest`) as this screen sends it: filters as the URL holds them (strings; the
 * API parses them exactly as it does for `GET /lead`), or the ids with no filter.
 */
export type SendRequestBody = { broker_department_id: number; lead_ids?: number[]; filters: Record<string, string>; resend_unknown?: true };

/** `resendUnknown`: send again the leads whose earlier attempt there timed out (the API skips them otherwise). */
export function sendRequestBody(departmentId: number, scope: SendScope, resendUnknown = false): SendRequestBody {
  const resend = resendUnknown ? { resend_unknown: true as const } : {};
  if (scope.kind === 'lead') return { broker_department_id: departmentId, lead_ids: [scope.id], filters: {}, ...resend };
  if (scope.kind === 'selection') return { broker_department_id: departmentId, lead_ids: [...scope.ids], filters: {}, ...resend };
  return { broker_department_id: departmentId, filters: filledFilters(scope.filters), ...resend };
}

export type SendJobState =
  | { kind: 'running'; percent: number; processed: number; total: number }
  /** `report` is null when the job ended without one the contract describes. */
  | { kind: 'finished'; report: SendReport | null }
  | { kind: 'failed'; error: string | null }
  | { kind: 'cancelled' };

export function sendJobState(job: Job): SendJobState {
  if (job.status === 'finished') {
    const parsed = sendReport.safeParse(job.result);
    return { kind: 'finished', report: parsed.success ? parsed.data : null };
  }
  if (job.status === 'failed') return { kind: 'failed', error: job.error };
  if (job.status === 'cancelled') return { kind: 'cancelled' };
  return { kind: 'running', percent: job.progress, processed: job.processed, total: job.total };
}

/**
 * The send-history search narrowed to the department sent to. Its filters have no job (`sendHistorySearchQuery`),
 * so the department is the narrowest link.
 */
export const sendHistoryPath = (departmentId: number): string => routeUrl('lead/history/search', undefined, { department_id: departmentId });

/** Where each message of a refused send shows: the department's under its field, any other (lead_ids, filters…) above. */
export function placeSendErrors(errors: Record<string, string>): { department?: string; other?: string } {
  const placed: { department?: string; other?: string } = {};
  for (const [field, message] of Object.entries(errors)) {
    const slot = field === 'broker_department_id' ? 'department' : 'other';
    const before = placed[slot];
    placed[slot] = before && !before.includes(message) ? `${before} ${message}` : message;
  }
  return placed;
}

/** The broker and department chosen to send to; the department is what the API takes. */
export type SendTarget = { brokerId: number | null; departmentId: number | null };
export const noSendTarget: SendTarget = { brokerId: null, departmentId: null };
