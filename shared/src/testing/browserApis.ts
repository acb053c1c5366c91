/**
 * Browser APIs jsdom lacks, installed before any test module loads (Jest `setupFiles`): antd reads media
 * queries (Grid.useBreakpoint, responsive observers) and observes sizes (popups, tooltips); react-router 7
 * creates a TextEncoder at import; antd measures with pseudo-element styles, which jsdom does not implement,
 * and its form uses MessageChannel; a downloaded file's refusal is read with Blob.text().
 */
import { TextDecoder, TextEncoder } from 'node:util';

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });

/** Never reports a size change: jsdom does no layout. */
class NoLayoutResizeObserver implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (typeof globalThis.ResizeObserver === 'undefined') Object.assign(globalThis, { ResizeObserver: NoLayoutResizeObserver });

// jsdom does not implement pseudo-element styles (antd's Table measures the scrollbar with one): read the element's own.
const elementStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => elementStyle(element);

/**
 * jsdom has no MessageChannel; antd's form posts a message to itself to run work in a macrotask. This one
 * delivers on a real (never faked) timer, like React's own fallback when MessageChannel is missing, and
 * holds no handle open, so Jest exits cleanly.
 */
const realSetTimeout = globalThis.setTimeout;
class TimerMessagePort {
  onmessage: ((event: MessageEvent) => void) | null = null;
  peer: TimerMessagePort | null = null;
  postMessage(data: unknown): void {
    realSetTimeout(() => this.peer?.onmessage?.(new MessageEvent('message', { data })), 0);
  }
  start(): void {}
  close(): void {
    this.peer = null;
  }
}
class TimerMessageChannel {
  readonly port1 = new TimerMessagePort();
  readonly port2 = new TimerMessagePort();
  constructor() {
    this.port1.peer = this.port2;
    this.port2.peer = this.port1;
  }
}
if (typeof globalThis.MessageChannel === 'undefined') Object.assign(globalThis, { MessageChannel: TimerMessageChannel });

// jsdom's Blob has no text(): read it as a browser does, through FileReader.
if (typeof Blob.prototype.text !== 'function') {
  Blob.prototype.text = function text(this: Blob): Promise<string> {
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error ?? new Error('the blob could not be read'));
      reader.readAsText(this);
    });
  };
}
