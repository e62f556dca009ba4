/** Roles and their permissions (System GetAllRole / CreateRole / UpdateRole / DeleteRole). */
import { and, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import { ADMINISTRATOR_ROLE_NAME, PERMISSION_CATALOGUE } from '@trungtam/shared/permissions';
import type { Role } from '@trungtam/shared/contracts';
import type { AppContext } from '../types';
import type { Queryable } from '../db/client';
import { rolePermissions, roles, users } from '../db/schema';
import { conflict, forbidden, invalid, notFound, TEXT } from '../lib/errors';
import { listResult, paging, relationships, sortBy } from '../lib/list';
import { policy, type Actor } from '../access/access';
import type { RoleCreateBody, RoleListQuery, RoleUpdateBody } from '../schemas/roles';
import { loadRoles, toRoleDto } from './accounts';
import { writeAudit, type AuditContext } from './audit';

const ROLE_SORT_COLUMNS = { id: roles.id, name: roles.name, guard_name: roles.guardName, created_at: roles.createdAt };
const CATALOGUE_IDS = new Set(PERMISSION_CATALOGUE.map((p) => p.id));

const isAdminRoleName = (name: string) => name.trim().toLowerCase() === ADMINISTRATOR_ROLE_NAME.toLowerCase();

export async function listRoles(ctx: AppContext, actor: Actor, query: Static<typeof RoleListQuery>) {
  const { db } = ctx.database;
  const rel = relationships(query.relationships, ['permissions']);
  const order = sortBy(query, ROLE_SORT_COLUMNS, 'id', roles.id);
  const p = paging(query);
  const conditions: SQL[] = [];
  if (query.guard_name) conditions.push(eq(roles.guardName, query.guard_name));
  if (query.search?.trim()) conditions.push(ilike(roles.name, `%${query.search.trim()}%`));
  const where = and(policy(actor).where('Role'), ...conditions);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(roles).where(where);
  const rows = await db.select().from(roles).where(where).orderBy(...order).limit(p.limit).offset(p.offset);
  const withPerms = rel.has('permissions') ? await loadRoles(db, rows.map((r) => r.id)) : undefined;
  const out: Role[] = rows.map((r) => withPerms?.get(r.id) ?? toRoleDto(r, []));
  return listResult(out, Number(count), p);
}

export async function showRole(ctx: AppContext, id: number): Promise<Role> {
  const role = (await loadRoles(ctx.database.db, [id])).get(id);
  if (!role) throw notFound();
  return role;
}

function permissionIds(list: Array<{ id: number }>): number[] {
  const ids = [...new Set(list.map((p) => p.id))];
  const unknown = ids.filter((id) => !CATALOGUE_IDS.has(id));
  if (unknown.length) throw invalid({ permissions: `${TEXT.unknownPermission}: ${unknown.join(', ')}` });
  return ids;
}

async function assertNameFree(db: Queryable, name: string, guard: string, exceptId?: number) {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(sql`lower(${roles.name}) = ${name.trim().toLowerCase()}`, eq(roles.guardName, guard), exceptId ? ne(roles.id, exceptId) : undefined));
  if (row) throw conflict(TEXT.roleNameTaken, { name: TEXT.roleNameTaken });
}

export async function createRole(ctx: AppContext, actor: Actor, body: Static<typeof RoleCreateBody>, audit: AuditContext) {
  const { db } = ctx.database;
  // A role named Administrator passes every check: only one exists, seeded.
  if (isAdminRoleName(body.name)) throw conflict(TEXT.roleNameTaken, { name: TEXT.roleNameTaken });
  policy(actor).assert('Role', 'create', { name: body.name, guardName: body.guard_name });
  const ids = permissionIds(body.permissions);
  await assertNameFree(db, body.name, body.guard_name);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(roles).values({ name: body.name.trim(), guardName: body.guard_name }).returning();
    if (ids.length) await tx.insert(rolePermissions).values(ids.map((permissionId) => ({ roleId: row.id, permissionId })));
    await writeAudit(tx, audit, { action: 'create', resource: 'Role', resourceId: row.id, after: { ...row, permissions: ids } });
    return row.id;
  });
  return showRole(ctx, id);
}

export async function updateRole(ctx: AppContext, actor: Actor, body: Static<typeof RoleUpdateBody>, audit: AuditContext) {
  const { db } = ctx.database;
  const before = (await loadRoles(db, [body.id])).get(body.id);
  if (!before) throw notFound();
  policy(actor).assert('Role', 'update', { name: before.name, guardName: before.guard_name }, { guardName: body.guard_name });
  const ids = permissionIds(body.permissions);
  if (before.name === ADMINISTRATOR_ROLE_NAME) {
    const reduced = before.permissions.some((p) => !ids.includes(p.id));
    if (body.name.trim() !== before.name || body.guard_name !== before.guard_name || reduced) {
      throw forbidden(TEXT.adminRoleProtected);
    }
  } else if (isAdminRoleName(body.name)) {
    throw conflict(TEXT.roleNameTaken, { name: TEXT.roleNameTaken });
  }
  await assertNameFree(db, body.name, body.guard_name, body.id);
  if (body.guard_name !== before.guard_name) {
    const [used] = await db.select({ id: users.id }).from(users).where(eq(users.roleId, body.id)).limit(1);
    if (used) throw conflict(TEXT.roleInUse);
  }
  await db.transaction(async (tx) => {
    await tx.update(roles).set({ name: body.name.trim(), guardName: body.guard_name, updatedAt: new Date() }).where(eq(roles.id, body.id));
    await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, body.id));
    if (ids.length) await tx.insert(rolePermissions).values(ids.map((permissionId) => ({ roleId: body.id, permissionId })));
    await writeAudit(tx, audit, {
      action: 'update',
      resource: 'Role',
      resourceId: body.id,
      before: { ...before, permissions: before.permissions.map((p) => p.id) },
      after: { id: body.id, name: body.name.trim(), guard_name: body.guard_name, permissions: ids },
    });
  });
  return showRole(ctx, body.id);
}

export async function deleteRole(ctx: AppContext, actor: Actor, id: number, audit: AuditContext) {
  const { db } = ctx.database;
  const before = (await loadRoles(db, [id])).get(id);
  if (!before) throw notFound();
  if (before.name === ADMINISTRATOR_ROLE_NAME) throw forbidden(TEXT.adminRoleProtected);
  policy(actor).assert('Role', 'delete', { name: before.name, guardName: before.guard_name });
  // Soft-deleted accounts keep their role reference, so they count too.
  const [used] = await db.select({ id: users.id }).from(users).where(eq(users.roleId, id)).limit(1);
  if (used) throw conflict(TEXT.roleInUse);
  await db.transaction(async (tx) => {
    await tx.delete(rolePermissions).where(inArray(rolePermissions.roleId, [id]));
    await tx.delete(roles).where(eq(roles.id, id));
    await writeAudit(tx, audit, { action: 'delete', resource: 'Role', resourceId: id, before: { ...before, permissions: before.permissions.map((p) => p.id) } });
  });
}
