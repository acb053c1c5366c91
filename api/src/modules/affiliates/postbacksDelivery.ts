/**
 * Delivery of the postback outbox by the worker: due events are claimed (a guarded UPDATE over `FOR UPDATE SKIP
 * LOCKED`, so two workers never take the same event), called, and marked delivered (a 2xx) by event id; otherwise
 * retried with exponential backoff until 24 h after the event was due, then failed. A claim leases the event
 * (`next_attempt_at` moves past the call), so an event whose worker died is taken again: at least once, and marked
 * delivered at most once. Every call is in the request log.
 */
import { sql } from 'drizzle-orm';
import { expandPostbackUrl, type AffiliatePostbackEvent, type AffiliatePostbackMethod, type AffiliatePostbackOutcome, type AffiliatePostbackValues } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { maxLoggedBodyBytes } from '../requests/redact.ts';
import { recordRequest } from '../requests/service.ts';
import { NetworkError, httpCall } from '../../net/httpCall.ts';

type PostbackCall = { method: AffiliatePostbackMethod; url: string; values: AffiliatePostbackValues; leadId: number | null };

/** How long an affiliate's server may take to answer. */
const postbackTimeoutMs = 10_000;
/** Longer than any call: an event claimed by a worker that died is due again after it. */
const leaseSeconds = 120;
const firstRetrySeconds = 60;
const longestRetrySeconds = 3600;
const giveUpHours = 24;
const claimBatch = 50;
/** A run stops claiming after this long; the schedule starts one every minute. */
const runBudgetMs = 45_000;
const excerptLength = 500;

/** The calls: the body read no further than the request log keeps (a server answering megabytes). */
const callUrl = httpCall(postbackTimeoutMs, maxLoggedBodyBytes);

/**
 * Calls the affiliate's URL (macros already in it). GET carries nothing else; POST also sends the values as a JSON
 * body. Redirects are not followed: only the URL staff entered is called. Never throws: no answer is an outcome too.
 */
async function callPostback(db: Db, call: PostbackCall, timeoutMs = postbackTimeoutMs): Promise<AffiliatePostbackOutcome> {
  const headers: Record<string, string> = call.method === 'POST' ? { 'content-type': 'application/json' } : {};
  const body = call.method === 'POST' ? JSON.stringify(call.values) : null;
  const started = performance.now();
  let status: number | null = null;
  let text: string | null = null;
  let error: string | null = null;
  try {
    const response = await callUrl({ method: call.method, url: call.url, headers, body, timeoutMs });
    status = response.status;
    text = response.body;
  } catch (failure) {
    error = failure instanceof NetworkError && failure.kind === 'timeout' ? `No answer within ${timeoutMs / 1000} s` : failure instanceof Error ? failure.message : String(failure);
  }
  const durationMs = Math.round(performance.now() - started);
  await recordRequest(db, {
    direction: 'outbound',
    method: call.method,
    url: call.url,
    requestHeaders: headers,
    requestBody: body,
    status,
    responseBody: text,
    durationMs,
    leadId: call.leadId,
  });
  const delivered = status !== null && status >= 200 && status < 300;
  if (!delivered && error === null) error = `HTTP ${status}`;
  return { method: call.method, url: call.url, delivered, status, duration_ms: durationMs, body_excerpt: text === null ? null : text.slice(0, excerptLength), error };
}

type ClaimedEvent = {
  id: string;
  lead_id: number;
  event: AffiliatePostbackEvent;
  macros: Omit<AffiliatePostbackValues, 'event' | 'event_id'>;
  attempts: number;
  method: AffiliatePostbackMethod | null;
  url_template: string | null;
};

/** Takes up to `limit` due events, leased to this worker, each with its company's active template (if any). */
async function claimDue(db: Db, limit: number): Promise<ClaimedEvent[]> {
  const result = await db.execute<ClaimedEvent>(sql`
    with due as materialized (
      -- Chosen once: as IN (subquery … LIMIT) the planner may run it again per updated row and take more than the limit.
      select id from affiliate_postback_events
       where state = 'pending' and next_attempt_at <= now()
       order by next_attempt_at limit ${limit} for update skip locked
    ),
    claimed as (
      update affiliate_postback_events e
         set attempts = e.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
        from due
       where e.id = due.id
      returning e.id, e.affiliate_company_id, e.lead_id, e.event, e.macros, e.attempts
    )
    select c.id::text as id, c.lead_id, c.event, c.macros, c.attempts, t.method, t.url_template
      from claimed c
      left join affiliate_postback_templates t on t.affiliate_company_id = c.affiliate_company_id and t.event = c.event and t.is_active`);
  return result.rows;
}

