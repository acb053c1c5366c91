/** The lead profile (`leadDetail`): every stored field, statuses as cells, relations named. */
import { eq } from 'drizzle-orm';
import type { LeadDetail } from '@crm/shared/contract';
import { leads } from '../../../db/schema/index.ts';
import { notFound } from '../../../http/errors.ts';
import type { Executor } from '../../../db/database.ts';
import { trackingOf } from '../intake/schema.ts';
import { listItemsByIds } from '../search/listItems.ts';
import { companyNames, idsOf, isoOrNull, pick, statusCells, userNames } from '../../../db/relations.ts';

export type LeadRow = typeof leads.$inferSelect;

async function findLeadRow(executor: Executor, id: number): Promise<LeadRow> {
  const [row] = await executor.select().from(leads).where(eq(leads.id, id)).limit(1);
  if (!row) throw notFound('Lead');
  return row;
}

export async function toLeadDetail(executor: Executor, row: LeadRow): Promise<LeadDetail> {
  const statusIds = idsOf([row.original_status_id, row.email_status_id, row.alt_email_status_id, row.phone_status_id, row.alt_phone_status_id]);
  const [[listItem], cells, companies, creators] = await Promise.all([
    listItemsByIds(executor, [row.id]),
    statusCells(executor, statusIds),
    companyNames(executor, idsOf([row.affiliate_company_id])),
    userNames(executor, idsOf([row.created_by])),
  ]);
  if (!listItem) throw new Error('the lead was lost while loading its relations');
  return {
    ...listItem,
    alt_email: row.alt_email,
    phone_prefix: row.phone_prefix,
    alt_phone: row.alt_phone,
    alt_phone_prefix: row.alt_phone_prefix,
    address: row.address,
    second_address: row.second_address,
    state: row.state,
    city: row.city,
    zip: row.zip,
    date_of_birth: row.date_of_birth,
    comment: row.comment,
    ip: row.ip,
    affiliate_company: pick(companies, row.affiliate_company_id),
    ...trackingOf(row),
    status_id: row.status_id,
    original_status: pick(cells, row.original_status_id),
    original_status_id: row.original_status_id,
    status_changed_at: isoOrNull(row.status_changed_at),
    live_status: row.live_status,
    email_status: pick(cells, row.email_status_id),
    alt_email_status: pick(cells, row.alt_email_status_id),
    phone_status: pick(cells, row.phone_status_id),
    alt_phone_status: pick(cells, row.alt_phone_status_id),
    not_available_till: isoOrNull(row.not_available_till),
    purchase_site: row.purchase_site,
    purchase_date: isoOrNull(row.purchase_date),
    recovery_amount: row.recovery_amount,
    product_name: row.product_name,
    card_name: row.card_name,
    card_type: row.card_type,
    card_digits: row.card_digits,
    api_lead_id: row.api_lead_id,
    api_lead_status: row.api_lead_status,
    api_client_id: row.api_client_id,
    lead_url: row.lead_url,
    client_url: row.client_url,
    created_by: pick(creators, row.created_by),
  };
}

export async function findLeadDetail(executor: Executor, id: number): Promise<LeadDetail> {
  return toLeadDetail(executor, await findLeadRow(executor, id));
}
