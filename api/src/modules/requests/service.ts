/** The request log: the writer the send and intake engines call, the search of settings › requests, and retention. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, getTableColumns, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { RequestDirection, RequestLogEntry, RequestLogListQuery, RequestLogSummary } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { requestLogs, sendIntegrations } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { columnLiteral, type Cell } from '../../db/sqlArrays.ts';
import { pageWindow, paginationMetaOf } from '../../http/pagination.ts';
import { capText, redactBody, redactHeaders, redactUrl, type HeaderValues } from './redact.ts';
import { preparedStatement } from '../../db/prepared.ts';

export type RequestToRecord = {
  direction: RequestDirection;
  method: string;
  url: string;
  requestHeaders?: HeaderValues | null;
  /** Text, or a value that is stored as JSON. */
  requestBody?: unknown;
  status?: number | null;
  responseBody?: unknown;
  durationMs?: number | null;
  sendIntegrationId?: number | null;
  leadId?: number | null;
};

/** A call a public route answered (a postback, an affiliate's lead), as its `onSend` hook sees it. */
export function inboundCall(request: FastifyRequest, reply: FastifyReply, payload: unknown): RequestToRecord {
  return {
    direction: 'inbound',
    method: request.method,
    url: request.url,
    requestHeaders: request.headers,
    requestBody: request.body ?? null,
    status: reply.statusCode,
    responseBody: typeof payload === 'string' ? payload : null,
    durationMs: reply.elapsedTime,
  };
}

function rowOf(entry: RequestToRecord): typeof requestLogs.$inferInsert {
  return {
    direction: entry.direction,
    method: entry.method.toUpperCase().slice(0, 10),
    url: capText(redactUrl(entry.url)) ?? '',
    request_headers: entry.requestHeaders ? redactHeaders(entry.requestHeaders) : null,
    request_body: capText(redactBody(entry.requestBody)),
    status: entry.status ?? null,
    response_body: capText(redactBody(entry.responseBody)),
    duration_ms: entry.durationMs === null || entry.durationMs === undefined ? null : Math.max(0, Math.round(entry.durationMs)),
    send_integration_id: entry.sendIntegrationId ?? null,
    lead_id: entry.leadId ?? null,
  };
}

/**
 * Stores requests with their secrets redacted and their bodies capped at 64 KB: one statement, one array per column
 * (the send and intake engines log every call, a batch at a time).
 */
