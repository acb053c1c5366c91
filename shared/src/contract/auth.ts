import { z } from 'zod';
import { maxNameLength, text } from './common.ts';
import { notificationSummary } from './notifications.ts';

export const loginBody = z.strictObject({
  email: text().trim().min(1, 'The email field is required.').max(maxNameLength).pipe(z.email('The email must be a valid email address.')),
  password: text().min(1, 'The password field is required.').max(1024),
});
export type LoginBody = z.infer<typeof loginBody>;

export const userSetting = z.object({ id: z.number().int(), key: z.string(), value: z.unknown() });

export const profile = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  is_sender: z.boolean(),
  locale: z.string(),
  permissions: z.array(z.string()),
  notifications: z.array(notificationSummary),
  total_notifications: z.number().int(),
  settings: z.array(userSetting),
});
export type Profile = z.infer<typeof profile>;

export const loginResponse = z.object({
  data: z.object({
    user: profile,
    permissions: z.array(z.string()),
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_at: z.string(),
  }),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const browserSession = z.object({
  id: z.number().int(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  last_active: z.string(),
  expires_at: z.string(),
  created_at: z.string(),
  is_current: z.boolean(),
});
export type BrowserSession = z.infer<typeof browserSession>;
