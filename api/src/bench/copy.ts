/**
 * `COPY … FROM STDIN` over node-postgres, for the benchmark's baseline (the project does not depend on pg-copy-streams).
 * node-postgres hands a "submittable" the connection and the server's replies; this one answers CopyInResponse by
 * sending the prepared chunks.
 */
import type pg from 'pg';

/** The connection methods a COPY needs: present at runtime, left out of @types/pg. */
type CopyConnection = pg.Connection & { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void; sendCopyFail(message: string): void };

export function copyFrom(client: pg.PoolClient, statement: string, chunks: readonly Buffer[]): Promise<number> {
  return new Promise((resolve, reject) => {
    let rows = 0;
    let failure: Error | null = null;
    const submittable = {
      submit: (connection: pg.Connection) => connection.query(statement),
      handleCopyInResponse: (connection: CopyConnection) => {
        for (const chunk of chunks) connection.sendCopyFromChunk(chunk);
        connection.endCopyFrom();
      },
      handleCommandComplete: (message: { text?: string }) => {
        rows = Number(message.text?.split(' ').at(-1) ?? 0);
      },
      handleError: (error: Error) => {
        failure = error;
      },
      handleReadyForQuery: () => (failure ? reject(failure) : resolve(rows)),
      // Replies a COPY FROM never gets, but node-postgres may call on any active query.
      handleRowDescription: () => undefined,
      handleDataRow: () => undefined,
      handleEmptyQuery: () => undefined,
      handlePortalSuspended: () => undefined,
      handleCopyData: () => undefined,
    };
    client.query(submittable);
  });
}

/** A value in COPY's text format: `\N` for null, backslash escapes for the characters that separate fields and rows. */
export function copyText(value: string | null): string {
  if (value === null) return '\\N';
  return value.replace(/[\\\t\n\r]/g, (character) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[character] ?? character);
}
