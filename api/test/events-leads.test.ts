/**
 * `lead` live events (issue 34): a lead's status change, edit and deletion, a distribution run, a send job, a broker's
 * report and a status rules run each name their leads to whoever holds `lead.single.view`, and to no one else; a set
 * of more than `maxLeadEventIds` leads comes in several events; the ids of an event are distinct.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq, gt, sql } from 'drizzle-orm';
import { maxLeadEventIds, type Permission } from '@crm/shared/contract';
import * as tables from '../src/db/schema/index.ts';
import { enqueueDistribution } from '../src/modules/leads/distributionQueue.ts';
import { runDueDistributions } from '../src/modules/distribution/queue.ts';
import { publishLeadChanges } from '../src/modules/events/changes.ts';
import { applyBrokerReport } from '../src/modules/sending/status/apply.ts';
import { distributionFixture, enableStandInRule } from './distributionFixture.ts';
import type { OpenStream } from './eventStreamClient.ts';
import { waitFor } from './helpers.ts';
import { assertSentNone, listening, nextPayload, openLive } from './liveEventReceivers.ts';

const leadViewer: Permission[] = ['lead.single.view'];
/** A console user who sees the caps board and their notifications but may not view a lead. */
const outsiderPermissions: Permission[] = ['broker.department.caps.view', 'user.profile.notification.view'];
const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

