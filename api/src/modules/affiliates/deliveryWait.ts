/**
 * `POST /api/v1/leads?wait=`: the accepted call waits for its lead's distribution to leave 'pending' (delivered,
 * held, unassigned, timeout), woken by the `distributionSettledChannel` notification that the change commits with
 * (migration 0025), whichever process distributed it; at the end of the wait it answers where the lead stands.
 */
import { eq } from 'drizzle-orm';
import type { AffiliateLeadDistribution } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import type { Listen } from '../../db/listen.ts';
import { leadDistributions, leads } from '../../db/schema/index.ts';
import { distributionSettledChannel } from '../leads/distributionQueue.ts';

export type DeliveryWait = (leadRowId: number, ms: number) => Promise<AffiliateLeadDistribution>;

async function distributionOf(db: Db, leadRowId: number): Promise<AffiliateLeadDistribution> {
  const [row] = await db
    .select({ state: leadDistributions.state, lead_url: leads.lead_url, api_lead_id: leads.api_lead_id })
    .from(leads)
    .leftJoin(leadDistributions, eq(leadDistributions.lead_id, leads.id))
    .where(eq(leads.id, leadRowId));
  const state = row?.state ?? 'pending';
  const delivered = state === 'delivered';
  return { state, autologin_url: delivered ? (row?.lead_url ?? null) : null, broker_lead_id: delivered ? (row?.api_lead_id ?? null) : null };
}

/** The waits of this process share one subscription, made at the first wait. */
export function deliveryWait(db: Db, listen: Listen): DeliveryWait {
  const wakers = new Map<number, Set<() => void>>();
  let subscription: Promise<unknown> | null = null;
  const onSettled = (payload: string | null): void => {
    // null: notifications may have been lost (a reconnect), so every wait looks again.
    const woken = payload === null ? [...wakers.values()] : [wakers.get(Number(payload))];
    for (const set of woken) for (const wake of set ?? []) wake();
  };

  return async (leadRowId, ms) => {
    subscription ??= listen(distributionSettledChannel, onSettled).catch((error: unknown) => {
      subscription = null;
      throw error;
    });
    await subscription;
    const deadline = Date.now() + ms;
    const set = wakers.get(leadRowId) ?? new Set<() => void>();
    wakers.set(leadRowId, set);
    let timer: NodeJS.Timeout | undefined;
    let wake: () => void = () => undefined;
    try {
      for (;;) {
        // Listening before looking: a change committed between the two still wakes this wait.
        const woken = new Promise<void>((resolve) => {
          wake = resolve;
          set.add(resolve);
          timer = setTimeout(resolve, Math.max(deadline - Date.now(), 0));
        });
        const distribution = await distributionOf(db, leadRowId);
        if (distribution.state !== 'pending' || Date.now() >= deadline) return distribution;
        await woken;
        clearTimeout(timer);
        set.delete(wake);
      }
    } finally {
      clearTimeout(timer);
      set.delete(wake);
      if (set.size === 0) wakers.delete(leadRowId);
    }
  };
}
