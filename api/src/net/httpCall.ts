/**
 * Outbound HTTP calls (to brokers, to affiliates' postback URLs): node:http(s) with keep-alive and a timeout, no
 * redirects followed. Failures without a response become a `NetworkError` whose kind tells the caller whether the
 * other side can have got the request: `connect` (refused, unreachable, DNS — it cannot), `timeout` (it may), `other`
 * (a reset or a closed socket mid-exchange — it may).
 */
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** The longest a send integration may allow (its `timeout_seconds` is 1–60). */
const maxTimeoutMs = 60_000;

/** `timeoutMs`: how long the call may take (the integration's setting); absent, the engine's limit. */
export type HttpRequest = { method: 'GET' | 'POST'; url: string; headers: Record<string, string>; body: string | null; timeoutMs?: number };
export type HttpResponse = { status: number; headers: Record<string, string>; body: string };

/**
 * Makes one HTTP call. Throws `NetworkError` when no response came; `kind` says whether the broker can have
 * received the request (`timeout`: maybe; `connect`: no), which decides whether a retry may send twice.
 */
export type HttpCall = (request: HttpRequest) => Promise<HttpResponse>;

export class NetworkError extends Error {
  constructor(
    readonly kind: 'connect' | 'timeout' | 'other',
    message: string,
  ) {
    super(message);
  }
}

/** Error codes raised before a connection existed, so before any byte of the request left. */
const connectCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT']);

function networkErrorCode(error: unknown): string | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string') return code;
    const nested = (current as Error & { errors?: unknown }).errors;
    if (Array.isArray(nested) && nested[0] instanceof Error) return networkErrorCode(nested[0]);
  }
  return null;
}

function toNetworkError(error: unknown): NetworkError {
  if (error instanceof NetworkError) return error;
  const message = error instanceof Error ? (error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message) : String(error);
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return new NetworkError('timeout', message);
  const code = networkErrorCode(error);
  return new NetworkError(code !== null && connectCodes.has(code) ? 'connect' : 'other', code === null ? message : `${message} (${code})`);
}

const agents = { 'http:': new HttpAgent({ keepAlive: true }), 'https:': new HttpsAgent({ keepAlive: true }) };

/**
 * One call over node:http(s) with keep-alive agents (a third of fetch's CPU per call), the body read as text, within
 * the call's own timeout (its integration's), never longer than `capMs` (tests shorten it). A body past
 * `maxBodyBytes` is cut there and the rest not read (a server answering megabytes to a postback).
 */
export function httpCall(capMs = maxTimeoutMs, maxBodyBytes = Number.POSITIVE_INFINITY): HttpCall {
  return (call) =>
    new Promise((resolve, reject) => {
      const timeoutMs = Math.min(call.timeoutMs ?? capMs, capMs);
      const url = new URL(call.url);
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:'];
      const request = send(url, { method: call.method, headers: call.headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const answer = () => {
          clearTimeout(timer);
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
          resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks).subarray(0, maxBodyBytes).toString('utf8') });
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.byteLength;
          if (size < maxBodyBytes) return;
          answer();
          response.destroy();
        });
        response.on('error', (error) => reject(toNetworkError(error)));
        response.on('end', answer);
      });
      const timer = setTimeout(() => {
        const timeout = new Error(`no answer within ${timeoutMs} ms`);
        timeout.name = 'TimeoutError';
        request.destroy(timeout);
      }, timeoutMs);
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(toNetworkError(error));
      });
      request.end(call.body ?? undefined);
    });
}
