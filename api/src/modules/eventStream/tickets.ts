/**
 * One-time tickets for `GET /api/events?ticket=` (a browser's EventSource cannot send the bearer header, and the
 * long-lived token must never travel in a URL, where logs and proxies keep it). A ticket stands for the session that
 * asked for it, lives a minute, is stored as its SHA-256 and is deleted by the one request that uses it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { eventTickets, sessions } from '../../db/schema/index.ts';
import { createToken, hashToken } from '../auth/tokens.ts';

const ticketSeconds = 60;

export async function createTicket(db: Db, sessionId: number): Promise<{ ticket: string; expires_at: string }> {
  const { token, hash } = createToken();
  const [row] = await db
    .insert(eventTickets)
    .values({ token_hash: hash, session_id: sessionId, expires_at: sql`now() + make_interval(secs => ${ticketSeconds})` })
    .returning({ expires_at: eventTickets.expires_at });
  if (!row) throw new Error('ticket insert returned nothing');
  return { ticket: token, expires_at: row.expires_at.toISOString() };
}

/**
 * Uses a ticket up: one statement deletes it and answers its session's token hash while it was valid, so of two
 * requests with one ticket one at most gets it. An expired ticket is deleted and refused. The session itself is
 * checked by the caller (it may have ended since).
 */
export async function redeemTicket(db: Db, ticket: string): Promise<string | null> {
  const result = await db.execute<{ token_hash: string }>(sql`with used as (
      delete from ${eventTickets} where ${eventTickets.token_hash} = ${hashToken(ticket)} returning session_id, expires_at)
    select ${sessions.token_hash} as token_hash from used join ${sessions} on ${sessions.id} = used.session_id where used.expires_at > now()`);
  return result.rows[0]?.token_hash ?? null;
}