describe('lead live events', () => {
  let fx: Awaited<ReturnType<typeof distributionFixture>>;
  let base: string;
  let viewer: { id: number; token: string };
  let outsider: { id: number; token: string };
  let statusIds: number[];

  before(async () => {
    fx = await distributionFixture();
    base = await listening(fx.context);
    await enableStandInRule(fx.context.database.db);
    viewer = await fx.context.userWith(leadViewer, 'Vera Viewer');
    outsider = await fx.context.userWith(outsiderPermissions, 'Otto Outsider');
    const rows = await fx.context.database.db
      .insert(tables.statuses)
      .values(['One', 'Two'].map((name) => ({ name: `Live ${name}`, class: 'lead' as const, bg_color: '#000001', text_color: '#ffffff' })))
      .returning({ id: tables.statuses.id });
    statusIds = rows.map((row) => row.id);
  });
  after(() => fx.close());

  const open = (token: string) => openLive(base, token);
  const leadEventCount = async () => (await fx.context.database.db.select({ id: tables.events.id }).from(tables.events).where(eq(tables.events.kind, 'lead'))).length;
  const nextLeadIds = async (stream: OpenStream) => (await nextPayload<{ ids: number[] }>(stream, 'lead')).ids;

  /** Reads `lead` events until every wanted lead was named; returns every id named meanwhile. */
  async function leadIdsUntil(stream: OpenStream, wanted: readonly number[]): Promise<Set<number>> {
    const seen = new Set<number>();
    while (!wanted.every((id) => seen.has(id))) for (const id of await nextLeadIds(stream)) seen.add(id);
    return seen;
  }

  test('a status change, an edit and a deletion on the lead profile reach a lead viewer, and not a user without lead.single.view', async () => {
    const lead = await fx.newLead();
    const [viewerStream, outsiderStream] = await Promise.all([open(viewer.token), open(outsider.token)]);
    try {
      const changed = await fx.call('PUT', `/lead/${lead.id}/status`, { status_id: statusIds[0] });
      assert.equal(changed.statusCode, 200, changed.body);
      assert.deepEqual(await nextLeadIds(viewerStream), [lead.id]);

      const edited = await fx.call('PUT', `/lead/${lead.id}`, { name: 'Edited' });
      assert.equal(edited.statusCode, 200, edited.body);
      assert.deepEqual(await nextLeadIds(viewerStream), [lead.id]);
      // An edit that changes nothing writes nothing, and tells no one.
      const before = await leadEventCount();
      assert.equal((await fx.call('PUT', `/lead/${lead.id}`, { name: 'Edited' })).statusCode, 200);
      assert.equal(await leadEventCount(), before);

      const deleted = await fx.call('DELETE', `/lead/${lead.id}`);
      assert.equal(deleted.statusCode, 200, deleted.body);
      assert.deepEqual(await nextLeadIds(viewerStream), [lead.id]);
      await assertSentNone(fx.context.database.db, outsider.id, outsiderStream);
    } finally {
      viewerStream.close();
      outsiderStream.close();
    }
  });

  test('a distribution run names the leads it started and delivered, in events of batches, not one per lead', async () => {
    const desk = await fx.desk();
    const leads = [await fx.newLead(), await fx.newLead(), await fx.newLead()];
    const ids = leads.map((lead) => lead.id);
    const db = fx.context.database.db;
    const stream = await open(viewer.token);
    try {
      const [newest] = await db.select({ id: sql<number>`coalesce(max(${tables.events.id}), 0)`.mapWith(Number) }).from(tables.events);
      await db.transaction((tx) => enqueueDistribution(tx, ids));
      assert.equal(await runDueDistributions(fx.deps([fx.tier([desk, 1])]), ['pending']), 3);
      const seen = await leadIdsUntil(stream, ids);
      assert.deepEqual(sorted(seen), sorted(ids));
      const distributionEvents = await db
        .select()
        .from(tables.events)
        .where(and(eq(tables.events.kind, 'lead'), gt(tables.events.id, newest?.id ?? 0)));
      // Each lead is named at its start and at its outcome: at most two events per lead, fewer when grouped.
      assert.ok(distributionEvents.length <= 2 * ids.length, `${distributionEvents.length} events`);
      assert.ok(
        distributionEvents.every((row) => row.permission === 'lead.single.view' && row.user_id === null),
        'a broadcast to lead viewers',
      );
    } finally {
      stream.close();
    }
  });

  test("a send job names the leads of each batch of outcomes; a broker's report names its lead", async () => {
    const desk = await fx.desk();
    const leads = [await fx.newLead(), await fx.newLead(), await fx.newLead()];
    const ids = leads.map((lead) => lead.id);
    const stream = await open(viewer.token);
    try {
      const started = await fx.call('POST', '/lead/send', { broker_department_id: desk.id, lead_ids: ids });
      assert.equal(started.statusCode, 202, started.body);
      const seen = await leadIdsUntil(stream, ids);
      assert.deepEqual(sorted(seen), sorted(ids));
      await waitFor(async () => leads.every((lead) => desk.broker.timesReceived(lead.email) === 1));

      // The broker reports a deposit on one of them (as a postback or a pull would): that lead alone; a repeat is no change.
      const [reported] = ids as [number];
      const target = { leadId: reported, departmentId: desk.id };
      const report = { status: 'Deposit', ftd_at: new Date(), payload: {} };
      assert.equal(await applyBrokerReport(fx.context.database.db, target, report, 'push'), true);
      assert.deepEqual(await nextLeadIds(stream), [reported]);
      const before = await leadEventCount();
      assert.equal(await applyBrokerReport(fx.context.database.db, target, report, 'pull'), false);
      assert.equal(await leadEventCount(), before);
    } finally {
      stream.close();
    }
  });

  test(`a status rules run over more than ${maxLeadEventIds} leads names them in several events of at most ${maxLeadEventIds}`, async () => {
    const db = fx.context.database.db;
    const [from, to] = statusIds as [number, number];
    const rows = await db
      .insert(tables.leads)
      .values(Array.from({ length: maxLeadEventIds + 5 }, (_, index) => ({ lead_id: `LIVE-${index}`, email: `live${index}@example.com`, status_id: from })))
      .returning({ id: tables.leads.id });
    const ids = rows.map((row) => row.id);
    await db.delete(tables.leadStatusSettings);
    await db.insert(tables.leadStatusSettings).values({ condition_status_id: from, last_status_id: to, ignore_duration: true });
    const stream = await open(viewer.token);
    try {
      const run = await fx.call('POST', '/lead/status/settings/run');
      assert.equal(run.statusCode, 202, run.body);
      const first = await nextLeadIds(stream);
      const second = await nextLeadIds(stream);
      assert.deepEqual([first.length, second.length], [maxLeadEventIds, 5]);
      assert.deepEqual(sorted([...first, ...second]), sorted(ids));
    } finally {
      stream.close();
    }
  });

  test('an event names each lead once, and no ids make no event', async () => {
    const db = fx.context.database.db;
    const stream = await open(viewer.token);
    try {
      const before = await leadEventCount();
      await publishLeadChanges(db, []);
      assert.equal(await leadEventCount(), before);
      await publishLeadChanges(db, [7, 7, 8, 7]);
      assert.deepEqual(await nextLeadIds(stream), [7, 8]);
    } finally {
      stream.close();
    }
  });
});
