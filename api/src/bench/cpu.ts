/**
 * Where a bench's CPU went, per role (Linux `/proc`): the processes it started, every PostgreSQL process of the
 * machine, the bench's own process (its clients and fake brokers), and the machine as a whole. A role's process that
 * is killed mid-run is read just before (`freeze`), since its counters go with it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

const ticksPerSecond = 100;

/** The fields of `/proc/<pid>/stat` after the command name (which may hold spaces): [0] is field 3, the state. */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

const ticksMs = (...ticks: (string | undefined)[]): number => (ticks.reduce((sum, value) => sum + Number(value ?? 0), 0) * 1000) / ticksPerSecond;

/** User + system CPU of a process in ms (fields 14 and 15), or null once it is gone. */
export function processCpuMs(pid: number): number | null {
  const fields = statFields(pid);
  return fields ? ticksMs(fields[11], fields[12]) : null;
}

/**
 * Every PostgreSQL process's CPU, with that of the backends that have ended: the postmaster (the one whose parent is
 * not PostgreSQL) reaps them, so their CPU is in its children's times (fields 16 and 17). Without it, the connections
 * of a killed process or of a pool that let them go idle took their CPU with them (1.6–4.5 ms a lead between runs).
 */
function postgresCpuMs(): number {
  const processes = new Map<number, string[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue; // Gone meanwhile.
    }
    const fields = statFields(Number(entry));
    if (fields) processes.set(Number(entry), fields);
  }
  let total = 0;
  for (const fields of processes.values()) {
    total += ticksMs(fields[11], fields[12]);
    if (!processes.has(Number(fields[1]))) total += ticksMs(fields[13], fields[14]);
  }
  return total;
}

/** Busy and total CPU time of the machine in ms (all cores). */
function machineCpuMs(): { busy: number; total: number } {
  const [line] = readFileSync('/proc/stat', 'utf8').split('\n');
  const values = (line ?? '').split(/\s+/).slice(1).map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: ((total - idle) * 1000) / ticksPerSecond, total: (total * 1000) / ticksPerSecond };
}

type Reading = { roles: Map<string, number>; machine: { busy: number; total: number } };

export class CpuMeter {
  private start: Reading | null = null;
  private readonly frozen = new Map<number, number>();

  constructor(private readonly roles: ReadonlyMap<string, readonly number[]>) {}

  private read(): Reading {
    const roles = new Map<string, number>();
    for (const [role, pids] of this.roles)
      roles.set(
        role,
        pids.reduce((sum, pid) => sum + (this.frozen.get(pid) ?? processCpuMs(pid) ?? 0), 0),
      );
    roles.set('PostgreSQL', postgresCpuMs());
    const own = process.cpuUsage();
    roles.set('the bench itself', (own.user + own.system) / 1000);
    return { roles, machine: machineCpuMs() };
  }

  begin(): void {
    this.frozen.clear();
    this.start = this.read();
  }

  /** Keeps the process's CPU as it is now (it is about to be killed). */
  freeze(pid: number): void {
    this.frozen.set(pid, processCpuMs(pid) ?? 0);
  }

  /** `machine 98 % busy (2 cores); per delivered lead: workers 4.1 ms, …` since `begin`, each figure with `digits` decimals. */
  report(perUnit: number, unit: string, digits = 1): string {
    const start = this.start ?? this.read();
    const end = this.read();
    const busy = (end.machine.busy - start.machine.busy) / Math.max(1, end.machine.total - start.machine.total);
    const perRole = [...end.roles].map(([role, ms]) => [role, (ms - (start.roles.get(role) ?? 0)) / Math.max(1, perUnit)] as const);
    const shares = perRole.map(([role, ms]) => `${role} ${ms.toFixed(digits)} ms`);
    const total = perRole.reduce((sum, [, ms]) => sum + ms, 0);
    // What the cores could do if every role kept its cost: the ceiling the machine sets, whatever the brokers allow.
    const ceiling = (cpus().length * 1000) / Math.max(0.001, total);
    return `machine ${(busy * 100).toFixed(0)} % busy (${cpus().length} cores); CPU per ${unit}: ${shares.join(', ')}; in all ${total.toFixed(digits)} ms: the cores allow ${ceiling.toFixed(0)} a second`;
  }
}
