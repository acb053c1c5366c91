/** A stand-in for EventSource in unit tests: records what was opened and lets a test send messages and errors. */
import type { LiveSource } from './liveConnection.ts';

export class TestSource implements LiveSource {
  static opened: TestSource[] = [];
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((message: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {
    TestSource.opened.push(this);
  }

  static latest(): TestSource {
    const source = TestSource.opened.at(-1);
    if (!source) throw new Error('no source opened');
    return source;
  }

  addEventListener(kind: string, listener: (message: MessageEvent<string>) => void): void {
    this.listeners.set(kind, [...(this.listeners.get(kind) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
  }

  send(kind: string, id: number, payload: unknown): void {
    const message = new MessageEvent<string>(kind, { data: JSON.stringify(payload), lastEventId: String(id) });
    for (const listener of this.listeners.get(kind) ?? []) listener(message);
  }

  fail(): void {
    this.onerror?.(new Event('error'));
  }
}
