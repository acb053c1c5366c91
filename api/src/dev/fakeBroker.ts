/**
 * A fake broker on loopback for send-engine tests and the send benchmark. One server answers the three formats
 * (generic JSON with token exchange, Trackbox-style, Elnopy-style) with their real reply shapes, checks the
 * credentials each format carries (401 on wrong ones), and can be slowed down, made to fail or reject the next
 * lead posts, and told what status and FTD its pulls report.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type BrokerShape = 'generic' | 'trackbox' | 'elnopy';

/** A lead the broker accepted. Failed and rejected posts are not listed (they count in `leadPosts`). */
type ReceivedLead = { shape: BrokerShape; email: string | null; body: Record<string, unknown>; headers: Record<string, string>; at: Date };

/** What pulls say about a lead: its status and, once it deposited, when (written as the broker would). */
type LeadReport = { status: string; ftd_at: string | null };

export type FakeBroker = {
  /** The origin, `http://127.0.0.1:<port>`. */
  url: string;
  received: ReceivedLead[];
  /** The status pulls made, with their query (GET) or body (POST) fields. */
  pulls: Array<{ shape: BrokerShape; params: Record<string, string> }>;
  /** Every lead post, accepted or not. */
  leadPosts(): number;
  /** Tokens handed out by `/auth/token`. */
  tokensIssued(): number;
  timesReceived(email: string): number;
  /** The next `count` lead posts get this HTTP status, or their socket destroyed before any answer (`reset`). */
  failNext(count: number, failure: number | 'reset'): void;
  /** The next `count` lead posts get the format's rejection (HTTP 200) with this message. */
  rejectNext(count: number, message: string): void;
  setLatency(ms: number): void;
  setReport(email: string, report: LeadReport): void;
  /** When each email's first lead post arrived (`performance.now()`, before the latency): what a benchmark times. */
  firstArrivals: Map<string, number>;
  close(): Promise<void>;
};

export type FakeBrokerOptions = {
  latencyMs?: number;
  pageSize?: number;
  tokenLifetimeSeconds?: number;
  port?: number;
  /** Every Nth lead post (that passes the failures) is rejected as a duplicate: a broker refusing a share of leads. */
  rejectEvery?: number;
};

/** The credentials the fake broker accepts, for integrations pointed at it. */
export const fakeBrokerCredentials = {
  username: 'broker-user',
  password: 'broker-pass',
  api_key: 'broker-api-key',
  api_token: 'broker-api-token',
  pull_api_key: 'broker-pull-key',
} as const;

const credentials = fakeBrokerCredentials;
const newLead: LeadReport = { status: 'New', ftd_at: null };
type Exchange = { request: IncomingMessage; response: ServerResponse; url: URL; text: string };

function headerRecord(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}

