/** The delivery log of a company's postbacks: its outbox events, newest first, by event and state. */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AffiliatePostbackDelivery, affiliatePostbackLogQuery } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { isoOrNull } from '../../db/relations.ts';
import { affiliatePostbackOutbox, leads } from '../../db/schema/index.ts';
import { pageWindow, paginationMetaOf } from '../../http/pagination.ts';
import { requireCompany } from './keys.ts';

export async function listDeliveries(db: Db, companyId: number, query: z.output<typeof affiliatePostbackLogQuery>) {
  await requireCompany(db, companyId);
  const conditions: SQL[] = [eq(affiliatePostbackOutbox.affiliate_company_id, companyId)];
  if (query.event) conditions.push(eq(affiliatePostbackOutbox.event, query.event));
  if (query.state) conditions.push(eq(affiliatePostbackOutbox.state, query.state));
  const where = and(...conditions);
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({ event: affiliatePostbackOutbox, public_lead_id: leads.lead_id })
      .from(affiliatePostbackOutbox)
      .innerJoin(leads, eq(leads.id, affiliatePostbackOutbox.lead_id))
      .where(where)
      .orderBy(desc(affiliatePostbackOutbox.created_at), desc(affiliatePostbackOutbox.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(affiliatePostbackOutbox).where(where),
  ]);
  const data: AffiliatePostbackDelivery[] = rows.map(({ event, public_lead_id }) => ({
    event_id: event.id,
    event: event.event,
    lead: { id: event.lead_id, lead_id: public_lead_id },
    state: event.state,
    attempts: event.attempts,
    due_at: event.due_at.toISOString(),
    next_attempt_at: isoOrNull(event.next_attempt_at),
    delivered_at: isoOrNull(event.delivered_at),
    last_status: event.last_status,
    last_error: event.last_error,
    created_at: event.created_at.toISOString(),
  }));
  return { data, meta: paginationMetaOf(query, total?.total ?? 0) };
}
