/** A lead's distribution as the lead profile's Distribution tab reads it (`GET /lead/{id}/distribution`). */
import { asc, eq } from 'drizzle-orm';
import type { LeadDistribution } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { brokerDepartments, brokers, distributionDecisions, distributionRules, leadDistributions, leads } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { departmentLabelSql } from '../brokers/relations.ts';

export async function leadDistributionOf(db: Db, leadId: number): Promise<LeadDistribution> {
  const [lead] = await db.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId));
  if (!lead) throw notFound('Lead');
  const [found] = await db
    .select({ row: leadDistributions, rule_name: distributionRules.name, delivered_label: departmentLabelSql })
    .from(leadDistributions)
    .leftJoin(distributionRules, eq(distributionRules.id, leadDistributions.rule_id))
    .leftJoin(brokerDepartments, eq(brokerDepartments.id, leadDistributions.delivered_department_id))
    .leftJoin(brokers, eq(brokers.id, brokerDepartments.broker_id))
    .where(eq(leadDistributions.lead_id, leadId));
  const row = found?.row;
  const deliveredId = row?.delivered_department_id ?? null;
  const decisions = await db
    .select({
      id: distributionDecisions.id,
      attempt: distributionDecisions.attempt,
      tier: distributionDecisions.tier,
      department_id: distributionDecisions.department_id,
      label: departmentLabelSql,
      code: distributionDecisions.code,
      detail: distributionDecisions.detail,
      at: distributionDecisions.at,
    })
    .from(distributionDecisions)
    .leftJoin(brokerDepartments, eq(brokerDepartments.id, distributionDecisions.department_id))
    .leftJoin(brokers, eq(brokers.id, brokerDepartments.broker_id))
    .where(eq(distributionDecisions.lead_id, leadId))
    .orderBy(asc(distributionDecisions.id));
  return {
    lead_id: leadId,
    state: row?.state ?? null,
    reason_code: row?.reason_code ?? null,
    reason: row?.reason ?? null,
    rule_id: row?.rule_id ?? null,
    rule_name: found?.rule_name ?? null,
    attempts: row?.attempts ?? 0,
    hold_until: row?.hold_until?.toISOString() ?? null,
    next_attempt_at: row && (row.state === 'pending' || row.state === 'held') ? row.next_attempt_at.toISOString() : null,
    delivered_department_id: deliveredId,
    delivered_department: deliveredId === null ? null : { id: deliveredId, label: found?.delivered_label ?? `#${deliveredId}` },
    decisions: decisions.map(({ department_id, label, at, ...decision }) => ({
      ...decision,
      department: department_id === null ? null : { id: department_id, label: label ?? `#${department_id}` },
      at: at.toISOString(),
    })),
  };
}
