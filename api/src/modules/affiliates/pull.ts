/**
 * `GET /api/v1/leads` and `GET /api/v1/leads/{lead_id}`: a company's own leads as it sees them (publicStatus.ts),
 * newest first, a page at a time along `leads_affiliate_created_idx` (affiliate_company_id, created_at, id). Pages are
 * keyset, never OFFSET: the cursor carries the last row's (created_at, id), with created_at to the microsecond as
 * PostgreSQL stores it (a JavaScript Date would cut it to the millisecond and skip or repeat rows).
 */
import { and, desc, eq, gte, inArray, isNull, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AffiliateLeadPage, AffiliatePulledLead, affiliateLeadPullQuery } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { leads } from '../../db/schema/index.ts';
import { startOfDayInZone } from '../../time/zones.ts';
import { trackingOf } from '../leads/intake/schema.ts';
import { nextDay } from './dailyCap.ts';
import { publicLeadColumns, publicRulesOf, publicViewOf, type PublicRules } from './publicStatus.ts';

type Position = { createdAt: string; id: number };

/** `2026-11-27T08:00:00.123456Z`: created_at exactly, as text. */
const exactCreatedAt = sql<string>`to_char(${leads}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const exactMoment = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

const encodeCursor = (position: Position): string => Buffer.from(JSON.stringify([position.createdAt, position.id]), 'utf8').toString('base64url');

function decodeCursor(cursor: string): Position | null {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAt, id] = value as unknown[];
    if (typeof createdAt !== 'string' || !exactMoment.test(createdAt) || Number.isNaN(Date.parse(createdAt))) return null;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}

/** The cursor as a query parameter: decoded while the request is validated, so a forged one is a 422 `INVALID`. */
const cursorParam = z
  .string()
  .max(200)
  .transform((cursor, context) => {
    const position = decodeCursor(cursor);
    if (!position) context.addIssue({ code: 'custom', message: 'The page is not one this API gave.' });
    return position ?? z.NEVER;
  });

export type PullQuery = Omit<z.output<typeof affiliateLeadPullQuery>, 'page'> & { page?: Position };

export const pullQuerySchema = (query: typeof affiliateLeadPullQuery) => query.extend({ page: cursorParam.optional() });

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** `from` / `to` as instants: a day is the company's local day, `to` one includes all of it; a moment is cast as sent (to the microsecond). */
function bound(value: string, zone: string, end: boolean): SQL {
  const moment = dayPattern.test(value) ? startOfDayInZone(end ? nextDay(value) : value, zone).toISOString() : value;
  return sql`${moment}::timestamptz`;
}

/** The internal statuses shown as `status` (case-insensitive); the default one also covers unmapped statuses. */
function statusCondition(status: string, rules: PublicRules): SQL {
  const wanted = status.toLowerCase();
  const mappedIds = [...rules.statusMap.keys()];
  const matching = mappedIds.filter((id) => rules.statusMap.get(id)?.toLowerCase() === wanted);
  const conditions: SQL[] = matching.length > 0 ? [inArray(leads.status_id, matching)] : [];
  if (rules.defaultStatus.toLowerCase() === wanted) {
    conditions.push(isNull(leads.status_id));
    conditions.push(mappedIds.length > 0 ? notInArray(leads.status_id, mappedIds) : sql`${leads.status_id} is not null`);
  }
  return or(...conditions) ?? sql`false`;
}

const pulledColumns = {
  ...publicLeadColumns,
  id: leads.id,
  lead_id: leads.lead_id,
  exact_created_at: exactCreatedAt,
  created_at: leads.created_at,
  click_id: leads.click_id,
  sub1: leads.sub1,
  sub2: leads.sub2,
  sub3: leads.sub3,
  sub4: leads.sub4,
  sub5: leads.sub5,
  country: leads.country,
};

const selectPulled = (db: Db, where: SQL | undefined) => db.select(pulledColumns).from(leads).where(where);
type PulledRow = Awaited<ReturnType<typeof selectPulled>>[number];

function pulledLead(row: PulledRow, rules: PublicRules, now: Date): AffiliatePulledLead {
  const view = publicViewOf(row, rules, now);
  return {
    lead_id: row.lead_id,
    status: view.status,
    is_ftd: view.is_ftd,
    ftd_at: view.ftd_at?.toISOString() ?? null,
    ...trackingOf(row),
    country: row.country,
    received_at: row.created_at.toISOString(),
  };
}

export async function pullLeads(db: Db, companyId: number, query: PullQuery): Promise<AffiliateLeadPage> {
  const rules = await publicRulesOf(db, companyId);
  const conditions: SQL[] = [eq(leads.affiliate_company_id, companyId)];
  if (query.from) conditions.push(gte(leads.created_at, bound(query.from, rules.timeZone, false)));
  if (query.to) conditions.push(lt(leads.created_at, bound(query.to, rules.timeZone, true)));
  if (query.status) conditions.push(statusCondition(query.status, rules));
  // A row comparison the index reads as one range: everything before the last row of the previous page.
  if (query.page) conditions.push(sql`(${leads.created_at}, ${leads.id}) < (${query.page.createdAt}::timestamptz, ${query.page.id})`);
  const rows = await selectPulled(db, and(...conditions))
    .orderBy(desc(leads.created_at), desc(leads.id))
    .limit(query.limit + 1);
  const now = new Date();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const next_page = rows.length > query.limit && last ? encodeCursor({ createdAt: last.exact_created_at, id: last.id }) : null;
  return { data: page.map((row) => pulledLead(row, rules, now)), next_page };
}

/** One of the company's leads, by its public `lead_id`; null for another company's or an unknown one. */
export async function pullLead(db: Db, companyId: number, leadId: string): Promise<AffiliatePulledLead | null> {
  const [row] = await selectPulled(db, and(eq(leads.lead_id, leadId), eq(leads.affiliate_company_id, companyId)));
  if (!row) return null;
  return pulledLead(row, await publicRulesOf(db, companyId), new Date());
}
