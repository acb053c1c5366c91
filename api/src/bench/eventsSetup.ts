/**
 * bench:events' data and writer, straight SQL on the throwaway database: N signed-in users (each with a session and one
 * running job, allowed the jobs page), and the writer that plays the job progress the streams follow.
 */
import pg from 'pg';
import { createToken } from '../modules/auth/tokens.ts';

const jobType = 'bench_events';
/** The writer also notifies this channel in its transaction: the floor, PostgreSQL's own commit → listener time. */
export const floorChannel = 'bench_events_floor';

/** Users `bench-events-<i>@example.com` with the jobs page's permission, a session each and a running job each. */
export async function createSignedInUsers(client: pg.Client, count: number): Promise<string[]> {
  const tokens = Array.from({ length: count }, () => createToken());
  await client.query('begin');
  const role = await client.query<{ id: number }>(`insert into roles (name) values ('Bench events') returning id`);
  const roleId = role.rows[0]?.id;
  await client.query(`insert into role_has_permissions (role_id, permission_id) select $1, id from permissions where name = 'user.profile.job.view'`, [roleId]);
  const users = await client.query<{ id: number }>(
    `insert into users (name, email, password_hash)
       select 'Bench user ' || i, 'bench-events-' || i || '@example.com', 'not a password hash' from generate_series(1, $1::int) as i
     returning id`,
    [count],
  );
  const userIds = users.rows.map((row) => row.id);
  await client.query(`insert into user_roles (user_id, role_id) select unnest($1::int[]), $2`, [userIds, roleId]);
  await client.query(`insert into sessions (user_id, token_hash, expires_at) select unnest($1::int[]), unnest($2::text[]), now() + interval '1 day'`, [
    userIds,
    tokens.map((token) => token.hash),
  ]);
  await client.query(`insert into jobs (user_id, type, name, status, total, pending, started_at) select unnest($1::int[]), $2, 'Bench job', 'running', 1000000, 1000000, now()`, [
    userIds,
    jobType,
  ]);
  await client.query('commit');
  return tokens.map((token) => token.token);
}

/**
 * Who a progress write reaches. `one`: the first bench job moves and its job event goes to every holder of the jobs
 * page's permission (a permission broadcast: one event row, fanned out to every stream). `every`: every bench job moves
 * and each job event goes to its owner, as `publishJobEvent` sends it (one row per stream).
 */
export type WriteScope = 'one' | 'every';

const payload = `jsonb_build_object('id', id, 'status', status, 'progress', progress, 'total', total, 'pending', pending, 'processed', processed, 'failed', failed)`;

/**
 * One progress write: the jobs' progress set to `sequence` and their job events (the payload a stream sends) inserted in
 * the same transaction, as the job queue's `report` does. Resolves with `performance.now()` right after COMMIT returned.
 */
export async function writeProgress(client: pg.Client, sequence: number, scope: WriteScope): Promise<number> {
  await client.query('begin');
  await client.query('select pg_notify($1, $2)', [floorChannel, String(sequence)]);
  // The events last, as publish.ts asks: their insert holds the events' lock until commit.
  await client.query(
    `with updated as (
       update jobs set processed = $1, pending = total - $1, progress = least(100, $1 * 100 / total), heartbeat_at = now(), updated_at = now()
       where type = $2 and status = 'running' ${scope === 'one' ? 'and id = (select min(id) from jobs where type = $2)' : ''}
       returning id, user_id, status, progress, total, pending, processed, failed)
     insert into events (kind, user_id, permission, payload)
     ${scope === 'one' ? `select 'job', null, 'user.profile.job.view', ${payload} from updated` : `select 'job', user_id, null, ${payload} from updated order by user_id`}`,
    [sequence, jobType],
  );
  await client.query('commit');
  return performance.now();
}
