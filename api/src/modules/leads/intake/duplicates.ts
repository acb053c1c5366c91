/**
 * Duplicates: the same normalized email or phone among the leads created within a window (30 days by
 * default, `LEAD_DUPLICATE_DAYS`); empty fields never match. The check and the insert run under transaction-scoped
 * advisory locks on the contacts, so two identical adds at the same moment cannot both pass.
 */
import { and, desc, eq, gte, ne, sql } from 'drizzle-orm';
import { leads } from '../../../db/schema/index.ts';
import type { Executor } from '../../../db/database.ts';
import { columnLiteral } from '../../../db/sqlArrays.ts';
import { preparedStatement } from '../../../db/prepared.ts';

const defaultDuplicateWindowDays = 30;

/** `LEAD_DUPLICATE_DAYS` (0–3650; 0 turns the check off), or 30 when unset or not a whole number in range. */
export function duplicateWindowDays(env: NodeJS.ProcessEnv = process.env): number {
  const given = env['LEAD_DUPLICATE_DAYS'];
  const days = given === undefined || given.trim() === '' ? Number.NaN : Number(given);
  return Number.isInteger(days) && days >= 0 && days <= 3650 ? days : defaultDuplicateWindowDays;
}

export type Contacts = { email: string | null; phone: string | null };

/**
 * An import batch checks and inserts thousands of contacts at once: a lock per contact would overflow PostgreSQL's
 * lock table (64 × max_connections entries). Instead a batch holds this key exclusively and every add-lead holds it
 * shared, so a batch never interleaves with an add-lead (adds still run side by side, serialized per contact).
 */
const importBatchLockKey = 'lead-contacts:import-batch';

/** Held by an import batch until its transaction ends: no add-lead checks or inserts contacts meanwhile. */
export async function lockAllContacts(executor: Executor): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtextextended(${importBatchLockKey}, 0))`);
}

/**
 * Holds a lock per contact until the transaction ends, for one lead or a batch of them, in one statement. Keys are
 * taken in one global order (sorted, as JavaScript sorts strings), so two transactions locking overlapping contacts
 * cannot deadlock; the shared batch key comes first (see above).
 */
export async function lockContacts(executor: Executor, ...leadContacts: Contacts[]): Promise<void> {
  const keys = new Set<string>();
  for (const contacts of leadContacts) {
    if (contacts.email !== null) keys.add(`lead-contact:email:${contacts.email}`);
    if (contacts.phone !== null) keys.add(`lead-contact:phone:${contacts.phone}`);
  }
  // The batch key shared first, then the contacts exclusively, in this order (an aggregate reads its input in order).
  const ordered = [importBatchLockKey, ...[...keys].sort()];
  await executor.execute(sql`${preparedStatement('lock_contacts')}
    select count(case when shared then pg_advisory_xact_lock_shared(hashtextextended(key, 0)) else pg_advisory_xact_lock(hashtextextended(key, 0)) end)
      from (select key, position = 1 as shared from unnest(${columnLiteral(ordered)}::text[]) with ordinality as k(key, position) order by position) as ordered`);
}

async function newestWith(executor: Executor, column: typeof leads.email | typeof leads.phone_normalized, value: string, days: number, exceptLeadId: number | null): Promise<string | null> {
  const [row] = await executor
    .select({ lead_id: leads.lead_id })
    .from(leads)
    .where(and(eq(column, value), gte(leads.created_at, sql`now() - ${days}::int * interval '1 day'`), exceptLeadId === null ? undefined : ne(leads.id, exceptLeadId)))
    .orderBy(desc(leads.created_at))
    .limit(1);
  return row?.lead_id ?? null;
}

/** What a duplicate's field says: the lead it repeats (its public id, or where else it is, like a row of a file). */
export function duplicateMessage(field: 'email' | 'phone', existing: string): string {
  return `A lead with this ${field} already exists (${existing}).`;
}

/**
 * `{ field: [message] }` naming the lead each contact duplicates, or null when neither does; an edited lead
 * (`exceptLeadId`) does not duplicate itself.
 */
export async function findDuplicates(executor: Executor, contacts: Contacts, days: number, exceptLeadId: number | null = null): Promise<Record<string, string[]> | null> {
  if (days <= 0) return null;
  const [byEmail, byPhone] = await Promise.all([
    contacts.email === null ? null : newestWith(executor, leads.email, contacts.email, days, exceptLeadId),
    contacts.phone === null ? null : newestWith(executor, leads.phone_normalized, contacts.phone, days, exceptLeadId),
  ]);
  const errors: Record<string, string[]> = {};
  if (byEmail) errors['email'] = [duplicateMessage('email', byEmail)];
  if (byPhone) errors['phone'] = [duplicateMessage('phone', byPhone)];
  return Object.keys(errors).length > 0 ? errors : null;
}

type Found = { kind: 'email' | 'phone'; value: string; lead_id: string };

/**
 * The newest lead in the window per email and phone of a batch of leads (what add-lead names in its message), keyed
 * `email:<value>` / `phone:<value>`. Each value is looked up on its own through a lateral LIMIT 1 — an index probe
 * whatever the table's size. Matched with `= any`, a batch's thousands of values made PostgreSQL scan the whole table
 * while `leads` was still small (a first import): 66 ms a batch instead of a few.
 */
export async function newestLeadsWith(executor: Executor, batch: readonly Contacts[], days: number): Promise<Map<string, string>> {
  const emails = new Set<string>();
  const phones = new Set<string>();
  for (const contacts of batch) {
    if (contacts.email) emails.add(contacts.email);
    if (contacts.phone) phones.add(contacts.phone);
  }
  const found = new Map<string, string>();
  if (emails.size + phones.size === 0) return found;
  const since = sql`now() - ${days}::int * interval '1 day'`;
  const result = await executor.execute<Found>(sql`${preparedStatement('newest_leads_with')}
    select 'email' as kind, v.value, hit.lead_id from unnest(${columnLiteral([...emails])}::text[]) as v(value)
     cross join lateral (select lead_id from leads where email = v.value and created_at >= ${since} order by created_at desc limit 1) as hit
    union all
    select 'phone', v.value, hit.lead_id from unnest(${columnLiteral([...phones])}::text[]) as v(value)
     cross join lateral (select lead_id from leads where phone_normalized = v.value and created_at >= ${since} order by created_at desc limit 1) as hit`);
  for (const row of result.rows) found.set(`${row.kind}:${row.value}`, row.lead_id);
  return found;
}
