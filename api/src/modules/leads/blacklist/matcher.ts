/**
 * Does a lead hit the blacklist? Used by intake and import (and, later, right before sending); and how many
 * stored leads a new entry matches. Email, alt email, phone, alt phone and IP are the contact fields checked.
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { BlacklistType } from '@crm/shared/contract';
import { blacklist, leads } from '../../../db/schema/index.ts';
import type { Executor } from '../../../db/database.ts';
import { canonicalIp } from '../../../net/ip.ts';

/** A lead's contact fields as stored: lower-cased emails, E.164 phones, canonical IP. */
export type LeadContacts = {
  email?: string | null | undefined;
  alt_email?: string | null | undefined;
  phone_normalized?: string | null | undefined;
  alt_phone?: string | null | undefined;
  ip?: string | null | undefined;
};

type BlacklistField = 'email' | 'alt_email' | 'phone' | 'alt_phone' | 'ip';
export type BlacklistHit = { field: BlacklistField; type: BlacklistType; value: string; entryId: number };

const domainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1);
const present = (value: string | null | undefined): value is string => typeof value === 'string' && value !== '';

/** A lead's contact values in the form entries are stored in: what the blacklist is matched against. */
export type ContactValues = {
  emails: { field: 'email' | 'alt_email'; value: string; domain: string }[];
  phones: { field: 'phone' | 'alt_phone'; value: string }[];
  ip: string | null;
};

export function contactValuesOf(contacts: LeadContacts): ContactValues {
  const emails = (['email', 'alt_email'] as const).flatMap((field) => {
    const value = contacts[field]?.trim().toLowerCase();
    return present(value) ? [{ field, value, domain: domainOf(value) }] : [];
  });
  const phones = [
    { field: 'phone' as const, value: contacts.phone_normalized },
    { field: 'alt_phone' as const, value: contacts.alt_phone },
  ].filter((entry): entry is { field: 'phone' | 'alt_phone'; value: string } => present(entry.value));
  // Only a valid address reaches the `::inet` cast, so a bad value can never turn into a 500.
  const ip = present(contacts.ip) ? canonicalIp(contacts.ip) : null;
  return { emails, phones, ip };
}

export type BlacklistEntry = { id: number; type: BlacklistType; value: string };

/**
 * The hits of one lead among entries found for it. IP entries count as hits as given: the caller's query already
 * checked that the lead's address lies in their range (PostgreSQL compares addresses and networks).
 */
export function hitsAmong(values: ContactValues, entries: readonly BlacklistEntry[]): BlacklistHit[] {
  const hits: BlacklistHit[] = [];
  for (const entry of entries) {
    if (entry.type === 'ip') hits.push({ field: 'ip', type: entry.type, value: entry.value, entryId: entry.id });
    for (const email of values.emails) {
      if ((entry.type === 'email' && entry.value === email.value) || (entry.type === 'email_domain' && entry.value === email.domain)) {
        hits.push({ field: email.field, type: entry.type, value: entry.value, entryId: entry.id });
      }
    }
    for (const phone of values.phones) {
      if (entry.type === 'phone' && entry.value === phone.value) hits.push({ field: phone.field, type: entry.type, value: entry.value, entryId: entry.id });
    }
  }
  return hits;
}

/** The entries a lead matches, each tied to the field it matched (an IP range is checked by PostgreSQL). */
export async function findBlacklistHits(executor: Executor, contacts: LeadContacts): Promise<BlacklistHit[]> {
  const values = contactValuesOf(contacts);
  const { emails: emailFields, phones: phoneFields, ip } = values;

  const conditions: SQL[] = [];
  if (emailFields.length > 0) {
    conditions.push(
      and(
        eq(blacklist.type, 'email'),
        inArray(
          blacklist.value,
          emailFields.map((entry) => entry.value),
        ),
      ) as SQL,
    );
    conditions.push(
      and(
        eq(blacklist.type, 'email_domain'),
        inArray(
          blacklist.value,
          emailFields.map((entry) => entry.domain),
        ),
      ) as SQL,
    );
  }
  if (phoneFields.length > 0)
    conditions.push(
      and(
        eq(blacklist.type, 'phone'),
        inArray(
          blacklist.value,
          phoneFields.map((entry) => entry.value),
        ),
      ) as SQL,
    );
  // CASE keeps the casts to ip rows: PostgreSQL does not promise the order in which AND evaluates its operands.
  if (ip) conditions.push(sql`case when ${blacklist.type} = 'ip' then ${ip}::inet <<= ${blacklist.value}::cidr else false end`);
  if (conditions.length === 0) return [];

  const entries = await executor
    .select({ id: blacklist.id, type: blacklist.type, value: blacklist.value })
    .from(blacklist)
    .where(or(...conditions));
  return hitsAmong(values, entries);
}

const hitMessages: Record<BlacklistType, string> = {
  email: 'This email is blacklisted.',
  email_domain: 'This email domain is blacklisted.',
  phone: 'This phone is blacklisted.',
  ip: 'This IP address is blacklisted.',
};

/** `{ field: [message] }` for a 422 or a failed-lead message, one message per field and entry type. */
export function blacklistErrors(hits: readonly BlacklistHit[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const hit of hits) {
    const messages = (errors[hit.field] ??= []);
    const message = hitMessages[hit.type];
    if (!messages.includes(message)) messages.push(message);
  }
  return errors;
}

const ipv4Pattern = '^((25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])\\.){3}(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])$';
const ipv6Pattern =
  '^(([0-9a-f]{1,4}:){7}[0-9a-f]{1,4}|([0-9a-f]{1,4}:){1,7}:|([0-9a-f]{1,4}:){1,6}:[0-9a-f]{1,4}|([0-9a-f]{1,4}:){1,5}(:[0-9a-f]{1,4}){1,2}|' +
  '([0-9a-f]{1,4}:){1,4}(:[0-9a-f]{1,4}){1,3}|([0-9a-f]{1,4}:){1,3}(:[0-9a-f]{1,4}){1,4}|([0-9a-f]{1,4}:){1,2}(:[0-9a-f]{1,4}){1,5}|' +
  '[0-9a-f]{1,4}:(:[0-9a-f]{1,4}){1,6}|:((:[0-9a-f]{1,4}){1,7}|:))$';

/**
 * The leads an entry matches, as SQL. A stored IP is cast only when it has the shape of an address (intake
 * writes canonical ones, but a row written elsewhere must not make the count fail): the rest never match.
 */
function leadMatches(type: BlacklistType, value: string): SQL {
  switch (type) {
    case 'email':
      return sql`(lower(${leads.email}) = ${value} or lower(${leads.alt_email}) = ${value})`;
    case 'email_domain':
      return sql`(split_part(lower(${leads.email}), '@', 2) = ${value} or split_part(lower(${leads.alt_email}), '@', 2) = ${value})`;
    case 'phone':
      return sql`(${leads.phone_normalized} = ${value} or ${leads.alt_phone} = ${value})`;
    case 'ip':
      return sql`(case when ${leads.ip} ~ ${ipv4Pattern} or ${leads.ip} ~* ${ipv6Pattern} then ${leads.ip}::inet <<= ${value}::cidr else false end)`;
  }
}

/** How many stored leads a (normalized) entry matches: shown when the entry is added. */
export async function countMatchingLeads(executor: Executor, type: BlacklistType, value: string): Promise<number> {
  const [row] = await executor
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(leads)
    .where(leadMatches(type, value));
  return row?.total ?? 0;
}
