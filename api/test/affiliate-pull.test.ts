/**
 * `GET /api/v1/leads` and `GET /api/v1/leads/{lead_id}` as an affiliate's server meets them: its own leads only, the
 * public status (mapped, or the default), the FTD held back `ftd_hold_hours` after its report, keyset pages that
 * neither skip nor repeat leads created at the same instant, forged cursors refused, and the public document.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AffiliateLeadPage, AffiliatePulledLead } from '@crm/shared/contract';
import * as tables from '../src/db/schema/index.ts';
import { affiliateFixture, type AffiliateFixture } from './affiliateFixture.ts';
import { createTestContext, type TestContext } from './helpers.ts';

describe('affiliate lead pull', () => {
  let context: TestContext;
  let alpha: AffiliateFixture;
  let beta: AffiliateFixture;
  let statusNew: number;
  let statusWon: number;
  let statusLost: number;

  const pull = (key: string, query = '') => context.app.inject({ method: 'GET', url: `/api/v1/leads${query}`, headers: { 'x-api-key': key } });
  const page = async (key: string, query = ''): Promise<AffiliateLeadPage> => {
    const response = await pull(key, query);
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as AffiliateLeadPage;
  };
  const one = async (key: string, leadId: string): Promise<AffiliatePulledLead> => {
    const response = await context.app.inject({ method: 'GET', url: `/api/v1/leads/${leadId}`, headers: { 'x-api-key': key } });
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as AffiliatePulledLead;
  };
  const setLead = (leadId: string, values: Partial<typeof tables.leads.$inferInsert>) => context.database.db.update(tables.leads).set(values).where(eq(tables.leads.lead_id, leadId));
  const rowId = async (leadId: string) => (await context.database.db.select({ id: tables.leads.id }).from(tables.leads).where(eq(tables.leads.lead_id, leadId)))[0]!.id;
  const settings = async (company: AffiliateFixture, body: Record<string, unknown>) =>
    assert.equal((await company.admin('PUT', `/settings/affiliate/company/${company.companyId}/settings`, body)).statusCode, 200);

  before(async () => {
    context = await createTestContext();
    alpha = await affiliateFixture(context, 'Pull Alpha');
    beta = await affiliateFixture(context, 'Pull Beta');
    const rows = await context.database.db
      .insert(tables.statuses)
      .values(['Pull new', 'Pull won', 'Pull lost'].map((name) => ({ name, class: 'lead' as const })))
      .returning();
    [statusNew, statusWon, statusLost] = rows.map((row) => row.id) as [number, number, number];
  });
  after(() => context.close());

  test('mapped statuses show their public status, unmapped ones the default; `status` filters by public status', async () => {
    const won = await alpha.accepted({ click_id: 'ck-1', sub1: 's1', country: 'DE', phone: '030 1234567' });
    const lost = await alpha.accepted();
    const fresh = await alpha.accepted();
    await setLead(won, { status_id: statusWon });
    await setLead(lost, { status_id: statusLost });
    await setLead(fresh, { status_id: statusNew });
    const map = await alpha.admin('PUT', `/settings/affiliate/company/${alpha.companyId}/status-map`, {
      map: [
        { status_id: statusWon, public_status: 'Deposited' },
        { status_id: statusLost, public_status: 'Rejected' },
      ],
    });
    assert.equal(map.statusCode, 200, map.body);

    const shown = await one(alpha.key, won);
    assert.deepEqual(
      { ...shown, received_at: undefined },
      {
        lead_id: won,
        status: 'Deposited',
        is_ftd: false,
        ftd_at: null,
        click_id: 'ck-1',
        sub1: 's1',
        sub2: null,
        sub3: null,
        sub4: null,
        sub5: null,
        country: 'DE',
        received_at: undefined,
      },
    );
    assert.equal((await one(alpha.key, fresh)).status, 'In progress', 'unmapped: the default');
    await settings(alpha, { default_public_status: 'Working' });
    assert.equal((await one(alpha.key, fresh)).status, 'Working', 'the company’s own default');

    const byStatus = async (status: string) => (await page(alpha.key, `?status=${encodeURIComponent(status)}`)).data.map((lead) => lead.lead_id).sort();
    assert.deepEqual(await byStatus('deposited'), [won], 'case-insensitive');
    assert.deepEqual(await byStatus('Rejected'), [lost]);
    assert.ok((await byStatus('Working')).includes(fresh), 'the default covers unmapped statuses');
    assert.ok(!(await byStatus('Working')).includes(won));
    assert.deepEqual(await byStatus('Nobody has this'), []);

    // The whole map replaced: "lost" is unmapped now and shows the default.
    await alpha.admin('PUT', `/settings/affiliate/company/${alpha.companyId}/status-map`, { map: [{ status_id: statusWon, public_status: 'Deposited' }] });
    assert.equal((await one(alpha.key, lost)).status, 'Working');
  });

  test('an FTD is held `ftd_hold_hours` after its broker report; 0 shows it at once', async () => {
    const leadId = await beta.accepted();
    const ftdAt = new Date(Date.now() - 60_000);
    await setLead(leadId, { api_ftd_at: ftdAt, deposit_exists: true });
    const [history] = await context.database.db
      .insert(tables.leadBrokerHistories)
      .values({ lead_id: await rowId(leadId), channel: 'push', api_ftd_at: ftdAt })
      .returning();

    const shown = await one(beta.key, leadId);
    assert.equal(shown.is_ftd, true, 'hold 0: at once');
    assert.equal(shown.ftd_at, ftdAt.toISOString());

    await settings(beta, { ftd_hold_hours: 6 });
    const held = await one(beta.key, leadId);
    assert.deepEqual([held.is_ftd, held.ftd_at], [false, null], 'reported a minute ago: held');
    assert.ok(!(await page(beta.key)).data.some((lead) => lead.lead_id === leadId && lead.is_ftd), 'held in the list too');

    // The report moved back: the hold counts from it, not from the deposit's time.
    await context.database.db
      .update(tables.leadBrokerHistories)
      .set({ created_at: new Date(Date.now() - 5 * 3_600_000) })
      .where(eq(tables.leadBrokerHistories.id, history!.id));
    assert.equal((await one(beta.key, leadId)).is_ftd, false, '5 of 6 hours: still held');
    await context.database.db
      .update(tables.leadBrokerHistories)
      .set({ created_at: new Date(Date.now() - 6 * 3_600_000 - 1000) })
      .where(eq(tables.leadBrokerHistories.id, history!.id));
    const visible = await one(beta.key, leadId);
    assert.deepEqual([visible.is_ftd, visible.ftd_at], [true, ftdAt.toISOString()], 'past the hold: visible');

    // Without a broker report, the hold runs from the FTD's own time.
    const unreported = await beta.accepted();
    await setLead(unreported, { api_ftd_at: new Date(Date.now() - 3_600_000) });
    assert.equal((await one(beta.key, unreported)).is_ftd, false);
    await setLead(unreported, { api_ftd_at: new Date(Date.now() - 7 * 3_600_000) });
    assert.equal((await one(beta.key, unreported)).is_ftd, true);
    await settings(beta, { ftd_hold_hours: 0 });
  });

  test('another company’s lead is invisible, in the list and alone; an unknown id is NOT_FOUND', async () => {
    const mine = await alpha.accepted();
    const theirs = await beta.accepted();
    const betaIds = (await page(beta.key, '?limit=500')).data.map((lead) => lead.lead_id);
    assert.ok(betaIds.includes(theirs) && !betaIds.includes(mine));
    alpha.refusal(await context.app.inject({ method: 'GET', url: `/api/v1/leads/${mine}`, headers: { 'x-api-key': beta.key } }), 404, 'NOT_FOUND');
    alpha.refusal(await context.app.inject({ method: 'GET', url: '/api/v1/leads/NO-SUCH-LEAD', headers: { 'x-api-key': beta.key } }), 404, 'NOT_FOUND');
    alpha.refusal(await pull('crm_not-a-key'), 401, 'KEY_INVALID');
  });

  test('keyset pages: newest first, none skipped or repeated across leads created at the same microsecond', async () => {
    const gamma = await affiliateFixture(context, 'Pull Gamma');
    const posted: string[] = [];
    for (let index = 0; index < 7; index += 1) posted.push(await gamma.accepted());
    const ids = await Promise.all(posted.map(rowId));
    // Five share one instant; two differ from it by a microsecond only (a millisecond cursor would lose them).
    await context.database.db
      .update(tables.leads)
      .set({ created_at: sql`'2026-03-01T10:00:00.123456Z'::timestamptz` })
      .where(inArray(tables.leads.id, ids.slice(0, 5)));
    await context.database.db
      .update(tables.leads)
      .set({ created_at: sql`'2026-03-01T10:00:00.123455Z'::timestamptz` })
      .where(eq(tables.leads.id, ids[5]!));
    await context.database.db
      .update(tables.leads)
      .set({ created_at: sql`'2026-03-01T10:00:00.123457Z'::timestamptz` })
      .where(eq(tables.leads.id, ids[6]!));

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const current: AffiliateLeadPage = await page(gamma.key, `?limit=2${cursor ? `&page=${cursor}` : ''}`);
      assert.ok(current.data.length <= 2);
      seen.push(...current.data.map((lead) => lead.lead_id));
      cursor = current.next_page;
      pages += 1;
    } while (cursor && pages < 10);
    assert.equal(pages, 4);
    const byId = new Map(posted.map((leadId, index) => [leadId, ids[index]!]));
    const expected = [posted[6]!, ...posted.slice(0, 5).sort((a, b) => byId.get(b)! - byId.get(a)!), posted[5]!];
    assert.deepEqual(seen, expected, 'newest first, then by id, each once');

    assert.deepEqual(
      (await page(gamma.key, '?from=2026-03-01T10:00:00.123457Z')).data.map((lead) => lead.lead_id),
      [posted[6]],
    );
    assert.equal((await page(gamma.key, '?from=2026-03-01&to=2026-03-01')).data.length, 7, 'a day includes the whole day');
    assert.equal((await page(gamma.key, '?to=2026-02-28')).data.length, 0);
  });

  test('a forged or malformed cursor, and a bad limit or date, are 422 INVALID per field', async () => {
    const forged = Buffer.from(JSON.stringify(['2026-03-01T10:00:00Z', 1])).toString('base64url');
    for (const cursor of [forged, 'not*base64', Buffer.from('{"a":1}').toString('base64url'), Buffer.from('["2026-03-01T10:00:00.000000Z",-4]').toString('base64url')]) {
      const body = alpha.refusal(await pull(alpha.key, `?page=${encodeURIComponent(cursor)}`), 422, 'INVALID');
      assert.ok(body.errors?.['page'], JSON.stringify(body));
    }
    assert.ok(alpha.refusal(await pull(alpha.key, '?limit=501'), 422, 'INVALID').errors?.['limit']);
    assert.ok(alpha.refusal(await pull(alpha.key, '?limit=0'), 422, 'INVALID').errors?.['limit']);
    assert.ok(alpha.refusal(await pull(alpha.key, '?from=yesterday'), 422, 'INVALID').errors?.['from']);
    assert.ok(alpha.refusal(await pull(alpha.key, '?to=2026-03-01T10:00:00'), 422, 'INVALID').errors?.['to'], 'a time needs its offset');
    // Days that do not exist, or whose bounds PostgreSQL cannot hold, were a 500 (or rolled over to the next month).
    for (const query of ['from=2026-13-45', 'to=2026-00-00', 'from=0000-01-01', 'to=9999-12-31', 'from=2026-02-30', 'to=2026-11-31', 'from=2026-02-30T08:00:00Z']) {
      const field = query.slice(0, query.indexOf('='));
      assert.ok(alpha.refusal(await pull(alpha.key, `?${query}`), 422, 'INVALID').errors?.[field], query);
    }
  });

  test('the public document lists both pull operations and no console route', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/api/v1/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    assert.ok(document.paths['/api/v1/leads']?.['get'], 'GET /leads');
    assert.ok(document.paths['/api/v1/leads/{lead_id}']?.['get'], 'GET /leads/{lead_id}');
    assert.ok(
      Object.keys(document.paths).every((path) => path.startsWith('/api/v1/')),
      Object.keys(document.paths).join(),
    );
    assert.match(JSON.stringify(document.paths['/api/v1/leads']), /next_page/);
    const internal = Object.keys(((await context.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> }).paths);
    assert.ok(internal.includes('/api/settings/affiliate/company/{id}/status-map') && !internal.some((path) => path.startsWith('/api/v1')));
  });
});
