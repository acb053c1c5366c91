/**
 * One way to declare a CRUD resource (STYLE 5): its table, permissions, body schemas, searchable,
 * sortable and filterable columns, and uniqueness. `resourceRoutes` gives it a paginated list
 * (`{ data, meta }`, `?search=&sort=&direction=&<filter>=`), get, create, update and delete, with a 422
 * naming the field when a unique value is taken and a 409 when a row in use is deleted.
 * Optional hooks let a resource with relations (users and their roles, roles and their permissions)
 * stay one declaration: they load related rows for items, turn a body into column values, and write
 * relations or refuse a change inside the write's transaction.
 */
import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, idParam, messageResponse, paginated, paginationQuery, type CrudPermissions, type PermissionRule } from '@crm/shared/contract';
import type { Db, Executor } from '../db/database.ts';
import { pgErrorCode, pgErrorColumn, pgForeignKeyViolation, pgRestrictViolation, pgUniqueViolation } from '../db/errors.ts';
import { requireAuth, type AuthContext } from './access.ts';
import { HttpError, invalid, notFound } from './errors.ts';
import { pageWindow, paginationMetaOf } from './pagination.ts';

type ResourceTable = PgTable & { id: AnyPgColumn };

type UniqueRule = { field: string; columns: readonly AnyPgColumn[]; message?: string };

type ItemSchema = z.ZodType<Record<string, unknown>>;

export type Row = Record<string, unknown>;

/** An equality filter on a column, or any condition built from the query value (e.g. a membership). */
type ResourceFilter = { schema: z.ZodType } & ({ column: AnyPgColumn } | { where(value: unknown): SQL });

/** What a write hook sees: the row as written (or deleted), the validated body, the row before, and who asked. */
type WriteContext = { row: Row; body: Row; existing: Row | null; auth: AuthContext };

type ResourceHooks = {
  /** Adds related data to rows before `toItem` (one query per relation for a whole page). */
  withRelated?(executor: Executor, rows: Row[]): Promise<Row[]>;
  /** Turns a validated body into the table's column values (drop relation fields, hash a password…). */
  toValues?(body: Row, existing: Row | null): Promise<Row>;
  /** Runs in the write's transaction after the insert or update: write relations, or throw to roll back. */
  afterWrite?(tx: Executor, context: WriteContext): Promise<void>;
  /** Runs in the delete's transaction before the row goes: throw to refuse with a message that says why. */
  beforeDelete?(tx: Executor, context: { id: number; auth: AuthContext }): Promise<void>;
  /** Runs in the delete's transaction after the row is gone: throw to refuse and roll back. */
  afterDelete?(tx: Executor, context: Omit<WriteContext, 'body' | 'existing'>): Promise<void>;
};

export type ResourceDefinition = {
  /** API path without /api, e.g. '/settings/tag'. */
  path: string;
  /** Singular name for messages and docs, e.g. 'Tag'. */
  name: string;
  table: ResourceTable;
  permissions: CrudPermissions;
  create: z.ZodObject;
  update: z.ZodObject;
  item: ItemSchema;
  toItem(row: Record<string, unknown>): Record<string, unknown>;
  /** Columns, or expressions such as a related row's name (a correlated subquery in parentheses). */
  searchable: readonly (AnyPgColumn | SQL)[];
  sortable: Readonly<Record<string, AnyPgColumn>>;
  defaultSort: string;
  /** Filters from the query string: key → column (equality) or condition. */
  filters?: Readonly<Record<string, ResourceFilter>>;
  unique?: readonly UniqueRule[];
  /** Who may read one row; the view permission when absent (an editor may need it without the list). */
  showAccess?: PermissionRule;
  /** Success messages; the settings wording when absent. */
  messages?: { created: string; updated: string; deleted: string };
  hooks?: ResourceHooks;
};

const settingMessages = { created: 'Setting successfully created', updated: 'Setting successfully updated', deleted: 'Setting successfully deleted' };

