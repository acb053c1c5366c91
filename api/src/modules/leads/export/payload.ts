/**
 * What an export job carries in `jobs.payload`: a snapshot of the request (the setting's columns as they were when
 * the export was asked for, so editing the setting meanwhile changes nothing, and a retry writes the same file), the
 * file's stored name, the API base the download link starts with, and, once the file is ready, the token's digest.
 */
import { z } from 'zod';
import { exportableLeadColumns, exportFormats } from '@crm/shared/contract';
import type { ExportFilters } from './selection.ts';

export const exportJobPayload = z.object({
  format: z.enum(exportFormats),
  columns: z.array(z.enum(exportableLeadColumns)).min(1),
  setting_name: z.string(),
  // Stored as validated by the route (`leadExportFilters`' output); read back as that.
  filters: z.custom<ExportFilters>((value) => typeof value === 'object' && value !== null && !Array.isArray(value)),
  lead_ids: z.array(z.number().int()).nullable(),
  file: z.string(),
  /** `https://api.example.com/api`: where the notification's link points (the job runs without a request). */
  api_base: z.string(),
  download: z.object({ token_sha256: z.string(), expires_at: z.string(), file_name: z.string() }).optional(),
});
export type ExportJobPayload = z.infer<typeof exportJobPayload>;
