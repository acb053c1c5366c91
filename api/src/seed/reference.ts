/**
 * Reference data every console needs, applied at each start and safe to repeat: the permission
 * catalogue, the administrator role (always holding every permission), statuses, countries,
 * languages, interface locales, the first admin and, on request, demo roles and users.
 */
import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { defaultGuard, permissionCatalogue } from '@crm/shared/contract';
import type { Db } from '../db/database.ts';
import * as tables from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { countries } from './data/countries.ts';
import { languages } from './data/languages.ts';
import { interfaceLocales, statuses } from './data/statuses.ts';
import { administratorRole, demoRoles, demoUsers, type RoleSeed } from './roles.ts';

export type SeedOptions = {
  adminEmail: string;
  /** Absent: a random password is generated when the admin is first created. */
  adminPassword: string | undefined;
  demo: boolean;
  demoPassword?: string;
};

export type SeedReport = {
  /** Set only when this run created the admin. */
  createdAdmin: { email: string; password: string } | null;
  demoUsers: { email: string; password: string; role: string }[];
};

const defaultDemoPassword = 'demo-password';

export async function seedReference(db: Db, options: SeedOptions): Promise<SeedReport> {
  return db.transaction(async (tx) => {
    await tx
      .insert(tables.permissions)
      .values(permissionCatalogue.map((entry) => ({ name: entry.name, group: entry.group, guard_name: defaultGuard })))
      .onConflictDoUpdate({ target: [tables.permissions.name, tables.permissions.guard_name], set: { group: sql`excluded."group"` } });
    await tx
      .insert(tables.statuses)
      .values([...statuses])
      .onConflictDoNothing();
    await tx
      .insert(tables.countries)
      .values([...countries])
      .onConflictDoNothing();
    await tx
      .insert(tables.languages)
      .values([...languages])
      .onConflictDoNothing();
    await tx
      .insert(tables.locales)
      .values([...interfaceLocales])
      .onConflictDoNothing();

    const adminRoleId = await upsertRole(tx, administratorRole);
    const createdAdmin = await ensureAdmin(tx, options, adminRoleId);

    const seededDemoUsers: SeedReport['demoUsers'] = [];
    if (options.demo) {
      const password = options.demoPassword ?? defaultDemoPassword;
      for (const role of demoRoles) await upsertRole(tx, role, { onlyIfNew: true });
      for (const user of demoUsers) {
        const [role] = await tx.select({ id: tables.roles.id }).from(tables.roles).where(eq(tables.roles.name, user.role));
        const [created] = await tx
          .insert(tables.users)
          .values({ name: user.name, email: user.email, is_sender: user.is_sender, password_hash: await hashPassword(password) })
          .onConflictDoNothing()
          .returning({ id: tables.users.id });
        if (created && role) await tx.insert(tables.userRoles).values({ user_id: created.id, role_id: role.id });
        seededDemoUsers.push({ email: user.email, password, role: user.role });
      }
    }
    return { createdAdmin, demoUsers: seededDemoUsers };
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Creates the role if missing and gives it its permissions (all of them again each time, unless onlyIfNew). */
async function upsertRole(tx: Tx, role: RoleSeed, { onlyIfNew = false } = {}): Promise<number> {
  const [inserted] = await tx.insert(tables.roles).values({ name: role.name, guard_name: defaultGuard }).onConflictDoNothing().returning({ id: tables.roles.id });
  const [existing] = inserted ? [inserted] : await tx.select({ id: tables.roles.id }).from(tables.roles).where(eq(tables.roles.name, role.name));
  if (!existing) throw new Error(`role ${role.name} could not be created`);
  if (onlyIfNew && !inserted) return existing.id;
  const permissionRows = await tx
    .select({ id: tables.permissions.id })
    .from(tables.permissions)
    .where(inArray(tables.permissions.name, [...role.permissions]));
  if (permissionRows.length > 0) {
    await tx
      .insert(tables.roleHasPermissions)
      .values(permissionRows.map((permission) => ({ role_id: existing.id, permission_id: permission.id })))
      .onConflictDoNothing();
  }
  return existing.id;
}

async function ensureAdmin(tx: Tx, options: SeedOptions, adminRoleId: number): Promise<SeedReport['createdAdmin']> {
  const [existing] = await tx.select({ id: tables.users.id }).from(tables.users).where(eq(tables.users.email, options.adminEmail));
  if (existing) {
    await tx.insert(tables.userRoles).values({ user_id: existing.id, role_id: adminRoleId }).onConflictDoNothing();
    return null;
  }
  const password = options.adminPassword ?? randomBytes(12).toString('base64url');
  const [admin] = await tx
    .insert(tables.users)
    .values({ name: 'Administrator', email: options.adminEmail, is_sender: true, password_hash: await hashPassword(password) })
    .returning({ id: tables.users.id });
  if (!admin) throw new Error('admin insert returned nothing');
  await tx.insert(tables.userRoles).values({ user_id: admin.id, role_id: adminRoleId });
  return { email: options.adminEmail, password };
}
