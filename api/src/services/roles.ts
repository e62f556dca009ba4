/**
 * Roles and their permissions (System GetAllRole / CreateRole / UpdateRole / DeleteRole).
 *
 * Accounts holding a role: `users_count` and the "role in use" refusals count live accounts only. A
 * soft-deleted account keeps a reference to its role (the column is required), but it never signs in
 * again and no screen shows it, so it never blocks a role change: when a role is deleted, or changes
 * account type, the deleted accounts still holding it are moved to the least-privileged other role of
 * their type (fewest permissions, then oldest; never the Administrator role), recorded in the role's
 * audit entry. Only when no such role exists is the change refused.
 */
import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import { ADMINISTRATOR_ROLE_NAME, can, PERMISSION_CATALOGUE } from '@trungtam/shared/permissions';
import type { Role } from '@trungtam/shared/contracts';
import type { AppContext } from '../types';
import type { Queryable } from '../db/client';
import { rolePermissions, roles, users } from '../db/schema';
import { conflict, forbidden, invalid, notFound, TEXT } from '../lib/errors';
import { containsPattern, listResult, paging, relationships, sortBy } from '../lib/list';
import { policy, type Actor } from '../access/access';
import type { RoleCreateBody, RoleListQuery, RoleUpdateBody } from '@trungtam/shared/schemas/roles';
import { loadRoles, toRoleDto } from './accounts';
import { auditedWrite, type AuditContext, type ViolationAnswers } from '../factory';

const ROLE_SORT_COLUMNS = { id: roles.id, name: roles.name, guard_name: roles.guardName, created_at: roles.createdAt };
const CATALOGUE_IDS = new Set(PERMISSION_CATALOGUE.map((p) => p.id));

const isAdminRoleName = (name: string) => name.trim().toLowerCase() === ADMINISTRATOR_ROLE_NAME.toLowerCase();

/** Refusals of this module, naming how many accounts hold the role. */
export const ROLE_TEXT = {
  inUse: (accounts: number) => `Quyền đang được ${accounts} tài khoản sử dụng: không thể xoá`,
  guardInUse: (accounts: number) => `Quyền đang được ${accounts} tài khoản sử dụng: không thể đổi loại tài khoản`,
  noRoleForDeleted: (accounts: number) =>
    `Quyền còn gắn với ${accounts} tài khoản đã xoá và không có quyền nào khác cùng loại tài khoản để chuyển sang: không thể thay đổi`,
} as const;

/** Live (not soft-deleted) accounts per role, in one grouped query; a role no account holds is absent. */
export async function liveAccountsByRole(db: Queryable, roleIds: number[]): Promise<Map<number, number>> {
  const ids = [...new Set(roleIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ roleId: users.roleId, accounts: count() })
    .from(users)
    .where(and(inArray(users.roleId, ids), isNull(users.deletedAt)))
    .groupBy(users.roleId);
  return new Map(rows.map((row) => [row.roleId, Number(row.accounts)]));
}

/**
 * Before a role is deleted or changes account type (inside that write's transaction): refuses while live
 * accounts hold it, and moves the soft-deleted accounts holding it to the least-privileged other role of
 * the same type (see the module comment). Answers what was moved, for the audit entry.
 */
async function releaseRole(
  tx: Queryable,
  role: { id: number; guardName: string },
  refusal: (accounts: number) => string,
): Promise<{ deleted_accounts: number[]; moved_to_role: number } | null> {
  const live = (await liveAccountsByRole(tx, [role.id])).get(role.id) ?? 0;
  if (live > 0) throw conflict(refusal(live));
  const held = await tx.select({ id: users.id }).from(users).where(and(eq(users.roleId, role.id), isNotNull(users.deletedAt)));
  if (held.length === 0) return null;
  const [target] = await tx
    .select({ id: roles.id })
    .from(roles)
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .where(and(eq(roles.guardName, role.guardName), ne(roles.id, role.id), ne(roles.name, ADMINISTRATOR_ROLE_NAME)))
    .groupBy(roles.id)
    .orderBy(asc(count(rolePermissions.permissionId)), asc(roles.id))
    .limit(1);
  if (!target) throw conflict(ROLE_TEXT.noRoleForDeleted(held.length));
  const ids = held.map((row) => row.id);
  await tx.update(users).set({ roleId: target.id }).where(inArray(users.id, ids));
  return { deleted_accounts: ids, moved_to_role: target.id };
}

/** The roles with `users_count`, for whoever may open the roles screen (others need not know the numbers). */
async function withAccountCounts(db: Queryable, actor: Actor, list: Role[]): Promise<Role[]> {
  if (!can(actor, 'System', 'GetAllRole')) return list;
  const counts = await liveAccountsByRole(db, list.map((role) => role.id));
  return list.map((role) => ({ ...role, users_count: counts.get(role.id) ?? 0 }));
}

