/** Reading and writing source random statuses: one item per source that has a list. */
import { asc, count, countDistinct, desc, eq, ilike, inArray, max, sql, type SQL } from 'drizzle-orm';
import { percentagesOf, type RandomStatusEntry, type SourceRandomStatusItem } from '@crm/shared/contract';
import type { Db } from '../../../db/database.ts';
import { sourceRandomStatuses, sources, statuses } from '../../../db/schema/index.ts';
import { invalid, notFound } from '../../../http/errors.ts';
import { pageWindow, paginationMetaOf } from '../../../http/pagination.ts';

export const randomStatusSortKeys = ['source_name', 'updated_at'] as const;
export type RandomStatusListQuery = {
  page: number;
  per_page: number;
  search?: string | undefined;
  sort: (typeof randomStatusSortKeys)[number];
  direction: 'asc' | 'desc';
};

const notFoundName = 'Source random status';

function likePattern(search: string): string {
  return `%${search.replaceAll(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/** The items of these sources, in the given order; sources without a list are left out. */
async function itemsOf(db: Db, sourceRows: readonly { id: number; name: string; updated_at: Date | string | null }[]): Promise<SourceRandomStatusItem[]> {
  if (sourceRows.length === 0) return [];
  const entries = await db
    .select({
      source_id: sourceRandomStatuses.source_id,
      status_id: sourceRandomStatuses.status_id,
      weight: sourceRandomStatuses.weight,
      status_name: statuses.name,
      bg_color: statuses.bg_color,
      text_color: statuses.text_color,
    })
    .from(sourceRandomStatuses)
    .innerJoin(statuses, eq(statuses.id, sourceRandomStatuses.status_id))
    .where(
      inArray(
        sourceRandomStatuses.source_id,
        sourceRows.map((row) => row.id),
      ),
    )
    .orderBy(desc(sourceRandomStatuses.weight), asc(statuses.name));
  return sourceRows.map((source) => {
    const own = entries.filter((entry) => entry.source_id === source.id);
    const percentages = percentagesOf(own.map((entry) => entry.weight));
    return {
      id: source.id,
      source_id: source.id,
      source_name: source.name,
      statuses: own.map(({ source_id: _sourceId, ...entry }, index) => ({ ...entry, percentage: percentages[index] ?? 0 })),
      updated_at: new Date(source.updated_at ?? 0).toISOString(),
    };
  });
}

export async function listSourceRandomStatuses(db: Db, query: RandomStatusListQuery) {
  const search = query.search?.trim();
  const where: SQL | undefined = search ? ilike(sources.name, likePattern(search)) : undefined;
  const updatedAt = max(sourceRandomStatuses.updated_at);
  const sortColumn = query.sort === 'updated_at' ? updatedAt : sources.name;
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: sources.id, name: sources.name, updated_at: updatedAt })
      .from(sources)
      .innerJoin(sourceRandomStatuses, eq(sourceRandomStatuses.source_id, sources.id))
      .where(where)
      .groupBy(sources.id, sources.name)
      .orderBy(query.direction === 'desc' ? desc(sortColumn) : asc(sortColumn), asc(sources.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: countDistinct(sources.id) })
      .from(sources)
      .innerJoin(sourceRandomStatuses, eq(sourceRandomStatuses.source_id, sources.id))
      .where(where),
  ]);
  return { data: await itemsOf(db, rows), meta: paginationMetaOf(query, total?.total ?? 0) };
}

export async function findSourceRandomStatus(db: Db, sourceId: number): Promise<SourceRandomStatusItem> {
  const rows = await db
    .select({ id: sources.id, name: sources.name, updated_at: max(sourceRandomStatuses.updated_at) })
    .from(sources)
    .innerJoin(sourceRandomStatuses, eq(sourceRandomStatuses.source_id, sources.id))
    .where(eq(sources.id, sourceId))
    .groupBy(sources.id, sources.name);
  const [item] = await itemsOf(db, rows);
  if (!item) throw notFound(notFoundName);
  return item;
}

async function hasList(db: Db, sourceId: number): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(sourceRandomStatuses).where(eq(sourceRandomStatuses.source_id, sourceId));
  return (row?.n ?? 0) > 0;
}

/** Every status must exist and be a lead status; the 422 names the row (`statuses.1.status_id`). */
async function assertLeadStatuses(db: Db, entries: readonly RandomStatusEntry[]): Promise<void> {
  const found = await db
    .select({ id: statuses.id, class: statuses.class })
    .from(statuses)
    .where(
      inArray(
        statuses.id,
        entries.map((entry) => entry.status_id),
      ),
    );
  const classOf = new Map(found.map((row) => [row.id, row.class]));
  const errors: Record<string, string[]> = {};
  entries.forEach((entry, index) => {
    const statusClass = classOf.get(entry.status_id);
    if (statusClass === undefined) errors[`statuses.${index}.status_id`] = ['The selected status does not exist.'];
    else if (statusClass !== 'lead') errors[`statuses.${index}.status_id`] = ['The status must be a lead status.'];
  });
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

export async function createSourceRandomStatus(db: Db, sourceId: number, entries: readonly RandomStatusEntry[]): Promise<SourceRandomStatusItem> {
  const [source] = await db.select({ id: sources.id }).from(sources).where(eq(sources.id, sourceId));
  if (!source) throw invalid({ source_id: ['The selected source does not exist.'] });
  if (await hasList(db, sourceId)) throw invalid({ source_id: ['This source already has random statuses.'] });
  await assertLeadStatuses(db, entries);
  await db.transaction(async (tx) => {
    // Serialises concurrent creates for one source: the second waits, then sees the first's rows.
    await tx.execute(sql`select id from ${sources} where id = ${sourceId} for update`);
    const [existing] = await tx.select({ id: sourceRandomStatuses.id }).from(sourceRandomStatuses).where(eq(sourceRandomStatuses.source_id, sourceId)).limit(1);
    if (existing) throw invalid({ source_id: ['This source already has random statuses.'] });
    await tx.insert(sourceRandomStatuses).values(entries.map((entry) => ({ source_id: sourceId, ...entry })));
  });
  return findSourceRandomStatus(db, sourceId);
}

export async function replaceSourceRandomStatus(db: Db, sourceId: number, entries: readonly RandomStatusEntry[]): Promise<SourceRandomStatusItem> {
  if (!(await hasList(db, sourceId))) throw notFound(notFoundName);
  await assertLeadStatuses(db, entries);
  await db.transaction(async (tx) => {
    await tx.delete(sourceRandomStatuses).where(eq(sourceRandomStatuses.source_id, sourceId));
    await tx.insert(sourceRandomStatuses).values(entries.map((entry) => ({ source_id: sourceId, ...entry })));
  });
  return findSourceRandomStatus(db, sourceId);
}

export async function deleteSourceRandomStatus(db: Db, sourceId: number): Promise<void> {
  const removed = await db.delete(sourceRandomStatuses).where(eq(sourceRandomStatuses.source_id, sourceId)).returning({ id: sourceRandomStatuses.id });
  if (removed.length === 0) throw notFound(notFoundName);
}
