/**
 * Affiliate postbacks, the console's side: a company's URL templates (one per event) listed, created, edited and
 * deleted, and the events that fill the outbox. Status changes and FTDs are written by the `leads` trigger of
 * migration 0019 (every writer of a lead passes there); accepted and delivered leads by their code paths through
 * `recordAffiliateEvents`, in the transaction that accepted or delivered them where there is one.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AffiliatePostbackEvent, AffiliatePostbackItem, affiliatePostbackCreateBody, affiliatePostbackUpdateBody } from '@crm/shared/contract';
import type { Db, Executor } from '../../db/database.ts';
import { pgErrorCode, pgUniqueViolation } from '../../db/errors.ts';
import { columnLiteral } from '../../db/sqlArrays.ts';
import { affiliatePostbackTemplates } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { requireCompany } from './keys.ts';
import { preparedStatement } from '../../db/prepared.ts';

type TemplateRow = typeof affiliatePostbackTemplates.$inferSelect;

function itemOf(row: TemplateRow): AffiliatePostbackItem {
  return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

export async function listTemplates(db: Db, companyId: number): Promise<AffiliatePostbackItem[]> {
  await requireCompany(db, companyId);
  const rows = await db.select().from(affiliatePostbackTemplates).where(eq(affiliatePostbackTemplates.affiliate_company_id, companyId)).orderBy(asc(affiliatePostbackTemplates.id));
  return rows.map(itemOf);
}

export async function findTemplate(db: Db, id: number): Promise<TemplateRow> {
  const [row] = await db.select().from(affiliatePostbackTemplates).where(eq(affiliatePostbackTemplates.id, id));
  if (!row) throw notFound('Postback');
  return row;
}

export async function createTemplate(db: Db, companyId: number, body: z.output<typeof affiliatePostbackCreateBody>): Promise<AffiliatePostbackItem> {
  await requireCompany(db, companyId);
  try {
    const [row] = await db
      .insert(affiliatePostbackTemplates)
      .values({ ...body, affiliate_company_id: companyId })
      .returning();
    if (!row) throw new Error('postback insert returned nothing');
    return itemOf(row);
  } catch (error) {
    if (pgErrorCode(error) === pgUniqueViolation) throw invalid({ event: ['The company has a postback for this event already: edit that one.'] });
    throw error;
  }
}

export async function updateTemplate(db: Db, id: number, body: z.output<typeof affiliatePostbackUpdateBody>): Promise<AffiliatePostbackItem> {
  const [row] = await db.update(affiliatePostbackTemplates).set(body).where(eq(affiliatePostbackTemplates.id, id)).returning();
  if (!row) throw notFound('Postback');
  return itemOf(row);
}

/** Events already in the outbox stay (the delivery log keeps them); undelivered ones find no URL and fail after 24 h. */
export async function deleteTemplate(db: Db, id: number): Promise<void> {
  const [row] = await db.delete(affiliatePostbackTemplates).where(eq(affiliatePostbackTemplates.id, id)).returning({ id: affiliatePostbackTemplates.id });
  if (!row) throw notFound('Postback');
}

/**
 * Puts one event of these leads into the outbox: only for leads of a company with an active template for the event
 * (others are skipped in the same statement). Set-based, so a send's batch of outcomes writes its events at once.
 */
export async function recordAffiliateEvents(executor: Executor, leadIds: readonly number[], event: AffiliatePostbackEvent): Promise<void> {
  if (leadIds.length === 0) return;
  await executor.execute(sql`${preparedStatement('affiliate_postback_enqueue')}select affiliate_postback_enqueue(${columnLiteral(leadIds)}::int[], ${event})`);
}