/** Delivered, once: a second worker that also got a 2xx (its lease had run out) changes nothing. */
async function markDelivered(db: Db, event: ClaimedEvent, status: number): Promise<void> {
  await db.execute(sql`
    update affiliate_postback_events set state = 'delivered', delivered_at = now(), next_attempt_at = null, last_status = ${status}, last_error = null
     where id = ${event.id}::bigint and state = 'pending'`);
}

/**
 * Not delivered: the next attempt after 1, 2, 4 … minutes (at most an hour), the last one at the deadline; past the
 * deadline the event fails. Only the claim that holds the event (its attempt number) writes this.
 */
async function markRetry(db: Db, event: ClaimedEvent, status: number | null, error: string): Promise<void> {
  const backoff = Math.min(firstRetrySeconds * 2 ** Math.min(event.attempts - 1, 16), longestRetrySeconds);
  await db.execute(sql`
    update affiliate_postback_events e
       set last_status = ${status}, last_error = ${error.slice(0, 1000)},
           state = case when now() >= d.deadline then 'failed' else 'pending' end,
           next_attempt_at = case when now() >= d.deadline then null else least(now() + make_interval(secs => ${backoff}), d.deadline) end
      from (select id, due_at + make_interval(hours => ${giveUpHours}) as deadline from affiliate_postback_events where id = ${event.id}::bigint) d
     where e.id = d.id and e.state = 'pending' and e.attempts = ${event.attempts}`);
}

async function deliver(db: Db, event: ClaimedEvent, timeoutMs: number): Promise<void> {
  if (!event.method || !event.url_template) {
    await markRetry(db, event, null, 'The company has no active postback for this event.');
    return;
  }
  const values: AffiliatePostbackValues = { ...event.macros, event: event.event, event_id: event.id };
  const outcome = await callPostback(db, { method: event.method, url: expandPostbackUrl(event.url_template, values), values, leadId: event.lead_id }, timeoutMs);
  if (outcome.delivered && outcome.status !== null) await markDelivered(db, event, outcome.status);
  else await markRetry(db, event, outcome.status, outcome.error ?? 'Not delivered');
}

/**
 * Delivers the events due now, a batch at a time (the calls of a batch in parallel), for up to `budgetMs`; returns
 * how many were attempted. Each claim moves its events' next attempt into the future, so the loop ends.
 */
export async function deliverDuePostbacks(db: Db, options: { timeoutMs?: number; budgetMs?: number } = {}): Promise<number> {
  let attempted = 0;
  const started = Date.now();
  // Within the minute between two runs: a backlog is worked off by the next runs, not by overlapping ones.
  while (Date.now() - started < (options.budgetMs ?? runBudgetMs)) {
    const batch = await claimDue(db, claimBatch);
    if (batch.length === 0) return attempted;
    attempted += batch.length;
    await Promise.all(batch.map((event) => deliver(db, event, options.timeoutMs ?? postbackTimeoutMs)));
  }
  return attempted;
}

/** Made-up values for the "send test postback" action: recognisably a test, and the event's own `{event}`. */
function sampleValues(event: AffiliatePostbackEvent): AffiliatePostbackValues {
  return {
    lead_id: 'TEST-LEAD-ID',
    click_id: 'test-click-id',
    sub1: 'test-sub1',
    sub2: 'test-sub2',
    sub3: 'test-sub3',
    sub4: 'test-sub4',
    sub5: 'test-sub5',
    status: 'In progress',
    ftd_at: event === 'ftd' ? new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') : '',
    event,
    event_id: 'test',
  };
}

/** Calls a template's URL now with sample values, outside the outbox (nothing is retried), and answers the outcome. */
export async function sendTestPostback(db: Db, template: { event: AffiliatePostbackEvent; method: AffiliatePostbackMethod; url_template: string }, timeoutMs?: number) {
  const values = sampleValues(template.event);
  return callPostback(db, { method: template.method, url: expandPostbackUrl(template.url_template, values), values, leadId: null }, timeoutMs);
}
