/**
 * Saved views (README "Sorting and saved views"): a list's filters and sort, its URL search text, kept under a
 * name per user and per list (the route's path), optionally shared with the members of one role.
 *
 * - Who sees a view: its owner, and the members of the role it is shared with; nobody else, administrators
 *   included (a view is a personal shortcut, not a record of the centre). The list's route must be one the
 *   caller may open.
 * - Who shares: whoever may read the roles (System GetAllRole: the administrators of the demo data), since
 *   choosing a role means seeing them. A giáo vụ or a teacher keeps views of their own.
 * - Who changes or deletes a view: its owner only (a member of the shared role gets a 403; anyone else a 404).
 * - Limits: name 1…80 characters, unique per owner and list (letter case aside), the search text at most
 *   1,000 characters of a URL's query part, at most 50 views per user. Every write is audited.
 */
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { canOpenRoute, ROUTE_REGISTRY } from '@trungtam/shared/routes';
import { can } from '@trungtam/shared/permissions';
import { SAVED_VIEW_LIMITS, SAVED_VIEW_TEXT as T, type SavedView, type SavedViewWrite } from '@trungtam/shared/contracts';
import type { Queryable } from '../db/client';
import { roles, savedViews, users } from '../db/schema';
import type { Actor } from '../access/access';
import { writeAudit, type AuditContext } from '../factory/audit';
import { conflict, forbidden, invalid, notFound } from '../lib/errors';
import { isUniqueViolation } from '../lib/db-errors';
import type { AppContext } from '../types';

/** Every screen's path of the route registry: a view belongs to one of them. */
const LIST_KEYS: ReadonlySet<string> = new Set(ROUTE_REGISTRY.remotes.flatMap((area) => area.routes.map((route) => route.path)));

/** 400 for a path that is no screen, 403 for a screen the caller may not open. */
function assertListKey(actor: Actor, listKey: string): void {
  if (!LIST_KEYS.has(listKey)) throw invalid({ list_key: T.listInvalid });
  if (!canOpenRoute(actor, listKey)) throw forbidden(T.listForbidden);
}

const roleIdsOf = (actor: Actor): number[] => actor.roles.map((role) => role.id);

/** Sharing with a role: only for those who may read the roles, and only with a role that exists. */
async function assertShareable(db: Queryable, actor: Actor, roleId: number | null | undefined): Promise<void> {
  if (roleId === null || roleId === undefined) return;
  if (!can(actor, 'System', 'GetAllRole')) throw forbidden(T.shareForbidden);
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
  if (!role) throw invalid({ shared_role_id: T.roleMissing });
}

const viewColumns = {
  id: savedViews.id,
  listKey: savedViews.listKey,
  name: savedViews.name,
  query: savedViews.query,
  sharedRoleId: savedViews.sharedRoleId,
  sharedRoleName: roles.name,
  ownerId: savedViews.ownerId,
  ownerName: users.name,
  createdAt: savedViews.createdAt,
  updatedAt: savedViews.updatedAt,
};

interface ViewRow {
  id: number;
  listKey: string;
  name: string;
  query: string;
  sharedRoleId: number | null;
  sharedRoleName: string | null;
  ownerId: number;
  ownerName: string;
  createdAt: Date;
  updatedAt: Date;
}

