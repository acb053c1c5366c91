import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { BrowserSession } from '@crm/shared/contract';
import type { Db, Executor } from '../../db/database.ts';
import { sessions, users } from '../../db/schema/index.ts';
import type { AuthContext } from '../../http/access.ts';
import { createToken, hashToken } from './tokens.ts';
import { permissionNamesOf } from './permissions.ts';
import type { SessionCache } from './sessionCache.ts';

/** last_active is written at most this often, so reads do not turn into a write each. */
const lastActiveResolutionMs = 60_000;

export async function openSession(db: Db, input: { userId: number; ip: string | null; userAgent: string | null; ttlHours: number }) {
  const { token, hash } = createToken();
  const expiresAt = new Date(Date.now() + input.ttlHours * 3_600_000);
  const [session] = await db
    .insert(sessions)
    .values({ user_id: input.userId, token_hash: hash, ip: input.ip, user_agent: input.userAgent?.slice(0, 512) ?? null, expires_at: expiresAt })
    .returning({ id: sessions.id });
  if (!session) throw new Error('session insert returned nothing');
  return { token, sessionId: session.id, expiresAt };
}

/** The signed-in user behind a token, or null when the token is unknown, revoked or expired. */
export async function authenticate(db: Db, token: string, cache?: SessionCache): Promise<AuthContext | null> {
  return authenticateHash(db, hashToken(token), cache);
}

/** `authenticate` by the token's hash: what a live stream holds to check its session again at every event. */
export async function authenticateHash(db: Db, tokenHash: string, cache?: SessionCache): Promise<AuthContext | null> {
  const cached = cache?.get(tokenHash);
  if (cached) return cached;
  const [session] = await db
    // The permissions come in the same statement: one round trip per authenticated request, not two.
    .select({
      id: sessions.id,
      user_id: sessions.user_id,
      last_active: sessions.last_active,
      expires_at: sessions.expires_at,
      permissions: sql<string[]>`array(${permissionNamesOf(sessions.user_id)})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.token_hash, tokenHash), isNull(sessions.revoked_at), gt(sessions.expires_at, sql`now()`)))
    .limit(1);
  if (!session) return null;
  if (Date.now() - session.last_active.getTime() > lastActiveResolutionMs) {
    await db.update(sessions).set({ last_active: new Date() }).where(eq(sessions.id, session.id));
  }
  const auth = { userId: session.user_id, sessionId: session.id, permissions: session.permissions };
  cache?.set(tokenHash, auth, session.expires_at);
  return auth;
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)));
}

/** Revokes every live session of the user but the current one; their tokens stop working at once. */
export async function revokeOtherSessions(db: Executor, auth: Pick<AuthContext, 'userId' | 'sessionId'>): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(sessions.user_id, auth.userId), ne(sessions.id, auth.sessionId), isNull(sessions.revoked_at)))
    .returning({ id: sessions.id });
  return revoked.length;
}

/** Revokes every live session of the user (a password set by someone else). */
export async function revokeAllSessions(db: Executor, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at)));
}

export async function listSessions(db: Db, auth: AuthContext): Promise<BrowserSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.user_id, auth.userId), isNull(sessions.revoked_at), gt(sessions.expires_at, sql`now()`)))
    .orderBy(desc(sessions.last_active));
  return rows.map((row) => ({
    id: row.id,
    user_agent: row.user_agent,
    ip: row.ip,
    last_active: row.last_active.toISOString(),
    expires_at: row.expires_at.toISOString(),
    created_at: row.created_at.toISOString(),
    is_current: row.id === auth.sessionId,
  }));
}
