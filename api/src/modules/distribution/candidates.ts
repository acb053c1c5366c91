/**
 * A rule's departments as the engine meets them, and the checks that may pass one over before any slot is taken:
 * switched off, closed (its hours, in its zone), circuit open, or the send job's own checks (blacklist, already sent
 * or maybe sent, targeting, a contact). Caps are not read here: they are reserved when the department is picked.
 */
import { eq, inArray } from 'drizzle-orm';
import type { DistributionVerdict } from '@crm/shared/contract';
import type { Executor } from '../../db/database.ts';
import { brokerDepartments, brokers, sendIntegrations } from '../../db/schema/index.ts';
import { formatInZone } from '../../time/zones.ts';
import { isOpen, nextChange } from '../../time/openingHours.ts';
import { departmentLabelSql } from '../brokers/relations.ts';
import { skipStatuses, type CheckedLead, type Targeting } from '../sending/engine/checks.ts';
import type { SendEngine } from '../sending/engine/deps.ts';
import { capSettingsOf, limitsOf, type CapSetting, type DepartmentLimits } from './limits.ts';
import type { RoutingTier } from './routing.ts';

export type Verdict = { code: DistributionVerdict; detail: string };

export type Candidate = {
  departmentId: number;
  weight: number;
  /** Its tier's position, 0 first. */
  tier: number;
  label: string;
  /** Null when it cannot be sent to (switched off, or no active send integration): `passOver` says why. */
  integrationId: number | null;
  inactive: string | null;
  countries: readonly string[];
  languages: readonly string[];
  limits: DepartmentLimits;
  /** Its caps, every country's (the reservation takes the lead's country's and the all-countries ones). */
  caps: readonly CapSetting[];
};

/** Every department of the tiers, in tier order (a department listed twice is met once, where it comes first). */
export async function candidatesOf(executor: Executor, tiers: readonly RoutingTier[]): Promise<Candidate[]> {
  const ids = [...new Set(tiers.flatMap((tier) => tier.departments.map((entry) => entry.departmentId)))];
  if (ids.length === 0) return [];
  const rows = await executor
    .select({
      id: brokerDepartments.id,
      label: departmentLabelSql,
      department_active: brokerDepartments.is_active,
      broker_active: brokers.is_active,
      integration_id: sendIntegrations.id,
      integration_active: sendIntegrations.is_active,
      integration_sender: sendIntegrations.is_sender,
      countries: brokerDepartments.countries,
      languages: brokerDepartments.languages,
    })
    .from(brokerDepartments)
    .innerJoin(brokers, eq(brokers.id, brokerDepartments.broker_id))
    .leftJoin(sendIntegrations, eq(sendIntegrations.id, brokerDepartments.send_integration_id))
    .where(inArray(brokerDepartments.id, ids));
  const found = new Map(rows.map((row) => [row.id, row]));
  const [limits, caps] = await Promise.all([limitsOf(executor, ids), capSettingsOf(executor, ids)]);
  const seen = new Set<number>();
  return tiers.flatMap((tier, position) =>
    tier.departments.flatMap(({ departmentId, weight }) => {
      const row = found.get(departmentId);
      const departmentLimits = limits.get(departmentId);
      if (!row || !departmentLimits || seen.has(departmentId)) return [];
      seen.add(departmentId);
      const inactive = !row.department_active || !row.broker_active ? 'department switched off' : !row.integration_active || !row.integration_sender ? 'no active send integration' : null;
      return [
        {
          departmentId,
          weight,
          tier: position,
          label: row.label ?? `#${departmentId}`,
          integrationId: inactive ? null : row.integration_id,
          inactive,
          countries: row.countries,
          languages: row.languages,
          limits: departmentLimits,
          caps: caps.get(departmentId) ?? [],
        },
      ];
    }),
  );
}

/** `09:00 Europe/Berlin` today, `2026-03-30 09:00 Europe/Berlin` on another day (the zone's wall clock). */
export function localMoment(at: Date, now: Date, zone: string): string {
  const text = formatInZone(at, zone).slice(0, 16);
  const sameDay = text.slice(0, 10) === formatInZone(now, zone).slice(0, 10);
  return `${sameDay ? text.slice(11) : text} ${zone}`;
}

function targetingVerdict(reason: string, lead: CheckedLead): Verdict {
  switch (reason) {
    case skipStatuses.alreadySent:
      return { code: 'ALREADY_SENT', detail: 'already sent' };
    case skipStatuses.outcomeUnknown:
      return { code: 'ALREADY_SENT', detail: 'sent before, outcome unknown' };
    case skipStatuses.refusedBefore:
      return { code: 'ALREADY_SENT', detail: 'sent before: refused or failed' };
    case skipStatuses.country:
      return { code: 'NOT_TARGETED', detail: `country ${lead.country ?? 'unknown'} not targeted` };
    case skipStatuses.language:
      return { code: 'NOT_TARGETED', detail: `language ${lead.language ?? 'unknown'} not targeted` };
    case skipStatuses.blacklisted:
      return { code: 'BLACKLISTED', detail: 'blacklisted' };
    default:
      return { code: 'NO_CONTACT', detail: 'no email or phone' };
  }
}

/** The send checks of one lead against every candidate, loaded once per batch (`checksForLeads`). */
export type LeadChecks = (targeting: Targeting) => string | null;

/** Why the candidate is passed over now (caps aside), or null: it may take the lead if a slot is free. */
export function passOver(engine: SendEngine, checks: LeadChecks, candidate: Candidate, lead: CheckedLead, now: Date): Verdict | null {
  if (candidate.integrationId === null) return { code: 'INACTIVE', detail: candidate.inactive ?? 'cannot be sent to' };
  const zone = candidate.limits.time_zone;
  if (!isOpen(candidate.limits, now)) {
    const opens = nextChange(candidate.limits, now);
    return { code: 'CLOSED', detail: opens ? `closed until ${localMoment(opens, now, zone)}` : `closed (${zone})` };
  }
  const circuit = engine.breakers.openUntil(candidate.integrationId);
  if (circuit) return { code: 'CIRCUIT_OPEN', detail: `circuit open until ${localMoment(circuit, now, zone)}` };
  const reason = checks({ departmentId: candidate.departmentId, jobId: 0, resendUnknown: false, countries: candidate.countries, languages: candidate.languages });
  return reason ? targetingVerdict(reason, lead) : null;
}
