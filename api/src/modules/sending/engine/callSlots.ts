/**
 * An integration's call slots in PostgreSQL (`integration_call_slots`), so its `concurrency` holds across every API and
 * worker process: a process takes free slots (or ones whose lease ran out: their process died) with `FOR UPDATE SKIP
 * LOCKED`, renews the leases of those it holds while it holds any, and gives them back in batches, with a notification
 * (`callSlotsChannel`, the integration's id) on commit that wakes the processes waiting for one. limiter.ts queues a
 * process's calls for them.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { Batcher } from '../../../db/batcher.ts';
import { preparedStatement } from '../../../db/prepared.ts';
import { columnLiteral } from '../../../db/sqlArrays.ts';

/** Slots given back: the payload is the integration's id. */
export const callSlotsChannel = 'crm_call_slots';

type HeldSlot = { integrationId: number; slot: number };

export type CallSlotOptions = {
  /** How long a slot stays taken after its holder last renewed it: how long a dead process's slots stay lost (2 s). */
  leaseSeconds?: number;
};

export class CallSlots {
  /** This process's mark on the slots it holds. */
  private readonly holder = randomUUID();
  /** Per integration, how many slots are known to have their rows. */
  private readonly rowsFor = new Map<number, number>();
  private held = 0;
  private renewal: NodeJS.Timeout | null = null;
  private readonly leaseSeconds: number;
  private readonly releases: Batcher<HeldSlot, void>;

  constructor(
    private readonly db: Db,
    options: CallSlotOptions = {},
  ) {
    this.leaseSeconds = options.leaseSeconds ?? 2;
    this.releases = new Batcher(
      async (slots: HeldSlot[]) => {
        await this.releaseNow(slots);
        return slots.map(() => undefined);
      },
      { maxItems: 500, maxWaitMs: 0 },
    );
  }

  /** Takes up to `count` of the integration's free slots below `limit`; answers their numbers (none: all are taken). */
  async acquire(integrationId: number, limit: number, count: number): Promise<number[]> {
    if ((this.rowsFor.get(integrationId) ?? 0) < limit) {
      await this.db.execute(sql`
        insert into integration_call_slots (integration_id, slot)
        select ${integrationId}, generate_series(0, ${limit - 1}) on conflict do nothing`);
      this.rowsFor.set(integrationId, limit);
    }
    const { rows } = await this.db.execute<{ slot: number }>(sql`${preparedStatement('integration_slots_acquire')}
      with free as materialized (
        select slot from integration_call_slots
         where integration_id = ${integrationId} and slot < ${limit} and (holder is null or lease_until < now())
         order by slot limit ${count} for update skip locked
      )
      update integration_call_slots as taken
         set holder = ${this.holder}, lease_until = now() + make_interval(secs => ${this.leaseSeconds})
        from free
       where taken.integration_id = ${integrationId} and taken.slot = free.slot
      returning taken.slot`);
    this.held += rows.length;
    this.renewWhileHolding();
    return rows.map((row) => Number(row.slot));
  }

  /** Gives a slot back (with the others given back meanwhile, in one statement); settles once it is free. */
  release(integrationId: number, slot: number): Promise<void> {
    return this.releases.add({ integrationId, slot }).catch((error: unknown) => {
      // Its lease frees it in the end.
      console.error('giving back a call slot failed:', error instanceof Error ? error.message : error);
    });
  }

  private async releaseNow(slots: readonly HeldSlot[]): Promise<void> {
    try {
      await this.db.execute(sql`${preparedStatement('integration_slots_release')}
        with freed as (
          update integration_call_slots as held set holder = null, lease_until = null
            from unnest(${columnLiteral(slots.map((entry) => entry.integrationId))}::int[], ${columnLiteral(slots.map((entry) => entry.slot))}::int[]) as given(integration_id, slot)
           where held.integration_id = given.integration_id and held.slot = given.slot and held.holder = ${this.holder}
          returning held.integration_id
        )
        select pg_notify(${callSlotsChannel}, integration_id::text) from (select distinct integration_id from freed) as integrations`);
    } finally {
      this.held -= slots.length;
      this.renewWhileHolding();
    }
  }

  /** Renews this process's leases a few times per lease while it holds a slot; stops when it holds none. */
  private renewWhileHolding(): void {
    if (this.held > 0 && !this.renewal) {
      this.renewal = setInterval(() => void this.renew(), (this.leaseSeconds * 1000) / 4);
      this.renewal.unref();
    } else if (this.held <= 0 && this.renewal) {
      clearInterval(this.renewal);
      this.renewal = null;
    }
  }

  private async renew(): Promise<void> {
    await this.db
      .execute(sql`update integration_call_slots set lease_until = now() + make_interval(secs => ${this.leaseSeconds}) where holder = ${this.holder}`)
      .catch((error: unknown) => console.error('renewing call slots failed:', error instanceof Error ? error.message : error));
  }
}
