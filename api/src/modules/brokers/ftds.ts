/**
 * A broker department's FTDs: the one definition the dashboard (modules/dashboard/counts.ts) and the department
 * summary (histories.ts) both count, stated in docs/architecture.md (Dashboard). An FTD belongs to the department whose
 * broker reported it, as of that report: the broker-history row that first gave the lead its `api_ftd_at`, which
 * sending/status/apply.ts writes under the department of the send the report answered, and which falls on that
 * `api_ftd_at`'s day. `leads.last_broker_department_id` is not used: sending the lead on to another department would
 * move the deposit there and rewrite past days' figures, crediting a department whose broker never reported it.
 */
import { isNotNull, sql, type SQL } from 'drizzle-orm';
import { leadBrokerHistories } from '../../db/schema/index.ts';

export const departmentFtds = {
  /** One row per FTD: a lead has at most one broker-history row with `api_ftd_at` (lead_broker_histories_ftd_lead_unique), so rows count leads. */
  table: leadBrokerHistories,
  department: leadBrokerHistories.broker_department_id,
  /** The deposit's time as the broker reported it, the same instant as the lead's `api_ftd_at`. */
  at: leadBrokerHistories.api_ftd_at,
  /** The FTD rows among a broker's reports (the other reports change a status only), and those of `conditions`. */
  where: (...conditions: SQL[]): SQL => sql`(${sql.join([isNotNull(leadBrokerHistories.api_ftd_at), ...conditions], sql`) and (`)})`,
};
