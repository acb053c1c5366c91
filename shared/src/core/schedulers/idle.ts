/**
 * Idle detection. The activity monitor goes idle after 30 s without a click, mouse move, key
 * press, touch or focus, and at once on blur or a hidden tab. The polling helper runs a periodic
 * callback and stops it while the user has been idle for 15 minutes.
 */
import { defaults } from '../runtimeConfig.ts';

const activityEvents = ['click', 'mousemove', 'keydown', 'touchstart', 'focus'] as const;

export type ActivityMonitor = { isIdle(): boolean; lastActivity(): number; subscribe(listener: (idle: boolean) => void): () => void; stop(): void };

export function createActivityMonitor(options: { target?: Window; document?: Document; idleAfterMs?: number; now?: () => number } = {}): ActivityMonitor {
  const target = options.target ?? window;
  const doc = options.document ?? document;
  const now = options.now ?? Date.now;
  const idleAfterMs = options.idleAfterMs ?? defaults.activityIdleMs;
  const listeners = new Set<(idle: boolean) => void>();
  let idle = false;
  let last = now();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const setIdle = (value: boolean) => {
    if (idle === value) return;
    idle = value;
    listeners.forEach((listener) => listener(idle));
  };
  const onActivity = () => {
    last = now();
    setIdle(false);
    clearTimeout(timer);
    timer = setTimeout(() => setIdle(true), idleAfterMs);
  };
  const goIdle = () => {
    clearTimeout(timer);
    setIdle(true);
  };
  const onVisibility = () => (doc.visibilityState === 'hidden' ? goIdle() : onActivity());

  activityEvents.forEach((event) => target.addEventListener(event, onActivity, { passive: true }));
  target.addEventListener('blur', goIdle);
  doc.addEventListener('visibilitychange', onVisibility);
  onActivity();

  return {
    isIdle: () => idle,
    lastActivity: () => last,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      clearTimeout(timer);
      activityEvents.forEach((event) => target.removeEventListener(event, onActivity));
      target.removeEventListener('blur', goIdle);
      doc.removeEventListener('visibilitychange', onVisibility);
    },
  };
}

/** Runs `callback` every `intervalMs`, skipping it while the user has been inactive for `idleAfterMs`. */
export function createPoller(options: { callback: () => void; intervalMs: number; lastActivity: () => number; idleAfterMs?: number; now?: () => number }): { stop(): void } {
  const now = options.now ?? Date.now;
  const idleAfterMs = options.idleAfterMs ?? defaults.pollingIdleMs;
  const timer = setInterval(() => {
    if (now() - options.lastActivity() >= idleAfterMs) return;
    options.callback();
  }, options.intervalMs);
  return { stop: () => clearInterval(timer) };
}
