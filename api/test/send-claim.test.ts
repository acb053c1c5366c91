/**
 * The claim before a broker call (engine/claim.ts): two send jobs (on two workers) that both passed the checks before
 * sending never both call the broker for one lead and department.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, inArray } from 'drizzle-orm';
import * as tables from '../src/db/schema/index.ts';
import { claimSends } from '../src/modules/sending/engine/claim.ts';
import { skipStatuses } from '../src/modules/sending/engine/checks.ts';
import { createTestContext, type TestContext } from './helpers.ts';

describe('claiming leads for a send', () => {
  let context: TestContext;
  let departmentId: number;
  let otherDepartmentId: number;
  let userId: number;
  let seq = 0;

  before(async () => {
    context = await createTestContext();
    const { db } = context.database;
    const [broker] = await db.insert(tables.brokers).values({ name: 'Claim Broker' }).returning();
    const [desk, otherDesk] = await db
      .insert(tables.brokerDepartments)
      .values([
        { broker_id: broker!.id, branch_name: 'Claim Desk' },
        { broker_id: broker!.id, branch_name: 'Other Desk' },
      ])
      .returning();
    departmentId = desk!.id;
    otherDepartmentId = otherDesk!.id;
    const [admin] = await db.select().from(tables.users).limit(1);
    userId = admin!.id;
  });
  after(() => context.close());

  async function newLead(): Promise<number> {
    seq += 1;
    const [lead] = await context.database.db
      .insert(tables.leads)
      .values({ lead_id: `CLAIM-${seq}`, name: 'Ada', email: `claim${seq}@example.com` })
      .returning();
    return lead!.id;
  }

  /** A send job's queued row for the lead, as targets.ts writes it. */
  async function queued(leadId: number, department = departmentId, fields: Partial<typeof tables.leadSendHistories.$inferInsert> = {}): Promise<number> {
    const { db } = context.database;
    const [job] = await db.insert(tables.jobs).values({ type: 'lead.send', name: 'Send', user_id: userId }).returning();
    const [row] = await db
      .insert(tables.leadSendHistories)
      .values({ lead_id: leadId, broker_department_id: department, job_id: job!.id, user_id: userId, state: 'queued', ...fields })
      .returning();
    return row!.id;
  }

  const rowOf = async (id: number) => (await context.database.db.select().from(tables.leadSendHistories).where(eq(tables.leadSendHistories.id, id)))[0];
  const target = { departmentId: 0, resendUnknown: false };

  test('two jobs claiming one lead for one department at once: one claims it, the other skips it', async () => {
    const leadId = await newLead();
    const first = await queued(leadId);
    const second = await queued(leadId);
    const [a, b] = await Promise.all([claimSends(context.database.db, [first], { ...target, departmentId }), claimSends(context.database.db, [second], { ...target, departmentId })]);
    assert.equal(a.size + b.size, 1, 'exactly one claim');
    const rows = await context.database.db
      .select()
      .from(tables.leadSendHistories)
      .where(inArray(tables.leadSendHistories.id, [first, second]));
    assert.deepEqual(rows.map((row) => row.state).sort(), ['failure', 'sending']);
    assert.equal(rows.find((row) => row.state === 'failure')?.failure_status, skipStatuses.outcomeUnknown);
  });

  test('a lead another job has sent is skipped as already sent; another department claims it', async () => {
    const leadId = await newLead();
    await queued(leadId, departmentId, { state: 'success' });
    const again = await queued(leadId);
    assert.equal((await claimSends(context.database.db, [again], { ...target, departmentId })).size, 0);
    assert.equal((await rowOf(again))?.failure_status, skipStatuses.alreadySent);

    const elsewhere = await queued(leadId, otherDepartmentId);
    assert.deepEqual([...(await claimSends(context.database.db, [elsewhere], { ...target, departmentId: otherDepartmentId }))], [elsewhere]);
  });

  test('an outcome-unknown attempt holds the lead unless staff asked to resend those', async () => {
    const leadId = await newLead();
    await queued(leadId, departmentId, { state: 'failure', failure_status: 'Timeout (outcome unknown)' });
    const held = await queued(leadId);
    assert.equal((await claimSends(context.database.db, [held], { departmentId, resendUnknown: false })).size, 0);
    const resent = await queued(leadId);
    assert.deepEqual([...(await claimSends(context.database.db, [resent], { departmentId, resendUnknown: true }))], [resent]);
  });
});
