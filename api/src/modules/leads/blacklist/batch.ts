/**
 * The blacklist checked for a batch of leads at once (import, sending): one statement finds every entry any of them
 * hits, then each lead's entries are looked up in memory.
 */
import { sql } from 'drizzle-orm';
import type { BlacklistType } from '@crm/shared/contract';
import type { Executor } from '../../../db/database.ts';
import { columnLiteral } from '../../../db/sqlArrays.ts';
import type { BlacklistEntry, ContactValues } from './matcher.ts';
import { preparedStatement } from '../../../db/prepared.ts';

export type BlacklistIndex = { byValue: Map<string, BlacklistEntry[]>; byIp: Map<string, BlacklistEntry[]> };

type EntryRow = { id: number; type: BlacklistType; value: string; ip: string | null };

/** Every entry hit by some lead of the batch, indexed the way leads look them up. */
export async function blacklistIndex(executor: Executor, contacts: readonly ContactValues[]): Promise<BlacklistIndex> {
  const emails = new Set<string>();
  const domains = new Set<string>();
  const phones = new Set<string>();
  const ips = new Set<string>();
  for (const values of contacts) {
    for (const email of values.emails) {
      emails.add(email.value);
      domains.add(email.domain);
    }
    for (const phone of values.phones) phones.add(phone.value);
    if (values.ip) ips.add(values.ip);
  }
  const byValue = new Map<string, BlacklistEntry[]>();
  const byIp = new Map<string, BlacklistEntry[]>();
  if (emails.size + phones.size + ips.size === 0) return { byValue, byIp };
  // CASE keeps the casts to ip entries: PostgreSQL does not promise the order in which a join condition is evaluated.
  const result = await executor.execute<EntryRow>(sql`${preparedStatement('blacklist_index')}
    select id, type, value, null::text as ip from blacklist
     where (type = 'email' and value = any(${columnLiteral([...emails])}::text[]))
        or (type = 'email_domain' and value = any(${columnLiteral([...domains])}::text[]))
        or (type = 'phone' and value = any(${columnLiteral([...phones])}::text[]))
    union all
    select b.id, b.type, b.value, t.ip from blacklist b
      join unnest(${columnLiteral([...ips])}::text[]) as t(ip)
        on case when b.type = 'ip' then t.ip::inet <<= b.value::cidr else false end`);
  for (const entry of result.rows) {
    const key = entry.ip ?? `${entry.type}:${entry.value}`;
    const index = entry.ip === null ? byValue : byIp;
    const list = index.get(key) ?? [];
    list.push({ id: Number(entry.id), type: entry.type, value: entry.value });
    index.set(key, list);
  }
  return { byValue, byIp };
}

export function entriesFor(values: ContactValues, index: BlacklistIndex): BlacklistEntry[] {
  const entries: BlacklistEntry[] = [];
  for (const email of values.emails) entries.push(...(index.byValue.get(`email:${email.value}`) ?? []), ...(index.byValue.get(`email_domain:${email.domain}`) ?? []));
  for (const phone of values.phones) entries.push(...(index.byValue.get(`phone:${phone.value}`) ?? []));
  if (values.ip) entries.push(...(index.byIp.get(values.ip) ?? []));
  return entries;
}
