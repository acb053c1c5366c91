/**
 * PostgreSQL notifications to this process (DESIGN §6: writers `NOTIFY` in their transaction, every process that
 * needs to know `LISTEN`s). `Listen` subscribes a handler to a channel and answers its unsubscribe.
 * - On PostgreSQL one dedicated connection listens for the whole process. When it breaks it reconnects (with
 *   backoff), listens again and calls every handler once with `null`: notifications may have been missed meanwhile,
 *   so a handler looks at what it was told about (the rows are the truth, the notification only a wake-up).
 * - On PGlite the pool's single connection listens: one process owns the database, and a session hears its own
 *   notifications, on commit, as PostgreSQL's do.
 */
import pg from 'pg';

/** `payload` is null after a reconnect, when notifications may have been missed. */
type NotificationHandler = (payload: string | null) => void;
export type Listen = (channel: string, handler: NotificationHandler) => Promise<() => Promise<void>>;
export type Listener = { listen: Listen; close(): Promise<void> };

const quoted = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

class Subscriptions {
  readonly handlers = new Map<string, Set<NotificationHandler>>();

  deliver(channel: string, payload: string | null): void {
    for (const handler of this.handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        console.error(`notification handler of ${channel} failed:`, error instanceof Error ? error.message : error);
      }
    }
  }

  /** Adds the handler; true when it is the channel's first (the connection must LISTEN). */
  add(channel: string, handler: NotificationHandler): boolean {
    const set = this.handlers.get(channel) ?? new Set();
    this.handlers.set(channel, set);
    set.add(handler);
    return set.size === 1;
  }

  /** Removes the handler; true when it was the channel's last (the connection may UNLISTEN). */
  remove(channel: string, handler: NotificationHandler): boolean {
    const set = this.handlers.get(channel);
    if (!set?.delete(handler) || set.size > 0) return false;
    this.handlers.delete(channel);
    return true;
  }
}

/** A dedicated connection to a PostgreSQL server, kept open while the process lives. */
export function serverListener(connectionString: string, retryMs = { first: 250, most: 10_000 }): Listener {
  const subscriptions = new Subscriptions();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let delay = retryMs.first;

  const connect = async (): Promise<pg.Client> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => subscriptions.deliver(message.channel, message.payload ?? ''));
    next.on('error', (error) => {
      console.error('notification connection error:', error.message);
      if (client === next) client = null;
      void next.end().catch(() => undefined);
      if (!closed) setTimeout(() => void reconnect(), delay);
    });
    await next.connect();
    for (const channel of subscriptions.handlers.keys()) await next.query(`LISTEN ${quoted(channel)}`);
    return next;
  };
  const open = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= connect().then(
      (connected) => {
        client = connected;
        connecting = null;
        delay = retryMs.first;
        return connected;
      },
      (error: unknown) => {
        connecting = null;
        throw error;
      },
    );
    return connecting;
  };
  const reconnect = async (): Promise<void> => {
    if (closed || client) return;
    try {
      await open();
      for (const channel of subscriptions.handlers.keys()) subscriptions.deliver(channel, null);
    } catch (error) {
      delay = Math.min(delay * 2, retryMs.most);
      console.error('notification connection failed:', error instanceof Error ? error.message : error);
      if (!closed) setTimeout(() => void reconnect(), delay);
    }
  };

  return {
    async listen(channel, handler) {
      const first = subscriptions.add(channel, handler);
      const connection = await open();
      if (first) await connection.query(`LISTEN ${quoted(channel)}`);
      return async () => {
        if (subscriptions.remove(channel, handler) && client) await client.query(`UNLISTEN ${quoted(channel)}`);
      };
    },
    async close() {
      closed = true;
      const last = client ?? (await connecting?.catch(() => null)) ?? null;
      client = null;
      await last?.end();
    },
  };
}

/**
 * The pool's own connection listens: PGlite's pool has one, kept while idle (`idleTimeoutMillis: 0`); a new one (after
 * an error) listens again before any other query of it. To be made before the pool's first connection.
 */
export function poolListener(pool: pg.Pool): Listener {
  const subscriptions = new Subscriptions();
  pool.on('connect', (client) => {
    client.on('notification', (message) => subscriptions.deliver(message.channel, message.payload ?? ''));
    for (const channel of subscriptions.handlers.keys()) client.query(`LISTEN ${quoted(channel)}`).catch((error: unknown) => console.error('LISTEN failed:', error));
  });
  return {
    async listen(channel, handler) {
      if (subscriptions.add(channel, handler)) {
        const client = await pool.connect();
        try {
          await client.query(`LISTEN ${quoted(channel)}`);
        } finally {
          client.release();
        }
      }
      return async () => {
        subscriptions.remove(channel, handler);
      };
    },
    close: () => Promise.resolve(),
  };
}