function record(actor: Actor, row: ViewRow): SavedView {
  return {
    id: row.id,
    list_key: row.listKey,
    name: row.name,
    query: row.query,
    shared_role_id: row.sharedRoleId,
    shared_role_name: row.sharedRoleName,
    owner_id: row.ownerId,
    owner_name: row.ownerName,
    mine: row.ownerId === actor.id,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The views `actor` sees (their own, and those shared with one of their roles by a live account), by condition. */
async function visibleViews(db: Queryable, actor: Actor, where: SQL): Promise<ViewRow[]> {
  const roleIds = roleIdsOf(actor);
  const visible = roleIds.length ? or(eq(savedViews.ownerId, actor.id), inArray(savedViews.sharedRoleId, roleIds)) : eq(savedViews.ownerId, actor.id);
  return db
    .select(viewColumns)
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.ownerId))
    .leftJoin(roles, eq(roles.id, savedViews.sharedRoleId))
    .where(and(where, visible, isNull(users.deletedAt)))
    .orderBy(desc(sql`${savedViews.ownerId} = ${actor.id}`), asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
}

/** GET /saved-view/list?list_key=: the caller's views of the list, then those shared with their role. */
export async function listSavedViews(ctx: AppContext, actor: Actor, listKey: string): Promise<SavedView[]> {
  assertListKey(actor, listKey);
  const rows = await visibleViews(ctx.database.db, actor, eq(savedViews.listKey, listKey));
  return rows.map((row) => record(actor, row));
}

/** The caller's own view `id`: 404 when they cannot see it, 403 when it is only shared with them. */
async function ownView(db: Queryable, actor: Actor, id: number): Promise<ViewRow> {
  const [row] = await visibleViews(db, actor, eq(savedViews.id, id));
  if (!row) throw notFound(T.notFound);
  if (row.ownerId !== actor.id) throw forbidden(T.notOwner);
  return row;
}

const nameTaken = () => conflict(T.nameTaken, { name: T.nameTaken });

/** Whether the owner already has a view of that name on that list (letter case aside), another than `exceptId`. */
async function nameUsed(db: Queryable, ownerId: number, listKey: string, name: string, exceptId = 0): Promise<boolean> {
  const [row] = await db
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(and(eq(savedViews.ownerId, ownerId), eq(savedViews.listKey, listKey), sql`lower(${savedViews.name}) = lower(${name})`, sql`${savedViews.id} <> ${exceptId}`));
  return Boolean(row);
}

const auditedFields = (view: { listKey: string; name: string; query: string; sharedRoleId: number | null }) => ({
  list_key: view.listKey,
  name: view.name,
  query: view.query,
  shared_role_id: view.sharedRoleId,
});

/** POST /saved-view/create. */
export async function createSavedView(ctx: AppContext, actor: Actor, body: SavedViewWrite, audit: AuditContext): Promise<SavedView> {
  const { db } = ctx.database;
  assertListKey(actor, body.list_key);
  await assertShareable(db, actor, body.shared_role_id);
  const name = body.name.trim();
  try {
    const id = await db.transaction(async (tx) => {
      // one owner's saves one at a time, so that the count below holds
      await tx.execute(sql`select 1 from ${users} where ${users.id} = ${actor.id} for update`);
      const [{ owned }] = await tx.select({ owned: count() }).from(savedViews).where(eq(savedViews.ownerId, actor.id));
      if (owned >= SAVED_VIEW_LIMITS.perUser) throw conflict(T.tooMany);
      if (await nameUsed(tx, actor.id, body.list_key, name)) throw nameTaken();
      const [row] = await tx
        .insert(savedViews)
        .values({ ownerId: actor.id, listKey: body.list_key, name, query: body.query, sharedRoleId: body.shared_role_id ?? null })
        .returning();
      await writeAudit(tx, audit, { action: 'create', resource: 'SavedView', resourceId: row.id, after: auditedFields(row) });
      return row.id;
    });
    return record(actor, await ownView(db, actor, id));
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** PUT /saved-view/update: rename, new filters and sort, new sharing (what is sent). Own views only. */
export async function updateSavedView(
  ctx: AppContext,
  actor: Actor,
  body: { id: number; name?: string; query?: string; shared_role_id?: number | null },
  audit: AuditContext,
): Promise<SavedView> {
  const { db } = ctx.database;
  const before = await ownView(db, actor, body.id);
  if (body.shared_role_id !== undefined && body.shared_role_id !== before.sharedRoleId) await assertShareable(db, actor, body.shared_role_id);
  const name = body.name?.trim() ?? before.name;
  try {
    await db.transaction(async (tx) => {
      if (await nameUsed(tx, actor.id, before.listKey, name, before.id)) throw nameTaken();
      const [row] = await tx
        .update(savedViews)
        .set({
          name,
          ...(body.query !== undefined ? { query: body.query } : {}),
          ...(body.shared_role_id !== undefined ? { sharedRoleId: body.shared_role_id } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(savedViews.id, before.id), eq(savedViews.ownerId, actor.id)))
        .returning();
      await writeAudit(tx, audit, { action: 'update', resource: 'SavedView', resourceId: row.id, before: auditedFields(before), after: auditedFields(row) });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return record(actor, await ownView(db, actor, body.id));
}

/** DELETE /saved-view/delete/:id. Own views only. */
export async function deleteSavedView(ctx: AppContext, actor: Actor, id: number, audit: AuditContext): Promise<{ result: boolean }> {
  const { db } = ctx.database;
  const before = await ownView(db, actor, id);
  await db.transaction(async (tx) => {
    await tx.delete(savedViews).where(and(eq(savedViews.id, id), eq(savedViews.ownerId, actor.id)));
    await writeAudit(tx, audit, { action: 'delete', resource: 'SavedView', resourceId: id, before: auditedFields(before) });
  });
  return { result: true };
}
