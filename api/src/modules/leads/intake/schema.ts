/** The types of the intake path, and the created lead as its answer gives it. */
import type { z } from 'zod';
import type { CreatedLeadData, FailedLeadReasonCode, leadCreateBody } from '@crm/shared/contract';
import type { leads } from '../../../db/schema/index.ts';

/** An add-lead body after validation: what every source of leads hands to `intakeLead`. */
export type LeadIntakeInput = z.output<typeof leadCreateBody>;

export type IntakeCause = 'intake' | 'import';

export type IntakeContext = {
  /** Who adds the lead (`created_by`, the status history's user); null for a system import. */
  userId: number | null;
  cause: IntakeCause;
  /** The import job and row a lead comes from: a row already imported is answered with its lead, not inserted twice. */
  importJobId?: number | null | undefined;
  importRow?: number | null | undefined;
  /** Days back the duplicate check looks; `duplicateWindowDays()` when absent. */
  duplicateWindowDays?: number | undefined;
  /** The draw of the weighted random status, [0, 1) like Math.random (tests pin it). */
  random?: (() => number) | undefined;
  /** Queue the new lead for distribution in its insert's transaction (add lead's `auto_distribute`). */
  distribute?: boolean | undefined;
  /** An affiliate's click and sub ids (`POST /api/v1/leads`), stored on the lead as given. */
  tracking?: Partial<LeadTracking> | undefined;
};

export type LeadRow = typeof leads.$inferSelect;

/** The columns of an affiliate's click and sub ids. */
export const trackingColumns = ['click_id', 'sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const;
export type LeadTracking = Pick<LeadRow, (typeof trackingColumns)[number]>;

/** A lead's click and sub ids, as the profile and the affiliate's pull show them. */
export const trackingOf = (row: LeadTracking): LeadTracking => ({ click_id: row.click_id, sub1: row.sub1, sub2: row.sub2, sub3: row.sub3, sub4: row.sub4, sub5: row.sub5 });

export type IntakeRefusal = {
  ok: false;
  reason: FailedLeadReasonCode;
  /** The first field message: what a toast or a failed-lead row shows. */
  message: string;
  errors: Record<string, string[]>;
};

type IntakeSuccess = {
  ok: true;
  lead: LeadRow;
  tagIds: number[];
  /** False when the import row had already been imported (a retried import job): nothing was written. */
  created: boolean;
};

export type IntakeResult = IntakeSuccess | IntakeRefusal;

export function refusal(reason: FailedLeadReasonCode, errors: Record<string, string[]>): IntakeRefusal {
  return { ok: false, reason, message: Object.values(errors)[0]?.[0] ?? 'The lead was refused.', errors };
}

export const leadCreatedMessage = 'Lead successfully created';

export function toCreatedLead(lead: LeadRow, tagIds: readonly number[]): CreatedLeadData {
  return {
    id: lead.id,
    lead_id: lead.lead_id,
    name: lead.name,
    surname: lead.surname,
    email: lead.email,
    alt_email: lead.alt_email,
    phone: lead.phone,
    phone_prefix: lead.phone_prefix,
    alt_phone: lead.alt_phone,
    alt_phone_prefix: lead.alt_phone_prefix,
    phone_normalized: lead.phone_normalized,
    country: lead.country,
    language: lead.language,
    funnel: lead.funnel,
    ip: lead.ip,
    status_id: lead.status_id,
    original_status_id: lead.original_status_id,
    status_changed_at: lead.status_changed_at?.toISOString() ?? null,
    is_fresh: lead.is_fresh,
    deposit_exists: lead.deposit_exists,
    created_at: lead.created_at.toISOString(),
    updated_at: lead.updated_at.toISOString(),
    source_id: lead.source_id,
    affiliate_company_id: lead.affiliate_company_id,
    tag_ids: [...tagIds],
  };
}