export async function recordRequests(db: Db, entries: readonly RequestToRecord[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map(rowOf);
  const column = (pick: (row: (typeof rows)[number]) => Cell) => columnLiteral(rows.map(pick));
  await db.execute(sql`${preparedStatement('request_logs_insert')}
    insert into request_logs (direction, method, url, request_headers, request_body, status, response_body, duration_ms, send_integration_id, lead_id)
    select direction, method, url, request_headers::jsonb, request_body, status, response_body, duration_ms, send_integration_id, lead_id
      from unnest(${column((row) => row.direction)}::text[], ${column((row) => row.method)}::text[], ${column((row) => row.url)}::text[],
                  ${column((row) => (row.request_headers === null || row.request_headers === undefined ? null : JSON.stringify(row.request_headers)))}::text[],
                  ${column((row) => row.request_body)}::text[], ${column((row) => row.status)}::int4[], ${column((row) => row.response_body)}::text[],
                  ${column((row) => row.duration_ms)}::int4[], ${column((row) => row.send_integration_id)}::int4[], ${column((row) => row.lead_id)}::int4[])
        as t(direction, method, url, request_headers, request_body, status, response_body, duration_ms, send_integration_id, lead_id)`);
}

/** Stores one request; returns the new row's id. */
export async function recordRequest(db: Db, entry: RequestToRecord): Promise<number> {
  const [row] = await db.insert(requestLogs).values(rowOf(entry)).returning({ id: requestLogs.id });
  if (!row) throw new Error('request log insert returned nothing');
  return row.id;
}

const iso = (value: Date) => value.toISOString();
const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

function conditionsOf(query: RequestLogListQuery): SQL[] {
  const conditions: SQL[] = [];
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${search.replaceAll(/[\\%_]/g, (match) => `\\${match}`)}%`;
    const matches = or(ilike(requestLogs.url, pattern), ilike(requestLogs.method, pattern), ilike(sendIntegrations.name, pattern));
    if (matches) conditions.push(matches);
  }
  if (query.request_direction) conditions.push(eq(requestLogs.direction, query.request_direction));
  if (query.status !== undefined) conditions.push(eq(requestLogs.status, query.status));
  if (query.send_integration_id !== undefined) conditions.push(eq(requestLogs.send_integration_id, query.send_integration_id));
  if (query.lead_id !== undefined) conditions.push(eq(requestLogs.lead_id, query.lead_id));
  if (query.from) conditions.push(gte(requestLogs.created_at, new Date(query.from)));
  if (query.to) {
    const to = new Date(query.to);
    // A date without a time means the whole of that day.
    conditions.push(dateOnly.test(query.to) ? lt(requestLogs.created_at, new Date(to.getTime() + 86_400_000)) : lte(requestLogs.created_at, to));
  }
  return conditions;
}

/** The integration a request was made for, by name: joined, so a renamed integration shows its name of today. */
const integrationName = { send_integration_name: sendIntegrations.name };
const integrationOfRequest = eq(sendIntegrations.id, requestLogs.send_integration_id);

const sortColumns = { created_at: requestLogs.created_at, duration_ms: requestLogs.duration_ms, status: requestLogs.status } as const;

export async function listRequestLogs(db: Db, query: RequestLogListQuery): Promise<{ data: RequestLogSummary[]; meta: ReturnType<typeof paginationMetaOf> }> {
  const conditions = conditionsOf(query);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const column = sortColumns[query.sort];
  // Rows without a status or duration go last whichever way the list is sorted.
  const order = query.direction === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  const tieBreak = query.direction === 'desc' ? desc(requestLogs.id) : asc(requestLogs.id);
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: requestLogs.id,
        direction: requestLogs.direction,
        method: requestLogs.method,
        url: requestLogs.url,
        status: requestLogs.status,
        duration_ms: requestLogs.duration_ms,
        send_integration_id: requestLogs.send_integration_id,
        ...integrationName,
        lead_id: requestLogs.lead_id,
        created_at: requestLogs.created_at,
      })
      .from(requestLogs)
      .leftJoin(sendIntegrations, integrationOfRequest)
      .where(where)
      .orderBy(order, tieBreak)
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(requestLogs).leftJoin(sendIntegrations, integrationOfRequest).where(where),
  ]);
  return { data: rows.map((row) => ({ ...row, created_at: iso(row.created_at) })), meta: paginationMetaOf(query, total?.total ?? 0) };
}

function headersOf(value: unknown): Record<string, string> | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, String(inner)]));
}

export async function findRequestLog(db: Db, id: number): Promise<RequestLogEntry> {
  const [row] = await db
    .select({ ...getTableColumns(requestLogs), ...integrationName })
    .from(requestLogs)
    .leftJoin(sendIntegrations, integrationOfRequest)
    .where(eq(requestLogs.id, id));
  if (!row) throw notFound('Request');
  return { ...row, request_headers: headersOf(row.request_headers), created_at: iso(row.created_at), updated_at: iso(row.updated_at) };
}

/** Deletes entries older than `days` days; returns how many went. */
export async function pruneRequestLogs(db: Db, days: number): Promise<number> {
  const cutoff = new Date(Date.now() - days * 86_400_000);
  const removed = await db.delete(requestLogs).where(lt(requestLogs.created_at, cutoff)).returning({ id: requestLogs.id });
  return removed.length;
}
