/**
 * Live updates (DESIGN §6, issue 34): `POST /events/ticket` makes a one-time ticket for the signed-in session;
 * `GET /events` streams that session's events as Server-Sent Events, opened by a ticket (a browser's EventSource) or
 * by the bearer header (a streaming fetch). `Last-Event-ID` (or `?last_event_id=`) resumes after an event: what was
 * missed meanwhile comes first, none twice, as long as it is kept (`EVENTS_KEEP_MINUTES`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyBody, eventStreamQuery, eventTicket, maxId, maxLeadEventIds, wholeNumberText } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import type { Listen } from '../../db/listen.ts';
import { requireAuth } from '../../http/access.ts';
import { invalid, unauthenticated } from '../../http/errors.ts';
import type { SessionCache } from '../auth/sessionCache.ts';
import { bearerTokenOf, hashToken } from '../auth/tokens.ts';
import { EventHub } from './hub.ts';
import { SessionChecks } from './sessionChecks.ts';
import { eventBounds, missedEvents } from './store.ts';
import { EventStream } from './stream.ts';
import { createTicket, redeemTicket } from './tickets.ts';

export type EventStreamOptions = {
  db: Db;
  listen: Listen;
  /** The process's session cache, shared with the access hook: a stream's checks cost what requests' do. */
  sessions: SessionCache;
  heartbeatMs?: number;
};

const tags = ['events'];
const lastEventIdText = wholeNumberText(0, maxId);

const streamHeaders = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  // nginx buffers responses unless told not to; an event would wait for the buffer to fill.
  'x-accel-buffering': 'no',
};

export const eventStreamRoutes: FastifyPluginAsyncZod<EventStreamOptions> = async (app, { db, listen, sessions, heartbeatMs = 15_000 }) => {
  const hub = new EventHub(db, listen);
  const checks = new SessionChecks(db, sessions);
  await hub.start();
  const open = new Set<EventStream>();
  // One tick for every stream: their session checks go as one statement (stream.ts, beat).
  const heartbeats = setInterval(() => {
    for (const stream of open) stream.beat();
  }, heartbeatMs).unref();
  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => {
    clearInterval(heartbeats);
    for (const stream of open) stream.end();
  });
  app.addHook('onClose', () => hub.stop());

  app.post(
    '/events/ticket',
    {
      schema: { tags, summary: 'A one-time ticket for GET /api/events (an EventSource cannot send the bearer header), valid 60 s', body: emptyBody, response: { 201: eventTicket } },
      config: { access: 'authenticated' },
    },
    async (request, reply) => reply.status(201).send({ data: await createTicket(db, requireAuth(request).sessionId) }),
  );

  app.get(
    '/events',
    {
      schema: {
        tags,
        summary: 'My live updates, as Server-Sent Events',
        description:
          'Authenticate with `?ticket=` (from POST /api/events/ticket, used once) or the bearer header. Each message has `event:` its kind (`job`: `{ id, status, progress, total, pending, processed, failed }`, ' +
          `\`notification\`: \`{ id, unread }\`, \`lead\`: \`{ ids }\` — leads whose status, delivery, FTD or fields changed or that were deleted, at most ${maxLeadEventIds} ids an event, to holders of \`lead.single.view\`, ` +
          '`caps`: `{ department_ids }` — departments whose cap counters, circuit, caps or hours changed, to holders of `broker.department.caps.view`), ' +
          '`id:` its number and `data:` its JSON payload; `ready` (`{ complete }`) follows the events a resumed stream missed. ' +
          'Resume with the `Last-Event-ID` header or `?last_event_id=`; `complete` false means events were purged since, so reload. A `heartbeat` event (`{}`, no id) every 15 s keeps it open and tells the client it is alive (no heartbeat for 45 s: reconnect); the stream ends when the session does.',
        querystring: eventStreamQuery,
        produces: ['text/event-stream'],
        response: { 200: z.string().describe('An endless text/event-stream') },
        security: [{ bearer: [] }, {}],
      },
      config: { access: 'public' },
      // The request log's info lines hold the URL, ticket and all (as the export download's do).
      logLevel: 'warn',
    },
    async (request, reply) => {
      const { ticket, last_event_id: lastEventIdQuery } = request.query;
      const bearer = bearerTokenOf(request.headers.authorization);
      const tokenHash = ticket !== undefined ? await redeemTicket(db, ticket) : bearer && hashToken(bearer);
      const auth = tokenHash ? await checks.check(tokenHash) : null;
      if (!tokenHash || !auth) throw unauthenticated();
      const header = request.headers['last-event-id'];
      const fromHeader = typeof header === 'string' ? lastEventIdText.safeParse(header.trim()) : undefined;
      if (fromHeader && !fromHeader.success) throw invalid({ last_event_id: ['The Last-Event-ID header must be a whole number.'] });
      const after = fromHeader?.data ?? lastEventIdQuery;

      reply.hijack();
      // What the hooks set on the reply (CORS) is the answer's too, as Fastify would have sent it.
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
      reply.raw.writeHead(200, streamHeaders);
      const stream: EventStream = new EventStream(reply.raw, {
        userId: auth.userId,
        check: () => checks.check(tokenHash),
        onEnd: () => {
          hub.unsubscribe(stream);
          open.delete(stream);
        },
      });
      open.add(stream);
      // Subscribed before looking where the events stand: one committed in between comes live, or in what was missed.
      hub.subscribe(stream);
      try {
        const { newest, oldest } = await eventBounds(db);
        const missed = after === undefined || after >= newest ? [] : await missedEvents(db, auth.userId, after, newest);
        const complete = after === undefined || (after <= newest && (oldest === null || after + 1 >= oldest));
        await stream.open(missed, newest, { complete });
      } catch (error) {
        request.log.error(error, 'opening the event stream failed');
        stream.end();
      }
    },
  );
};
