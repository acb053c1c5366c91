/** What screens read of the live stream: whether it is up, and so whether they still need to poll. */
import { useAppSelector } from '../store/hooks.ts';
import { selectLiveStatus, type LiveStatus } from './liveSlice.ts';

export function useLiveStatus(): LiveStatus {
  return useAppSelector(selectLiveStatus);
}

/**
 * A screen's polling interval while the stream is not live, 0 (no polling) while it is: its events then bring the
 * changes (liveCache.ts). Pass the interval the screen would poll at, or 0 when it has nothing to follow.
 */
export function usePollingFallback(intervalMs: number): number {
  return useLiveStatus() === 'open' ? 0 : intervalMs;
}
