/**
 * The shave watch's browser-test data: a department whose FTD rate falls in the week the watch looks at (the latest
 * week whose 7-day horizon has passed), against its own eight weeks before and against a peer department that got
 * leads of the same affiliate company and country that week. Written straight into the database, relative to today.
 *
 *  - "Shaver": 40 deliveries a week; 10 deposits a week for eight weeks, then 1 in the week watched.
 *  - "Honest": 40 deliveries in the week watched, 10 deposits.
 * Deposits come a day after delivery, each reported by the broker (a push); a few other leads got a status pull.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

export const shaveWatch = {
  brokerName: 'E2E Shave Broker',
  company: 'E2E Shave Partners',
  shaver: 'Shaver',
  honest: 'Honest',
  perWeek: 40,
  baselineFtds: 10,
  watchedFtds: 1,
  honestFtds: 10,
} as const;

const dayMs = 86_400_000;

/** Monday 00:00 UTC of the latest week that ended at least 7 days (the default horizon) before `now`. */
function watchedMonday(now: Date): number {
  const lastPossible = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 14 * dayMs;
  return lastPossible - ((new Date(lastPossible).getUTCDay() + 6) % 7) * dayMs;
}

export async function seedShaveWatch(db: Db, now = new Date()): Promise<void> {
  const watch = shaveWatch;
  await db.transaction(async (tx) => {
    const one = async (query: ReturnType<typeof sql>) => Number((await tx.execute<{ id: number }>(query)).rows[0]?.id);
    const broker = await one(sql`insert into brokers (name) values (${watch.brokerName}) returning id`);
    const company = await one(sql`insert into affiliate_companies (name) values (${watch.company}) returning id`);
    const shaver = await one(sql`insert into broker_departments (broker_id, branch_name) values (${broker}, ${watch.shaver}) returning id`);
    const honest = await one(sql`insert into broker_departments (broker_id, branch_name) values (${broker}, ${watch.honest}) returning id`);
    let sequence = 0;
    const week = async (department: number, monday: number, ftds: number) => {
      for (let index = 0; index < watch.perWeek; index++) {
        sequence += 1;
        // Wednesday noon UTC onwards, a minute apart: inside the week in every zone within ±12 hours.
        const deliveredAt = new Date(monday + 2 * dayMs + 12 * 3_600_000 + index * 60_000);
        const ftdAt = index < ftds ? new Date(deliveredAt.getTime() + dayMs) : null;
        const lead = await one(sql`
          insert into leads (lead_id, name, surname, email, country, affiliate_company_id, last_broker_department_id, last_sent_at, api_lead_id, api_ftd_at, created_at, updated_at)
          values (${`E2ESHAVE${sequence}`}, 'Shave', ${`Lead ${sequence}`}, ${`e2e-shave-${sequence}@example.com`}, 'DE', ${company}, ${department}, ${deliveredAt},
                  ${`B${sequence}`}, ${ftdAt}, ${deliveredAt}, ${deliveredAt})
          returning id`);
        await tx.execute(sql`
          insert into lead_send_histories (lead_id, broker_department_id, state, api_lead_id, created_at, updated_at)
          values (${lead}, ${department}, 'success', ${`B${sequence}`}, ${deliveredAt}, ${deliveredAt})`);
        if (ftdAt) {
          await tx.execute(sql`
            insert into lead_broker_histories (lead_id, broker_department_id, channel, api_lead_status, api_ftd_at, payload, created_at)
            values (${lead}, ${department}, 'push', 'Deposited', ${ftdAt}, ${JSON.stringify({ status: 'Deposited', ftd: true })}::jsonb, ${ftdAt})`);
        } else if (index % 10 === 0) {
          await tx.execute(sql`
            insert into lead_broker_histories (lead_id, broker_department_id, channel, api_lead_status, payload, created_at)
            values (${lead}, ${department}, 'pull', 'No Answer', ${JSON.stringify({ status: 'No Answer' })}::jsonb, ${new Date(deliveredAt.getTime() + dayMs)})`);
        }
      }
    };
    const watched = watchedMonday(now);
    for (let back = 8; back >= 1; back--) await week(shaver, watched - back * 7 * dayMs, watch.baselineFtds);
    await week(shaver, watched, watch.watchedFtds);
    await week(honest, watched, watch.honestFtds);
  });
}
