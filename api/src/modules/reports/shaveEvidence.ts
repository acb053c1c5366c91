/**
 * GET /reports/shave-watch/evidence: a department's cohort of a week with everything its broker answered about each
 * lead, so a dispute can be argued from the file. Per lead (in delivery order), by time: every broker report
 * (lead_broker_histories, pulled or pushed, with its payload) and every logged request (request_logs, secrets already
 * redacted there) of the department's integration: the delivery, the postbacks. A lead the broker never reported on
 * gets a row saying so. Other brokers' reports and calls about the same lead (it may have been sent on) and the
 * affiliate's own request stay out: the file is this broker's record, and may be shown to it.
 */
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { ExportFormat, ShaveEvidenceQuery } from '@crm/shared/contract';
import type { Executor } from '../../db/database.ts';
import type { CellKind } from '../leads/export/columns.ts';
import type { ExportRow } from '../leads/export/selection.ts';
import { notFound } from '../../http/errors.ts';
import { departmentLabelsById } from '../brokers/relations.ts';
import { tableFile } from './exportFile.ts';
import { firstDeliveries, shaveWeeks } from './shaveCohorts.ts';

const headers = ['Lead ID', 'Delivered at', 'Broker lead ID', 'Source', 'At', 'Status', 'FTD at', 'Raw'];
const kinds: CellKind[] = headers.map((): CellKind => 'text');
/** Leads whose reports are read at once: bounds the memory a large cohort takes. */
const leadsPerBatch = 1000;

type Timestamp = Date | string;
const isoOf = (value: Timestamp | null): string | null => (value === null ? null : new Date(value).toISOString());

type CohortLead = { id: number; lead_id: string; delivered_at: Timestamp; broker_lead_id: string | null };

type Answer = {
  lead_id: number;
  kind: 'report' | 'request';
  source: string;
  at: Timestamp;
  status: string | null;
  ftd_at: Timestamp | null;
  payload: unknown;
  method: string | null;
  url: string | null;
  request_body: string | null;
  response_body: string | null;
};

const sourceNames: Record<string, string> = {
  pull: 'Broker report (pull)',
  push: 'Broker report (push)',
  inbound: 'Request (inbound)',
  outbound: 'Request (outbound)',
};

/** A logged body as it came: JSON kept as JSON (not a string of it), anything else as text. */
function bodyOf(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const rawOf = (answer: Answer): string =>
  JSON.stringify(
    answer.kind === 'report'
      ? (answer.payload ?? null)
      : {
          method: answer.method,
          url: answer.url,
          status: answer.status === null ? null : Number(answer.status),
          request: bodyOf(answer.request_body),
          response: bodyOf(answer.response_body),
        },
  );

async function cohortLeads(executor: Executor, department: number, from: Date, to: Date): Promise<CohortLead[]> {
  const { rows } = await executor.execute<CohortLead>(sql`
    select l.id, l.lead_id, f.delivered_at, coalesce(f.api_lead_id, l.api_lead_id) as broker_lead_id
      from (${firstDeliveries(from, to, department)}) f
      join leads l on l.id = f.lead_id
     order by f.delivered_at, l.id`);
  return rows;
}

/** The broker's reports and the logged calls of the department's integrations, of the given leads, by time. */
async function answersOf(executor: Executor, department: number, leadIds: readonly number[]): Promise<Answer[]> {
  const ids = `{${leadIds.join(',')}}`;
  const { rows } = await executor.execute<Answer>(sql`
    select b.lead_id, 'report' as kind, b.channel as source, b.created_at as at, b.api_lead_status as status, b.api_ftd_at as ftd_at,
           b.payload, null as method, null as url, null as request_body, null as response_body, b.id
      from lead_broker_histories b
     where b.lead_id = any(${ids}::int[]) and b.broker_department_id = ${department}
    union all
    select r.lead_id, 'request', r.direction, r.created_at, r.status::text, null, null, r.method, r.url, r.request_body, r.response_body, r.id
      from request_logs r
     where r.lead_id = any(${ids}::int[])
       and r.send_integration_id in (select s.send_integration_id from lead_send_histories s where s.lead_id = r.lead_id and s.broker_department_id = ${department}
                                     union select d.send_integration_id from broker_departments d where d.id = ${department})
     order by 1, 4, 2, 12`);
  return rows;
}

/** One lead's rows: its answers by time, and a row saying so when the broker sent no report (no history, no inbound call). */
function leadRows(lead: CohortLead, answers: readonly Answer[]): ExportRow[] {
  const leading = [lead.lead_id, isoOf(lead.delivered_at), lead.broker_lead_id];
  const rows: ExportRow[] = answers.map((answer) => [...leading, sourceNames[answer.source] ?? answer.source, isoOf(answer.at), answer.status, isoOf(answer.ftd_at), rawOf(answer)]);
  const reported = answers.some((answer) => answer.kind === 'report' || answer.source === 'inbound');
  if (!reported) rows.push([...leading, 'No report', null, 'The broker sent no report on this lead', null, null]);
  return rows;
}

export type ShaveEvidence = { fileName: string; file: Readable };

export async function shaveEvidenceFile(executor: Executor, query: ShaveEvidenceQuery, now = new Date()): Promise<ShaveEvidence> {
  const { department_id: department, format } = query;
  const weeks = shaveWeeks(query, now);
  const label = (await departmentLabelsById(executor, [department])).get(department)?.label;
  if (label === undefined) throw notFound('Department');
  const leads = await cohortLeads(executor, department, weeks.startsAt, weeks.endsAt);
  const file = await tableFile(format, { sheetName: 'Evidence', headers, kinds }, async (writer) => {
    for (let start = 0; start < leads.length; start += leadsPerBatch) {
      const batch = leads.slice(start, start + leadsPerBatch);
      const answers = await answersOf(
        executor,
        department,
        batch.map((lead) => lead.id),
      );
      const byLead = new Map<number, Answer[]>();
      for (const answer of answers) byLead.set(answer.lead_id, [...(byLead.get(answer.lead_id) ?? []), answer]);
      await writer.writeRows(batch.flatMap((lead) => leadRows(lead, byLead.get(lead.id) ?? [])));
    }
  });
  return { fileName: evidenceFileName(label, weeks.week, weeks.horizonDays, format), file };
}

/** `shave-evidence_Broker-One-Desk-A_2026-03-09_7d.csv`: the department, the week's Monday and the horizon. */
function evidenceFileName(label: string, week: string, horizonDays: number, format: ExportFormat): string {
  const name = label.replaceAll(/[^A-Za-z0-9]+/g, '-').replaceAll(/^-|-$/g, '') || 'department';
  return `shave-evidence_${name}_${week}_${horizonDays}d.${format}`;
}
