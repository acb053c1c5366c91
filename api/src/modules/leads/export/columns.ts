/**
 * What each exportable column holds in the file: its header and the SQL that reads it as text. Everything is read as
 * text so the file says exactly what the database holds (no driver date parsing, no float rounding of amounts):
 * relations by name, tags joined by ", ", the last department by its label, date-times as UTC ISO 8601 with
 * milliseconds (what the API's JSON shows), dates as YYYY-MM-DD, booleans as true / false.
 */
import { sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { leadFieldKind, type ExportableLeadColumn } from '@crm/shared/contract';
import { affiliateCompanies, leads, leadTags, sources, statuses, tags } from '../../../db/schema/index.ts';
import { departmentLabelSql } from '../../brokers/relations.ts';

/** How a cell is typed in XLSX (CSV is text throughout). */
export type CellKind = 'text' | 'number' | 'boolean';

type ColumnSpec = { header: string; value: SQL<string | null> };

export const originalStatuses = alias(statuses, 'original_statuses');

const text = (column: AnyPgColumn): SQL<string | null> => sql<string | null>`${column}::text`;
/** `2024-03-05T10:20:30.123Z`, as JavaScript's toISOString writes it. */
const isoDateTime = (column: AnyPgColumn): SQL<string | null> => sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const tagNames = sql<string | null>`(select string_agg(${tags.name}, ', ' order by ${tags.name}, ${tags.id}) from ${leadTags}
  join ${tags} on ${tags.id} = ${leadTags.tag_id} where ${leadTags.lead_id} = ${leads.id})`;

export const exportColumns: Readonly<Record<ExportableLeadColumn, ColumnSpec>> = {
  lead_id: { header: 'Lead ID', value: text(leads.lead_id) },
  name: { header: 'Name', value: text(leads.name) },
  surname: { header: 'Surname', value: text(leads.surname) },
  email: { header: 'Email', value: text(leads.email) },
  alt_email: { header: 'Alternative email', value: text(leads.alt_email) },
  phone: { header: 'Phone', value: text(leads.phone) },
  alt_phone: { header: 'Alternative phone', value: text(leads.alt_phone) },
  country: { header: 'Country', value: text(leads.country) },
  language: { header: 'Language', value: text(leads.language) },
  funnel: { header: 'Funnel', value: text(leads.funnel) },
  city: { header: 'City', value: text(leads.city) },
  state: { header: 'State', value: text(leads.state) },
  zip: { header: 'Zip', value: text(leads.zip) },
  address: { header: 'Address', value: text(leads.address) },
  date_of_birth: { header: 'Date of birth', value: sql<string | null>`to_char(${leads.date_of_birth}, 'YYYY-MM-DD')` },
  source: { header: 'Source', value: text(sources.name) },
  status: { header: 'Status', value: text(statuses.name) },
  original_status: { header: 'Original status', value: text(originalStatuses.name) },
  affiliate_company: { header: 'Affiliate company', value: text(affiliateCompanies.name) },
  tags: { header: 'Tags', value: tagNames },
  last_department: { header: 'Last department', value: departmentLabelSql },
  last_sent_at: { header: 'Last sent at', value: isoDateTime(leads.last_sent_at) },
  is_fresh: { header: 'Fresh', value: text(leads.is_fresh) },
  deposit_exists: { header: 'Deposit exists', value: text(leads.deposit_exists) },
  purchase_amount: { header: 'Deposit amount', value: text(leads.purchase_amount) },
  api_lead_id: { header: 'Broker lead ID', value: text(leads.api_lead_id) },
  api_lead_status: { header: 'Broker lead status', value: text(leads.api_lead_status) },
  api_ftd_at: { header: 'FTD at', value: isoDateTime(leads.api_ftd_at) },
  comment: { header: 'Comment', value: text(leads.comment) },
  ip: { header: 'IP', value: text(leads.ip) },
  created_at: { header: 'Created at', value: isoDateTime(leads.created_at) },
  updated_at: { header: 'Updated at', value: isoDateTime(leads.updated_at) },
};

/** By the field's kind in the lead-field catalogue: amounts are numbers, flags booleans, everything else text. */
export function cellKindOf(column: ExportableLeadColumn): CellKind {
  const kind = leadFieldKind(column);
  return kind === 'money' ? 'number' : kind === 'flag' ? 'boolean' : 'text';
}

export const headersOf = (columns: readonly ExportableLeadColumn[]): string[] => columns.map((column) => exportColumns[column].header);
