/**
 * Affiliate API keys: issued (`crm_` + 32 random bytes, base64url), shown once, stored as their SHA-256; listed,
 * edited, revoked and rotated by staff; checked on every `POST /api/v1/leads`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AffiliateKeyItem, affiliateKeyCreateBody, affiliateKeyUpdateBody } from '@crm/shared/contract';
import type { Db, Executor } from '../../db/database.ts';
import { isoOrNull } from '../../db/relations.ts';
import { columnLiteral } from '../../db/sqlArrays.ts';
import { affiliateApiKeys, affiliateCompanies, sources } from '../../db/schema/index.ts';
import { HttpError, invalid, notFound } from '../../http/errors.ts';
import { normalizedAddresses } from '../brokers/addresses.ts';
import { preparedStatement } from '../../db/prepared.ts';

type KeyRow = typeof affiliateApiKeys.$inferSelect;
type KeyValues = Partial<typeof affiliateApiKeys.$inferInsert>;

/** How long a rotated key keeps working when the rotation names no grace period. */
export const defaultGraceHours = 24;

export const hashApiKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** A new key and what is stored of it: `crm_` and 8 more characters identify it, its hash checks it. */
function issueKey(): { key: string; key_prefix: string; key_hash: string } {
  const key = `crm_${randomBytes(32).toString('base64url')}`;
  return { key, key_prefix: key.slice(0, 12), key_hash: hashApiKey(key) };
}

