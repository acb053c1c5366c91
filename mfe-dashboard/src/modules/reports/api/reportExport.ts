/**
 * Files the API writes: the report (`GET /reports/export`) and the shave watch's evidence, as CSV or XLSX. Fetched
 * through the one HTTP client (the bearer token, the Locale header, its error policy) rather than followed as a link,
 * which would carry no token; then saved as the browser saves a download, under the name the API gives it.
 */
import { AxiosError } from 'axios';
import { getHttpClient, type HttpQueryError } from '@crm/shared';
import type { ReportTableSort } from '../reportRows.ts';
import type { ReportRequest } from './reportsApi.ts';

export type ReportExportFormat = 'csv' | 'xlsx';

/** The file name of a `Content-Disposition: attachment; filename="…"` (or RFC 5987's `filename*=UTF-8''…`). */
export function attachmentName(disposition: unknown): string | null {
  if (typeof disposition !== 'string') return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Not valid percent-encoding: fall back to the plain name.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/.exec(disposition)?.[1]?.trim() ?? null;
}

function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  URL.revokeObjectURL(url);
}

/** A refused export's body: with `responseType: 'blob'` the API's JSON error arrives as a Blob. */
async function refusalBody(data: unknown): Promise<unknown> {
  if (!(data instanceof Blob)) return data;
  try {
    return JSON.parse(await data.text()) as unknown;
  } catch {
    return null;
  }
}

/**
 * Downloads a file the API writes (`path` with `params`), saved under the name the API gives it, else `fallbackName`.
 * A refusal rejects as an RTK Query call does (`{ status, data }`, the body read as JSON), so toastOutcome tells it as
 * any other; a failure without an answer rejects as the client left it (it has told the user).
 */
export async function downloadFile(path: string, params: object, fallbackName: string): Promise<void> {
  try {
    const response = await getHttpClient().get<unknown>(path, { params, responseType: 'blob' });
    const file = response.data instanceof Blob ? response.data : new Blob([String(response.data)]);
    saveFile(file, attachmentName(response.headers['content-disposition']) ?? fallbackName);
  } catch (error) {
    if (!(error instanceof AxiosError) || !error.response) throw error;
    const refusal: HttpQueryError = { status: error.response.status, data: await refusalBody(error.response.data) };
    throw refusal;
  }
}

/** Downloads the report, its rows in the table's sort (`sort`, `order`) when it has one. */
export const downloadReport = (request: ReportRequest, format: ReportExportFormat, sort: ReportTableSort | null): Promise<void> =>
  downloadFile('/reports/export', { ...request, format, ...(sort ? { sort: sort.column, order: sort.order } : {}) }, `report_${request.from}_${request.to}.${format}`);
