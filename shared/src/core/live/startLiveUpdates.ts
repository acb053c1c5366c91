/**
 * The tab's one live-update stream (DESIGN §6), started by the host at sign-in and stopped at sign-out; the 401 lock
 * stops it too (its ticket request is refused). Events go to the listeners of liveSignals.ts; the bell's own handling
 * is here, as the bell lives in the host. Without EventSource (tests, old browsers) it stays `off` and screens poll.
 */
import { eventTicket, liveEventPayloads, type LiveEventKind } from '../../contract/index.ts';
import { refreshProfile } from '../auth/authApi.ts';
import { baseApi } from '../http/baseApi.ts';
import { getHttpClient, UnauthorizedLockError } from '../http/client.ts';
import { getRuntimeConfig } from '../runtimeConfig.ts';
import type { AppStore } from '../store/createAppStore.ts';
import { sessionActions } from '../store/session.ts';
import { LiveConnection, type LiveSource } from './liveConnection.ts';
import { emitLiveSignal, onLiveSignal } from './liveSignals.ts';
import { liveActions } from './liveSlice.ts';

const kinds = Object.keys(liveEventPayloads) as LiveEventKind[];
const isKind = (kind: string): kind is LiveEventKind => (kinds as string[]).includes(kind);

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

function emitParsed(kind: string, data: string): void {
  if (!isKind(kind)) return;
  const parsed = liveEventPayloads[kind].safeParse(parseJson(data));
  if (parsed.success) emitLiveSignal(kind, parsed.data);
  else console.warn(`live ${kind} event not understood`, parsed.error.message);
}

export function startLiveUpdates(store: AppStore, createSource?: (url: string) => LiveSource): { stop(): void } {
  const openSource = createSource ?? (typeof EventSource === 'undefined' ? null : (url: string) => new EventSource(url));
  if (!openSource) return { stop: () => undefined };
  const refreshBell = () => void refreshProfile(store.dispatch).catch((error: unknown) => console.warn('profile refresh failed', error instanceof Error ? error.message : error));
  const unsubscribe = [
    onLiveSignal('notification', ({ unread }) => {
      store.dispatch(sessionActions.unreadChanged(unread));
      store.dispatch(baseApi.util.invalidateTags(['Notifications']));
      // The bell lists the newest notifications, which come with the profile.
      refreshBell();
    }),
    onLiveSignal('resync', refreshBell),
  ];
  const connection = new LiveConnection({
    // Quiet: a background retry while the API restarts is no reason for an error toast.
    requestTicket: async () => eventTicket.parse((await getHttpClient().post('/events/ticket', {}, { quiet: true })).data).data.ticket,
    streamUrl: (ticket, lastEventId) => `${getRuntimeConfig().apiBaseUrl}/events?${new URLSearchParams({ ticket, ...(lastEventId ? { last_event_id: lastEventId } : {}) })}`,
    createSource: openSource,
    kinds,
    onMessage: emitParsed,
    onReady: () => emitLiveSignal('resync', undefined),
    onStatus: (status) => store.dispatch(liveActions.statusChanged(status)),
    isFinal: (error) => error instanceof UnauthorizedLockError,
  });
  connection.start();
  return {
    stop() {
      connection.stop();
      for (const stop of unsubscribe) stop();
    },
  };
}
