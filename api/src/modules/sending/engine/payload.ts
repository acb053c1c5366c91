/** What a send job carries in `jobs.payload`: where to, and which leads (the selection, or the filter as it was asked). */
import { z } from 'zod';
import type { ExportFilters } from '../../leads/export/selection.ts';

export const sendJobType = 'lead.send';

export const sendJobPayload = z.object({
  broker_department_id: z.number().int(),
  /** Shown in the job's name and messages. */
  department_label: z.string(),
  filters: z.custom<ExportFilters>((value) => typeof value === 'object' && value !== null && !Array.isArray(value)),
  lead_ids: z.array(z.number().int()).nullable(),
  /** Set by an import's "import then send": the leads that import job created. */
  import_job_id: z.number().int().nullable().default(null),
  /** Leads whose earlier attempt has an unknown outcome are sent again only when staff asked for it. */
  resend_unknown: z.boolean().default(false),
});
export type SendJobPayload = z.infer<typeof sendJobPayload>;
