/**
 * Which leads an export holds and how they are read: the lead list's own conditions (`leadSearchWhere`) and order
 * (`leadSearchOrder`) for "the current filter", or the chosen ids for a selection; read in keyset batches (never
 * OFFSET, never all at once) so a million-lead export costs one index range scan in small steps.
 *
 * The keyset follows the list's order exactly, `id` breaking ties in the same direction (a `(date, id)` row comparison,
 * which the `(date, id)` indexes serve in either direction). The cursor's date is carried as PostgreSQL text, so no
 * microsecond is lost on the way through JS.
 */
import { and, count, eq, gt, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ExportableLeadColumn, leadExportFilters } from '@crm/shared/contract';
import type { Db } from '../../../db/database.ts';
import { affiliateCompanies, brokerDepartments, brokers, leads, sources, statuses } from '../../../db/schema/index.ts';
import { leadSearchOrder, leadSearchWhere } from '../search/sql.ts';
import { exportColumns, originalStatuses } from './columns.ts';

export type ExportFilters = z.output<typeof leadExportFilters>;
/** The filters give the order (and, without `leadIds`, the conditions); `leadIds` is a selection. */
export type ExportSelection = { filters: ExportFilters; leadIds: readonly number[] | null };
type ExportOrder = Pick<ExportFilters, 'sort' | 'direction'>;

/** Where the last batch ended: its last lead's sort value (PostgreSQL text; null for a lead without the date) and id. */
export type ExportCursor = { value: string | null; id: number };
/** One lead's cells, in the setting's column order, as text (null: no value). */
export type ExportRow = (string | null)[];

export function selectionWhere(selection: ExportSelection): SQL | undefined {
  if (selection.leadIds) return inArray(leads.id, [...selection.leadIds]);
  // The list's conditions take the whole search query; paging plays no part in them. A free-text substring is looked
  // up in its trigram index, so counting and reading few matches need not read every lead.
  return leadSearchWhere({ ...selection.filters, page: 1, per_page: 1 }, true);
}

const datedSorts = { created_at: leads.created_at, last_sent_at: leads.last_sent_at, api_ftd_at: leads.api_ftd_at } as const;

function sortValue(order: ExportOrder): SQL<string | null> {
  return order.sort === 'id' ? sql<string | null>`null::text` : sql<string | null>`${datedSorts[order.sort]}::text`;
}

/**
 * What is left to read after the cursor, as conditions read one after the other, each served by an index range scan
 * (an OR of "after the cursor" and "has no date" would not be: every batch would rescan and sort all that is left).
 * `last_sent_at` / `api_ftd_at` list leads with the date first, by `(date, id)`, then those without it, by id.
 */
function remainingParts(order: ExportOrder, cursor: ExportCursor | null): (SQL | undefined)[] {
  const descending = order.direction === 'desc';
  const comparison = descending ? sql`<` : sql`>`;
  const idAfter = cursor ? (descending ? lt(leads.id, cursor.id) : gt(leads.id, cursor.id)) : undefined;
  if (order.sort === 'id') return [idAfter];
  const column = datedSorts[order.sort];
  const datedAfter = cursor && cursor.value !== null ? sql`(${column}, ${leads.id}) ${comparison} (${cursor.value}::timestamptz, ${cursor.id})` : undefined;
  if (order.sort === 'created_at') return [datedAfter];
  if (cursor && cursor.value === null) return [and(isNull(column), idAfter)];
  return [and(isNotNull(column), datedAfter), isNull(column)];
}

export async function countSelection(db: Db, selection: ExportSelection): Promise<number> {
  const [row] = await db.select({ total: count() }).from(leads).where(selectionWhere(selection));
  return row?.total ?? 0;
}

export type ExportBatch = { rows: ExportRow[]; cursor: ExportCursor | null };

/** The next `size` leads after `cursor` (from the start when null), with their cells. */
export async function readBatch(db: Db, selection: ExportSelection, columns: readonly ExportableLeadColumn[], cursor: ExportCursor | null, size: number): Promise<ExportBatch> {
  const cells = sql<(string | null)[]>`array[${sql.join(
    columns.map((column) => exportColumns[column].value),
    sql`, `,
  )}]::text[]`;
  const found: { id: number; sort_value: string | null; cells: ExportRow }[] = [];
  for (const part of remainingParts(selection.filters, cursor)) {
    if (found.length >= size) break;
    const rows = await db
      .select({ id: leads.id, sort_value: sortValue(selection.filters), cells })
      .from(leads)
      .leftJoin(sources, eq(sources.id, leads.source_id))
      .leftJoin(statuses, eq(statuses.id, leads.status_id))
      .leftJoin(originalStatuses, eq(originalStatuses.id, leads.original_status_id))
      .leftJoin(affiliateCompanies, eq(affiliateCompanies.id, leads.affiliate_company_id))
      .leftJoin(brokerDepartments, eq(brokerDepartments.id, leads.last_broker_department_id))
      .leftJoin(brokers, eq(brokers.id, brokerDepartments.broker_id))
      .where(and(selectionWhere(selection), part))
      .orderBy(...leadSearchOrder(selection.filters))
      .limit(size - found.length);
    found.push(...rows);
  }
  const last = found.at(-1);
  return { rows: found.map((row) => row.cells), cursor: last ? { value: last.sort_value, id: last.id } : null };
}
