/**
 * The logic of the export dialog, kept out of the components so it is tested without rendering: the request body
 * (a selection, or the list's current filters and order), where an export job stands, and the download link.
 */
import { exportResult, type ExportFormat, type ExportResult, type Job } from '@crm/shared/contract';
import { filledFilters, type LeadFilters, type LeadSort } from '../../leads/hooks/leadSearchUrl.ts';

/**
 * The body of `POST /lead/export` as this screen sends it: filters as the URL holds them (strings; the API parses
 * lists, flags and dates exactly as it does for `GET /lead`).
 */
export type ExportRequestBody = {
  format: ExportFormat;
  export_setting_id: number;
  filters: Record<string, string>;
  lead_ids?: number[];
};

export type ExportScope = { selected: readonly number[]; filters: LeadFilters; sort: LeadSort | null };

/** The selected leads when there are any (in the list's order), otherwise every lead the current filters match. */
export function exportRequestBody(format: ExportFormat, settingId: number, scope: ExportScope): ExportRequestBody {
  const order: Record<string, string> = scope.sort ? { sort: scope.sort.sort, direction: scope.sort.direction } : {};
  if (scope.selected.length > 0) return { format, export_setting_id: settingId, filters: order, lead_ids: [...scope.selected] };
  return { format, export_setting_id: settingId, filters: { ...filledFilters(scope.filters), ...order } };
}

export type ExportJobState =
  { kind: 'running'; percent: number; processed: number; total: number } | { kind: 'finished'; result: ExportResult } | { kind: 'failed'; error: string | null } | { kind: 'cancelled' };

export function exportJobState(job: Job): ExportJobState {
  if (job.status === 'finished') {
    const parsed = exportResult.safeParse(job.result);
    return parsed.success ? { kind: 'finished', result: parsed.data } : { kind: 'failed', error: null };
  }
  if (job.status === 'failed') return { kind: 'failed', error: job.error };
  if (job.status === 'cancelled') return { kind: 'cancelled' };
  return { kind: 'running', percent: job.progress, processed: job.processed, total: job.total };
}

/**
 * `download_url` is a path from the API host's root (`/api/lead/export/…`, the API's base path included): joined to
 * the API's origin, as stored-file paths are (`storageUrl`), not to this page's host nor after the base URL.
 */
export function downloadHref(apiBaseUrl: string, downloadUrl: string): string {
  return new URL(downloadUrl, apiBaseUrl).href;
}

const settingFields = ['name', 'columns', 'user_ids'] as const;

/**
 * The form field a server error belongs under: `columns.3` (the fourth column is unknown) goes under columns.
 * Undefined for an error no field shows.
 */
export function settingFieldOf(key: string): (typeof settingFields)[number] | undefined {
  const head = key.split('.')[0];
  return settingFields.find((field) => field === head);
}
