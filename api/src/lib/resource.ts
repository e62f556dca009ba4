/**
 * The resource factory: one declaration of a resource (paths, permission resource, table and primary
 * key, schemas, sort columns, search columns, filters, row scope, soft delete or not) yields its five
 * routes, list / show / create / update / delete, each with:
 * - schema validation (strict input: the declaration's schemas are built with Id / Int / Text);
 * - the permission check of its action (GetAll, GetOne, Create, Update, Delete on the resource);
 * - row scoping (a row outside the actor's scope is a 404, as if it did not exist);
 * - one transaction per write, with its audit entry (before / after);
 * - domain.md's error bodies: 400 for bad input, 403, 404, 409 for a duplicate or a record in use.
 * Business rules beyond that stay in the declaration's hooks (`beforeWrite`, `beforeDelete`).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, count, eq, ilike, isNull, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Type, type Static, type TObject, type TProperties, type TSchema } from 'typebox';
import type { Resource } from '@trungtam/shared/permissions';
import type { Actor } from '../access/access';
import type { Queryable } from '../db/client';
import { actorOf, requirePermission } from '../plugins/auth';
import { auditCtx } from '../routes/helpers';
import { writeAudit } from '../services/audit';
import { Data, errorResponses, Id, IdParams, ListOf, listQueryProps, ResultBody, Text } from '../schemas/common';
import { isForeignKeyViolation, isUniqueViolation } from './db-errors';
import { conflict, notFound } from './errors';
import { containsPattern, listResult, paging, relationships, sortBy } from './list';

/** A list filter: its query-string schema and the condition a value gives (undefined: no condition). */
export interface ResourceFilter<S extends TSchema> {
  schema: S;
  where: (value: Static<S>) => SQL | undefined;
}

/** Declares a list filter, typing the value its condition gets from the schema. */
export const listFilter = <S extends TSchema>(schema: S, where: (value: Static<S>) => SQL | undefined): ResourceFilter<S> => ({ schema, where });

// each filter carries its own schema type
type AnyFilter = ResourceFilter<any>;

export interface ResourceDeclaration<Row extends Record<string, unknown>, RecordSchema extends TSchema, WriteProps extends TProperties> {
  /** The audit log's resource name ('Center'). */
  name: string;
  /** The OpenAPI tag. */
  tag: string;
  /** Spec-named paths where the spec names them; `:id` in show and remove. */
  paths: { list: string; show: string; create: string; update: string; remove: string };
  /** The permission resource; each route asks for its action (GetAll, GetOne, Create, Update, Delete). */
  permission: Resource;
  table: PgTable;
  primaryKey: PgColumn;
  /** The id's name in update bodies and in records ('center_id'). */
  idField: string;
  /** The record as the API answers it, and the fields a create or an update sends. */
  schemas: { record: RecordSchema; write: WriteProps };
  sort: { columns: Record<string, AnyColumn>; default: string };
  /** Columns `search` looks in (contains, case-insensitive). */
  search?: AnyColumn[];
  /** Relationship names the list accepts (none by default: asking for another is a 400). */
  relationships?: readonly string[];
  /** Query-string filters by name (see listFilter). */
  filters?: Record<string, AnyFilter>;
  /** The rows the actor may list and touch (undefined: every row the permission reaches). */
  scope?: (actor: Actor) => SQL | undefined;
  /** A deleted-at column: delete stamps it and every route skips stamped rows. */
  softDelete?: PgColumn;
  /** An updated-at column, stamped on update. */
  updatedAt?: PgColumn;
  toRecord: (row: Row) => Static<RecordSchema>;
  /** The columns a create or update writes, from the validated body. */
  toValues: (body: Static<TObject<WriteProps>>) => Record<string, unknown>;
  /** Business rules before a create or update (throw an ApiError to refuse); `existing` on update. */
  beforeWrite?: (db: Queryable, actor: Actor, body: Static<TObject<WriteProps>>, existing: Row | null) => Promise<void>;
  /** Business rules before a delete (say, a record still in use: throw a 409). */
  beforeDelete?: (db: Queryable, actor: Actor, row: Row) => Promise<void>;
  messages: { duplicate: string; inUse: string };
}

