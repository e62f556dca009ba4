/**
 * The scope step: the rows an actor reaches (the access policy's scope of the resource, or a reach the
 * rows take from another record's), and the policy's rules on one row. Lists hold only the rows in reach;
 * a row out of reach is a 403, a row that is not there a 404.
 */
import { and, count, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { policy, type Actor, type PolicyResource, type Verb } from '../access/access';
import type { Queryable } from '../db/client';
import { forbidden, notFound } from '../lib/errors';

/** Where a resource's rows are, and what limits their reach. */
export interface RowScope {
  table: PgTable;
  primaryKey: PgColumn;
  /** A deleted-at column: stamped rows are gone for every route. */
  softDelete?: PgColumn;
  /** The access policy whose scope and row rules apply. */
  policy?: PolicyResource;
  /** A condition on the table's rows `actor` may reach, when their reach is another record's (undefined: every row). */
  reach?: (actor: Actor) => SQL | undefined;
}

/** The conditions every route applies: not soft-deleted, within the policy's scope and the declared reach. */
export function reachConditions(actor: Actor, scope: RowScope): SQL[] {
  return [scope.softDelete ? isNull(scope.softDelete) : undefined, scope.policy ? policy(actor).where(scope.policy) : undefined, scope.reach?.(actor)].filter(
    (condition): condition is SQL => !!condition,
  );
}

/** 403 unless the access policy (when there is one) lets `actor` do `verb` to `row` (into `change`). */
export function assertPolicy(actor: Actor, resource: PolicyResource | undefined, verb: Verb, row: unknown, change?: unknown): void {
  if (resource) policy(actor).assert(resource, verb, row as never, change as never);
}

/**
 * The row `id` if `actor` may read it: 404 when there is none, 403 when it is out of reach. `deleted`: a
 * soft-deleted row instead (the one a restore brings back), 404 when there is no such row.
 */
export async function findInReach<Row>(db: Queryable, actor: Actor, scope: RowScope, id: number, { deleted = false } = {}): Promise<Row> {
  const state = scope.softDelete ? (deleted ? isNotNull(scope.softDelete) : isNull(scope.softDelete)) : undefined;
  const [row] = await db.select().from(scope.table).where(and(eq(scope.primaryKey, id), state)).limit(1);
  if (!row) throw notFound();
  assertPolicy(actor, scope.policy, 'read', row);
  const limit = scope.reach?.(actor);
  if (limit) {
    const [inReach] = await db.select({ n: count() }).from(scope.table).where(and(eq(scope.primaryKey, id), limit));
    if (!Number(inReach?.n ?? 0)) throw forbidden();
  }
  return row as Row;
}
