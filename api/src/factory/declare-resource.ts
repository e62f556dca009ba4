/**
 * The resource factory: one declaration of a resource (paths, permission resource, table and primary
 * key, schemas, sort columns, search columns, filters, row scope, soft delete or not) yields its five
 * routes, list / show / create / update / delete, each with:
 * - schema validation (strict input: the declaration's schemas are built with Id / Int / Text);
 * - the permission check of its action (GetAll, GetOne, Create, Update, Delete on the resource);
 * - row scoping by the access policy: lists hold only the rows in the actor's scope, and its read,
 *   create, update and delete rules refuse the others (403 with the reason);
 * - one transaction per write, with its audit entry (before / after);
 * - the API's error bodies: 400 for bad input, 403, 404, 409 for a duplicate or a record in use.
 * Each of those is a step a service can call as well (authorise.ts, validate.ts, scope.ts, transaction.ts,
 * audit.ts): this factory only composes them.
 * Business rules beyond that stay in the declaration's hooks (`beforeWrite`, `beforeDelete`). A record
 * with rows of its own in other tables (a course's items) loads them for a whole page at once
 * (`loadRelated`) and writes them in the write's transaction (`writeRelated`). Rows whose reach is
 * another record's (a round follows its event) are scoped by `reach`; columns only the transaction can
 * work out (a number taken from a counter) come from `completeValues`.
 *
 * A soft-deleting resource also gets its bulk delete and its restore (the undo of a delete), both POST
 * with the rows' ids (bulk.ts): the bulk delete takes `{ ids }` or `{ filter }` (the list's own filters,
 * every row they match) and deletes each row as the single delete does; the restore takes `{ ids }` of
 * rows deleted less than UNDO_WINDOW_SECONDS ago and brings each back as it was (same id, fields and
 * links: a soft delete keeps them all), after the checks an update to the same values would pass (a name
 * taken meanwhile refuses it). Both answer `{ succeeded, refused: [{ id, reason }] }`. A row that owns
 * others (a variant group its variants) deletes and restores them in the same transaction (`onSoftDelete`,
 * `onRestore`); a row that may come back only with another (a variant with its group) says so in `beforeRestore`.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, count, eq, isNotNull, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Type, type Static, type TObject, type TProperties, type TSchema } from 'typebox';
import { BULK_TEXT, UNDO_WINDOW_SECONDS, type AuditResource } from '@trungtam/shared/contracts';
import type { PermissionResource } from '@trungtam/shared/permissions';
import type { Actor, PolicyResource } from '../access/access';
import type { AuditContext, AuditEntry } from './audit';
import type { Queryable } from '../db/client';
import { conflict } from '../lib/errors';
import { listResult, paging, relationships, sortBy } from '../lib/list';
import { BulkBody, BulkResultBody, Data, errorResponses, Id, IdParams, ListOf, listQueryProps, RestoreBody, ResultBody, Text } from '@trungtam/shared/schemas/builders';
import { auditCtx } from './audit';
import { eachRow, selectedIds } from './bulk';
import { actorOf, requirePermission } from './authorise';
import { searchWhere, sent } from './rules';
import { assertPolicy, findInReach, reachConditions } from './scope';
import { auditedWrite, type ViolationAnswers } from './transaction';

/** A list filter: its query-string schema and the condition a value gives (undefined: no condition). */
export interface ResourceFilter<S extends TSchema> {
  schema: S;
  where: (value: Static<S>) => SQL | undefined;
}

/** Declares a list filter, typing the value its condition gets from the schema. */
export const listFilter = <S extends TSchema>(schema: S, where: (value: Static<S>) => SQL | undefined): ResourceFilter<S> => ({ schema, where });

// each filter carries its own schema type
type AnyFilter = ResourceFilter<any>;