function itemOf(row: KeyRow): AffiliateKeyItem {
  const { key_hash: _hash, ...shown } = row;
  return {
    ...shown,
    expires_at: isoOrNull(row.expires_at),
    last_used_at: isoOrNull(row.last_used_at),
    revoked_at: isoOrNull(row.revoked_at),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** 404 unless the affiliate company exists. */
export async function requireCompany(db: Executor, companyId: number): Promise<void> {
  const [company] = await db.select({ id: affiliateCompanies.id }).from(affiliateCompanies).where(eq(affiliateCompanies.id, companyId));
  if (!company) throw notFound('Affiliate company');
}

async function findKey(executor: Executor, id: number): Promise<KeyRow> {
  const [row] = await executor.select().from(affiliateApiKeys).where(eq(affiliateApiKeys.id, id));
  if (!row) throw notFound('API key');
  return row;
}

/** The body's columns, the source checked and the addresses made canonical. */
async function valuesOf(db: Db, companyId: number, body: z.output<typeof affiliateKeyUpdateBody>): Promise<KeyValues> {
  const { allowed_ips: addresses, expires_at: expiresAt, ...rest } = body;
  const values: KeyValues = { ...rest };
  if (body.source_id !== undefined) {
    const [source] = await db.select({ company: sources.affiliate_company_id }).from(sources).where(eq(sources.id, body.source_id));
    if (!source) throw invalid({ source_id: ['The selected source does not exist.'] });
    // A source of another company would file this company's leads under that one.
    if (source.company !== null && source.company !== companyId) throw invalid({ source_id: ['The selected source belongs to another affiliate company.'] });
  }
  if (addresses !== undefined) values.allowed_ips = normalizedAddresses(addresses, 'allowed_ips');
  if (expiresAt !== undefined) values.expires_at = expiresAt === null ? null : new Date(expiresAt);
  return values;
}

export async function listKeys(db: Db, companyId: number): Promise<AffiliateKeyItem[]> {
  await requireCompany(db, companyId);
  const rows = await db.select().from(affiliateApiKeys).where(eq(affiliateApiKeys.affiliate_company_id, companyId)).orderBy(asc(affiliateApiKeys.id));
  return rows.map(itemOf);
}

export type IssuedKey = AffiliateKeyItem & { key: string };

export async function createKey(db: Db, companyId: number, body: z.output<typeof affiliateKeyCreateBody>): Promise<IssuedKey> {
  await requireCompany(db, companyId);
  const values = await valuesOf(db, companyId, body);
  const { key, ...stored } = issueKey();
  const [row] = await db
    .insert(affiliateApiKeys)
    .values({ ...values, ...stored, name: body.name, source_id: body.source_id, affiliate_company_id: companyId })
    .returning();
  if (!row) throw new Error('API key insert returned nothing');
  return { ...itemOf(row), key };
}

export async function updateKey(db: Db, id: number, body: z.output<typeof affiliateKeyUpdateBody>): Promise<AffiliateKeyItem> {
  const current = await findKey(db, id);
  const values = await valuesOf(db, current.affiliate_company_id, body);
  const [row] = await db.update(affiliateApiKeys).set(values).where(eq(affiliateApiKeys.id, id)).returning();
  if (!row) throw notFound('API key');
  return itemOf(row);
}

/** Ends a key now (or keeps an earlier end). */
export async function revokeKey(db: Db, id: number): Promise<AffiliateKeyItem> {
  await findKey(db, id);
  const [row] = await db
    .update(affiliateApiKeys)
    .set({ revoked_at: sql`least(coalesce(${affiliateApiKeys.revoked_at}, now()), now())` })
    .where(eq(affiliateApiKeys.id, id))
    .returning();
  if (!row) throw notFound('API key');
  return itemOf(row);
}

/** A new key with the old one's settings; the old one ends after the grace period (or sooner, if it already would). */
export async function rotateKey(db: Db, id: number, graceHours: number): Promise<IssuedKey> {
  return db.transaction(async (tx) => {
    const old = await findKey(tx, id);
    if (old.revoked_at !== null && old.revoked_at.getTime() <= Date.now()) throw new HttpError(409, 'A revoked key cannot be rotated.');
    await tx
      .update(affiliateApiKeys)
      .set({ revoked_at: sql`least(coalesce(${affiliateApiKeys.revoked_at}, 'infinity'), now() + ${graceHours}::int * interval '1 hour')` })
      .where(eq(affiliateApiKeys.id, id));
    const { key, ...stored } = issueKey();
    const [row] = await tx
      .insert(affiliateApiKeys)
      .values({
        ...stored,
        affiliate_company_id: old.affiliate_company_id,
        name: old.name,
        source_id: old.source_id,
        allowed_ips: old.allowed_ips,
        rate_limit_per_minute: old.rate_limit_per_minute,
        is_active: old.is_active,
        expires_at: old.expires_at,
      })
      .returning();
    if (!row) throw new Error('API key insert returned nothing');
    return { ...itemOf(row), key };
  });
}

/** What a call needs of its key. */
export type CallKey = Pick<KeyRow, 'id' | 'affiliate_company_id' | 'source_id' | 'allowed_ips' | 'rate_limit_per_minute' | 'last_used_at' | 'last_used_ip'> & {
  /** The calls made with the key in `window` (a minute), this one included. */
  calls: number;
};

const keyShape = /^crm_[A-Za-z0-9_-]{43}$/;

type CallKeyRow = Omit<CallKey, 'last_used_at' | 'calls'> & { position: number; calls: number | string; last_used_at: string | Date | null };

/**
 * For each key callers sent, the key if it works now (active, not revoked or still in its grace period, not expired),
 * with the calls counted in the rate window starting at `window`: one statement for all of them, as it runs on every
 * call (a key sent by several calls at once counts each, in their order).
 */
export async function keysForCalls(db: Db, keys: readonly string[], window: Date): Promise<(CallKey | null)[]> {
  const hashes = keys.map((key) => (keyShape.test(key) ? hashApiKey(key) : ''));
  if (hashes.every((hash) => hash === '')) return keys.map(() => null);
  const result = await db.execute<CallKeyRow>(sql`${preparedStatement('affiliate_keys_for_calls')}
    with given as (
      select hash, position from unnest(${columnLiteral(hashes)}::text[]) with ordinality as g(hash, position) where hash <> ''
    ), usable as (
      select k.id, k.affiliate_company_id, k.source_id, k.allowed_ips, k.rate_limit_per_minute, k.last_used_at, k.last_used_ip, given.position
        from given join affiliate_api_keys k on k.key_hash = given.hash
       where k.is_active and (k.revoked_at is null or k.revoked_at > now()) and (k.expires_at is null or k.expires_at > now())
    ), per_key as (
      select id, count(*)::int as calls from usable group by id
    ), counted as (
      insert into affiliate_rate_windows (key_id, window_start, calls) select id, ${window.toISOString()}::timestamptz, calls from per_key
      on conflict (key_id, window_start) do update set calls = affiliate_rate_windows.calls + excluded.calls
      returning key_id, calls
    )
    select usable.*, counted.calls - per_key.calls + row_number() over (partition by usable.id order by usable.position) as calls
      from usable join per_key on per_key.id = usable.id join counted on counted.key_id = usable.id`);
  const byPosition = new Map(result.rows.map((row) => [Number(row.position), row]));
  return keys.map((_, index) => {
    const row = byPosition.get(index + 1);
    if (!row) return null;
    const { position: _position, ...key } = row;
    return { ...key, calls: Number(row.calls), last_used_at: row.last_used_at === null ? null : new Date(row.last_used_at) };
  });
}

/** How stale `last_used_at` may get before a call rewrites it: one write a minute per key, not one per call. */
const lastUsedResolutionMs = 60_000;

/** Notes when and from where a key was last used (at most once a minute, unless the address changed). */
export async function markKeyUsed(db: Db, key: CallKey, ip: string): Promise<void> {
  const address = ip.slice(0, 45);
  if (key.last_used_ip === address && key.last_used_at !== null && Date.now() - key.last_used_at.getTime() < lastUsedResolutionMs) return;
  await db.update(affiliateApiKeys).set({ last_used_at: new Date(), last_used_ip: address }).where(eq(affiliateApiKeys.id, key.id));
}