export function resourceRoutes<Row extends Record<string, unknown>, RecordSchema extends TSchema, WriteProps extends TProperties>(
  declaration: ResourceDeclaration<Row, RecordSchema, WriteProps>,
): FastifyPluginAsyncTypebox {
  const d = declaration;
  const filters = d.filters ?? {};
  const filterProps = Object.fromEntries(Object.entries(filters).map(([name, filter]) => [name, Type.Optional(filter.schema)]));
  const ListQuery = Type.Object({ ...listQueryProps, search: Type.Optional(Text(100)), ...filterProps });
  const WriteBody = Type.Object(d.schemas.write);
  const UpdateBody = Type.Object({ [d.idField]: Id(`${d.idField} không hợp lệ`), ...d.schemas.write });
  const schema = (extra: Record<string, unknown>) => ({ tags: [d.tag], ...extra });
  const table = d.table as PgTable & Record<string, unknown>;

  /** The conditions every route applies: not soft-deleted, within the actor's scope. */
  const reach = (actor: Actor): SQL[] => [d.softDelete ? isNull(d.softDelete) : undefined, d.scope?.(actor)].filter((c): c is SQL => !!c);

  async function findInReach(db: Queryable, actor: Actor, id: number): Promise<Row> {
    const [row] = await db.select().from(d.table).where(and(eq(d.primaryKey, id), ...reach(actor))).limit(1);
    if (!row) throw notFound();
    return row as Row;
  }

  /** Unique and foreign-key violations become 409s with the declaration's words. */
  async function guarded<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(d.messages.duplicate);
      if (isForeignKeyViolation(error)) throw conflict(d.messages.inUse);
      throw error;
    }
  }

  return async (app) => {
    const db = () => app.ctx.database.db;

    app.get(
      d.paths.list,
      { schema: schema({ querystring: ListQuery, response: { 200: ListOf(d.schemas.record), ...errorResponses } }), preHandler: requirePermission(d.permission, 'GetAll') },
      async (request) => {
        const actor = actorOf(request);
        const query = request.query as Static<typeof ListQuery> & Record<string, unknown>;
        // a declared resource has no relationships to load: any name asked for is a 400
        relationships(query.relationships, d.relationships ?? []);
        const conditions: Array<SQL | undefined> = reach(actor);
        const search = query.search?.trim();
        if (search && d.search?.length) conditions.push(or(...d.search.map((column) => ilike(column, containsPattern(search)))));
        for (const [name, filter] of Object.entries(filters)) {
          if (query[name] !== undefined) conditions.push(filter.where(query[name]));
        }
        const where = and(...conditions);
        const order = sortBy(query, d.sort.columns, d.sort.default, d.primaryKey);
        const page = paging(query);
        const [{ total }] = await db().select({ total: count() }).from(d.table).where(where);
        const rows = await db().select().from(d.table).where(where).orderBy(...order).limit(page.limit).offset(page.offset);
        return { data: listResult((rows as Row[]).map(d.toRecord), Number(total), page) };
      },
    );

    app.get(
      d.paths.show,
      { schema: schema({ params: IdParams, response: { 200: Data(d.schemas.record), ...errorResponses } }), preHandler: requirePermission(d.permission, 'GetOne') },
      async (request) => ({ data: d.toRecord(await findInReach(db(), actorOf(request), (request.params as { id: number }).id)) }),
    );

    app.post(
      d.paths.create,
      { schema: schema({ body: WriteBody, response: { 201: Data(d.schemas.record), ...errorResponses } }), preHandler: requirePermission(d.permission, 'Create') },
      async (request, reply) => {
        const actor = actorOf(request);
        const body = request.body as Static<typeof WriteBody>;
        await d.beforeWrite?.(db(), actor, body, null);
        const created = await guarded(() =>
          db().transaction(async (tx) => {
            const [row] = (await tx.insert(d.table).values(d.toValues(body) as never).returning()) as Row[];
            const record = d.toRecord(row);
            await writeAudit(tx, auditCtx(request), { action: 'create', resource: d.name, resourceId: row[primaryKeyName()] as number, after: record });
            return record;
          }),
        );
        return reply.status(201).send({ data: created });
      },
    );

    app.put(
      d.paths.update,
      { schema: schema({ body: UpdateBody, response: { 200: Data(d.schemas.record), ...errorResponses } }), preHandler: requirePermission(d.permission, 'Update') },
      async (request) => {
        const actor = actorOf(request);
        const body = request.body as Static<typeof WriteBody> & Record<string, number>;
        const id = body[d.idField];
        const before = await findInReach(db(), actor, id);
        await d.beforeWrite?.(db(), actor, body, before);
        const updated = await guarded(() =>
          db().transaction(async (tx) => {
            const values = { ...d.toValues(body), ...(d.updatedAt ? { [columnKey(d.updatedAt)]: new Date() } : {}) };
            const [row] = (await tx.update(d.table).set(values as never).where(eq(d.primaryKey, id)).returning()) as Row[];
            const record = d.toRecord(row);
            await writeAudit(tx, auditCtx(request), { action: 'update', resource: d.name, resourceId: id, before: d.toRecord(before), after: record });
            return record;
          }),
        );
        return { data: updated };
      },
    );

    app.delete(
      d.paths.remove,
      { schema: schema({ params: IdParams, response: { 200: ResultBody, ...errorResponses } }), preHandler: requirePermission(d.permission, 'Delete') },
      async (request) => {
        const actor = actorOf(request);
        const id = (request.params as { id: number }).id;
        const before = await findInReach(db(), actor, id);
        await d.beforeDelete?.(db(), actor, before);
        await guarded(() =>
          db().transaction(async (tx) => {
            if (d.softDelete) await tx.update(d.table).set({ [columnKey(d.softDelete!)]: new Date() } as never).where(eq(d.primaryKey, id));
            else await tx.delete(d.table).where(eq(d.primaryKey, id));
            await writeAudit(tx, auditCtx(request), { action: 'delete', resource: d.name, resourceId: id, before: d.toRecord(before) });
          }),
        );
        return { data: { result: true } };
      },
    );
  };

  /** The row property of the primary key (Drizzle's key, not the SQL name). */
  function primaryKeyName(): string {
    return columnKey(d.primaryKey);
  }

  /** The table object's property holding `column`. */
  function columnKey(column: PgColumn): string {
    const key = Object.keys(table).find((name) => table[name] === column);
    if (!key) throw new Error(`${d.name}: a declared column is not a column of its table`);
    return key;
  }
}

/** For a declaration's `toValues`: the fields of a write body that were sent (drops undefined). */
export const sent = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));