/** `%text%` for ILIKE, with the pattern characters of the text escaped. */
function containsPattern(text: string): string {
  return `%${text.replaceAll(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/** Rows whose columns (as text) hold every word of the search text, or undefined when there is nothing to search. */
export function searchCondition(columns: readonly (AnyPgColumn | SQL)[], search: string | undefined): SQL | undefined {
  const words = search?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (words.length === 0 || columns.length === 0) return undefined;
  // Each word somewhere: "Paul Klein" finds a row whose name is Paul and surname Klein, in two fields.
  return and(...words.map((word) => or(...columns.map((column) => ilike(sql`${column}::text`, containsPattern(word))))));
}

/** Dates as ISO strings: the one conversion every item needs. */
export function withIsoDates(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]));
}

/** Constraint errors that slipped past the checks (a race, a missing reference) become 422s naming the field. */
function constraintError(error: unknown, name: string): unknown {
  const code = pgErrorCode(error);
  if (code === pgUniqueViolation) return invalid({ [pgErrorColumn(error)]: [`This ${name.toLowerCase()} already exists.`] });
  if (code === pgForeignKeyViolation) return invalid({ [pgErrorColumn(error)]: ['The selected record does not exist.'] });
  return error;
}

export function resourceRoutes(definition: ResourceDefinition): FastifyPluginAsyncZod<{ db: Db }> {
  const { table, permissions, hooks = {} } = definition;
  const messages = definition.messages ?? settingMessages;
  const tags = [definition.path.split('/').filter(Boolean).join(' › ')];
  const sortKeys = Object.keys(definition.sortable) as [string, ...string[]];
  const filterShape = Object.fromEntries(Object.entries(definition.filters ?? {}).map(([key, filter]) => [key, filter.schema.optional()]));
  const listQuery = paginationQuery.extend({
    sort: z.enum(sortKeys).default(definition.defaultSort),
    direction: z.enum(['asc', 'desc']).default('asc'),
    ...filterShape,
  });

  async function assertUnique(db: Db, body: Row, currentId: number | null, existing?: Row) {
    for (const rule of definition.unique ?? []) {
      const values = rule.columns.map((column) => body[column.name] ?? existing?.[column.name]);
      if (values.some((value) => value === undefined || value === null)) continue;
      const conditions: SQL[] = rule.columns.map((column, index) => (typeof values[index] === 'string' ? sql`lower(${column}) = lower(${values[index]})` : eq(column, values[index])));
      if (currentId !== null) conditions.push(ne(table.id, currentId));
      const [taken] = await db
        .select({ id: table.id })
        .from(table)
        .where(and(...conditions))
        .limit(1);
      if (taken) throw invalid({ [rule.field]: [rule.message ?? `The ${rule.field.replaceAll('_', ' ')} has already been taken.`] });
    }
  }

  async function findOr404(db: Db, id: number): Promise<Row> {
    const [row] = await db.select().from(table).where(eq(table.id, id)).limit(1);
    if (!row) throw notFound(definition.name);
    return row as Row;
  }

  async function itemsOf(executor: Executor, rows: Row[]): Promise<Row[]> {
    const complete = hooks.withRelated && rows.length > 0 ? await hooks.withRelated(executor, rows) : rows;
    return complete.map((row) => definition.toItem(row));
  }

  async function itemOf(executor: Executor, row: Row): Promise<Row> {
    const [item] = await itemsOf(executor, [row]);
    if (!item) throw new Error('an item was lost while loading its relations');
    return item;
  }

  function filterCondition(filter: ResourceFilter, value: unknown): SQL {
    return 'column' in filter ? eq(filter.column, value) : filter.where(value);
  }

  return async (app, { db }) => {
    app.get(
      definition.path,
      { schema: { tags, summary: `Search ${definition.name}`, querystring: listQuery, response: { 200: paginated(definition.item) } }, config: { access: permissions.view } },
      async (request) => {
        const query = request.query as z.infer<typeof listQuery> & Row;
        const conditions: SQL[] = [];
        const matches = searchCondition(definition.searchable, query.search);
        if (matches) conditions.push(matches);
        for (const [key, filter] of Object.entries(definition.filters ?? {})) {
          if (query[key] !== undefined) conditions.push(filterCondition(filter, query[key]));
        }
        const where = conditions.length > 0 ? and(...conditions) : undefined;
        const sortColumn = definition.sortable[query.sort] ?? table.id;
        const order = query.direction === 'desc' ? desc(sortColumn) : asc(sortColumn);
        const { limit, offset } = pageWindow(query);
        const [rows, [total]] = await Promise.all([
          db.select().from(table).where(where).orderBy(order, asc(table.id)).limit(limit).offset(offset),
          db.select({ total: count() }).from(table).where(where),
        ]);
        return { data: await itemsOf(db, rows as Row[]), meta: paginationMetaOf(query, total?.total ?? 0) };
      },
    );

    app.get(
      `${definition.path}/:id`,
      {
        schema: { tags, summary: `One ${definition.name}`, params: idParam, response: { 200: dataOf(definition.item) } },
        config: { access: definition.showAccess ?? permissions.view },
      },
      async (request) => ({ data: await itemOf(db, await findOr404(db, request.params.id)) }),
    );

    app.post(
      definition.path,
      {
        schema: { tags, summary: `Create a ${definition.name}`, body: definition.create, response: { 201: z.object({ message: z.string(), data: definition.item }) } },
        config: { access: permissions.create },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const body = request.body as Row;
        await assertUnique(db, body, null);
        const values = hooks.toValues ? await hooks.toValues(body, null) : body;
        try {
          const data = await db.transaction(async (tx) => {
            const [row] = await tx
              .insert(table)
              .values(values as PgTable['$inferInsert'])
              .returning();
            if (!row) throw new Error('insert returned nothing');
            await hooks.afterWrite?.(tx, { row, body, existing: null, auth });
            return itemOf(tx, row);
          });
          return reply.status(201).send({ message: messages.created, data });
        } catch (error) {
          throw constraintError(error, definition.name);
        }
      },
    );

    app.put(
      `${definition.path}/:id`,
      {
        schema: { tags, summary: `Update a ${definition.name}`, params: idParam, body: definition.update, response: { 200: z.object({ message: z.string(), data: definition.item }) } },
        config: { access: permissions.update },
      },
      async (request) => {
        const auth = requireAuth(request);
        const existing = await findOr404(db, request.params.id);
        const body = request.body as Row;
        await assertUnique(db, body, request.params.id, existing);
        const values = hooks.toValues ? await hooks.toValues(body, existing) : body;
        try {
          const data = await db.transaction(async (tx) => {
            // A body made only of relations leaves no column to set: touch updated_at, or read the row as is.
            const changes = Object.keys(values).length > 0 ? values : 'updated_at' in table ? { updated_at: new Date() } : null;
            const [row] = changes
              ? await tx
                  .update(table)
                  .set(changes as PgTable['$inferInsert'])
                  .where(eq(table.id, request.params.id))
                  .returning()
              : await tx.select().from(table).where(eq(table.id, request.params.id));
            if (!row) throw notFound(definition.name);
            await hooks.afterWrite?.(tx, { row, body, existing, auth });
            return itemOf(tx, row);
          });
          return { message: messages.updated, data };
        } catch (error) {
          throw constraintError(error, definition.name);
        }
      },
    );

    app.delete(
      `${definition.path}/:id`,
      { schema: { tags, summary: `Delete a ${definition.name}`, params: idParam, response: { 200: messageResponse } }, config: { access: permissions.delete } },
      async (request) => {
        const auth = requireAuth(request);
        await findOr404(db, request.params.id);
        try {
          await db.transaction(async (tx) => {
            await hooks.beforeDelete?.(tx, { id: request.params.id, auth });
            const [row] = await tx.delete(table).where(eq(table.id, request.params.id)).returning();
            if (!row) throw notFound(definition.name);
            await hooks.afterDelete?.(tx, { row, auth });
          });
        } catch (error) {
          if (pgErrorCode(error) === pgForeignKeyViolation || pgErrorCode(error) === pgRestrictViolation)
            throw new HttpError(409, `This ${definition.name.toLowerCase()} is in use and cannot be deleted.`);
          throw error;
        }
        return { message: messages.deleted };
      },
    );
  };
}
