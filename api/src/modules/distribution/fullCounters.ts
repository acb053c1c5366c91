/**
 * Counters this process found full, for a moment: a department whose cap or pacing refused a reservation is passed
 * over with that verdict for `holdMs` instead of another reservation that would be refused the same way. Under load
 * the pick favours departments with no calls queued (engine.ts), and a capped department has none: without this,
 * most picks of it were refused reservations (5,800 in a bench:distribution run). A slot this process gives back
 * forgets the department's entries; one given back by another process is taken by a pick a moment later. New caps or
 * pacing settings void a refusal. Each process's attempt writer (attemptWriter.ts) keeps one.
 */
import type { Verdict } from './candidates.ts';
import type { CapSetting, DepartmentLimits } from './limits.ts';

/** How long a refusal stands, in real time and in the engine's clock alike (tests move the latter). */
const holdMs = 1_000;

type Full = { verdict: Verdict; at: number; noted: number; settings: string };

/** The department's caps and pacing as the refusal met them: new settings void it. */
export type CounterSettings = { caps: readonly CapSetting[]; limits: Pick<DepartmentLimits, 'pacing_per_hour'> };
const settingsKey = (settings: CounterSettings) => JSON.stringify([settings.caps, settings.limits.pacing_per_hour]);

export class FullCounters {
  /** By department and the counter's country ('' for the all-countries caps and the pacing). */
  private readonly full = new Map<string, Full>();

  /** A reservation at the department was refused by a counter of this country ('' for all) at engine time `at`. */
  note(departmentId: number, country: string, verdict: Verdict, at: Date, settings: CounterSettings): void {
    this.full.set(`${departmentId}:${country}`, { verdict, at: at.getTime(), noted: Date.now(), settings: settingsKey(settings) });
  }

  /** The refusal a lead of `country` would meet at the department now, if one stands. */
  verdictFor(departmentId: number, country: string | null, now: Date, settings: CounterSettings): Verdict | null {
    for (const key of [`${departmentId}:`, `${departmentId}:${country ?? ''}`]) {
      const entry = this.full.get(key);
      if (!entry) continue;
      if (Date.now() - entry.noted < holdMs && Math.abs(now.getTime() - entry.at) < holdMs && entry.settings === settingsKey(settings)) return entry.verdict;
      this.full.delete(key);
    }
    return null;
  }

  /** Slots of these departments were given back. */
  forget(departmentIds: Iterable<number>): void {
    const gone = new Set(departmentIds);
    if (gone.size === 0) return;
    for (const key of this.full.keys()) if (gone.has(Number(key.slice(0, key.indexOf(':'))))) this.full.delete(key);
  }
}
