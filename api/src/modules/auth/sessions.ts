import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
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
  const tokenHash = hashToken(token);
  return (await authenticateHashes(db, [tokenHash], cache)).get(tokenHash) ?? null;
}

/**
 * `authenticate` for many tokens by their hashes, in one statement (what the live streams of a process hold to check
 * their sessions again at each event): the valid sessions among them, by token hash; an unknown, revoked or expired one is absent. `refresh` looks
 * every one up, cached or not, and drops from the cache those no longer valid.
 */
export async function authenticateHashes(db: Db, tokenHashes: readonly string[], cache?: SessionCache, refresh = false): Promise<Map<string, AuthContext>> {
  const found = new Map<string, AuthContext>();
  const unknown: string[] = [];
  for (const tokenHash of tokenHashes) {
    const cached = refresh ? null : cache?.get(tokenHash);
    if (cached) found.set(tokenHash, cached);
    else unknown.push(tokenHash);
  }
  if (unknown.length === 0) return found;
  const rows = await db
    // The permissions come in the same statement: one round trip per authenticated request, not two.
    .select({
      id: sessions.id,
      token_hash: sessions.token_hash,
      user_id: sessions.user_id,
      last_active: sessions.last_active,
      expires_at: sessions.expires_at,
      permissions: sql<string[]>`array(${permissionNamesOf(sessions.user_id)})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(inArray(sessions.token_hash, unknown), isNull(sessions.revoked_at), gt(sessions.expires_at, sql`now()`)));
  const idle = rows.filter((row) => Date.now() - row.last_active.getTime() > lastActiveResolutionMs).map((row) => row.id);
  if (idle.length > 0) await db.update(sessions).set({ last_active: new Date() }).where(inArray(sessions.id, idle));
  for (const row of rows) {
    const auth = { userId: row.user_id, sessionId: row.id, permissions: row.permissions };
    cache?.set(row.token_hash, auth, row.expires_at);
    found.set(row.token_hash, auth);
  }
  if (refresh) for (const tokenHash of unknown) if (!found.has(tokenHash)) cache?.forget(tokenHash);
  return found;
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