export async function listRoles(ctx: AppContext, actor: Actor, query: Static<typeof RoleListQuery>) {
  const { db } = ctx.database;
  const rel = relationships(query.relationships, ['permissions']);
  const order = sortBy(query, ROLE_SORT_COLUMNS, 'id', roles.id);
  const p = paging(query);
  const conditions: SQL[] = [];
  if (query.guard_name) conditions.push(eq(roles.guardName, query.guard_name));
  if (query.search?.trim()) conditions.push(ilike(roles.name, containsPattern(query.search.trim())));
  const where = and(policy(actor).where('Role'), ...conditions);
  const [{ total }] = await db.select({ total: count() }).from(roles).where(where);
  const rows = await db.select().from(roles).where(where).orderBy(...order).limit(p.limit).offset(p.offset);
  const withPerms = rel.has('permissions') ? await loadRoles(db, rows.map((r) => r.id)) : undefined;
  const out: Role[] = rows.map((r) => withPerms?.get(r.id) ?? toRoleDto(r, []));
  return listResult(await withAccountCounts(db, actor, out), Number(total), p);
}

export async function showRole(ctx: AppContext, actor: Actor, id: number): Promise<Role> {
  const role = (await loadRoles(ctx.database.db, [id])).get(id);
  if (!role) throw notFound();
  return (await withAccountCounts(ctx.database.db, actor, [role]))[0];
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

/** A role as its audit entries record it: the same fields before and after, permission ids only. */
const audited = (role: { id: number; name: string; guard_name: string; permissions: Array<{ id: number }> | number[] }) => ({
  id: role.id,
  name: role.name,
  guard_name: role.guard_name,
  permissions: role.permissions.map((p) => (typeof p === 'number' ? p : p.id)),
});

/** A write that loses a race with an account taking the role (the foreign key refuses): the usual 409. */
const roleInUse: ViolationAnswers = { inUse: () => conflict(TEXT.roleInUse) };

export async function createRole(ctx: AppContext, actor: Actor, body: Static<typeof RoleCreateBody>, audit: AuditContext) {
  const { db } = ctx.database;
  // A role named Administrator passes every check: only one exists, seeded.
  if (isAdminRoleName(body.name)) throw conflict(TEXT.roleNameTaken, { name: TEXT.roleNameTaken });
  policy(actor).assert('Role', 'create', { name: body.name, guardName: body.guard_name });
  const ids = permissionIds(body.permissions);
  await assertNameFree(db, body.name, body.guard_name);
  const id = await auditedWrite(db, audit, async (tx) => {
    const [row] = await tx.insert(roles).values({ name: body.name.trim(), guardName: body.guard_name }).returning();
    if (ids.length) await tx.insert(rolePermissions).values(ids.map((permissionId) => ({ roleId: row.id, permissionId })));
    return { result: row.id, audit: { action: 'create', resource: 'Role', resourceId: row.id, after: audited({ id: row.id, name: row.name, guard_name: row.guardName, permissions: ids }) } };
  });
  return showRole(ctx, actor, id);
}

/**
 * Renames a role, changes its account type or its permissions. The holders' requests are checked
 * against the new permissions from their next call (the API reads the role on every request); their
 * menu follows when the shell reloads the manifest.
 */
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
  await auditedWrite(
    db,
    audit,
    async (tx) => {
      // an account's role always has the account's type: a role in use keeps its type
      const released = body.guard_name !== before.guard_name ? await releaseRole(tx, { id: body.id, guardName: before.guard_name }, ROLE_TEXT.guardInUse) : null;
      await tx.update(roles).set({ name: body.name.trim(), guardName: body.guard_name, updatedAt: new Date() }).where(eq(roles.id, body.id));
      await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, body.id));
      if (ids.length) await tx.insert(rolePermissions).values(ids.map((permissionId) => ({ roleId: body.id, permissionId })));
      return {
        result: undefined,
        audit: {
          action: 'update',
          resource: 'Role',
          resourceId: body.id,
          before: audited(before),
          after: { ...audited({ id: body.id, name: body.name.trim(), guard_name: body.guard_name, permissions: ids }), ...released },
        },
      };
    },
    roleInUse,
  );
  return showRole(ctx, actor, body.id);
}

export async function deleteRole(ctx: AppContext, actor: Actor, id: number, audit: AuditContext) {
  const { db } = ctx.database;
  const before = (await loadRoles(db, [id])).get(id);
  if (!before) throw notFound();
  if (before.name === ADMINISTRATOR_ROLE_NAME) throw forbidden(TEXT.adminRoleProtected);
  policy(actor).assert('Role', 'delete', { name: before.name, guardName: before.guard_name });
  await auditedWrite(
    db,
    audit,
    async (tx) => {
      const released = await releaseRole(tx, { id, guardName: before.guard_name }, ROLE_TEXT.inUse);
      await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
      await tx.delete(roles).where(eq(roles.id, id));
      return { result: undefined, audit: { action: 'delete', resource: 'Role', resourceId: id, before: audited(before), after: released } };
    },
    roleInUse,
  );
}
