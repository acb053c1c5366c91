/**
 * Live updates (`GET /api/events`, Server-Sent Events). Each message names its kind in the `event:` field, carries the
 * event's number in `id:` (what `Last-Event-ID` resumes after) and a small JSON payload in `data:`: ids and counters,
 * never records; the console reads what it shows through the usual routes. A `heartbeat` (`{}`, no id) comes every 15 s:
 * a client that hears nothing for 45 s takes the connection for dead and opens a new one.
 */
import { z } from 'zod';
import { maxId, wholeNumberText } from './common.ts';
import { jobStatuses } from './jobs.ts';

/** `POST /api/events/ticket`: a one-time ticket for `GET /api/events?ticket=`, valid a minute. */
export const eventTicket = z.object({ data: z.object({ ticket: z.string(), expires_at: z.string() }) });

/**
 * `GET /api/events`: `ticket` (an EventSource, which cannot send the bearer header) or the bearer header;
 * `last_event_id` resumes after that event as the `Last-Event-ID` header does (a new EventSource made with a new ticket
 * cannot send that header).
 */
export const eventStreamQuery = z.strictObject({
  ticket: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'The ticket is not valid.')
    .optional(),
  last_event_id: wholeNumberText(0, maxId).optional(),
});

/** A job of the receiver's moved on or ended (`job`), with the counters a jobs list shows (no reload for each step). */
export const jobEvent = z.object({
  id: z.number().int(),
  status: z.enum(jobStatuses),
  progress: z.number().int(),
  total: z.number().int(),
  pending: z.number().int(),
  processed: z.number().int(),
  failed: z.number().int(),
});
export type JobEvent = z.infer<typeof jobEvent>;
/** The receiver got a notification (`notification`); `unread` is their unread count with it. */
export const notificationEvent = z.object({ id: z.number().int(), unread: z.number().int() });

/**
 * Leads changed (`lead`): status, delivery, FTD, fields, or deleted; sent to whoever may view a lead
 * (`lead.single.view`), at most `maxLeadEventIds` ids per event, so an open lead profile reloads when its lead is named.
 */
export const leadEvent = z.object({ ids: z.array(z.number().int()) });
export const maxLeadEventIds = 1000;
/** Departments' cap counters or circuits moved (`caps`); sent to whoever may see the caps board (`broker.department.caps.view`). */
export const capsEvent = z.object({ department_ids: z.array(z.number().int()) });

/** Every kind of event and its payload, by the SSE `event:` field. */
export const liveEventPayloads = { job: jobEvent, notification: notificationEvent, lead: leadEvent, caps: capsEvent } as const;
export type LiveEventKind = keyof typeof liveEventPayloads;
export type LiveEvent = { [Kind in LiveEventKind]: { kind: Kind; payload: z.infer<(typeof liveEventPayloads)[Kind]> } }[LiveEventKind];

/**
 * `ready`, sent once the stream is live (after the events it resumed with), with the position in `id:`. `complete`
 * false: events after the given `Last-Event-ID` were already purged (kept minutes), so the receiver reloads what it
 * shows instead of trusting the events alone.
 */
export const streamReady = z.object({ complete: z.boolean() });
export type StreamReady = z.infer<typeof streamReady>;
