/**
 * The shave watch's leads, around the week of Monday 2026-03-09 (Berlin is UTC+1 then; its baseline weeks start
 * 2026-01-12). Every lead is delivered (a successful send) and, where it deposits, its FTD reported by a broker.
 *
 *  department  week        leads (company/country)          FTDs (after the delivery)
 *  falling     8 baseline  10 a week alpha/DE                3 a week (+1 day)                      → 80 / 24
 *  falling     watched     40 alpha/DE                      +2 days, +7 days − 1 minute; 3 at +8 days (late);
 *                                                           1 reported by peer's broker (not falling's)
 *  peer        watched     40 alpha/DE, 20 beta/AT          12 of alpha/DE (+1 day)
 *                          + 1 lead first delivered to falling in a baseline week (not peer's cohort)
 *  small       watched     10 alpha/FR by Berlin's week:    S01 (+2 days), with the reports, requests and
 *                          S01, S02 Mon 00:30 Berlin (Sun     calls the evidence file shows; S02 only its delivery
 *                          23:30 UTC), S03–S09 mid-week,    call; the others nothing
 *                          S10 Sun 23:30 Berlin; S11 Mon
 *                          00:30 Berlin of the next week (Sun 23:30 UTC)
 */
import type { Pool } from 'pg';

export type ShaveFixture = {
  departments: { falling: number; peer: number; small: number };
  integrations: { small: number; peer: number };
};

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

type Delivery = {
  leadId: string;
  at: string;
  company: number;
  country: string;
  department: number;
  integration?: number;
  brokerLeadId?: string;
  /** The FTD: how long after the delivery, and which department's broker reported it (the delivering one by default). */
  ftdAfterMs?: number;
  ftdDepartment?: number;
};

async function idOf(pool: Pool, text: string, values: unknown[]): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(text, values);
  return rows[0]!.id;
}

const later = (at: string, ms: number): string => new Date(Date.parse(at) + ms).toISOString();

/**
 * Leads, each with its successful send and, with `ftdAfterMs`, the broker's FTD report: one statement per table (the
 * report rollups' triggers make a statement per lead slow). Returns each lead's id by its `leadId`.
 */
export async function deliver(pool: Pool, deliveries: readonly Delivery[]): Promise<Map<string, number>> {
  const column = <T>(pick: (delivery: Delivery) => T): T[] => deliveries.map(pick);
  const ftdOf = (delivery: Delivery): string | null => (delivery.ftdAfterMs === undefined ? null : later(delivery.at, delivery.ftdAfterMs));
  const { rows } = await pool.query<{ id: number; lead_id: string }>(
    `insert into leads (lead_id, created_at, updated_at, affiliate_company_id, country, last_broker_department_id, api_ftd_at)
     select lead_id, created_at, created_at, company, country, department, ftd
       from unnest($1::text[], $2::timestamptz[], $3::int[], $4::text[], $5::int[], $6::timestamptz[]) as t(lead_id, created_at, company, country, department, ftd)
     returning id, lead_id`,
    [
      column((delivery) => delivery.leadId),
      column((delivery) => later(delivery.at, -5 * minute)),
      column((delivery) => delivery.company),
      column((delivery) => delivery.country),
      column((delivery) => delivery.department),
      column(ftdOf),
    ],
  );
  const ids = new Map(rows.map((row) => [row.lead_id, row.id]));
  const idOfLead = (delivery: Delivery): number => ids.get(delivery.leadId)!;
  await pool.query(
    `insert into lead_send_histories (lead_id, broker_department_id, send_integration_id, api_lead_id, state, created_at, updated_at)
     select lead_id, department, integration, api_lead_id, 'success', at, at from unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::timestamptz[]) as t(lead_id, department, integration, api_lead_id, at)`,
    [
      column(idOfLead),
      column((delivery) => delivery.department),
      column((delivery) => delivery.integration ?? null),
      column((delivery) => delivery.brokerLeadId ?? null),
      column((delivery) => delivery.at),
    ],
  );
  const deposits = deliveries.filter((delivery) => ftdOf(delivery) !== null);
  await pool.query(
    `insert into lead_broker_histories (lead_id, broker_department_id, channel, api_lead_status, api_ftd_at, created_at)
     select lead_id, department, 'push', 'FTD', ftd, ftd from unnest($1::int[], $2::int[], $3::timestamptz[]) as t(lead_id, department, ftd)`,
    [deposits.map(idOfLead), deposits.map((delivery) => delivery.ftdDepartment ?? delivery.department), deposits.map(ftdOf)],
  );
  return ids;
}

