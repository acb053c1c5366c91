/**
 * Server-Sent Events as a client reads them, for the API tests' stream client and `bench:events`: text in as it
 * arrives, messages out. Comments, heartbeats and blocks without an id or data are dropped.
 */
export type SseMessage = { id: string | undefined; event: string; data: string };

function parseBlock(block: string): SseMessage | null {
  let id: string | undefined;
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (event === 'heartbeat' || (id === undefined && data.length === 0)) return null;
  return { id, event, data: data.join('\n') };
}

/** Splits a stream's text into messages: a chunk may end mid-message, which the next completes. */
export class SseReader {
  private buffer = '';

  /** The messages that `chunk` completes, in order. */
  push(chunk: string): SseMessage[] {
    this.buffer += chunk;
    const messages: SseMessage[] = [];
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const message = parseBlock(this.buffer.slice(0, end));
      this.buffer = this.buffer.slice(end + 2);
      if (message) messages.push(message);
    }
    return messages;
  }
}