function parseBody(exchange: Exchange): Record<string, unknown> {
  if ((exchange.request.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(exchange.text));
  try {
    const json: unknown = JSON.parse(exchange.text);
    return json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function send(response: ServerResponse, status: number, json: unknown): void {
  const body = JSON.stringify(json);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

const unauthorized = (response: ServerResponse): void => send(response, 401, { error: 'Unauthorized' });

export async function startFakeBroker(options: FakeBrokerOptions = {}): Promise<FakeBroker> {
  let latencyMs = options.latencyMs ?? 0;
  const firstArrivals = new Map<string, number>();
  const pageSize = options.pageSize ?? 100;
  const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 3600;
  const received: ReceivedLead[] = [];
  const pulls: FakeBroker['pulls'] = [];
  const reports = new Map<string, LeadReport>();
  const ids = new Map<ReceivedLead, string>();
  const issuedTokens = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  const failures: Array<number | 'reset'> = [];
  const rejections: string[] = [];
  let leadPosts = 0;
  let origin = '';

  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  /** Every lead the broker knows of, with what its pulls report. */
  function reportedLeads(): Array<{ id: string | null; email: string | null; report: LeadReport }> {
    const leads = received.map((lead) => ({ id: ids.get(lead) ?? null, email: lead.email, report: reports.get(lead.email ?? '') ?? newLead }));
    const known = new Set(received.map((lead) => lead.email));
    for (const [email, report] of reports) if (!known.has(email)) leads.push({ id: null, email, report });
    return leads;
  }

  function page<T>(items: T[], pageNumber: number): T[] {
    return items.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
  }

  function genericAuthorized(exchange: Exchange): boolean {
    const authorization = exchange.request.headers.authorization;
    const apiKey = exchange.request.headers['x-api-key'];
    const queryToken = exchange.url.searchParams.get('api_token');
    if (authorization?.startsWith('Basic ')) {
      return authorization === `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
    }
    if (authorization?.startsWith('Bearer ')) {
      const token = authorization.slice('Bearer '.length);
      return token === credentials.api_token || issuedTokens.has(token);
    }
    if (authorization !== undefined) return false;
    if (apiKey !== undefined) return apiKey === credentials.api_key;
    if (queryToken !== null) return queryToken === credentials.api_token;
    return true;
  }

  function trackboxAuthorized(exchange: Exchange, apiKey: string): boolean {
    const headers = exchange.request.headers;
    return headers['x-trackbox-username'] === credentials.username && headers['x-trackbox-password'] === credentials.password && headers['x-api-key'] === apiKey;
  }

  /** A lead post: simulated failures first, then credentials, rejections, and the format's success reply. */
  function receiveLead(exchange: Exchange, shape: BrokerShape, authorized: boolean, reply: (id: string) => unknown, reject: (message: string) => unknown): void {
    leadPosts += 1;
    const failure = failures.shift();
    if (failure === 'reset') {
      exchange.request.socket.destroy();
      return;
    }
    if (failure !== undefined) return send(exchange.response, failure, { error: 'Simulated failure' });
    if (!authorized) return unauthorized(exchange.response);
    const rejection = rejections.shift() ?? (options.rejectEvery && leadPosts % options.rejectEvery === 0 ? 'Duplicate' : undefined);
    if (rejection !== undefined) return send(exchange.response, 200, reject(rejection));
    const body = parseBody(exchange);
    const email = typeof body['email'] === 'string' ? body['email'] : null;
    const lead: ReceivedLead = { shape, email, body, headers: headerRecord(exchange.request), at: new Date() };
    const id = `B-${received.length + 1}`;
    received.push(lead);
    ids.set(lead, id);
    send(exchange.response, 200, reply(id));
  }

  const autologin = (id: string): string => `${origin}/autologin/${id}`;

  function route(exchange: Exchange): void {
    const { request, response, url } = exchange;
    const key = `${request.method ?? ''} ${url.pathname}`;
    switch (key) {
      case 'POST /leads':
        return receiveLead(
          exchange,
          'generic',
          genericAuthorized(exchange),
          (id) => ({ status: 'ok', data: { lead_id: id, autologin_url: autologin(id) } }),
          (message) => ({ status: 'error', message }),
        );
      case 'POST /auth/token': {
        const body = parseBody(exchange);
        if (body['username'] !== credentials.username || body['password'] !== credentials.password) return unauthorized(response);
        const token = `token-${issuedTokens.size + 1}`;
        issuedTokens.add(token);
        return send(response, 200, { access_token: token, expires_in: tokenLifetimeSeconds });
      }
      case 'GET /leads/status': {
        if (request.headers['x-api-key'] !== credentials.pull_api_key) return unauthorized(response);
        const params = Object.fromEntries(url.searchParams);
        pulls.push({ shape: 'generic', params });
        const leads = reportedLeads();
        const pageNumber = Number(params['page'] ?? 1);
        const data = page(leads, pageNumber).map((lead) => ({ id: lead.id, email: lead.email, status: lead.report.status, ftd: lead.report.ftd_at !== null, ftd_at: lead.report.ftd_at }));
        return send(response, 200, { data, has_more: pageNumber * pageSize < leads.length });
      }
      case 'POST /api/signup/procform':
        return receiveLead(
          exchange,
          'trackbox',
          trackboxAuthorized(exchange, credentials.api_key),
          (id) => ({ status: true, data: autologin(id), addonData: { data: { uniqueid: id } } }),
          (message) => ({ status: false, data: message }),
        );
      case 'POST /api/pull/customers': {
        if (!trackboxAuthorized(exchange, credentials.pull_api_key)) return unauthorized(response);
        const params = Object.fromEntries(Object.entries(parseBody(exchange)).map(([name, value]) => [name, String(value)]));
        pulls.push({ shape: 'trackbox', params });
        const leads = reportedLeads();
        const data = page(leads, Number(params['page'] ?? 1)).map((lead) => ({
          uniqueid: lead.id,
          email: lead.email,
          saleStatus: lead.report.status,
          hasFTD: lead.report.ftd_at === null ? 0 : 1,
          depositDate: lead.report.ftd_at,
        }));
        return send(response, 200, { status: true, data, totalPages: Math.max(1, Math.ceil(leads.length / pageSize)) });
      }
      case 'POST /api/v3/integration':
        return receiveLead(
          exchange,
          'elnopy',
          url.searchParams.get('api_token') === credentials.api_token,
          (id) => ({ success: true, id, autologin: autologin(id), password: `Pw${id.replace(/\D/g, '')}Xk9` }),
          (message) => ({ success: false, message }),
        );
      case 'GET /api/v3/get-leads': {
        if (url.searchParams.get('api_token') !== credentials.pull_api_key) return unauthorized(response);
        pulls.push({ shape: 'elnopy', params: Object.fromEntries(url.searchParams) });
        const data = reportedLeads().map((lead) => ({ id: lead.id, email: lead.email, status: lead.report.status, acq: lead.report.ftd_at === null ? 0 : 1, acq_date: lead.report.ftd_at }));
        return send(response, 200, { success: true, data });
      }
      // Control routes, for a fake broker in another process (the e2e stack, the send benchmark).
      case 'GET /__fake/stats': {
        // `?email_contains=`: only those leads (a test's own, where several share this broker).
        const part = url.searchParams.get('email_contains') ?? '';
        const leads = received.filter((lead) => (lead.email ?? '').includes(part));
        const counts = new Map<string, number>();
        for (const lead of leads) counts.set(lead.email ?? '', (counts.get(lead.email ?? '') ?? 0) + 1);
        const duplicates = [...counts.values()].filter((times) => times > 1).length;
        return send(response, 200, { received: leads.length, distinct: counts.size, duplicates, lead_posts: leadPosts, pulls: pulls.length });
      }
      case 'POST /__fake/report': {
        const body = parseBody(exchange);
        if (typeof body['email'] !== 'string' || typeof body['status'] !== 'string') return send(response, 422, { error: 'email and status are required' });
        reports.set(body['email'], { status: body['status'], ftd_at: typeof body['ftd_at'] === 'string' ? body['ftd_at'] : null });
        return send(response, 200, { ok: true });
      }
      default:
        if (request.method === 'GET' && url.pathname.startsWith('/autologin/')) {
          response.writeHead(200, { 'content-type': 'text/html' });
          return void response.end('<html><body>Welcome</body></html>');
        }
        return send(response, 404, { error: 'Not found' });
    }
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const arrived = performance.now();
      const exchange = { request, response, url: new URL(request.url ?? '/', origin), text: Buffer.concat(chunks).toString('utf8') };
      if (request.method === 'POST') {
        const email = parseBody(exchange)['email'];
        if (typeof email === 'string' && !firstArrivals.has(email)) firstArrivals.set(email, arrived);
      }
      void (latencyMs > 0 ? sleep(latencyMs) : Promise.resolve()).then(() => route(exchange));
    });
  });
  // Longer than the client's idle keep-alive, so a reused connection is not closed under a request.
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: options.port ?? 0, backlog: 4096 }, resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    received,
    pulls,
    firstArrivals,
    leadPosts: () => leadPosts,
    tokensIssued: () => issuedTokens.size,
    timesReceived: (email) => received.filter((lead) => lead.email === email).length,
    failNext(count, failure) {
      for (let index = 0; index < count; index += 1) failures.push(failure);
    },
    rejectNext(count, message) {
      for (let index = 0; index < count; index += 1) rejections.push(message);
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    setReport(email, report) {
      reports.set(email, report);
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
