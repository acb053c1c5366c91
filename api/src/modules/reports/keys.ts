/**
 * A report key's label and its lead-search parameters (what a drill-down opens lead/search with). The search filters
 * a lead's last department (`department_id`), so a department or broker group drills down to the leads last sent
 * there, as the report groups them; a group of leads without a value has no filter to open (search null).
 */
import { inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ReportGrouping, ReportKey, ReportSearch } from '@crm/shared/contract';
import type { Executor } from '../../db/database.ts';
import { affiliateCompanies, brokerDepartments, brokers, countries, languages, sources } from '../../db/schema/index.ts';
import { departmentLabelsById } from '../brokers/relations.ts';
import type { ReportPeriod } from './periods.ts';

/** The lead search's `created_to` includes its instant: a period ending at T ends at the millisecond before. */
export const searchOfPeriod = (startsAt: Date, endsAt: Date): ReportSearch => ({
  created_from: startsAt.toISOString(),
  created_to: new Date(endsAt.getTime() - 1).toISOString(),
});

/** The most departments a broker's drill-down names (the search's limit for one filter). */
const maxSearchIds = 100;

type Labeller = (values: readonly string[]) => Promise<Map<string, { label: string; search: ReportSearch | null }>>;

const ids = (values: readonly string[]): number[] => values.map(Number).filter(Number.isSafeInteger);

const byName =
  (executor: Executor, table: typeof affiliateCompanies | typeof sources, filter: string): Labeller =>
  async (values) => {
    if (values.length === 0) return new Map();
    const rows = await executor
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(inArray(table.id, ids(values)));
    return new Map(rows.map((row) => [String(row.id), { label: row.name, search: { [filter]: String(row.id) } }]));
  };

/** Codes named from a reference table; a code it lacks is its own label. */
const byCode =
  (executor: Executor, table: typeof countries | typeof languages, code: AnyPgColumn, filter: string): Labeller =>
  async (values) => {
    const rows =
      values.length === 0
        ? []
        : await executor
            .select({ code: sql<string>`${code}`, name: table.name })
            .from(table)
            .where(inArray(code, [...values]));
    const names = new Map(rows.map((row) => [row.code, row.name]));
    return new Map(values.map((value) => [value, { label: names.get(value) ?? value, search: { [filter]: value } }]));
  };

function labellers(executor: Executor): Record<Exclude<ReportGrouping, 'hour' | 'day' | 'week' | 'month'>, Labeller> {
  return {
    affiliate_company: byName(executor, affiliateCompanies, 'affiliate_company_id'),
    source: byName(executor, sources, 'source_id'),
    department: async (values) => {
      const labels = await departmentLabelsById(executor, ids(values));
      return new Map([...labels].map(([id, { label }]) => [String(id), { label, search: { department_id: String(id) } }]));
    },
    broker: async (values) => {
      if (values.length === 0) return new Map();
      const rows = await executor
        .select({
          id: brokers.id,
          name: brokers.name,
          departments: sql<number[]>`coalesce(array_agg(${brokerDepartments.id} order by ${brokerDepartments.id}) filter (where ${brokerDepartments.id} is not null), '{}')`,
        })
        .from(brokers)
        .leftJoin(brokerDepartments, sql`${brokerDepartments.broker_id} = ${brokers.id}`)
        .where(inArray(brokers.id, ids(values)))
        .groupBy(brokers.id);
      return new Map(
        rows.map((row) => {
          const departments = row.departments.length > 0 && row.departments.length <= maxSearchIds ? { department_id: row.departments.join(',') } : null;
          return [String(row.id), { label: row.name, search: departments }];
        }),
      );
    },
    country: byCode(executor, countries, countries.iso_3166_2, 'country'),
    language: byCode(executor, languages, languages.code, 'language'),
    // Quoted: the lead search's funnel filter is a substring match otherwise (leads/search/sql.ts).
    funnel: (values) => Promise.resolve(new Map(values.map((funnel) => [funnel, { label: funnel, search: { funnel: `"${funnel}"` } }]))),
  };
}

/** Turns a grouping's raw keys (ids, codes, period indexes) into report keys. */
export async function keyResolver(
  executor: Executor,
  grouping: ReportGrouping,
  values: readonly (string | null)[],
  periods: readonly ReportPeriod[],
): Promise<(value: string | null) => ReportKey> {
  if (grouping === 'hour' || grouping === 'day' || grouping === 'week' || grouping === 'month') {
    return (value) => {
      const period = value === null ? undefined : periods[Number(value) - 1];
      return period ? { value: period.value, label: period.value.replace('T', ' '), search: searchOfPeriod(period.startsAt, period.endsAt) } : { value: null, label: '', search: null };
    };
  }
  const present = [...new Set(values.filter((value): value is string => value !== null))];
  const labels = await labellers(executor)[grouping](present);
  return (value) => {
    if (value === null) return { value: null, label: '', search: null };
    const known = labels.get(value);
    // An id whose row is gone keeps its id as a label and no filter.
    return known ? { value, ...known } : { value, label: `#${value}`, search: null };
  };
}
