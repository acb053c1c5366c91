/** Writes the dashboard's browser-test week (dashboardWeek.ts) straight into the database. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { dashboardWeek } from './dashboardWeek.ts';

/** When the leads that carry the sends and FTDs were created: outside both weeks the card compares. */
const carrierCreatedAt = '2025-11-01T10:00:00Z';

export async function seedDashboardWeek(db: Db): Promise<void> {
  const week = dashboardWeek;
  await db.transaction(async (tx) => {
    const broker = await tx.execute<{ id: number }>(sql`insert into brokers (name) values (${week.brokerName}) returning id`);
    const brokerId = broker.rows[0]?.id;
    const departmentIds: number[] = [];
    for (const branch of week.departments) {
      const department = await tx.execute<{ id: number }>(sql`insert into broker_departments (broker_id, branch_name) values (${brokerId}, ${branch}) returning id`);
      departmentIds.push(Number(department.rows[0]?.id));
    }
    let sequence = 0;
    const insertLead = async (lead: { email: string | null; phone: string | null; createdAt: string; ftdAt?: string; departmentId?: number }) => {
      sequence += 1;
      const row = await tx.execute<{ id: number }>(sql`
        insert into leads (lead_id, name, surname, email, phone_normalized, api_ftd_at, last_broker_department_id, created_at, updated_at)
        values (${`E2EDASH${sequence}`}, 'Dashboard', ${`Lead ${sequence}`}, ${lead.email}, ${lead.phone}, ${lead.ftdAt ?? null},
                ${lead.departmentId ?? null}, ${lead.createdAt}, ${lead.createdAt})
        returning id`);
      return Number(row.rows[0]?.id);
    };
    for (const lead of week.leads) await insertLead({ email: lead.email, phone: lead.phone, createdAt: lead.at });
    for (const ftd of week.ftds) {
      const departmentId = departmentIds[ftd.department];
      const leadId = await insertLead({ email: `dash-ftd-${sequence + 1}@example.com`, phone: null, createdAt: carrierCreatedAt, ftdAt: ftd.at, departmentId });
      // A department's FTDs are the ones its broker reported (modules/brokers/ftds.ts).
      await tx.execute(sql`
        insert into lead_broker_histories (lead_id, broker_department_id, channel, api_lead_status, api_ftd_at, created_at)
        values (${leadId}, ${departmentId}, 'push', 'Deposit', ${ftd.at}, ${ftd.at})`);
    }
    for (const send of week.sends) {
      const departmentId = departmentIds[send.department];
      const leadId = await insertLead({ email: `dash-sent-${sequence + 1}@example.com`, phone: null, createdAt: carrierCreatedAt, departmentId });
      await tx.execute(sql`
        insert into lead_send_histories (lead_id, broker_department_id, state, failure_status, created_at, updated_at)
        values (${leadId}, ${departmentId}, ${send.state}, ${send.state === 'failure' ? 'E2E refused' : null}, ${send.at}, ${send.at})`);
    }
    for (const at of week.failedLeads) {
      await tx.execute(sql`
        insert into failed_leads (raw, reason_code, message, created_at)
        values (${JSON.stringify({ email: 'dashboard-failed(at)example.com' })}::jsonb, 'INVALID', 'The email must be a valid email address.', ${at})`);
    }
  });
}
