/**
 * `caps` live events (issue 34): saving a department's caps or hours, a distribution delivery that takes a cap slot,
 * a refusal that gives its slot back, and a broker failure that moves the circuit each name the department to whoever
 * holds `broker.department.caps.view`, and to no one else.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Permission } from '@crm/shared/contract';
import { distributeLead } from '../src/modules/distribution/engine.ts';
import { distributionFixture } from './distributionFixture.ts';
import type { OpenStream } from './eventStreamClient.ts';
import { assertSentNone, listening, nextPayload, openLive } from './liveEventReceivers.ts';

const capsViewer: Permission[] = ['broker.department.caps.view'];
/** A console user who views leads and their notifications but not the caps board. */
const outsiderPermissions: Permission[] = ['lead.single.view', 'user.profile.notification.view'];
const oneCap = [{ country: null, day: 5, week: null, month: null, total: null }];

describe('caps live events', () => {
  let fx: Awaited<ReturnType<typeof distributionFixture>>;
  let base: string;
  let viewer: { id: number; token: string };
  let outsider: { id: number; token: string };

  before(async () => {
    fx = await distributionFixture();
    base = await listening(fx.context);
    viewer = await fx.context.userWith(capsViewer, 'Cleo Caps');
    outsider = await fx.context.userWith(outsiderPermissions, 'Otto Outsider');
  });
  after(() => fx.close());

  const open = (token: string) => openLive(base, token);
  const nextDepartments = async (stream: OpenStream) => (await nextPayload<{ department_ids: number[] }>(stream, 'caps')).department_ids;

  test("saving a department's caps and hours reaches the caps board's viewers, and not a user without broker.department.caps.view", async () => {
    const desk = await fx.desk();
    const [viewerStream, outsiderStream] = await Promise.all([open(viewer.token), open(outsider.token)]);
    try {
      await fx.setCaps(desk, oneCap);
      assert.deepEqual(await nextDepartments(viewerStream), [desk.id]);
      await fx.setHours(desk, { time_zone: 'Europe/Berlin', windows: [], closed_dates: [] });
      assert.deepEqual(await nextDepartments(viewerStream), [desk.id]);

      await assertSentNone(fx.context.database.db, outsider.id, outsiderStream);
    } finally {
      viewerStream.close();
      outsiderStream.close();
    }
  });

  test('a distribution delivery that takes a cap slot names its department; a refusal that gives the slot back does too', async () => {
    const [refusing, taking] = [await fx.desk(), await fx.desk()];
    await fx.setCaps(refusing, oneCap);
    await fx.setCaps(taking, oneCap);
    const stream = await open(viewer.token);
    try {
      const lead = await fx.newLead();
      refusing.broker.rejectNext(1, 'Duplicate');
      const result = await distributeLead(fx.deps([fx.tier([refusing, 50], [taking, 50])]), lead.id);
      assert.equal(result?.department_id, taking.id);
      // The refusing desk: its slot taken at the start, given back with the refusal; then the taking desk's slot, kept.
      const named = [await nextDepartments(stream), await nextDepartments(stream), await nextDepartments(stream)];
      assert.deepEqual(named, [[refusing.id], [refusing.id], [taking.id]]);
      assert.deepEqual(await fx.countersOf(refusing.id), [0]);
      assert.deepEqual(await fx.countersOf(taking.id), [1]);
    } finally {
      stream.close();
    }
  });

  test("a broker's failures move its circuit: each names the department sending through it", async () => {
    const [failing, backup] = [await fx.desk(), await fx.desk()];
    const stream = await open(viewer.token);
    try {
      failing.broker.failNext(3, 502);
      const lead = await fx.newLead();
      const result = await distributeLead(fx.deps([fx.tier([failing, 100]), fx.tier([backup, 100])]), lead.id);
      assert.equal(result?.department_id, backup.id);
      // Three failed calls (the send engine's retries), each counted on the circuit; neither desk has caps.
      const named = [await nextDepartments(stream), await nextDepartments(stream), await nextDepartments(stream)];
      assert.deepEqual(named, [[failing.id], [failing.id], [failing.id]]);
    } finally {
      stream.close();
    }
  });
});
