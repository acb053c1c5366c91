/**
 * One way to declare a CRUD resource (STYLE 5): its table, permissions, body schemas, searchable,
 * sortable and filterable columns, and uniqueness. `registerResource` gives it a paginated list
 * (`{ data, meta }`, `?search=&sort=&direction=&<filter>=`), get, create, update and delete, with a 422
 * naming the field when a unique value is taken and a 409 when a row in use is deleted.
 */
import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, idParam, messageResponse, paginated, paginationQuery, type CrudPermissions } from '@crm/shared/contract';
import type { Db } from '../db/database.ts';
import { HttpError, invalid, notFound } from './errors.ts';
import { pageWindow, paginationMetaOf } from './pagination.ts';

type ResourceTable = PgTable & { id: AnyPgColumn };

export type UniqueRule = { field: string; columns: readonly AnyPgColumn[]; message?: string };

type ItemSchema = z.ZodType<Record<string, unknown>>;

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
  searchable: readonly AnyPgColumn[];
  sortable: Readonly<Record<string, AnyPgColumn>>;
  defaultSort: string;
  /** Equality filters from the query string: key → column. */
  filters?: Readonly<Record<string, { column: AnyPgColumn; schema: z.ZodType }>>;
  unique?: readonly UniqueRule[];
};

const pgUniqueViolation = '23505';
const pgForeignKeyViolation = '23503';

/** The column a PostgreSQL constraint error names in its detail: 'Key (source_id)=(9) is not present …'. */
function errorColumn(error: unknown): string {
  const detail = (error as { detail?: unknown }).detail ?? (error as { cause?: { detail?: unknown } }).cause?.detail;
  return (typeof detail === 'string' && /Key \((\w+)[,)]/.exec(detail)?.[1]) || '_';
}

/** Constraint errors that slipped past the checks (a race, a missing reference) become 422s naming the field. */
function constraintError(error: unknown, name: string): unknown {
  const code = errorCode(error);
  if (code === pgUniqueViolation) return invalid({ [errorColumn(error)]: [`This ${name.toLowerCase()} already exists.`] });
  if (code === pgForeignKeyViolation) return invalid({ [errorColumn(error)]: ['The selected record does not exist.'] });
  return error;
}

