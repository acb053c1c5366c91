/**
 * `broker/department/:id/histories/view`: a department's totals, what was sent to it (send histories) and what its
 * broker reported back (broker histories), newest first.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataOf,
  departmentBrokerHistoryItem,
  departmentBrokerHistoryQuery,
  departmentSendHistoryItem,
  departmentSendHistoryQuery,
  departmentSummary,
  idParam,
  paginated,
  type DepartmentItem,
} from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { brokerDepartments, leadBrokerHistories, leads, leadSendHistories, users } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { pageWindow, paginationMetaOf } from '../../http/pagination.ts';
import { departmentFtds } from './ftds.ts';
import { departmentItemsOf } from './resources.ts';

const access = 'broker.department.histories.view';
const tags = ['broker › department › histories'];

const leadRef = { id: leads.id, lead_id: leads.lead_id, name: leads.name, email: leads.email };
const whereAll = (...conditions: (SQL | undefined)[]): SQL | undefined => and(...conditions.filter((condition) => condition !== undefined));

export const departmentHistoryRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  async function departmentOr404(id: number): Promise<DepartmentItem> {
    const rows = await db.select().from(brokerDepartments).where(eq(brokerDepartments.id, id));
    const [item] = await departmentItemsOf(db, rows);
    if (!item) throw notFound('Department');
    return departmentSummary.shape.department.parse(item);
  }

  async function assertDepartmentExists(id: number): Promise<void> {
    const [row] = await db.select({ id: brokerDepartments.id }).from(brokerDepartments).where(eq(brokerDepartments.id, id));
    if (!row) throw notFound('Department');
  }

  app.get(
    '/broker/department/:id/summary',
    { schema: { tags, summary: 'A department and its sent, failed and FTD totals', params: idParam, response: { 200: dataOf(departmentSummary) } }, config: { access } },
    async (request) => {
      const id = request.params.id;
      const department = await departmentOr404(id);
      const [[sends], [ftds]] = await Promise.all([
        db
          .select({
            sent: sql<number>`count(*) filter (where ${leadSendHistories.state} = 'success')`.mapWith(Number),
            failed: sql<number>`count(*) filter (where ${leadSendHistories.state} = 'failure')`.mapWith(Number),
          })
          .from(leadSendHistories)
          .where(eq(leadSendHistories.broker_department_id, id)),
        // The FTDs its broker reported, as the dashboard's department series count them (ftds.ts).
        db
          .select({ ftds: count() })
          .from(departmentFtds.table)
          .where(departmentFtds.where(eq(departmentFtds.department, id))),
      ]);
      return { data: { department, sent: sends?.sent ?? 0, failed: sends?.failed ?? 0, ftds: ftds?.ftds ?? 0 } };
    },
  );

  app.get(
    '/broker/department/:id/histories/send',
    {
      schema: {
        tags,
        summary: 'What was sent to a department, newest first',
        params: idParam,
        querystring: departmentSendHistoryQuery,
        response: { 200: paginated(departmentSendHistoryItem) },
      },
      config: { access },
    },
    async (request) => {
      const { params, query } = request;
      await assertDepartmentExists(params.id);
      const where = whereAll(
        eq(leadSendHistories.broker_department_id, params.id),
        query.state ? eq(leadSendHistories.state, query.state) : undefined,
        query.job_id ? eq(leadSendHistories.job_id, query.job_id) : undefined,
      );
      const { limit, offset } = pageWindow(query);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: leadSendHistories.id,
            lead: leadRef,
            job_id: leadSendHistories.job_id,
            user_id: users.id,
            user_name: users.name,
            state: leadSendHistories.state,
            failure_status: leadSendHistories.failure_status,
            api_lead_id: leadSendHistories.api_lead_id,
            lead_url: leadSendHistories.lead_url,
            duration_ms: leadSendHistories.duration_ms,
            created_at: leadSendHistories.created_at,
          })
          .from(leadSendHistories)
          .innerJoin(leads, eq(leads.id, leadSendHistories.lead_id))
          .leftJoin(users, eq(users.id, leadSendHistories.user_id))
          .where(where)
          .orderBy(desc(leadSendHistories.created_at), desc(leadSendHistories.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(leadSendHistories).where(where),
      ]);
      const data = rows.map(({ user_id, user_name, created_at, ...row }) => ({
        ...row,
        user: user_id === null || user_name === null ? null : { id: user_id, name: user_name },
        created_at: created_at.toISOString(),
      }));
      return { data, meta: paginationMetaOf(query, total?.total ?? 0) };
    },
  );

  app.get(
    '/broker/department/:id/histories/broker',
    {
      schema: {
        tags,
        summary: 'Status and FTD changes the broker reported, newest first',
        params: idParam,
        querystring: departmentBrokerHistoryQuery,
        response: { 200: paginated(departmentBrokerHistoryItem) },
      },
      config: { access },
    },
    async (request) => {
      const { params, query } = request;
      await assertDepartmentExists(params.id);
      const where = whereAll(eq(leadBrokerHistories.broker_department_id, params.id), query.ftd_only ? departmentFtds.where() : undefined);
      const { limit, offset } = pageWindow(query);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: leadBrokerHistories.id,
            lead: leadRef,
            channel: leadBrokerHistories.channel,
            api_lead_status: leadBrokerHistories.api_lead_status,
            api_ftd_at: leadBrokerHistories.api_ftd_at,
            created_at: leadBrokerHistories.created_at,
          })
          .from(leadBrokerHistories)
          .innerJoin(leads, eq(leads.id, leadBrokerHistories.lead_id))
          .where(where)
          .orderBy(desc(leadBrokerHistories.created_at), desc(leadBrokerHistories.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(leadBrokerHistories).where(where),
      ]);
      const data = rows.map((row) => ({ ...row, api_ftd_at: row.api_ftd_at?.toISOString() ?? null, created_at: row.created_at.toISOString() }));
      return { data, meta: paginationMetaOf(query, total?.total ?? 0) };
    },
  );
};
