/**
 * The one place that answers "may this user see or touch this row". Every service asks here.
 *
 * Accounts:
 * - an administrator sees and manages every account;
 * - nobody else ever sees or touches an administrator account;
 * - an academic_affair user with a centre only sees and manages accounts of that centre, and manages
 *   the types academic_affair, teacher and student;
 * - a teacher or a student (should a role ever give them User permissions) only sees and edits their
 *   own account, cannot create or delete accounts, and cannot change their type.
 * Permission checks (can()) come first, in the routes; these rules narrow what a permission reaches.
 */
import { and, eq, ne, type SQL } from 'drizzle-orm';
import { can, isAdministrator, type Action, type Resource, type UserType } from '@trungtam/shared/permissions';
import type { User } from '@trungtam/shared/contracts';
import { users } from '../db/schema';
import { forbidden, TEXT } from '../lib/errors';

/** The signed-in user, as loaded from the database on every request. */
export type Actor = User & { tokenVersion: number };

export function requireCan(actor: Actor, resource: Resource, action: Action): void {
  if (!can(actor, resource, action)) throw forbidden();
}

export function isAdmin(actor: Actor): boolean {
  return isAdministrator(actor);
}

function isSelfOnly(actor: Actor): boolean {
  return !isAdmin(actor) && (actor.type === 'teacher' || actor.type === 'student');
}

/** The condition (on the user table) limiting the accounts `actor` may see. */
export function userScope(actor: Actor): SQL | undefined {
  if (isAdmin(actor)) return undefined;
  if (isSelfOnly(actor)) return eq(users.id, actor.id);
  const conditions: SQL[] = [ne(users.type, 'administrator')];
  if (actor.type === 'academic_affair' && actor.center_id) {
    conditions.push(eq(users.centerId, actor.center_id));
  }
  return and(...conditions);
}

interface AccountLike {
  id: number;
  type: string;
  centerId: number | null;
}

export function canSeeUser(actor: Actor, target: AccountLike): boolean {
  if (isAdmin(actor)) return true;
  if (isSelfOnly(actor)) return target.id === actor.id;
  if (target.type === 'administrator') return false;
  if (actor.type === 'academic_affair' && actor.center_id) return target.centerId === actor.center_id;
  return true;
}

/** The account types `actor` may create or assign. */
export function manageableTypes(actor: Actor): UserType[] {
  if (isAdmin(actor)) return ['administrator', 'academic_affair', 'teacher', 'student'];
  if (actor.type === 'academic_affair') return ['academic_affair', 'teacher', 'student'];
  return [];
}

/** Throws 403 unless `actor` may edit `target` (and give it `newType`, `newCenterId`). */
export function assertCanEditUser(
  actor: Actor,
  target: AccountLike,
  change: { type?: string; centerId?: number | null } = {},
): void {
  if (!isAdmin(actor) && (target.type === 'administrator' || change.type === 'administrator')) {
    throw forbidden(TEXT.onlyAdminManagesAdmin);
  }
  if (!canSeeUser(actor, target)) throw forbidden();
  if (isSelfOnly(actor)) {
    if (change.type !== undefined && change.type !== target.type) throw forbidden(TEXT.typeNotAllowed);
    if (change.centerId !== undefined && change.centerId !== target.centerId) throw forbidden(TEXT.centerNotAllowed);
    return;
  }
  if (change.type !== undefined && change.type !== target.type && !manageableTypes(actor).includes(change.type as UserType)) {
    throw forbidden(TEXT.typeNotAllowed);
  }
  assertCenterAllowed(actor, change.centerId);
}

/** Throws 403 unless `actor` may create an account of `type` in `centerId`. */
export function assertCanCreateUser(actor: Actor, type: string, centerId: number | null | undefined): void {
  if (type === 'administrator' && !isAdmin(actor)) throw forbidden(TEXT.onlyAdminManagesAdmin);
  if (!manageableTypes(actor).includes(type as UserType)) throw forbidden(TEXT.typeNotAllowed);
  assertCenterAllowed(actor, centerId);
}

/** The centre a new account of `actor` lands in when none is given. */
export function defaultCenterFor(actor: Actor): number | null {
  return !isAdmin(actor) && actor.type === 'academic_affair' && actor.center_id ? actor.center_id : null;
}

function assertCenterAllowed(actor: Actor, centerId: number | null | undefined): void {
  if (centerId === undefined) return;
  if (!isAdmin(actor) && actor.type === 'academic_affair' && actor.center_id && centerId !== actor.center_id) {
    throw forbidden(TEXT.centerNotAllowed);
  }
}

export function assertCanDeleteUser(actor: Actor, target: AccountLike): void {
  if (target.id === actor.id) throw forbidden(TEXT.cannotDeleteSelf);
  if (!isAdmin(actor) && target.type === 'administrator') throw forbidden(TEXT.onlyAdminManagesAdmin);
  if (isSelfOnly(actor) || !canSeeUser(actor, target)) throw forbidden();
}
