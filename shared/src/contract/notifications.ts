import { z } from 'zod';

export const notificationTypes = ['success', 'failure', 'error', 'warning'] as const;
export type NotificationType = (typeof notificationTypes)[number];

export const notificationSummary = z.object({
  id: z.number().int(),
  type: z.enum(notificationTypes),
  data: z.object({ title: z.string(), message: z.string() }),
  read_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NotificationSummary = z.infer<typeof notificationSummary>;

export const unreadCount = z.object({ data: z.object({ total: z.number().int() }) });
