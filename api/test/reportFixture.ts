/**
 * The leads the report tests count, around 2026-03-10 (Berlin is UTC+1 then, UTC+2 from 2026-03-29 02:00): which
 * falls on which local day, with sends, a distribution left unassigned, deposits and refusals.
 *
 *  lead  created (UTC)      Berlin day  company country dept   sends (after creation)      FTD
 *  L1    03-09 23:30        03-10       alpha   DE      first  success +1 h                +3 h (2 h after delivery)
 *  L2    03-10 10:00        03-10       alpha   DE      first  failure +5 min, success +10 min   4 h after delivery
 *  L3    03-10 12:00        03-10       alpha   AT      second failure +5 min
 *  L4    03-10 22:30        03-10       beta    DE      –      (distribution: unassigned)
 *  L5    03-10 23:30        03-11       beta    AT      –
 *  refusals: F1 03-10 09:00 alpha DUPLICATE (sent with country "de"); F2 03-10 23:10 beta INVALID; F3 03-09 22:00 alpha INVALID
 *  also: 02-25 12:00 alpha; 03-29 10:00 and 03-29 22:30 alpha (Berlin's 29th and 30th, both UTC's 29th)
 */
import assert from 'node:assert/strict';
import type { Pool } from 'pg';

export type ReportFixture = {
  companies: { alpha: number; beta: number };
  brokers: { one: number; two: number };
  departments: { first: number; second: number };
  source: number;
};

type LeadSeed = { at: string; company: number; country?: string; department?: number; source?: number; language?: string; funnel?: string; ftdAfterMs?: number };

const minute = 60_000;
const hour = 60 * minute;
let sequence = 0;

async function idOf(pool: Pool, text: string, values: unknown[]): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(text, values);
  return rows[0]!.id;
}

/** Inserts a lead; its sends (state, minutes after creation) and its deposit (ms after creation). */
export async function insertReportLead(pool: Pool, lead: LeadSeed, sends: readonly [state: 'success' | 'failure', afterMs: number][] = []): Promise<number> {
  const at = Date.parse(lead.at);
  const ftd = lead.ftdAfterMs === undefined ? null : new Date(at + lead.ftdAfterMs).toISOString();
  const id = await idOf(
    pool,
    `insert into leads (lead_id, created_at, updated_at, affiliate_company_id, country, last_broker_department_id, source_id, language, funnel, api_ftd_at)
     values ($1, $2, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [`REPORT${++sequence}`, lead.at, lead.company, lead.country ?? null, lead.department ?? null, lead.source ?? null, lead.language ?? null, lead.funnel ?? null, ftd],
  );
  for (const [state, afterMs] of sends) {
    const sentAt = new Date(at + afterMs).toISOString();
    await pool.query('insert into lead_send_histories (lead_id, broker_department_id, state, created_at, updated_at) values ($1, $2, $3, $4, $4)', [
      id,
      lead.department ?? null,
      state,
      sentAt,
    ]);
  }
  return id;
}

export async function reportFixture(pool: Pool): Promise<ReportFixture> {
  const alpha = await idOf(pool, 'insert into affiliate_companies (name) values ($1) returning id', ['Report Alpha']);
  const beta = await idOf(pool, 'insert into affiliate_companies (name) values ($1) returning id', ['Report Beta']);
  const one = await idOf(pool, 'insert into brokers (name) values ($1) returning id', ['Report Broker One']);
  const two = await idOf(pool, 'insert into brokers (name) values ($1) returning id', ['Report Broker Two']);
  const first = await idOf(pool, 'insert into broker_departments (broker_id, branch_name) values ($1, $2) returning id', [one, 'Desk A']);
  const second = await idOf(pool, 'insert into broker_departments (broker_id, branch_name) values ($1, $2) returning id', [two, 'Desk B']);
  const source = await idOf(pool, 'insert into sources (name) values ($1) returning id', ['Report Source']);

  const german = { country: 'DE', department: first, source, language: 'de', funnel: 'gold-invest' };
  await insertReportLead(pool, { at: '2026-03-09T23:30:00Z', company: alpha, ...german, ftdAfterMs: 3 * hour }, [['success', hour]]);
  await insertReportLead(pool, { at: '2026-03-10T10:00:00Z', company: alpha, ...german, ftdAfterMs: 10 * minute + 4 * hour }, [
    ['failure', 5 * minute],
    ['success', 10 * minute],
  ]);
  await insertReportLead(pool, { at: '2026-03-10T12:00:00Z', company: alpha, country: 'AT', department: second, language: 'en' }, [['failure', 5 * minute]]);
  const unassigned = await insertReportLead(pool, { at: '2026-03-10T22:30:00Z', company: beta, country: 'DE', language: 'en' });
  await pool.query(`insert into lead_distributions (lead_id, state, reason_code, reason) values ($1, 'unassigned', 'NO_RULE', 'No rule matched')`, [unassigned]);
  await insertReportLead(pool, { at: '2026-03-10T23:30:00Z', company: beta, country: 'AT' });

  const refuse = (at: string, company: number, reason: string, raw: object) =>
    pool.query('insert into failed_leads (raw, reason_code, message, affiliate_company_id, created_at, updated_at) values ($1, $2, $3, $4, $5, $5)', [
      JSON.stringify(raw),
      reason,
      'Refused',
      company,
      at,
    ]);
  await refuse('2026-03-10T09:00:00Z', alpha, 'DUPLICATE', { email: 'x@example.com', country: 'de' });
  await refuse('2026-03-10T23:10:00Z', beta, 'INVALID', { country: '=cmd' });
  await refuse('2026-03-09T22:00:00Z', alpha, 'INVALID', {});

  await insertReportLead(pool, { at: '2026-02-25T12:00:00Z', company: alpha });
  await insertReportLead(pool, { at: '2026-03-29T10:00:00Z', company: alpha });
  await insertReportLead(pool, { at: '2026-03-29T22:30:00Z', company: alpha });
  return { companies: { alpha, beta }, brokers: { one, two }, departments: { first, second }, source };
}

/** Each query answered 422 with errors under its one field only, the first message matching. */
export async function assertRefusedFields(get: (query: string) => Promise<{ statusCode: number; json(): unknown }>, cases: readonly [query: string, field: string, message: RegExp][]) {
  for (const [query, field, message] of cases) {
    const response = await get(query);
    assert.equal(response.statusCode, 422, query);
    const body = response.json() as { errors: Record<string, string[]> };
    assert.deepEqual(Object.keys(body.errors), [field], query);
    assert.match(body.errors[field]?.[0] ?? '', message, query);
  }
}
