/** The send-history search of `lead/history/search`: every attempt to send a lead, filtered and paginated. */
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { sendHistoryCountCap, type SendHistoryPage, type sendHistorySearchQuery } from '@crm/shared/contract';
import type { Db } from '../../../db/database.ts';
import { cappedTotal } from '../../../db/totals.ts';
import { brokerDepartments, leads, leadSendHistories } from '../../../db/schema/index.ts';
import { pageWindow, paginationMetaOf } from '../../../http/pagination.ts';
import { dateRange } from '../search/sql.ts';
import { toSendHistoryItems } from './items.ts';

export type ParsedSendHistoryQuery = z.output<typeof sendHistorySearchQuery>;

const maxInteger = 2_147_483_647;

/**
 * Send histories of the leads a text names: its public `lead_id`, its numeric id, or its email (exact, as emails
 * are stored lower-cased). A sub-select, so each branch uses its own index of `leads`.
 */
function ofLeadNamed(text: string): SQL {
  const trimmed = text.trim();
  const branches: SQL[] = [eq(leads.lead_id, trimmed), eq(leads.email, trimmed.toLowerCase())];
  if (/^\d{1,10}$/.test(trimmed) && Number(trimmed) <= maxInteger) branches.push(eq(leads.id, Number(trimmed)));
  return sql`${leadSendHistories.lead_id} in (select ${leads.id} from ${leads} where ${or(...branches)})`;
}

function conditionsOf(query: ParsedSendHistoryQuery): SQL[] {
  const conditions: SQL[] = [];
  const search = query.search?.trim();
  // The free search finds a lead the same way, or the broker's own lead id.
  if (search) conditions.push(or(ofLeadNamed(search), eq(leadSendHistories.api_lead_id, search)) ?? ofLeadNamed(search));
  if (query.lead) conditions.push(ofLeadNamed(query.lead));
  if (query.department_id !== undefined) conditions.push(eq(leadSendHistories.broker_department_id, query.department_id));
  if (query.job_id !== undefined) conditions.push(eq(leadSendHistories.job_id, query.job_id));
  if (query.broker_id !== undefined) {
    conditions.push(sql`${leadSendHistories.broker_department_id} in (select ${brokerDepartments.id} from ${brokerDepartments} where ${eq(brokerDepartments.broker_id, query.broker_id)})`);
  }
  if (query.state) conditions.push(eq(leadSendHistories.state, query.state));
  if (query.failure_status) conditions.push(eq(leadSendHistories.failure_status, query.failure_status));
  if (query.lead_status) conditions.push(sql`${leadSendHistories.lead_id} in (select ${leads.id} from ${leads} where ${eq(leads.api_lead_status, query.lead_status)})`);
  conditions.push(...dateRange(leadSendHistories.created_at, query.from, query.to));
  return conditions;
}

export async function searchSendHistories(db: Db, query: ParsedSendHistoryQuery): Promise<SendHistoryPage> {
  const conditions = conditionsOf(query);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const descending = query.direction === 'desc';
  // Attempts still in flight have no duration: they go last whichever way the list is sorted.
  const order =
    query.sort === 'duration_ms'
      ? sql`${leadSendHistories.duration_ms} ${sql.raw(descending ? 'desc' : 'asc')} nulls last`
      : descending
        ? desc(leadSendHistories.created_at)
        : asc(leadSendHistories.created_at);
  const { limit, offset } = pageWindow(query);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(leadSendHistories)
      .where(where)
      .orderBy(order, descending ? desc(leadSendHistories.id) : asc(leadSendHistories.id))
      .limit(limit)
      .offset(offset),
    cappedTotal(db, leadSendHistories, where, sendHistoryCountCap),
  ]);
  return { data: await toSendHistoryItems(db, rows), meta: { ...paginationMetaOf(query, total.total), ...total } };
}
