/** What the send engine works with: the database, the secrets, the network, its breakers and its integrations' call slots (both shared through the database). */
import type { Db } from '../../../db/database.ts';
import type { Listen } from '../../../db/listen.ts';
import { recordRequests, type RequestToRecord } from '../../requests/service.ts';
import type { HttpCall, HttpRequest, HttpResponse, IntegrationConfig } from '../adapters/types.ts';
import type { SecretBox } from '../secrets.ts';
import { Batcher } from '../../../db/batcher.ts';
import { CircuitBreakers, type BreakerOptions } from './breaker.ts';
import { IntegrationLimiters, type LimiterOptions } from './limiter.ts';

export type RetryPolicy = { attempts: number; baseDelayMs: number };

export type SendEngine = {
  db: Db;
  secrets: SecretBox;
  http: HttpCall;
  breakers: CircuitBreakers;
  limiters: IntegrationLimiters;
  retry: RetryPolicy;
  /** Outbound calls waiting to be written to the request log (a batch at a time); `flush` before reading it back. */
  requestLog: Batcher<RequestToRecord, void>;
};

const defaultRetry: RetryPolicy = { attempts: 3, baseDelayMs: 500 };

/** Every call to a broker (a lead, a token login, a pull) waits as long as its integration allows. */
export function callBroker(engine: SendEngine, integration: Pick<IntegrationConfig, 'timeout_seconds'>, request: HttpRequest): Promise<HttpResponse> {
  return engine.http({ ...request, timeoutMs: integration.timeout_seconds * 1000 });
}

export function createSendEngine(input: {
  db: Db;
  secrets: SecretBox;
  http: HttpCall;
  retry?: RetryPolicy;
  breaker?: BreakerOptions;
  listen?: Listen;
  limiter?: LimiterOptions;
}): SendEngine {
  return {
    db: input.db,
    secrets: input.secrets,
    http: input.http,
    breakers: new CircuitBreakers(input.db, input.breaker ?? { threshold: 5, coolDownMs: 30_000 }),
    limiters: new IntegrationLimiters(input.db, input.listen ?? null, input.limiter),
    retry: input.retry ?? defaultRetry,
    requestLog: new Batcher(
      async (entries: RequestToRecord[]) => {
        await recordRequests(input.db, entries);
        return entries.map(() => undefined);
      },
      { maxItems: 200, maxWaitMs: 100 },
    ),
  };
}
