/**
 * Folds the deltas into the rollups: each delta counted once per grouping set, at its UTC hour or day, added to the
 * row of that set, period and keys. The deltas taken are deleted in the same transaction, so a report (which reads
 * rollups and deltas in one statement) counts every change exactly once at any moment. One fold at a time across
 * processes (an advisory lock); a process that finds it held leaves the work to the holder.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { countNames } from './grouping.ts';
import { groupingSets, rollupKeys } from './sets.ts';

/** Small enough that a fold never holds the embedded database (one connection) for long. */
const batchSize = 2_000;
/** `hashtext('report_fold')`, fixed so every process takes the same lock. */
const foldLock = 735_035_001;

const setValues = sql.raw(groupingSets.map((set) => `(${set.id}, ${set.grainSeconds}, ${rollupKeys.map((key) => String(set.keys.includes(key))).join(', ')})`).join(',\n    '));
const keyList = rollupKeys.join(', ');
const maskedKeys = sql.raw(rollupKeys.map((key) => `case when s.use_${key} then d.${key} end as ${key}`).join(', '));
const counts = countNames.join(', ');
const summed = sql.raw(countNames.map((name) => `sum(${name})::int`).join(', '));
const summedByName = sql.raw(countNames.map((name) => `sum(${name})::int as ${name}`).join(', '));
const added = sql.raw(countNames.map((name) => `${name} = report_rollups.${name} + excluded.${name}`).join(', '));

/** Folds one batch; returns how many deltas it took (0 when another process holds the fold). */
async function foldBatch(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows: locked } = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${foldLock}) as locked`);
    if (!locked[0]?.locked) return 0;
    const { rows } = await tx.execute<{ taken: number }>(sql`
      -- A range of the primary key from the oldest: \`id in (select … order by id limit n)\`, planned from statistics taken
      -- while the table was empty (it is emptied by every fold), became a nested loop over the whole table per delta:
      -- 25 s a batch of 2,000 in bench:intake.
      with oldest as (select min(id) as id from report_deltas),
           taken as (delete from report_deltas where id >= (select id from oldest) and id < (select id from oldest) + ${batchSize} returning *),
           -- Summed per UTC hour and keys first: a batch's deltas share few keys, so the sets multiply few rows (a day
           -- grain is whole hours, so the hour's start floors to its day).
           hourly as (
             select to_timestamp(floor(extract(epoch from created_at) / 3600) * 3600) as hour_start, ${sql.raw(keyList)}, ${summedByName}
               from taken group by 1, ${sql.raw(keyList)}),
           sets (id, grain, ${sql.raw(rollupKeys.map((key) => `use_${key}`).join(', '))}) as (values ${setValues}),
           expanded as (
             select s.id as grouping_set, to_timestamp(floor(extract(epoch from d.hour_start) / s.grain) * s.grain) as period_start, ${maskedKeys}, ${sql.raw(countNames.map((name) => `d.${name}`).join(', '))}
               from hourly d cross join sets s),
           folded as (
             insert into report_rollups (grouping_set, period_start, ${sql.raw(keyList)}, ${sql.raw(counts)})
             select grouping_set, period_start, ${sql.raw(keyList)}, ${summed} from expanded
              group by grouping_set, period_start, ${sql.raw(keyList)}
             on conflict on constraint report_rollups_key do update set ${added})
      select (select count(*) from taken)::int as taken`);
    return rows[0]?.taken ?? 0;
  });
}

/** Folds every delta there is; returns how many. */
export async function foldReportDeltas(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    // Ids the range skips (rolled back, or not yet committed) make a batch short: only an empty one means done.
    const taken = await foldBatch(db);
    total += taken;
    if (taken === 0) return total;
  }
}