export async function sendTo(pool: Pool, leadId: number, department: number, at: string, integration?: number, brokerLeadId?: string): Promise<void> {
  await pool.query(
    `insert into lead_send_histories (lead_id, broker_department_id, send_integration_id, api_lead_id, state, created_at, updated_at) values ($1, $2, $3, $4, 'success', $5, $5)`,
    [leadId, department, integration ?? null, brokerLeadId ?? null, at],
  );
}

async function department(pool: Pool, broker: string, branch: string, integration: number | null): Promise<number> {
  const brokerId = await idOf(pool, 'insert into brokers (name) values ($1) returning id', [broker]);
  return idOf(pool, 'insert into broker_departments (broker_id, branch_name, send_integration_id) values ($1, $2, $3) returning id', [brokerId, branch, integration]);
}

/** Monday 00:00 UTC of the baseline week `index` (0 the oldest, 2026-01-12) and of the watched week (index 8). */
const mondayOf = (index: number): number => Date.parse('2026-01-12T00:00:00Z') + index * 7 * day;

export async function shaveFixture(pool: Pool): Promise<ShaveFixture> {
  const alpha = await idOf(pool, 'insert into affiliate_companies (name) values ($1) returning id', ['Shave Alpha']);
  const beta = await idOf(pool, 'insert into affiliate_companies (name) values ($1) returning id', ['Shave Beta']);
  const smallIntegration = await idOf(pool, 'insert into send_integrations (name, site_url) values ($1, $2) returning id', ['Shave Small API', 'https://small.example']);
  const peerIntegration = await idOf(pool, 'insert into send_integrations (name, site_url) values ($1, $2) returning id', ['Shave Peer API', 'https://peer.example']);
  const falling = await department(pool, 'Shave One', 'Desk Falling', null);
  const peer = await department(pool, 'Shave Two', 'Desk Peer', peerIntegration);
  const small = await department(pool, 'Shave Three', 'Desk Small', smallIntegration);
  const alphaDe = { company: alpha, country: 'DE' };

  const deliveries: Delivery[] = [];
  // Falling's baseline: Wednesdays at noon UTC, 3 of 10 deposit the next day.
  for (let week = 0; week < 8; week += 1) {
    for (let index = 0; index < 10; index += 1) {
      const at = new Date(mondayOf(week) + 2 * day + 12 * hour + index * minute).toISOString();
      deliveries.push({ leadId: `FALL-B${week}-${index}`, at, ...alphaDe, department: falling, ...(index < 3 ? { ftdAfterMs: day } : {}) });
    }
  }
  // The watched week, Wednesday 2026-03-11 from noon UTC.
  const watched = (index: number): string => new Date(mondayOf(8) + 2 * day + 12 * hour + index * minute).toISOString();
  const fallingFtds: Record<number, Pick<Delivery, 'ftdAfterMs' | 'ftdDepartment'>> = {
    0: { ftdAfterMs: 2 * day },
    1: { ftdAfterMs: 7 * day - minute },
    2: { ftdAfterMs: 8 * day },
    3: { ftdAfterMs: 8 * day },
    4: { ftdAfterMs: 8 * day },
    5: { ftdAfterMs: day, ftdDepartment: peer },
  };
  for (let index = 0; index < 40; index += 1) deliveries.push({ leadId: `FALL-W-${index}`, at: watched(index), ...alphaDe, department: falling, ...fallingFtds[index] });
  for (let index = 0; index < 40; index += 1)
    deliveries.push({ leadId: `PEER-DE-${index}`, at: watched(100 + index), ...alphaDe, department: peer, ...(index < 12 ? { ftdAfterMs: day } : {}) });
  for (let index = 0; index < 20; index += 1) deliveries.push({ leadId: `PEER-AT-${index}`, at: watched(200 + index), company: beta, country: 'AT', department: peer });

  const alphaFr = { company: alpha, country: 'FR', department: small, integration: smallIntegration };
  const smallTimes = ['2026-03-08T23:30:00Z', '2026-03-08T23:31:00Z', ...Array.from({ length: 7 }, (_, index) => watched(400 + index)), '2026-03-15T22:30:00Z', '2026-03-15T23:30:00Z'];
  for (const [index, at] of smallTimes.entries()) {
    const number = String(index + 1).padStart(2, '0');
    deliveries.push({ leadId: `S${number}`, at, ...alphaFr, brokerLeadId: `B-${number}`, ...(index === 0 ? { ftdAfterMs: 2 * day } : {}) });
  }
  const ids = await deliver(pool, deliveries);
  // Falling's last baseline lead, sent again to peer in the watched week.
  await sendTo(pool, ids.get('FALL-B7-9')!, peer, watched(300));
  await smallEvidence(pool, { small, smallIntegration, peerIntegration, s01: ids.get('S01')!, s02: ids.get('S02')! });
  return { departments: { falling, peer, small }, integrations: { small: smallIntegration, peer: peerIntegration } };
}

