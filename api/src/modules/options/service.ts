/** The option lists the console's selects load (every row of a reference table, in its display order). */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { BrokerDepartmentOption, BrokerOption, countryOption, namedOption, roleOption, statusOption, tagOption } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { distinctValues } from '../../db/distinct.ts';
import {
  affiliateCompanies,
  brokerAffiliateCompanies,
  brokerDepartments,
  brokers,
  countries,
  leadSendHistories,
  leads,
  permissions,
  roleHasPermissions,
  roles,
  sendIntegrations,
  sources,
  statuses,
  tags,
  users,
} from '../../db/schema/index.ts';

type NamedOption = z.output<typeof namedOption>;
type TagOption = z.output<typeof tagOption>;
type CountryOption = z.output<typeof countryOption>;
type StatusOption = z.output<typeof statusOption>;
type RoleOption = z.output<typeof roleOption>;

export const userOptions = (db: Db): Promise<NamedOption[]> => db.select({ id: users.id, name: users.name }).from(users).orderBy(asc(users.name));

/** Brokers with their affiliate companies, in the option shape (docs/product.md#option-lists). */
export async function brokerOptions(db: Db, onlySendable: boolean): Promise<BrokerOption[]> {
  const sendable = db
    .selectDistinct({ broker_id: brokerDepartments.broker_id })
    .from(brokerDepartments)
    .innerJoin(sendIntegrations, eq(sendIntegrations.id, brokerDepartments.send_integration_id))
    .where(sql`${brokerDepartments.is_active} and ${sendIntegrations.is_active} and ${sendIntegrations.is_sender}`);
  const rows = await db
    .select({ id: brokers.id, name: brokers.name })
    .from(brokers)
    .where(onlySendable ? sql`${brokers.is_active} and ${brokers.id} in ${sendable}` : undefined)
    .orderBy(asc(brokers.name));
  const companies = rows.length
    ? await db
        .select({ broker_id: brokerAffiliateCompanies.broker_id, id: affiliateCompanies.id, name: affiliateCompanies.name })
        .from(brokerAffiliateCompanies)
        .innerJoin(affiliateCompanies, eq(affiliateCompanies.id, brokerAffiliateCompanies.affiliate_company_id))
        .where(
          inArray(
            brokerAffiliateCompanies.broker_id,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(affiliateCompanies.name))
    : [];
  return rows.map((broker) => ({
    ...broker,
    affiliate_companies: companies.filter((company) => company.broker_id === broker.id).map(({ id, name }) => ({ id, name })),
  }));
}

/** Departments with their broker (and its affiliate companies); a department whose broker is gone is left out. */
export async function departmentOptions(db: Db): Promise<BrokerDepartmentOption[]> {
  const byId = new Map((await brokerOptions(db, false)).map((broker) => [broker.id, broker]));
  const departments = await db
    .select({ id: brokerDepartments.id, branch_name: brokerDepartments.branch_name, broker_id: brokerDepartments.broker_id })
    .from(brokerDepartments)
    .orderBy(asc(brokerDepartments.branch_name));
  return departments.flatMap((department) => {
    const broker = byId.get(department.broker_id);
    return broker ? [{ id: department.id, branch_name: department.branch_name, broker_id: broker }] : [];
  });
}

export const sourceOptions = (db: Db): Promise<NamedOption[]> => db.select({ id: sources.id, name: sources.name }).from(sources).orderBy(asc(sources.name));

export const tagOptions = (db: Db): Promise<TagOption[]> => db.select({ id: tags.id, name: tags.name, user_setting_id: tags.user_setting_id }).from(tags).orderBy(asc(tags.name));

export const countryOptions = (db: Db): Promise<CountryOption[]> =>
  db
    .select({ id: countries.id, name: countries.name, iso_3166_2: countries.iso_3166_2, calling_code: countries.calling_code, flag: countries.flag })
    .from(countries)
    .orderBy(asc(countries.name));

export const statusOptions = (db: Db): Promise<StatusOption[]> =>
  db
    .select({
      id: statuses.id,
      name: statuses.name,
      class: statuses.class,
      in_import: statuses.in_import,
      bgColor: statuses.bg_color,
      textColor: statuses.text_color,
    })
    .from(statuses)
    .orderBy(asc(statuses.class), asc(statuses.name));

/** The broker-side statuses seen on sent leads. */
export const sentLeadStatuses = (db: Db): Promise<string[]> => distinctValues(db, leads, leads.api_lead_status);

/** The failure statuses of send attempts. */
export const sendFailureStatuses = (db: Db): Promise<string[]> => distinctValues(db, leadSendHistories, leadSendHistories.failure_status);

export const affiliateCompanyOptions = (db: Db): Promise<NamedOption[]> =>
  db.select({ id: affiliateCompanies.id, name: affiliateCompanies.name }).from(affiliateCompanies).orderBy(asc(affiliateCompanies.name));

/** Roles with the names of their permissions (the user form shows what a role grants). */
export async function roleOptions(db: Db): Promise<RoleOption[]> {
  const rows = await db
    .select({ id: roles.id, name: roles.name, permission: permissions.name })
    .from(roles)
    .leftJoin(roleHasPermissions, eq(roleHasPermissions.role_id, roles.id))
    .leftJoin(permissions, eq(permissions.id, roleHasPermissions.permission_id))
    .orderBy(asc(roles.name), asc(permissions.name));
  const byRole = new Map<number, RoleOption>();
  for (const row of rows) {
    const role = byRole.get(row.id) ?? { id: row.id, name: row.name, permissions: [] };
    if (row.permission) role.permissions.push(row.permission);
    byRole.set(row.id, role);
  }
  return [...byRole.values()];
}
