import { z } from 'zod';

export const jobStatuses = ['pending', 'running', 'finished', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof jobStatuses)[number];

export const job = z.object({
  id: z.number().int(),
  type: z.string(),
  name: z.string(),
  status: z.enum(jobStatuses),
  total: z.number().int(),
  pending: z.number().int(),
  processed: z.number().int(),
  failed: z.number().int(),
  progress: z.number().int(),
  error: z.string().nullable(),
  result: z.unknown(),
  cancelled_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Job = z.infer<typeof job>;
