/**
 * Failed leads: intake or import rows that were refused, kept raw with a reason code and message so
 * staff can fix and retry them, or delete them.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { FailedLeadItem, FailedLeadReasonCode, PaginationMeta, failedLeadBulkDelete, failedLeadFilters, failedLeadSearchQuery } from '@crm/shared/contract';
import type { Db, Executor } from '../../../db/database.ts';
import { failedLeads, sources } from '../../../db/schema/index.ts';
import { notFound } from '../../../http/errors.ts';
import { pageWindow, paginationMetaOf } from '../../../http/pagination.ts';
import { searchCondition } from '../../../http/resource.ts';
import type { IntakeResult, LeadIntakeInput } from '../intake/schema.ts';
import { intakeLead } from '../intake/service.ts';

export type FailedLeadRecord = {
  /** The row as it arrived (an import line keyed by column, or an add-lead body). */
  raw: Record<string, unknown>;
  reason: FailedLeadReasonCode;
  message: string;
  sourceId: number | null;
  /** The affiliate company whose API key posted the lead. */
  affiliateCompanyId?: number | null | undefined;
  importJobId?: number | null | undefined;
  importRow?: number | null | undefined;
};

/** jsonb cannot hold U+0000; a raw row is stored anyway (it is evidence), with those characters dropped. */
function storable(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '');
  if (Array.isArray(value)) return value.map(storable);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key.replaceAll('\u0000', ''), storable(inner)]));
  return value;
}

/** The source id if that source exists, else null: a row refused for UNKNOWN_SOURCE is still stored. */
const existingSource = (sourceId: number | null): SQL | null => (sourceId === null ? null : sql`(select ${sources.id} from ${sources} where ${sources.id} = ${sourceId})`);

/**
 * Stores refused rows in one statement and returns their ids, in order. An import row stored twice (a retried job)
 * replaces its first record, since `(import_job_id, import_row)` is unique.
 */
export async function recordFailedLeads(executor: Executor, records: readonly FailedLeadRecord[]): Promise<number[]> {
  if (records.length === 0) return [];
  const rows = await executor
    .insert(failedLeads)
    .values(
      records.map((record) => ({
        raw: storable(record.raw),
        reason_code: record.reason,
        message: record.message.replaceAll('\u0000', ''),
        source_id: existingSource(record.sourceId),
        affiliate_company_id: record.affiliateCompanyId ?? null,
        import_job_id: record.importJobId ?? null,
        import_row: record.importRow ?? null,
      })),
    )
    .onConflictDoUpdate({
      target: [failedLeads.import_job_id, failedLeads.import_row],
      set: { raw: sql`excluded.raw`, reason_code: sql`excluded.reason_code`, message: sql`excluded.message`, source_id: sql`excluded.source_id`, updated_at: new Date() },
    })
    .returning({ id: failedLeads.id });
  return rows.map((row) => row.id);
}

/** Stores one refused row and returns its id. */
export async function recordFailedLead(executor: Executor, record: FailedLeadRecord): Promise<number> {
  const [row] = await recordFailedLeads(executor, [record]);
  if (row === undefined) throw new Error('failed lead insert returned nothing');
  return row;
}

const itemColumns = {
  id: failedLeads.id,
  raw: failedLeads.raw,
  reason_code: failedLeads.reason_code,
  message: failedLeads.message,
  source_id: sources.id,
  source_name: sources.name,
  import_job_id: failedLeads.import_job_id,
  import_row: failedLeads.import_row,
  created_at: failedLeads.created_at,
  updated_at: failedLeads.updated_at,
};

