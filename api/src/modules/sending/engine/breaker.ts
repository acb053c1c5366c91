/**
 * A circuit breaker per integration: after `threshold` failures in a row (network errors and 5xx, the broker being
 * down) it opens for `coolDownMs`, and every send fails fast instead of waiting on a dead broker; then one trial call
 * is let through (half-open), and its success closes the circuit.
 *
 * The circuit lives in `integration_circuits`, shared by every API and worker process, so a dead broker gets
 * `threshold` calls in all rather than per process. A send asks on the hot path, so each process answers from its
 * snapshot of the rows that are not clean, read again at most every `refreshMs`: a closed circuit and a success on it
 * cost no statement. A failure is one upsert; the trial is claimed by one guarded update, so one process gets it.
 * A failure and a recovery tell the caps board (a `caps` event for the integration's departments, modules/events).
 */
import { and, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/database.ts';
import { brokerDepartments, integrationCircuits, sendIntegrations } from '../../../db/schema/index.ts';
import { publishCapsChanges } from '../../events/changes.ts';

export type BreakerOptions = {
  threshold: number;
  coolDownMs: number;
  /** How long a claimed trial call holds the circuit half-open before another process may try (its own died). */
  trialMs?: number;
  /** How old the snapshot may get before a question reads the rows again. */
  refreshMs?: number;
  /** Tests: a clock for this process and, in its statements, for the database (else the database's own). */
  now?: () => number;
};

type Circuit = { failures: number; openUntil: number | null; trialUntil: number | null };

const columns = {
  id: integrationCircuits.integration_id,
  failures: integrationCircuits.failures,
  openUntil: integrationCircuits.open_until,
  trialUntil: integrationCircuits.trial_until,
};
type Row = { id: number; failures: number; openUntil: Date | null; trialUntil: Date | null };

const clean = (circuit: Circuit | undefined) => !circuit || (circuit.failures === 0 && circuit.openUntil === null && circuit.trialUntil === null);

export class CircuitBreakers {
  private snapshot = new Map<number, Circuit>();
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | null = null;
  /** Rows this process wrote, by write number: a read that started before the write must not undo it. */
  private writes = 0;
  private readonly written = new Map<number, number>();
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly options: BreakerOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** The clock the statements use: the database's, so every process measures the cool-down alike. */
  private clock(): SQL {
    return this.options.now ? sql`${new Date(this.now()).toISOString()}::timestamptz` : sql`now()`;
  }

  private store(id: number, row: Row | undefined): void {
    this.writes += 1;
    this.written.set(id, this.writes);
    if (row) this.snapshot.set(id, { failures: row.failures, openUntil: row.openUntil?.getTime() ?? null, trialUntil: row.trialUntil?.getTime() ?? null });
    else this.snapshot.delete(id);
  }

  /** Reads the rows again when the snapshot is older than `refreshMs` (one read at a time). */
  async refresh(): Promise<void> {
    if (this.now() - this.readAt < (this.options.refreshMs ?? 1000)) return;
    this.reading ??= this.read().finally(() => (this.reading = null));
    await this.reading;
  }

  private async read(): Promise<void> {
    const started = this.now();
    const since = this.writes;
    const rows = await this.db
      .select(columns)
      .from(integrationCircuits)
      .where(or(gt(integrationCircuits.failures, 0), isNotNull(integrationCircuits.open_until), isNotNull(integrationCircuits.trial_until)));
    const next = new Map<number, Circuit>();
    for (const row of rows) next.set(row.id, { failures: row.failures, openUntil: row.openUntil?.getTime() ?? null, trialUntil: row.trialUntil?.getTime() ?? null });
    for (const [id, write] of this.written) {
      if (write <= since) {
        this.written.delete(id);
        continue;
      }
      const mine = this.snapshot.get(id);
      if (mine) next.set(id, mine);
      else next.delete(id);
    }
    this.snapshot = next;
    this.readAt = started;
  }

  /** May a call go out now? While open it may not; after the cool-down, one trial call may (in one process). */
  async allows(integrationId: number): Promise<boolean> {
    await this.refresh();
    const circuit = this.snapshot.get(integrationId);
    if (!circuit?.openUntil) return true;
    const now = this.now();
    if (now < circuit.openUntil || (circuit.trialUntil !== null && now < circuit.trialUntil)) return false;
    const clock = this.clock();
    const [claimed] = await this.db
      .update(integrationCircuits)
      .set({ trial_until: sql`${clock} + ${this.options.trialMs ?? 120_000}::int * interval '1 millisecond'`, updated_at: sql`${clock}` })
      .where(
        and(
          eq(integrationCircuits.integration_id, integrationId),
          lte(integrationCircuits.open_until, clock),
          or(isNull(integrationCircuits.trial_until), lte(integrationCircuits.trial_until, clock)),
        ),
      )
      .returning(columns);
    if (claimed) {
      this.store(integrationId, claimed);
      return true;
    }
    // Another process holds the trial, or its trial closed the circuit: see which.
    const [row] = await this.db.select(columns).from(integrationCircuits).where(eq(integrationCircuits.integration_id, integrationId));
    this.store(integrationId, row);
    return !row?.openUntil;
  }

  /** A write of a circuit, with a `caps` event for the departments sending through it (rare: on failures and recoveries). */
  private async write<Result>(integrationId: number, statement: (tx: Executor) => Promise<Result>): Promise<Result> {
    return this.db.transaction(async (tx) => {
      const result = await statement(tx);
      const departments = await tx.select({ id: brokerDepartments.id }).from(brokerDepartments).where(eq(brokerDepartments.send_integration_id, integrationId));
      await publishCapsChanges(
        tx,
        departments.map((department) => department.id),
      );
      return result;
    });
  }

  /** The call went through: a circuit this process knows to be unclean is closed; a clean one costs nothing. */
  async succeeded(integrationId: number): Promise<void> {
    if (clean(this.snapshot.get(integrationId))) return;
    const [row] = await this.write(integrationId, (tx) =>
      tx
        .update(integrationCircuits)
        .set({ failures: 0, opened_at: null, open_until: null, trial_until: null, updated_at: sql`${this.clock()}` })
        .where(eq(integrationCircuits.integration_id, integrationId))
        .returning(columns),
    );
    this.store(integrationId, row);
  }

  /**
   * A failure that says the broker is unwell (network error, 5xx); a refused lead is not one. It opens the circuit at
   * the threshold, and again (a new cool-down) when it was open: the trial failed. An integration deleted meanwhile
   * gets no row.
   */
  async failed(integrationId: number): Promise<void> {
    const clock = this.clock();
    const { threshold, coolDownMs } = this.options;
    const until = sql`${clock} + ${coolDownMs}::int * interval '1 millisecond'`;
    const rows = await this.write(integrationId, (tx) =>
      tx.execute<{ id: number; failures: number; open_until: Date | string | null; trial_until: Date | string | null }>(sql`
      insert into ${integrationCircuits} (integration_id, failures, opened_at, open_until, updated_at)
      select ${sendIntegrations.id}, 1, case when 1 >= ${threshold}::int then ${clock} end, case when 1 >= ${threshold}::int then ${until} end, ${clock}
      from ${sendIntegrations} where ${sendIntegrations.id} = ${integrationId}
      on conflict (integration_id) do update set
        failures = ${integrationCircuits}.failures + 1,
        opened_at = case when ${integrationCircuits}.open_until is not null or ${integrationCircuits}.failures + 1 >= ${threshold}::int
          then coalesce(${integrationCircuits}.opened_at, ${clock}) end,
        open_until = case when ${integrationCircuits}.open_until is not null or ${integrationCircuits}.failures + 1 >= ${threshold}::int then ${until} end,
        trial_until = null,
        updated_at = ${clock}
      returning integration_id as id, failures, open_until, trial_until`),
    );
    const [row] = rows.rows;
    const at = (value: Date | string | null) => (value === null ? null : new Date(value));
    this.store(integrationId, row ? { id: row.id, failures: row.failures, openUntil: at(row.open_until), trialUntil: at(row.trial_until) } : undefined);
  }

  /** Until when calls fail fast (null: one may go now), from the snapshot; reads only, so no trial is used up by asking. */
  openUntil(integrationId: number): Date | null {
    const circuit = this.snapshot.get(integrationId);
    if (!circuit?.openUntil) return null;
    const now = this.now();
    if (now < circuit.openUntil) return new Date(circuit.openUntil);
    return circuit.trialUntil !== null && now < circuit.trialUntil ? new Date(now) : null;
  }
}
