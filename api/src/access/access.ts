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
 *
 * Classes and enrolments (spec point 6 list scoping, enforced here rather than trusted from the client):
 * - an administrator sees every class and enrolment;
 * - an academic_affair user with a centre sees the classes of that centre and their enrolments;
 * - a teacher sees the classes they teach (teacher_id) and their enrolments;
 * - a student sees the classes they are enrolled in and only their own enrolments;
 * - only staff (administrator, academic_affair) enrol, update or remove, and only within their reach:
 *   the student must be an account they may see and the class one they may see.
 * Permission checks (can()) come first, in the routes; these rules narrow what a permission reaches.
 */
import { and, eq, exists, ne, sql, type SQL } from 'drizzle-orm';
import { can, isAdministrator, type Action, type Resource, type UserType } from '@trungtam/shared/permissions';
import type { User } from '@trungtam/shared/contracts';
import { classes, enrollments, users } from '../db/schema';
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

/**
 * The role guards whose roles `actor` may list: every guard with the roles screen (System GetAllRole);
 * otherwise the guards of the account types they manage, so the account forms can offer those roles.
 * `undefined` means no limit.
 */
export function roleGuardsVisibleTo(actor: Actor): UserType[] | undefined {
  if (can(actor, 'System', 'GetAllRole')) return undefined;
  return manageableTypes(actor);
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

// ---------------------------------------------------------------- classes and enrolments

interface ClassLike {
  classId: number;
  teacherId: number | null;
  centerId: number | null;
}

/** The condition (on the class table) limiting the classes `actor` may see. */
export function classScope(actor: Actor): SQL | undefined {
  if (isAdmin(actor)) return undefined;
  if (actor.type === 'teacher') return eq(classes.teacherId, actor.id);
  if (actor.type === 'student') {
    return exists(
      sql`(select 1 from ${enrollments} where ${enrollments.classId} = ${classes.classId} and ${enrollments.userId} = ${actor.id} and ${enrollments.status} <> 3)`,
    );
  }
  if (actor.type === 'academic_affair' && actor.center_id) return eq(classes.centerId, actor.center_id);
  return undefined;
}

/** Whether `actor` may see `cls` (for a student: `enrolled` says whether they hold an enrolment in it). */
export function canSeeClass(actor: Actor, cls: ClassLike, enrolled = false): boolean {
  if (isAdmin(actor)) return true;
  if (actor.type === 'teacher') return cls.teacherId === actor.id;
  if (actor.type === 'student') return enrolled;
  if (actor.type === 'academic_affair' && actor.center_id) return cls.centerId === actor.center_id;
  return true;
}

/**
 * The condition (on the enrolment table) limiting the enrolments `actor` may see. A teacher or a
 * student asking for someone else's enrolments (user_id or class_id out of reach) is refused before.
 */
export function enrollmentScope(actor: Actor): SQL | undefined {
  if (isAdmin(actor)) return undefined;
  if (actor.type === 'student') return eq(enrollments.userId, actor.id);
  if (actor.type === 'teacher') {
    return exists(sql`(select 1 from ${classes} where ${classes.classId} = ${enrollments.classId} and ${classes.teacherId} = ${actor.id})`);
  }
  if (actor.type === 'academic_affair' && actor.center_id) {
    return exists(sql`(select 1 from ${classes} where ${classes.classId} = ${enrollments.classId} and ${classes.centerId} = ${actor.center_id})`);
  }
  return undefined;
}

/** 403 when a teacher or a student filters enrolments by someone else (user_id) or a class out of reach. */
export function assertEnrollmentFilterAllowed(actor: Actor, filter: { userId?: number; cls?: ClassLike | null; enrolledInClass?: boolean }): void {
  if (isAdmin(actor)) return;
  if (actor.type === 'student') {
    if (filter.userId && filter.userId !== actor.id) throw forbidden();
    if (filter.cls && !filter.enrolledInClass) throw forbidden();
  }
  if (actor.type === 'teacher') {
    if (filter.userId && filter.userId !== actor.id) throw forbidden();
    if (filter.cls && filter.cls.teacherId !== actor.id) throw forbidden();
  }
}

/** Throws 403 unless `actor` may enrol `student` in `cls` (or change / remove that enrolment). */
export function assertCanManageEnrollment(actor: Actor, student: AccountLike, cls: ClassLike): void {
  if (isSelfOnly(actor)) throw forbidden();
  if (!canSeeUser(actor, student)) throw forbidden();
  if (!canSeeClass(actor, cls)) throw forbidden(TEXT.centerNotAllowed);
}
