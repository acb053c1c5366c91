/**
 * Live events into RTK Query's cache: `onCacheEntryAdded` handlers (RTK Query's "streaming updates") for the endpoints
 * that show what events report. While a cache entry is in use its handler gets the events of its kind and patches the
 * cached data or asks for a refetch; after a `resync` (the stream became live, events may have been missed) the entry is
 * refetched. Refetches of one entry are spaced by `minGapMs`, so a burst of events costs one request, not one each.
 */
import type { Draft, ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { Job, JobEvent, JobStatus, LiveEventKind } from '../../contract/index.ts';
import { baseApi } from '../http/baseApi.ts';
import { onLiveSignal, type LiveSignals } from './liveSignals.ts';

/** The part of RTK Query's cache lifecycle API used here. */
export type LiveCacheLifecycle<Data> = {
  dispatch: ThunkDispatch<unknown, unknown, UnknownAction>;
  cacheEntryRemoved: Promise<unknown>;
  updateCachedData(recipe: (draft: Draft<Data>) => void): unknown;
  getCacheEntry(): { endpointName?: string; data?: Data | undefined };
};

export type LiveCacheEntry<Arg, Data> = {
  arg: Arg;
  data(): Data | undefined;
  update(recipe: (draft: Draft<Data>) => void): void;
  refetch(): void;
};

type Initiate = (arg: unknown, options: { forceRefetch: boolean; subscribe: boolean }) => ThunkAction<unknown, unknown, unknown, UnknownAction>;

/** Refetches an entry of any endpoint injected into the one api (remotes inject into the shared instance). */
function refetchEntry(dispatch: LiveCacheLifecycle<unknown>['dispatch'], endpointName: string | undefined, arg: unknown): void {
  const endpoints = baseApi.endpoints as Partial<Record<string, { initiate: Initiate }>>;
  const endpoint = endpointName === undefined ? undefined : endpoints[endpointName];
  if (endpoint) void dispatch(endpoint.initiate(arg, { forceRefetch: true, subscribe: false }));
}

export function liveCacheUpdates<Arg, Data, Kind extends LiveEventKind>(kind: Kind, onEvent: (payload: LiveSignals[Kind], entry: LiveCacheEntry<Arg, Data>) => void, minGapMs = 250) {
  return async (arg: Arg, lifecycle: LiveCacheLifecycle<Data>): Promise<void> => {
    let lastRefetch = 0;
    let pending: ReturnType<typeof setTimeout> | null = null;
    const refetchNow = () => {
      pending = null;
      lastRefetch = Date.now();
      refetchEntry(lifecycle.dispatch, lifecycle.getCacheEntry().endpointName, arg);
    };
    const entry: LiveCacheEntry<Arg, Data> = {
      arg,
      data: () => lifecycle.getCacheEntry().data,
      update: (recipe) => {
        if (lifecycle.getCacheEntry().data !== undefined) lifecycle.updateCachedData(recipe);
      },
      refetch: () => {
        if (pending) return;
        pending = setTimeout(refetchNow, Math.max(0, lastRefetch + minGapMs - Date.now()));
      },
    };
    // Listening from the start, not from the first answer: an entry whose first read failed (the API restarting) is
    // read again when the stream comes back (`resync`) or an event concerns it; an entry without data is not patched.
    const unsubscribe = [onLiveSignal(kind, (payload) => onEvent(payload, entry)), onLiveSignal('resync', entry.refetch)];
    await lifecycle.cacheEntryRemoved;
    for (const stop of unsubscribe) stop();
    if (pending) clearTimeout(pending);
  };
}

const endedStatuses: readonly JobStatus[] = ['finished', 'failed', 'cancelled'];

/** A job as its event reports it: status, progress and counters (what else it has comes with a refetch). */
export function applyJobEvent(job: Draft<Job>, event: JobEvent): void {
  Object.assign(job, { status: event.status, progress: event.progress, total: event.total, pending: event.pending, processed: event.processed, failed: event.failed });
}

/**
 * For an endpoint reading one job (the argument is its id; `locate` finds it in the cached data): patched by the job's
 * events as they come, refetched once it ends (its result, error and end time are not in the event) or while it has no
 * data.
 */
export function followJob<Data>(locate: (data: Draft<Data>) => Draft<Job>) {
  return liveCacheUpdates<number, Data, 'job'>('job', (event, entry) => {
    if (event.id !== entry.arg) return;
    entry.update((draft) => applyJobEvent(locate(draft), event));
    // Without data yet (its first read failed) there was nothing to patch.
    if (entry.data() === undefined || endedStatuses.includes(event.status)) entry.refetch();
  });
}

/**
 * For an endpoint listing jobs (`locate` finds the list): a listed job is patched by its events, refetched when it
 * ends; an event of a job not listed (started since) refetches the list.
 */
export function followJobList<Arg, Data>(locate: (data: Draft<Data>) => Draft<Job>[]) {
  return liveCacheUpdates<Arg, Data, 'job'>('job', (event, entry) => {
    let listed = false;
    entry.update((draft) => {
      const job = locate(draft).find((candidate) => candidate.id === event.id);
      if (!job) return;
      listed = true;
      applyJobEvent(job, event);
    });
    if (!listed || endedStatuses.includes(event.status)) entry.refetch();
  });
}

/**
 * For an endpoint showing leads (`shown` lists their ids, from its argument or its data): refetched when a `lead` event
 * names one of them (a status, delivery or FTD changed elsewhere: a postback, the distribution, another user).
 */
export function followLeads<Arg, Data>(shown: (arg: Arg, data: Data | undefined) => readonly number[], minGapMs?: number) {
  return liveCacheUpdates<Arg, Data, 'lead'>(
    'lead',
    (event, entry) => {
      const ids = new Set(shown(entry.arg, entry.data()));
      if (event.ids.some((id) => ids.has(id))) entry.refetch();
    },
    minGapMs,
  );
}
