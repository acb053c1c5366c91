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
  /** Attempts started so far: above 1, the job was resumed after an attempt failed or its worker stopped. */
  attempts: z.number().int(),
  /**
   * Running, but its worker has stopped recording that it is alive (killed, crashed): another worker resumes it
   * from its last committed step within a minute.
   */
  stalled: z.boolean(),
  result: z.unknown(),
  cancelled_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Job = z.infer<typeof job>;