export interface ResourceDeclaration<Row extends Record<string, unknown>, RecordSchema extends TSchema, WriteProps extends TProperties, Related = undefined> {
  /** The audit log's resource name ('Center'), one of its catalogue (AUDIT_OWN_RESOURCES or a permission resource). */
  name: AuditResource;
  /** The OpenAPI tag. */
  tag: string;
  /**
   * The API paths of the five calls (`crudPaths` gives the usual ones); `:id` in show and remove. With
   * `softDelete`, the bulk delete's and the restore's as well.
   */
  paths: { list: string; show: string; create: string; update: string; remove: string; bulkRemove?: string; restore?: string };
  /** The permission resource; each route asks for its action (GetAll, GetOne, Create, Update, Delete). */
  permission: PermissionResource;
  table: PgTable;
  primaryKey: PgColumn;
  /** The id's name in update bodies and in records ('center_id'). */
  idField: string;
  /** The record as the API answers it, and the fields a create or an update sends. */
  schemas: { record: RecordSchema; write: WriteProps };
  /** `then`: columns ordering, ascending, the rows the chosen column leaves tied (a round's order within its event). */
  sort: { columns: Record<string, AnyColumn>; default: string; then?: AnyColumn[] };
  /** Columns `search` looks in (contains, case-insensitive). */
  search?: AnyColumn[];
  /** Relationship names the list accepts (none by default: asking for another is a 400). */
  relationships?: readonly string[];
  /** Query-string filters by name (see listFilter). */
  filters?: Record<string, AnyFilter>;
  /**
   * The access policy's rules for these rows (access/access.ts): its scope narrows every route, and its
   * create / update / delete rules are asked with the table row (on create: the values to insert).
   */
  policy?: PolicyResource;
  /**
   * Where the rows' reach is not a policy of their own table (a round is in reach when its event is): the
   * condition on this table's rows `actor` may reach (undefined: every row). Lists hold only those; show,
   * update and delete answer 403 for the others.
   */
  reach?: (actor: Actor) => SQL | undefined;
  /** PUT may send only some fields (`PUT /discounts` sends only the id and the percent): the rest keep their values. */
  partialUpdate?: boolean;
  /**
   * A deleted-at column: delete stamps it and every route skips stamped rows; a stamped row is restorable
   * for UNDO_WINDOW_SECONDS (its restore route), then stays hidden for good (what points at it keeps its link).
   */
  softDelete?: PgColumn;
  /** An updated-at column, stamped on update. */
  updatedAt?: PgColumn;
  /** The record of a row, with what `loadRelated` loaded for it (undefined without a loader). */
  toRecord: (row: Row, related: Related) => Static<RecordSchema>;
  /**
   * What the records need beyond their own row (child rows, the names of the records they point at),
   * loaded for all the rows at once: a list page costs the same few queries whatever its size, never one
   * per row. One entry per row, in the rows' order.
   */
  loadRelated?: (db: Queryable, rows: Row[]) => Promise<Related[]>;
  /** The columns a create or update writes, from the validated body. */
  toValues: (body: Static<TObject<WriteProps>>) => Record<string, unknown>;
  /**
   * Columns worked out inside the write's transaction, before its insert or update, added to toValues'
   * (`existing`: the row before an update, null on create): a number taken from a counter is then taken
   * atomically with the write, and given back if the write fails.
   */
  completeValues?: (tx: Queryable, body: Static<TObject<WriteProps>>, existing: Row | null) => Promise<Record<string, unknown>>;
  /**
   * Writes the record's rows in other tables (a course's items) inside the write's transaction, once its
   * own row is inserted or updated (`existing`: the row before an update, null on create). The audit entry
   * and the answer are read after it. Throwing (an ApiError) undoes the whole write.
   */
  writeRelated?: (tx: Queryable, body: Static<TObject<WriteProps>>, row: Row, existing: Row | null) => Promise<void>;
  /**
   * Checks the ids the write puts into the row (a room's centre) against the actor's reach (references.ts):
   * run before the access policy's rule on the values, so that one out of reach is answered as a missing
   * one (the neutral 400 on its field) rather than with the policy's 403, which would tell it exists. On
   * update the row itself is asked first: another centre's row stays a 403. `existing` on update.
   */
  references?: (db: Queryable, actor: Actor, body: Static<TObject<WriteProps>>, existing: Row | null) => Promise<void>;
  /** Business rules before a create or update (throw an ApiError to refuse); `existing` on update. */
  beforeWrite?: (db: Queryable, actor: Actor, body: Static<TObject<WriteProps>>, existing: Row | null) => Promise<void>;
  /** Business rules before a delete (say, a record still in use: throw a 409). */
  beforeDelete?: (db: Queryable, actor: Actor, row: Row) => Promise<void>;
  /**
   * With softDelete: the rows this one owns, deleted with it inside its delete's transaction, stamped with
   * the same moment `at` (so that its restore brings back exactly those). Answers their audit entries.
   */
  onSoftDelete?: (tx: Queryable, row: Row, at: Date) => Promise<AuditEntry[]>;
  /** With softDelete: a refusal of the restore beyond an update's checks (throw an ApiError). */
  beforeRestore?: (db: Queryable, actor: Actor, row: Row) => Promise<void>;
  /** With softDelete: brings back inside the restore's transaction what onSoftDelete deleted at `deletedAt`; their audit entries. */
  onRestore?: (tx: Queryable, row: Row, deletedAt: Date) => Promise<AuditEntry[]>;
  messages: { duplicate: string; inUse: string };
}

