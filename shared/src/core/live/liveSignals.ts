/**
 * The tab's live events, handed from the one stream (startLiveUpdates.ts) to whoever listens: the host's own handlers
 * and the remotes' cache entries (liveCache.ts). One instance per tab, as @crm/shared is a singleton share. Besides the
 * server's kinds, `resync` says the stream has just become live: what was shown may have missed events (before the
 * first connection, or a gap the server could no longer replay), so it is read again.
 */
import type { z } from 'zod';
import type { LiveEventKind, liveEventPayloads } from '../../contract/index.ts';

export type LiveSignals = { [Kind in LiveEventKind]: z.infer<(typeof liveEventPayloads)[Kind]> } & { resync: undefined };
export type LiveSignalKind = keyof LiveSignals;
type Listener<Kind extends LiveSignalKind> = (payload: LiveSignals[Kind]) => void;

const listeners = new Map<LiveSignalKind, Set<Listener<never>>>();

/** Calls `listener` with every signal of `kind` until the returned function is called. */
export function onLiveSignal<Kind extends LiveSignalKind>(kind: Kind, listener: Listener<Kind>): () => void {
  const set = listeners.get(kind) ?? new Set();
  listeners.set(kind, set);
  set.add(listener as Listener<never>);
  return () => void set.delete(listener as Listener<never>);
}

export function emitLiveSignal<Kind extends LiveSignalKind>(kind: Kind, payload: LiveSignals[Kind]): void {
  for (const listener of [...(listeners.get(kind) ?? [])]) {
    try {
      (listener as Listener<Kind>)(payload);
    } catch (error) {
      // One screen's failing handler must not keep the event from the others.
      console.error(`live ${kind} handler failed`, error);
    }
  }
}