type ItemRow = {
  id: number;
  raw: unknown;
  reason_code: FailedLeadReasonCode;
  message: string;
  source_id: number | null;
  source_name: string | null;
  import_job_id: number | null;
  import_row: number | null;
  created_at: Date;
  updated_at: Date;
};

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function toItem(row: ItemRow): FailedLeadItem {
  return {
    id: row.id,
    // Every writer stores an object; anything else is shown wrapped rather than failing the whole page.
    raw: isRecord(row.raw) ? row.raw : { value: row.raw },
    reason_code: row.reason_code,
    message: row.message,
    source: row.source_id !== null && row.source_name !== null ? { id: row.source_id, name: row.source_name } : null,
    import_job_id: row.import_job_id,
    import_row: row.import_row,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

type ParsedSearch = z.output<typeof failedLeadSearchQuery>;
const sortColumns = { created_at: failedLeads.created_at, reason_code: failedLeads.reason_code } as const;

/** The rows the list's filters match. Search covers the raw row (as JSON text) and the message. */
function filtersWhere(filters: z.output<typeof failedLeadFilters>): SQL | undefined {
  const conditions = [
    searchCondition([failedLeads.raw, failedLeads.message], filters.search),
    filters.reason_code ? eq(failedLeads.reason_code, filters.reason_code) : undefined,
    filters.source_id ? eq(failedLeads.source_id, filters.source_id) : undefined,
    filters.import_job_id ? eq(failedLeads.import_job_id, filters.import_job_id) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function listFailedLeads(db: Db, query: ParsedSearch): Promise<{ data: FailedLeadItem[]; meta: PaginationMeta }> {
  const where = filtersWhere(query);
  const order = query.direction === 'desc' ? desc : asc;
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select(itemColumns)
      .from(failedLeads)
      .leftJoin(sources, eq(sources.id, failedLeads.source_id))
      .where(where)
      .orderBy(order(sortColumns[query.sort]), order(failedLeads.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(failedLeads).where(where),
  ]);
  return { data: rows.map(toItem), meta: paginationMetaOf(query, total?.total ?? 0) };
}

export async function findFailedLead(db: Db, id: number): Promise<FailedLeadItem> {
  const [row] = await db.select(itemColumns).from(failedLeads).leftJoin(sources, eq(sources.id, failedLeads.source_id)).where(eq(failedLeads.id, id));
  if (!row) throw notFound('Failed lead');
  return toItem(row);
}

/**
 * Runs intake again with the values staff fixed. In one transaction: success deletes the failed row; a new
 * refusal replaces the row's raw values, reason and message with this attempt's (so the list shows why it
 * still fails). The retried lead is added by the retrying user with cause `intake`, not as an import row.
 */
export async function retryFailedLead(db: Db, id: number, input: LeadIntakeInput, userId: number): Promise<IntakeResult> {
  return db.transaction(async (tx) => {
    // Locks the row: two retries of one failed lead cannot both create a lead.
    const [existing] = await tx.select({ id: failedLeads.id }).from(failedLeads).where(eq(failedLeads.id, id)).for('update');
    if (!existing) throw notFound('Failed lead');
    const result = await intakeLead(tx, input, { userId, cause: 'intake' });
    if (result.ok) {
      await tx.delete(failedLeads).where(eq(failedLeads.id, id));
    } else {
      await tx
        .update(failedLeads)
        .set({
          raw: storable({ ...input }),
          reason_code: result.reason,
          message: result.message,
          source_id: existingSource(input.source_id ?? null),
          updated_at: new Date(),
        })
        .where(eq(failedLeads.id, id));
    }
    return result;
  });
}

/** Deletes the selected failed leads, or every one the filters match; returns how many went. */
export async function deleteFailedLeads(db: Db, body: z.output<typeof failedLeadBulkDelete>): Promise<number> {
  const where = body.ids ? inArray(failedLeads.id, body.ids) : filtersWhere(body.filters ?? {});
  const removed = await db.delete(failedLeads).where(where).returning({ id: failedLeads.id });
  return removed.length;
}

export async function deleteFailedLead(db: Db, id: number): Promise<void> {
  const removed = await db.delete(failedLeads).where(eq(failedLeads.id, id)).returning({ id: failedLeads.id });
  if (removed.length === 0) throw notFound('Failed lead');
}