type EvidenceSeed = { small: number; smallIntegration: number; peerIntegration: number; s01: number; s02: number };

/** S01's pulled status, its logged delivery and postback, and calls the file leaves out; S02's delivery call. */
async function smallEvidence(pool: Pool, { small, smallIntegration, peerIntegration, s01, s02 }: EvidenceSeed): Promise<void> {
  await pool.query(`insert into lead_broker_histories (lead_id, broker_department_id, channel, api_lead_status, payload, created_at) values ($1, $2, 'pull', $3, $4, $5)`, [
    s01,
    small,
    '=1+2',
    JSON.stringify({ status: 'Callback', note: 'rang twice' }),
    '2026-03-09T08:00:00Z',
  ]);
  await pool.query(`update lead_broker_histories set payload = $2 where lead_id = $1 and api_ftd_at is not null`, [s01, JSON.stringify({ event: 'ftd', amount: 250 })]);
  const log = (values: [string, number | null, number, string, string, number, string, string]) =>
    pool.query(
      `insert into request_logs (direction, send_integration_id, lead_id, method, url, request_body, status, response_body, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
      [values[0], values[1], values[2], 'POST', values[3], values[4], values[5], values[6], values[7]],
    );
  await log(['outbound', smallIntegration, s01, 'https://small.example/leads', '{"email":"s01@example.com","api_key":"***"}', 200, '{"id":"B-01"}', '2026-03-08T23:30:00.500Z']);
  await log(['inbound', smallIntegration, s01, '/api/send/integration/1/postback?key=***', '{"status":"ftd"}', 200, 'ok', '2026-03-10T23:30:00Z']);
  // Not this broker's: another integration's call, and the affiliate's own post (no integration).
  await log(['outbound', peerIntegration, s01, 'https://peer.example/leads', '{}', 200, '{}', '2026-03-12T10:00:00Z']);
  await log(['inbound', null, s01, '/api/affiliate/leads', '{"email":"s01@example.com"}', 201, '{}', '2026-03-08T23:25:00Z']);
  await log(['outbound', smallIntegration, s02, 'https://small.example/leads', '{"email":"s02@example.com"}', 200, '{"id":"B-02"}', '2026-03-08T23:31:00.400Z']);
}
