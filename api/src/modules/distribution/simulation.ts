/**
 * The simulator's replay (docs/product.md, distribution rules): leads in received order, each matched by the rules
 * (`firstMatch`), then per tier a weighted pick among the departments that would take it at its received time: active
 * with an active integration, open by their hours, targeting it, and under every cap and the pacing. Caps are counted
 * here in memory, per period of the department's zone (`periodStart`, as the cap slots are); the broker is taken to
 * accept every lead (no refusals, no failover). Pure: the departments and the random source are given.
 */
import type { CounterPeriod, DistributionVerdict, SimulationCapFill, SimulationResult } from '@crm/shared/contract';
import { maxCapFillRows } from '@crm/shared/contract';
import { isOpen } from '../../time/openingHours.ts';
import { periodStart } from '../../time/periods.ts';
import type { CapSetting, DepartmentLimits } from './limits.ts';
import { weightedPick, type RandomSource } from './routing.ts';
import { firstMatch, type RoutableLead, type RoutingRule } from './rules.ts';

/** A department as the replay meets it. */
export type SimulatedDepartment = {
  id: number;
  label: string;
  active: boolean;
  countries: readonly string[];
  languages: readonly string[];
  limits: DepartmentLimits;
  caps: readonly CapSetting[];
};

export type SimulatedLead = RoutableLead & { created_at: Date };

type Limit = { period: CounterPeriod; country: string; cap: number };
/** Pacing first, as the cap slots are taken: a department at its pacing reads PACING_REACHED. */
const periodOrder: readonly CounterPeriod[] = ['hour', 'day', 'week', 'month', 'total'];

export type ReplayCounts = Omit<SimulationResult, 'leads' | 'draft' | 'stopped' | 'assumes_delivery'>;

function passOver(department: SimulatedDepartment, lead: SimulatedLead): DistributionVerdict | null {
  if (!department.active) return 'INACTIVE';
  if (!isOpen(department.limits, lead.created_at)) return 'CLOSED';
  if (department.countries.length > 0 && !department.countries.includes(lead.country ?? '')) return 'NOT_TARGETED';
  const languages = department.languages.map((code) => code.toLowerCase());
  if (languages.length > 0 && !languages.includes((lead.language ?? '').toLowerCase())) return 'NOT_TARGETED';
  return null;
}

function limitsFor(department: SimulatedDepartment, country: string | null): Limit[] {
  const caps: Limit[] = department.caps.filter((setting) => setting.country === '' || setting.country === country);
  if (department.limits.pacing_per_hour !== null) caps.push({ period: 'hour', country: '', cap: department.limits.pacing_per_hour });
  return caps.sort((a, b) => periodOrder.indexOf(a.period) - periodOrder.indexOf(b.period) || a.country.localeCompare(b.country));
}

export class Replay {
  private readonly used = new Map<string, number>();
  private readonly delivered = new Map<number, number>();
  private readonly unassigned = new Map<DistributionVerdict, number>();
  private readonly fill = new Map<string, SimulationCapFill>();
  private truncated = false;

  constructor(
    private readonly rules: readonly RoutingRule[],
    private readonly departments: ReadonlyMap<number, SimulatedDepartment>,
    private readonly random: RandomSource,
  ) {}

  /** Routes one lead (leads must come in received order, as the caps fill up in time). */
  route(lead: SimulatedLead): void {
    const match = firstMatch(this.rules, lead);
    if (!match) return this.leaveUnassigned('NO_RULE');
    let firstBlocker: DistributionVerdict | null = null;
    for (const tier of match.tiers) {
      const open: { department: SimulatedDepartment; weight: number }[] = [];
      for (const entry of tier.departments) {
        const department = this.departments.get(entry.departmentId);
        if (!department) continue;
        const verdict = passOver(department, lead);
        if (verdict) firstBlocker ??= verdict;
        else open.push({ department, weight: entry.weight });
      }
      for (let pick = weightedPick(open, this.random); pick; pick = weightedPick(open, this.random)) {
        const blocked = this.take(pick.department, lead);
        if (!blocked) return;
        firstBlocker ??= blocked;
        open.splice(open.indexOf(pick), 1);
      }
    }
    this.leaveUnassigned(firstBlocker ?? 'NO_CANDIDATE');
  }

  private leaveUnassigned(code: DistributionVerdict): void {
    this.unassigned.set(code, (this.unassigned.get(code) ?? 0) + 1);
  }

  /** Takes a slot in every cap of the lead, or none: then the verdict of the first full one. */
  private take(department: SimulatedDepartment, lead: SimulatedLead): DistributionVerdict | null {
    const zone = department.limits.time_zone;
    const slots = limitsFor(department, lead.country).map((limit) => ({
      limit,
      key: `${department.id}|${limit.period}|${periodStart(limit.period, lead.created_at, zone).getTime()}|${limit.country}`,
    }));
    for (const { limit, key } of slots) {
      if ((this.used.get(key) ?? 0) >= limit.cap) return limit.period === 'hour' ? 'PACING_REACHED' : 'CAP_REACHED';
    }
    for (const { key } of slots) this.used.set(key, (this.used.get(key) ?? 0) + 1);
    this.delivered.set(department.id, (this.delivered.get(department.id) ?? 0) + 1);
    if (slots.length > 0) this.recordFill(department, lead.created_at, slots);
    return null;
  }

  private recordFill(department: SimulatedDepartment, at: Date, slots: readonly { limit: Limit; key: string }[]): void {
    const hour = periodStart('hour', at, department.limits.time_zone).toISOString();
    const rowKey = `${department.id}|${hour}`;
    let row = this.fill.get(rowKey);
    if (!row) {
      if (this.fill.size >= maxCapFillRows) {
        this.truncated = true;
        return;
      }
      row = { department_id: department.id, hour, delivered: 0, caps: [] };
      this.fill.set(rowKey, row);
    }
    row.delivered += 1;
    for (const { limit, key } of slots) {
      const country = limit.country || null;
      const used = this.used.get(key) ?? 0;
      const cap = row.caps.find((entry) => entry.period === limit.period && entry.country === country);
      if (cap) cap.used = used;
      else row.caps.push({ period: limit.period, country, used, cap: limit.cap });
    }
  }

  /** The counts so far: every department of the rules (most leads first), reasons by count, hours in time order. */
  counts(): ReplayCounts {
    const byDepartment = [...this.departments.values()]
      .map((department) => ({ department_id: department.id, label: department.label, leads: this.delivered.get(department.id) ?? 0 }))
      .sort((a, b) => b.leads - a.leads || a.label.localeCompare(b.label) || a.department_id - b.department_id);
    const reasons = [...this.unassigned.entries()].map(([code, leads]) => ({ code, leads })).sort((a, b) => b.leads - a.leads || a.code.localeCompare(b.code));
    const fill = [...this.fill.values()].sort((a, b) => a.hour.localeCompare(b.hour) || a.department_id - b.department_id);
    return { by_department: byDepartment, unassigned_by_reason: reasons, cap_fill: fill, cap_fill_truncated: this.truncated };
  }
}
