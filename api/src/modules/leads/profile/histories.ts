/** The history tabs of a lead profile: data, status, send and broker histories, newest first, a page at a time. */
import { count, desc, eq } from 'drizzle-orm';
import type { LeadBrokerHistory, LeadDataHistory, LeadStatusHistory, PaginationMeta } from '@crm/shared/contract';
import type { Db } from '../../../db/database.ts';
import { leadBrokerHistories, leadDataHistories, leads, leadSendHistories, leadStatusHistories } from '../../../db/schema/index.ts';
import { notFound } from '../../../http/errors.ts';
import { pageWindow, paginationMetaOf } from '../../../http/pagination.ts';
import { departmentLabelsById } from '../../brokers/relations.ts';
import { idsOf, isoOrNull, pick, statusCells, userNames } from '../../../db/relations.ts';
import { toSendHistoryItems } from '../sendHistory/items.ts';

export type HistoryPageQuery = { page: number; per_page: number };
type Page<Item> = { data: Item[]; meta: PaginationMeta };
type HistoryTable = typeof leadDataHistories | typeof leadStatusHistories | typeof leadSendHistories | typeof leadBrokerHistories;

async function assertLeadExists(db: Db, leadId: number): Promise<void> {
  const [lead] = await db.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)).limit(1);
  if (!lead) throw notFound('Lead');
}

async function totalOf(db: Db, table: HistoryTable, leadId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(table).where(eq(table.lead_id, leadId));
  return row?.total ?? 0;
}

export async function dataHistories(db: Db, leadId: number, query: HistoryPageQuery): Promise<Page<LeadDataHistory>> {
  await assertLeadExists(db, leadId);
  const { limit, offset } = pageWindow(query);
  const [rows, total] = await Promise.all([
    db.select().from(leadDataHistories).where(eq(leadDataHistories.lead_id, leadId)).orderBy(desc(leadDataHistories.created_at), desc(leadDataHistories.id)).limit(limit).offset(offset),
    totalOf(db, leadDataHistories, leadId),
  ]);
  const names = await userNames(db, idsOf(rows.map((row) => row.user_id)));
  const data = rows.map((row) => ({
    id: row.id,
    field: row.field,
    old_value: row.old_value,
    new_value: row.new_value,
    user: pick(names, row.user_id),
    created_at: row.created_at.toISOString(),
  }));
  return { data, meta: paginationMetaOf(query, total) };
}

export async function statusHistories(db: Db, leadId: number, query: HistoryPageQuery): Promise<Page<LeadStatusHistory>> {
  await assertLeadExists(db, leadId);
  const { limit, offset } = pageWindow(query);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(leadStatusHistories)
      .where(eq(leadStatusHistories.lead_id, leadId))
      .orderBy(desc(leadStatusHistories.created_at), desc(leadStatusHistories.id))
      .limit(limit)
      .offset(offset),
    totalOf(db, leadStatusHistories, leadId),
  ]);
  const [cells, names] = await Promise.all([statusCells(db, idsOf(rows.flatMap((row) => [row.from_status_id, row.to_status_id]))), userNames(db, idsOf(rows.map((row) => row.user_id)))]);
  const data = rows.map((row) => ({
    id: row.id,
    from_status: pick(cells, row.from_status_id),
    to_status: pick(cells, row.to_status_id),
    cause: row.cause,
    user: pick(names, row.user_id),
    lead_status_setting_id: row.lead_status_setting_id,
    job_id: row.job_id,
    created_at: row.created_at.toISOString(),
  }));
  return { data, meta: paginationMetaOf(query, total) };
}

export async function sendHistories(db: Db, leadId: number, query: HistoryPageQuery) {
  await assertLeadExists(db, leadId);
  const { limit, offset } = pageWindow(query);
  const [rows, total] = await Promise.all([
    db.select().from(leadSendHistories).where(eq(leadSendHistories.lead_id, leadId)).orderBy(desc(leadSendHistories.created_at), desc(leadSendHistories.id)).limit(limit).offset(offset),
    totalOf(db, leadSendHistories, leadId),
  ]);
  return { data: await toSendHistoryItems(db, rows), meta: paginationMetaOf(query, total) };
}

export async function brokerHistories(db: Db, leadId: number, query: HistoryPageQuery): Promise<Page<LeadBrokerHistory>> {
  await assertLeadExists(db, leadId);
  const { limit, offset } = pageWindow(query);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(leadBrokerHistories)
      .where(eq(leadBrokerHistories.lead_id, leadId))
      .orderBy(desc(leadBrokerHistories.created_at), desc(leadBrokerHistories.id))
      .limit(limit)
      .offset(offset),
    totalOf(db, leadBrokerHistories, leadId),
  ]);
  const departments = await departmentLabelsById(db, idsOf(rows.map((row) => row.broker_department_id)));
  const data = rows.map((row) => ({
    id: row.id,
    department: pick(departments, row.broker_department_id),
    channel: row.channel,
    api_lead_status: row.api_lead_status,
    api_ftd_at: isoOrNull(row.api_ftd_at),
    payload: row.payload ?? null,
    created_at: row.created_at.toISOString(),
  }));
  return { data, meta: paginationMetaOf(query, total) };
}
