/** Loading accounts with their role and turning rows into the API's User shape. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Permission, Role, User, UserType } from '@trungtam/shared/contracts';
import type { Queryable } from '../db/client';
import { permissions, rolePermissions, roles, users } from '../db/schema';
import type { AppContext } from '../types';

export type UserRow = typeof users.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function toRoleDto(row: RoleRow, perms: Permission[]): Role {
  return {
    id: row.id,
    name: row.name,
    guard_name: row.guardName as UserType,
    permissions: perms,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Roles by id, each with its permissions. */
export async function loadRoles(db: Queryable, roleIds: number[]): Promise<Map<number, Role>> {
  const ids = [...new Set(roleIds)];
  const result = new Map<number, Role>();
  if (ids.length === 0) return result;
  const roleRows = await db.select().from(roles).where(inArray(roles.id, ids));
  const permRows = await db
    .select({
      roleId: rolePermissions.roleId,
      id: permissions.id,
      resource: permissions.resource,
      action: permissions.action,
    })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, ids))
    .orderBy(permissions.id);
  for (const row of roleRows) {
    const perms = permRows
      .filter((p) => p.roleId === row.id)
      .map((p) => ({ id: p.id, resource: p.resource, action: p.action }) as Permission);
    result.set(row.id, toRoleDto(row, perms));
  }
  return result;
}

/**
 * Roles by id with their permissions, from the in-process cache while the role revision read for this
 * request is current (the roles, their permissions and the catalogue are unchanged since), loaded otherwise.
 */
export async function cachedRoles(ctx: AppContext, roleIds: number[], roleRevision: number): Promise<Map<number, Role>> {
  const ids = [...new Set(roleIds)];
  // the roles not cached under this revision are loaded together, in one loadRoles
  let missing: Promise<Map<number, Role>> | undefined;
  const found = await Promise.all(
    ids.map((id) =>
      ctx.caches.roles.get(String(id), roleRevision, async () => {
        missing ??= loadRoles(ctx.database.db, ids);
        return (await missing).get(id);
      }),
    ),
  );
  const result = new Map<number, Role>();
  for (const role of found) if (role) result.set(role.id, role);
  return result;
}

export function toUserDto(row: UserRow, role: Role | undefined): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone_number: row.phoneNumber,
    status: row.status,
    type: row.type as UserType,
    center_id: row.centerId,
    roles: role ? [role] : [],
    last_time_login: iso(row.lastTimeLogin),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    banking_name: row.bankingName,
    banking_number: row.bankingNumber,
    about: row.about,
    certificate: row.certificate,
    information: row.information,
    reference_name: row.referenceName,
    reference_phone: row.referencePhone,
    reference_email: row.referenceEmail,
    birth_year: row.birthYear,
    birth_month: row.birthMonth,
    birth_day: row.birthDay,
    source: (row.source ?? null) as User['source'],
    address: row.address,
  };
}

export async function toUserDtos(db: Queryable, rows: UserRow[]): Promise<User[]> {
  const rolesById = await loadRoles(
    db,
    rows.map((r) => r.roleId),
  );
  return rows.map((r) => toUserDto(r, rolesById.get(r.roleId)));
}

/** A non-deleted account by id. */
export async function findActiveUser(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

/** A non-deleted account by email, case-insensitively. */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, isNull(users.deletedAt)));
  return row;
}

/** The account as the API returns it, with its role. */
export async function loadUserDto(db: Queryable, id: number): Promise<User | undefined> {
  const row = await findActiveUser(db, id);
  if (!row) return undefined;
  const rolesById = await loadRoles(db, [row.roleId]);
  return toUserDto(row, rolesById.get(row.roleId));
}

/** A row without secrets, for the audit log. */
export function auditableUser(row: UserRow | undefined): Record<string, unknown> | null {
  if (!row) return null;
  const { passwordHash: _hash, ...rest } = row;
  return rest;
}