function errorCode(error: unknown): string | undefined {
  const direct = (error as { code?: unknown }).code;
  if (typeof direct === 'string') return direct;
  const cause = (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof cause === 'string' ? cause : undefined;
}

export function resourceRoutes(definition: ResourceDefinition): FastifyPluginAsyncZod<{ db: Db }> {
  const { table, permissions } = definition;
  const tags = [definition.path.split('/').filter(Boolean).join(' › ')];
  const sortKeys = Object.keys(definition.sortable) as [string, ...string[]];
  const filterShape = Object.fromEntries(Object.entries(definition.filters ?? {}).map(([key, filter]) => [key, filter.schema.optional()]));
  const listQuery = paginationQuery.extend({
    sort: z.enum(sortKeys).default(definition.defaultSort),
    direction: z.enum(['asc', 'desc']).default('asc'),
    ...filterShape,
  });

  async function assertUnique(db: Db, body: Record<string, unknown>, currentId: number | null, existing?: Record<string, unknown>) {
    for (const rule of definition.unique ?? []) {
      const values = rule.columns.map((column) => body[column.name] ?? existing?.[column.name]);
      if (values.some((value) => value === undefined || value === null)) continue;
      const conditions: SQL[] = rule.columns.map((column, index) =>
        typeof values[index] === 'string' ? sql`lower(${column}) = lower(${values[index]})` : eq(column, values[index]),
      );
      if (currentId !== null) conditions.push(ne(table.id, currentId));
      const [taken] = await db.select({ id: table.id }).from(table).where(and(...conditions)).limit(1);
      if (taken) throw invalid({ [rule.field]: [rule.message ?? `The ${rule.field.replaceAll('_', ' ')} has already been taken.`] });
    }
  }

  async function findOr404(db: Db, id: number): Promise<Record<string, unknown>> {
    const [row] = await db.select().from(table).where(eq(table.id, id)).limit(1);
    if (!row) throw notFound(definition.name);
    return row as Record<string, unknown>;
  }

  return async (app, { db }) => {
    app.get(
      definition.path,
      { schema: { tags, summary: `Search ${definition.name}`, querystring: listQuery, response: { 200: paginated(definition.item) } }, config: { access: permissions.view } },
      async (request) => {
        const query = request.query as z.infer<typeof listQuery> & Record<string, unknown>;
        const conditions: SQL[] = [];
        const search = query.search?.trim();
        if (search && definition.searchable.length > 0) {
          const pattern = `%${search.replaceAll(/[\\%_]/g, (match) => `\\${match}`)}%`;
          const matches = or(...definition.searchable.map((column) => ilike(sql`${column}::text`, pattern)));
          if (matches) conditions.push(matches);
        }
        for (const [key, filter] of Object.entries(definition.filters ?? {})) {
          if (query[key] !== undefined) conditions.push(eq(filter.column, query[key]));
        }
        const where = conditions.length > 0 ? and(...conditions) : undefined;
        const sortColumn = definition.sortable[query.sort] ?? table.id;
        const order = query.direction === 'desc' ? desc(sortColumn) : asc(sortColumn);
        const { limit, offset } = pageWindow(query);
        const [rows, [total]] = await Promise.all([
          db.select().from(table).where(where).orderBy(order, asc(table.id)).limit(limit).offset(offset),
          db.select({ total: count() }).from(table).where(where),
        ]);
        return { data: rows.map((row) => definition.toItem(row as Record<string, unknown>)), meta: paginationMetaOf(query, total?.total ?? 0) };
      },
    );

    app.get(
      `${definition.path}/:id`,
      { schema: { tags, summary: `One ${definition.name}`, params: idParam, response: { 200: dataOf(definition.item) } }, config: { access: permissions.view } },
      async (request) => ({ data: definition.toItem(await findOr404(db, request.params.id)) }),
    );

    app.post(
      definition.path,
      { schema: { tags, summary: `Create a ${definition.name}`, body: definition.create, response: { 201: z.object({ message: z.string(), data: definition.item }) } }, config: { access: permissions.create } },
      async (request, reply) => {
        const body = request.body as Record<string, unknown>;
        await assertUnique(db, body, null);
        try {
          const [row] = await db.insert(table).values(body as PgTable['$inferInsert']).returning();
          return reply.status(201).send({ message: 'Setting successfully created', data: definition.toItem(row as Record<string, unknown>) });
        } catch (error) {
          throw constraintError(error, definition.name);
        }
      },
    );

    app.put(
      `${definition.path}/:id`,
      { schema: { tags, summary: `Update a ${definition.name}`, params: idParam, body: definition.update, response: { 200: z.object({ message: z.string(), data: definition.item }) } }, config: { access: permissions.update } },
      async (request) => {
        const existing = await findOr404(db, request.params.id);
        const body = request.body as Record<string, unknown>;
        await assertUnique(db, body, request.params.id, existing);
        try {
          const [row] = await db.update(table).set(body as PgTable['$inferInsert']).where(eq(table.id, request.params.id)).returning();
          return { message: 'Setting successfully updated', data: definition.toItem(row as Record<string, unknown>) };
        } catch (error) {
          throw constraintError(error, definition.name);
        }
      },
    );

    app.delete(
      `${definition.path}/:id`,
      { schema: { tags, summary: `Delete a ${definition.name}`, params: idParam, response: { 200: messageResponse } }, config: { access: permissions.delete } },
      async (request) => {
        await findOr404(db, request.params.id);
        try {
          await db.delete(table).where(eq(table.id, request.params.id));
        } catch (error) {
          if (errorCode(error) === pgForeignKeyViolation) throw new HttpError(409, `This ${definition.name.toLowerCase()} is in use and cannot be deleted.`);
          throw error;
        }
        return { message: 'Setting successfully deleted' };
      },
    );
  };
}
