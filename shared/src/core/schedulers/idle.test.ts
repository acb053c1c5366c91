import { createActivityMonitor, createPoller, type ActivityMonitor } from './idle.ts';

const start = new Date('2026-03-01T12:00:00Z').getTime();
let monitor: ActivityMonitor | undefined;

beforeEach(() => jest.useFakeTimers({ now: start }));
afterEach(() => {
  monitor?.stop();
  monitor = undefined;
  jest.useRealTimers();
  Reflect.deleteProperty(document, 'visibilityState');
});

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('activity monitor', () => {
  test('goes idle after 30 s without activity', () => {
    monitor = createActivityMonitor();
    const listener = jest.fn();
    monitor.subscribe(listener);

    jest.advanceTimersByTime(29_999);
    expect(monitor.isIdle()).toBe(false);
    jest.advanceTimersByTime(1);
    expect(monitor.isIdle()).toBe(true);
    expect(listener).toHaveBeenCalledWith(true);
  });

  test.each(['click', 'mousemove', 'keydown', 'touchstart', 'focus'])('a %s restarts the 30 s and records the time', (eventName) => {
    monitor = createActivityMonitor();

    jest.advanceTimersByTime(20_000);
    window.dispatchEvent(new Event(eventName));
    jest.advanceTimersByTime(20_000);

    expect(monitor.isIdle()).toBe(false);
    expect(monitor.lastActivity()).toBe(start + 20_000);
    jest.advanceTimersByTime(10_000);
    expect(monitor.isIdle()).toBe(true);
  });

  test('activity ends idleness and tells the listeners', () => {
    monitor = createActivityMonitor();
    const listener = jest.fn();
    monitor.subscribe(listener);
    jest.advanceTimersByTime(30_000);

    window.dispatchEvent(new Event('click'));

    expect(monitor.isIdle()).toBe(false);
    expect(listener.mock.calls).toEqual([[true], [false]]);
  });

  test('goes idle at once when the window loses focus', () => {
    monitor = createActivityMonitor();

    window.dispatchEvent(new Event('blur'));

    expect(monitor.isIdle()).toBe(true);
  });

  test('goes idle at once when the tab is hidden and active again when shown', () => {
    monitor = createActivityMonitor();

    setVisibility('hidden');
    expect(monitor.isIdle()).toBe(true);
    setVisibility('visible');
    expect(monitor.isIdle()).toBe(false);
  });

  test('after stop, events no longer count as activity', () => {
    monitor = createActivityMonitor();
    jest.advanceTimersByTime(5_000);
    monitor.stop();

    window.dispatchEvent(new Event('click'));
    window.dispatchEvent(new Event('blur'));

    expect(monitor.lastActivity()).toBe(start);
    expect(monitor.isIdle()).toBe(false);
  });
});

describe('poller', () => {
  test('runs its callback every interval while the user was active within 15 minutes', () => {
    const callback = jest.fn();
    let last = start;
    const poller = createPoller({ callback, intervalMs: 60_000, lastActivity: () => last });

    jest.advanceTimersByTime(840_000);
    expect(callback).toHaveBeenCalledTimes(14);
    jest.advanceTimersByTime(60_000);
    expect(callback).toHaveBeenCalledTimes(14);

    last = Date.now();
    jest.advanceTimersByTime(60_000);
    expect(callback).toHaveBeenCalledTimes(15);
    poller.stop();
    jest.advanceTimersByTime(600_000);
    expect(callback).toHaveBeenCalledTimes(15);
  });
});
