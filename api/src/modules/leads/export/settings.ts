/**
 * Export settings (`/lead/export/settings`): named, ordered column lists, each offered to the users it is assigned to,
 * or to everyone who may export when it is assigned to no one. A resource (paginated list, get, create, update,
 * delete); PUT replaces the whole setting (name, columns and users), as the form always sends all three.
 *
 * `export_setting_users.user_id` has no foreign key, so a deleted user's rows may linger: they are read through a
 * join on `users` and so never count, neither in the item nor in what is offered to whom.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { exportableLeadColumns, exportSetting, exportSettingBody, type ExportableLeadColumn, type ExportSetting, type Permission } from '@crm/shared/contract';
import type { Db, Executor } from '../../../db/database.ts';
import { exportSettings, exportSettingUsers, users } from '../../../db/schema/index.ts';
import { invalid } from '../../../http/errors.ts';
import { withIsoDates, type ResourceDefinition, type Row } from '../../../http/resource.ts';

/**
 * The catalogue has no permissions of their own for export settings (they are only named and
 * assignable): whoever may export may manage them.
 */
const exportPermission: Permission = 'lead.export';

type SettingRow = typeof exportSettings.$inferSelect;

const known = new Set<string>(exportableLeadColumns);
/** A column the code no longer offers (a setting older than a release) is skipped, not a 500. */
const knownColumns = (columns: readonly string[]): ExportableLeadColumn[] => columns.filter((column): column is ExportableLeadColumn => known.has(column));

async function assignedUsers(executor: Executor, settingIds: readonly number[]): Promise<Map<number, number[]>> {
  const assigned = new Map<number, number[]>();
  if (settingIds.length === 0) return assigned;
  const rows = await executor
    .select({ setting: exportSettingUsers.export_setting_id, user: exportSettingUsers.user_id })
    .from(exportSettingUsers)
    .innerJoin(users, eq(users.id, exportSettingUsers.user_id))
    .where(inArray(exportSettingUsers.export_setting_id, [...settingIds]))
    .orderBy(asc(exportSettingUsers.user_id));
  for (const row of rows) assigned.set(row.setting, [...(assigned.get(row.setting) ?? []), row.user]);
  return assigned;
}

function toSetting(row: Row): ExportSetting {
  const item = withIsoDates(row);
  return {
    id: Number(item['id']),
    name: String(item['name']),
    columns: knownColumns(item['columns'] as string[]),
    user_ids: (item['user_ids'] as number[] | undefined) ?? [],
    created_at: String(item['created_at']),
    updated_at: String(item['updated_at']),
  };
}

async function withUsers(executor: Executor, rows: Row[]): Promise<Row[]> {
  const assigned = await assignedUsers(
    executor,
    rows.map((row) => Number(row['id'])),
  );
  return rows.map((row) => ({ ...row, user_ids: assigned.get(Number(row['id'])) ?? [] }));
}

/** 422s the schema cannot give: a column listed twice, users that do not exist. */
async function checkedValues(executor: Executor, body: Row): Promise<Row> {
  const columns = body['columns'] as string[];
  const userIds = [...new Set(body['user_ids'] as number[])];
  const errors: Record<string, string[]> = {};
  if (new Set(columns).size !== columns.length) errors['columns'] = ['A column can be listed once.'];
  if (userIds.length > 0) {
    const found = new Set((await executor.select({ id: users.id }).from(users).where(inArray(users.id, userIds))).map((row) => row.id));
    const missing = userIds.filter((id) => !found.has(id));
    if (missing.length > 0) errors['user_ids'] = [`The selected users do not exist: ${missing.join(', ')}.`];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return { name: body['name'], columns };
}

export function exportSettingResource(executor: Executor): ResourceDefinition {
  return {
    path: '/lead/export/settings',
    name: 'Export setting',
    table: exportSettings,
    permissions: { view: exportPermission, create: exportPermission, update: exportPermission, delete: exportPermission },
    create: exportSettingBody,
    update: exportSettingBody,
    item: exportSetting,
    toItem: toSetting,
    searchable: [exportSettings.name],
    sortable: { name: exportSettings.name, id: exportSettings.id, created_at: exportSettings.created_at, updated_at: exportSettings.updated_at },
    defaultSort: 'name',
    unique: [{ field: 'name', columns: [exportSettings.name], message: 'An export setting with this name already exists.' }],
    hooks: {
      withRelated: withUsers,
      toValues: (body) => checkedValues(executor, body),
      async afterWrite(tx, { row, body }) {
        const settingId = Number(row['id']);
        const userIds = [...new Set(body['user_ids'] as number[])];
        await tx.delete(exportSettingUsers).where(eq(exportSettingUsers.export_setting_id, settingId));
        if (userIds.length > 0) await tx.insert(exportSettingUsers).values(userIds.map((user_id) => ({ export_setting_id: settingId, user_id })));
      },
    },
  };
}

/** The setting's assignments to users who still exist. */
const assignments = sql`select 1 from ${exportSettingUsers} join ${users} on ${users.id} = ${exportSettingUsers.user_id}
  where ${exportSettingUsers.export_setting_id} = ${exportSettings.id}`;

/** Assigned to no one (so to everyone who may export), or to this user. */
function offeredTo(userId: number): SQL {
  return sql`(not exists (${assignments}) or exists (${assignments} and ${exportSettingUsers.user_id} = ${userId}))`;
}

/** The settings the export dialog offers this user, by name. */
export async function offeredSettings(db: Db, userId: number): Promise<ExportSetting[]> {
  const rows: SettingRow[] = await db.select().from(exportSettings).where(offeredTo(userId)).orderBy(asc(exportSettings.name), asc(exportSettings.id));
  return (await withUsers(db, rows)).map(toSetting);
}

/** One setting, if it is offered to this user. */
export async function offeredSetting(db: Db, userId: number, settingId: number): Promise<ExportSetting | null> {
  const [row] = await db
    .select()
    .from(exportSettings)
    .where(and(eq(exportSettings.id, settingId), offeredTo(userId)))
    .limit(1);
  if (!row) return null;
  const [setting] = (await withUsers(db, [row])).map(toSetting);
  return setting ?? null;
}
