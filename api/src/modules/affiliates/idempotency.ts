/**
 * `Idempotency-Key` on `POST /api/v1/leads`: an affiliate that retries a call (a time-out, a dropped connection) gets
 * the first answer again instead of a second lead. Per company and key, kept 72 h in PostgreSQL
 * (`affiliate_idempotency`): a claim row is written before the lead, and the answer is stored in the lead's own
 * transaction, so a stored answer always matches what was written. A claim whose call died (its process killed) has
 * no answer and its lead was rolled back; it is taken over once stale.
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database.ts';
import { affiliateIdempotency } from '../../db/schema/index.ts';

/** How long an answer is replayed. */
const idempotencyTtlHours = 72;
/** A claim without an answer this old belongs to a call that died. */
const staleClaimMs = 30_000;

export type StoredAnswer = { status: number; body: unknown };
export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'conflict' } // the key was used with another body
  | { kind: 'in-flight' };

export const bodyHash = (body: unknown): string => createHash('sha256').update(JSON.stringify(body), 'utf8').digest('hex');

export async function claimIdempotencyKey(db: Db, companyId: number, key: string, hash: string): Promise<Claim> {
  const ofKey = and(eq(affiliateIdempotency.affiliate_company_id, companyId), eq(affiliateIdempotency.idempotency_key, key));
  // An expired record is forgotten here rather than waiting for the purge.
  await db.delete(affiliateIdempotency).where(and(ofKey, lt(affiliateIdempotency.created_at, sql`now() - ${idempotencyTtlHours}::int * interval '1 hour'`)));
  const [fresh] = await db
    .insert(affiliateIdempotency)
    .values({ affiliate_company_id: companyId, idempotency_key: key, body_hash: hash })
    .onConflictDoNothing()
    .returning({ key: affiliateIdempotency.idempotency_key });
  if (fresh) return { kind: 'claimed' };
  const [record] = await db.select().from(affiliateIdempotency).where(ofKey);
  // Gone between the insert and the read (purged): the caller may simply retry.
  if (!record) return { kind: 'in-flight' };
  if (record.body_hash !== hash) return { kind: 'conflict' };
  if (record.answer_status !== null) return { kind: 'replay', answer: { status: record.answer_status, body: record.answer } };
  const [takenOver] = await db
    .update(affiliateIdempotency)
    .set({ claimed_at: sql`now()` })
    .where(and(ofKey, isNull(affiliateIdempotency.answer_status), lt(affiliateIdempotency.claimed_at, new Date(Date.now() - staleClaimMs))))
    .returning({ key: affiliateIdempotency.idempotency_key });
  return takenOver ? { kind: 'claimed' } : { kind: 'in-flight' };
}

/** Stores the answer, in the transaction that wrote the lead (or the failed lead). */
export async function storeIdempotentAnswer(executor: Executor, companyId: number, key: string, answer: StoredAnswer): Promise<void> {
  await executor
    .update(affiliateIdempotency)
    .set({ answer_status: answer.status, answer: answer.body })
    .where(and(eq(affiliateIdempotency.affiliate_company_id, companyId), eq(affiliateIdempotency.idempotency_key, key)));
}

/** Lets go of a claim whose call failed without an answer (a server error): the affiliate may retry at once. */
export async function releaseIdempotencyKey(db: Db, companyId: number, key: string): Promise<void> {
  await db
    .delete(affiliateIdempotency)
    .where(and(eq(affiliateIdempotency.affiliate_company_id, companyId), eq(affiliateIdempotency.idempotency_key, key), isNull(affiliateIdempotency.answer_status)));
}

/** The purge job: drops the records past their 72 h. */
export async function purgeIdempotencyKeys(db: Db): Promise<number> {
  const rows = await db
    .delete(affiliateIdempotency)
    .where(lt(affiliateIdempotency.created_at, sql`now() - ${idempotencyTtlHours}::int * interval '1 hour'`))
    .returning({ key: affiliateIdempotency.idempotency_key });
  return rows.length;
}
