/**
 * The scheduled status / FTD pull: for each active integration with a pull key whose adapter can pull, ask for the
 * window since its last pull (the adapter writes it in the broker's `gmt_timezone`), page by page, apply each report,
 * and move `last_pulled_at` on only once the whole window is read.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { sendIntegrations } from '../../../db/schema/index.ts';
import { HttpError } from '../../../http/errors.ts';
import { adapterFor } from '../adapters/registry.ts';
import { sanitizeRequest, sanitizeResponse } from '../adapters/sanitize.ts';
import type { Adapter, HttpResponse, IntegrationConfig, PullWindow } from '../adapters/types.ts';
import { loadIntegrationConfig } from '../integrations/resource.ts';
import { callBroker, type SendEngine } from '../engine/deps.ts';
import { logCall } from '../engine/log.ts';
import { applyBrokerReport, findReportedLead } from './apply.ts';

export type PullSummary = { integration_id: number; pages: number; reports: number; matched: number; changed: number };

const firstWindowMs = 24 * 60 * 60 * 1000;
const maxPages = 200;

/**
 * The broker's side of a pull failed (unreachable, an error status, a reply that cannot be read): an outcome to
 * report, a 502 naming why, not a fault of ours (a 500). The call itself is in the request log.
 */
const pullFailed = (integration: IntegrationConfig, why: unknown) => new HttpError(502, `${integration.name}: the status pull failed: ${why instanceof Error ? why.message : String(why)}`);

/** A page's reports; a reply the adapter cannot read (not JSON, refused, no list) is the broker's failure. */
function readPage(adapter: Adapter, integration: IntegrationConfig, response: HttpResponse, window: PullWindow, page: number) {
  try {
    return adapter.readPull(integration, response, window, page);
  } catch (error) {
    throw pullFailed(integration, error);
  }
}

async function pullIntegration(engine: SendEngine, integration: IntegrationConfig, lastPulledAt: Date | null, now = new Date()): Promise<PullSummary> {
  const { db } = engine;
  const adapter = adapterFor(integration);
  const window = { from: lastPulledAt ?? new Date(now.getTime() - firstWindowMs), to: now };
  const summary: PullSummary = { integration_id: integration.id, pages: 0, reports: 0, matched: 0, changed: 0 };
  for (let page = 1; page <= maxPages; page += 1) {
    const request = adapter.pullRequest(integration, window, page);
    if (!request) return summary;
    const started = performance.now();
    const response = await callBroker(engine, integration, request).catch((error: unknown) => {
      logCall(engine, { integration, leadId: null, request: sanitizeRequest(request, integration), response: null, durationMs: performance.now() - started });
      throw pullFailed(integration, error);
    });
    logCall(engine, {
      integration,
      leadId: null,
      request: sanitizeRequest(request, integration),
      response: sanitizeResponse(response, integration),
      durationMs: performance.now() - started,
    });
    if (response.status < 200 || response.status >= 300) throw pullFailed(integration, `the broker answered HTTP ${response.status}`);
    const { leads, hasMore } = readPage(adapter, integration, response, window, page);
    summary.pages += 1;
    for (const pulled of leads) {
      summary.reports += 1;
      const report = { api_lead_id: pulled.api_lead_id, email: pulled.email, status: pulled.status, ftd_at: pulled.ftd_at, payload: pulled.payload };
      const target = await findReportedLead(db, integration.id, report);
      if (!target) continue;
      summary.matched += 1;
      if (await applyBrokerReport(db, target, report, 'pull')) summary.changed += 1;
    }
    if (!hasMore) break;
  }
  await db.update(sendIntegrations).set({ last_pulled_at: window.to }).where(eq(sendIntegrations.id, integration.id));
  return summary;
}

/** One integration now (the "pull now" action), or null when it cannot pull. Its calls are in the request log on return. */
export async function pullOne(engine: SendEngine, integrationId: number): Promise<PullSummary | null> {
  const { db, secrets } = engine;
  const [row] = await db.select({ last_pulled_at: sendIntegrations.last_pulled_at }).from(sendIntegrations).where(eq(sendIntegrations.id, integrationId));
  const integration = await loadIntegrationConfig(db, secrets, integrationId);
  if (!row || !integration?.pull_api_key) return null;
  try {
    return await pullIntegration(engine, integration, row.last_pulled_at);
  } finally {
    await engine.requestLog.flush();
  }
}

/** Every integration that can pull; one failing does not stop the others. */
export async function pullAll(engine: SendEngine): Promise<PullSummary[]> {
  const rows = await engine.db
    .select({ id: sendIntegrations.id })
    .from(sendIntegrations)
    .where(and(eq(sendIntegrations.is_active, true), isNotNull(sendIntegrations.pull_api_key)));
  const summaries: PullSummary[] = [];
  for (const { id } of rows) {
    try {
      const summary = await pullOne(engine, id);
      if (summary) summaries.push(summary);
    } catch (error) {
      console.error(`status pull of integration ${id} failed:`, error instanceof Error ? error.message : error);
    }
  }
  return summaries;
}