export function declareResource<Row extends Record<string, unknown>, RecordSchema extends TSchema, WriteProps extends TProperties, Related = undefined>(
  declaration: ResourceDeclaration<Row, RecordSchema, WriteProps, Related>,
): FastifyPluginAsyncTypebox {
  const d = declaration;
  const filters = d.filters ?? {};
  const filterProps = Object.fromEntries(Object.entries(filters).map(([name, filter]) => [name, Type.Optional(filter.schema)]));
  const ListQuery = Type.Object({ ...listQueryProps, search: Type.Optional(Text(100)), ...filterProps });
  const BulkRemoveBody = BulkBody({ search: Type.Optional(Text(100)), ...filterProps });
  const WriteBody = Type.Object(d.schemas.write);
  const UpdateBody = Type.Object({
    [d.idField]: Id(`${d.idField} không hợp lệ`),
    ...(d.partialUpdate ? Type.Partial(WriteBody).properties : d.schemas.write),
  });
  const schema = (extra: Record<string, unknown>) => ({ tags: [d.tag], ...extra });
  const table = d.table as PgTable & Record<string, unknown>;

  const scope = { table: d.table, primaryKey: d.primaryKey, softDelete: d.softDelete, policy: d.policy, reach: d.reach };
  const violations: ViolationAnswers = { duplicate: () => conflict(d.messages.duplicate), inUse: () => conflict(d.messages.inUse) };

  /** The records of `rows`, with what they need from other tables loaded in one go. */
  async function recordsOf(db: Queryable, rows: Row[]): Promise<Array<Static<RecordSchema>>> {
    if (!rows.length) return [];
    const related = d.loadRelated ? await d.loadRelated(db, rows) : rows.map(() => undefined as Related);
    return rows.map((row, index) => d.toRecord(row, related[index]));
  }
  const recordOf = async (db: Queryable, row: Row) => (await recordsOf(db, [row]))[0];

  /** The rows a list shows `actor` with these search and filters. */
  function listWhere(actor: Actor, query: Record<string, unknown>): SQL | undefined {
    const conditions: Array<SQL | undefined> = reachConditions(actor, scope);
    if (d.search?.length) conditions.push(searchWhere(d.search, query.search as string | undefined));
    for (const [name, filter] of Object.entries(filters)) {
      if (query[name] !== undefined) conditions.push(filter.where(query[name]));
    }
    return and(...conditions);
  }

  /** An update's full write body: with partialUpdate, the fields not sent keep the record's values. */
  const fullWrite = (body: Record<string, unknown>, beforeRecord: Static<RecordSchema>): Static<typeof WriteBody> => {
    if (!d.partialUpdate) return body as Static<typeof WriteBody>;
    const current = beforeRecord as Record<string, unknown>;
    const kept = Object.fromEntries(Object.keys(d.schemas.write).map((key) => [key, current[key]]));
    return { ...kept, ...sent(body) } as Static<typeof WriteBody>;
  };

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
        const where = listWhere(actor, query);
        const [chosen, ...tieBreaker] = sortBy(query, d.sort.columns, d.sort.default, d.primaryKey);
        const order = [chosen, ...(d.sort.then ?? []).map((column) => asc(column)), ...tieBreaker];
        const page = paging(query);
        const [{ total }] = await db().select({ total: count() }).from(d.table).where(where);
        const rows = await db().select().from(d.table).where(where).orderBy(...order).limit(page.limit).offset(page.offset);
        return { data: listResult(await recordsOf(db(), rows as Row[]), Number(total), page) };
      },
    );

    app.get(
      d.paths.show,
      { schema: schema({ params: IdParams, response: { 200: Data(d.schemas.record), ...errorResponses } }), preHandler: requirePermission(d.permission, 'GetOne') },
      async (request) => ({ data: await recordOf(db(), await findInReach<Row>(db(), actorOf(request), scope, (request.params as { id: number }).id)) }),
    );

    app.post(
      d.paths.create,
      { schema: schema({ body: WriteBody, response: { 201: Data(d.schemas.record), ...errorResponses } }), preHandler: requirePermission(d.permission, 'Create') },
      async (request, reply) => {
        const actor = actorOf(request);
        const body = request.body as Static<typeof WriteBody>;
        const values = d.toValues(body);
        await d.references?.(db(), actor, body, null);
        assertPolicy(actor, d.policy, 'create', values);
        await d.beforeWrite?.(db(), actor, body, null);
        const created = await auditedWrite(
          db(),
          auditCtx(request),
          async (tx) => {
            const complete = { ...values, ...(await d.completeValues?.(tx, body, null)) };
            const [row] = (await tx.insert(d.table).values(complete as never).returning()) as Row[];
            await d.writeRelated?.(tx, body, row, null);
            const record = await recordOf(tx, row);
            return { result: record, audit: { action: 'create', resource: d.name, resourceId: row[primaryKeyName()] as number, after: record } };
          },
          violations,
        );
        return reply.status(201).send({ data: created });
      },
    );

    app.put(
      d.paths.update,
      { schema: schema({ body: UpdateBody, response: { 200: Data(d.schemas.record), ...errorResponses } }), preHandler: requirePermission(d.permission, 'Update') },
      async (request) => {
        const actor = actorOf(request);
        const sentBody = request.body as Record<string, unknown>;
        const id = sentBody[d.idField] as number;
        const before = await findInReach<Row>(db(), actor, scope, id);
        const beforeRecord = await recordOf(db(), before);
        const body = fullWrite(sentBody, beforeRecord);
        const changed = d.toValues(body);
        if (d.references) {
          // the row as it is (403 out of reach), then what the write puts into it (400), then the change
          assertPolicy(actor, d.policy, 'update', before, {});
          await d.references(db(), actor, body, before);
        }
        assertPolicy(actor, d.policy, 'update', before, changed);
        await d.beforeWrite?.(db(), actor, body, before);
        const updated = await auditedWrite(
          db(),
          auditCtx(request),
          async (tx) => {
            const values = { ...changed, ...(await d.completeValues?.(tx, body, before)), ...(d.updatedAt ? { [columnKey(d.updatedAt)]: new Date() } : {}) };
            const [row] = (await tx.update(d.table).set(values as never).where(eq(d.primaryKey, id)).returning()) as Row[];
            await d.writeRelated?.(tx, body, row, before);
            const record = await recordOf(tx, row);
            return { result: record, audit: { action: 'update', resource: d.name, resourceId: id, before: beforeRecord, after: record } };
          },
          violations,
        );
        return { data: updated };
      },
    );

    /** Deletes the row `id` as `actor` may (its reach, the policy, the business rules), with its audit entry. */
    async function removeOne(actor: Actor, id: number, audit: AuditContext): Promise<void> {
      const before = await findInReach<Row>(db(), actor, scope, id);
      assertPolicy(actor, d.policy, 'delete', before);
      await d.beforeDelete?.(db(), actor, before);
      const beforeRecord = await recordOf(db(), before);
      await auditedWrite(
        db(),
        audit,
        async (tx) => {
          const owned: AuditEntry[] = [];
          if (d.softDelete) {
            const at = new Date();
            await tx.update(d.table).set({ [columnKey(d.softDelete)]: at } as never).where(eq(d.primaryKey, id));
            owned.push(...((await d.onSoftDelete?.(tx, before, at)) ?? []));
          } else await tx.delete(d.table).where(eq(d.primaryKey, id));
          return { result: undefined, audit: [{ action: 'delete', resource: d.name, resourceId: id, before: beforeRecord }, ...owned] };
        },
        violations,
      );
    }

    app.delete(
      d.paths.remove,
      { schema: schema({ params: IdParams, response: { 200: ResultBody, ...errorResponses } }), preHandler: requirePermission(d.permission, 'Delete') },
      async (request) => {
        await removeOne(actorOf(request), (request.params as { id: number }).id, auditCtx(request));
        return { data: { result: true } };
      },
    );

    if (!d.softDelete) return;
    const softDelete = d.softDelete;

    /**
     * Brings the row `id` back as it was when deleted: only a row deleted less than UNDO_WINDOW_SECONDS ago,
     * in the actor's reach, that an update to its own values would let through (a name another row took
     * meanwhile refuses it).
     */
    async function restoreOne(actor: Actor, id: number, audit: AuditContext): Promise<void> {
      const deleted = await findInReach<Row>(db(), actor, scope, id, { deleted: true }).catch((error: unknown) => {
        throw error instanceof Error && (error as { statusCode?: number }).statusCode === 404 ? conflict(BULK_TEXT.notDeleted) : error;
      });
      const deletedAt = deleted[columnKey(softDelete)] as Date;
      if (Date.now() - deletedAt.getTime() > UNDO_WINDOW_SECONDS * 1000) throw conflict(BULK_TEXT.undoExpired);
      assertPolicy(actor, d.policy, 'delete', deleted);
      await d.beforeRestore?.(db(), actor, deleted);
      const record = await recordOf(db(), deleted);
      // the record's own values as the write body: the checks of an update that changes nothing
      const current = record as Record<string, unknown>;
      const body = Object.fromEntries(Object.keys(d.schemas.write).map((key) => [key, current[key]])) as Static<typeof WriteBody>;
      await d.references?.(db(), actor, body, deleted);
      await d.beforeWrite?.(db(), actor, body, deleted);
      await auditedWrite(
        db(),
        audit,
        async (tx) => {
          const restored = await tx
            .update(d.table)
            .set({ [columnKey(softDelete)]: null } as never)
            .where(and(eq(d.primaryKey, id), isNotNull(softDelete)))
            .returning();
          // restored meanwhile by another call
          if (!restored.length) throw conflict(BULK_TEXT.notDeleted);
          const owned = (await d.onRestore?.(tx, deleted, deletedAt)) ?? [];
          return { result: undefined, audit: [{ action: 'restore', resource: d.name, resourceId: id, after: record }, ...owned] };
        },
        violations,
      );
    }

    if (d.paths.bulkRemove) {
      app.post(
        d.paths.bulkRemove,
        {
          schema: schema({
            description: 'Deletes each row chosen (`ids`) or matching the list\'s filters (`filter`), as the single delete does, row by row.',
            body: BulkRemoveBody,
            response: { 200: BulkResultBody, ...errorResponses },
          }),
          preHandler: requirePermission(d.permission, 'Delete'),
        },
        async (request) => {
          const actor = actorOf(request);
          const audit = auditCtx(request);
          const ids = await selectedIds(request.body as Static<typeof BulkRemoveBody>, async (filter, limit) =>
            (await db().select({ id: d.primaryKey }).from(d.table).where(listWhere(actor, filter as Record<string, unknown>)).orderBy(asc(d.primaryKey)).limit(limit)).map(
              (row) => row.id as number,
            ),
          );
          return { data: await eachRow(ids, (id) => removeOne(actor, id, audit)) };
        },
      );
    }

    if (d.paths.restore) {
      app.post(
        d.paths.restore,
        {
          schema: schema({
            description: `Brings back rows deleted less than ${UNDO_WINDOW_SECONDS} seconds ago (the undo of a delete), row by row.`,
            body: RestoreBody,
            response: { 200: BulkResultBody, ...errorResponses },
          }),
          preHandler: requirePermission(d.permission, 'Delete'),
        },
        async (request) => {
          const actor = actorOf(request);
          const audit = auditCtx(request);
          const ids = [...new Set((request.body as Static<typeof RestoreBody>).ids)];
          return { data: await eachRow(ids, (id) => restoreOne(actor, id, audit)) };
        },
      );
    }
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

/** The five paths most resources use under `base`: list, create, show/:id, update, delete/:id. */
export const crudPaths = (base: string): ResourceDeclaration<never, TSchema, TProperties, unknown>['paths'] => ({
  list: `${base}/list`,
  show: `${base}/show/:id`,
  create: `${base}/create`,
  update: `${base}/update`,
  remove: `${base}/delete/:id`,
  bulkRemove: `${base}/bulk-delete`,
  restore: `${base}/restore`,
});
