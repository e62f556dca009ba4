/** The access policy of User: the accounts a user sees and manages (access.ts registers it). */
import { and, eq, isNull, ne, or, type SQL } from 'drizzle-orm';
import { ACCOUNT_STATUS } from '@trungtam/shared/contracts';
import type { UserType } from '@trungtam/shared/permissions';
import { users } from '../../db/schema';
import { TEXT } from '../../lib/errors';
import { Actor, POLICY_TEXT, isAdmin, allow, deny, ResourcePolicy } from '../policy';

export interface AccountRow {
  /** Absent for an account about to be created. */
  id?: number;
  type: string;
  centerId: number | null;
  roleId?: number;
  status?: number;
}
export interface AccountChange {
  type: string;
  /** undefined: the centre does not change. */
  centerId: number | null | undefined;
  roleId: number;
}

export function isSelfOnly(actor: Actor): boolean {
  return !isAdmin(actor) && (actor.type === 'teacher' || actor.type === 'student');
}

/** An academic_affair user tied to a centre: their reach ends at that centre. */
export function affairCenter(actor: Actor): number | null {
  return !isAdmin(actor) && actor.type === 'academic_affair' && actor.center_id ? actor.center_id : null;
}

/** The account types `actor` may create or assign. */
export function manageableTypes(actor: Actor): UserType[] {
  if (isAdmin(actor)) return ['administrator', 'academic_affair', 'teacher', 'student'];
  if (actor.type === 'academic_affair') return ['academic_affair', 'teacher', 'student'];
  return [];
}

/** The centre a new account of `actor` lands in when none is given. */
export function defaultCenterFor(actor: Actor): number | null {
  return affairCenter(actor);
}

/**
 * A self-registered student waiting for approval has no centre yet: every giáo vụ sees it (the "Chờ duyệt"
 * queue is shared), and approving it puts it in the approver's own centre (services/self-signup.ts).
 */
export const isUnassignedPending = (target: AccountRow) =>
  target.status === ACCOUNT_STATUS.PENDING && target.type === 'student' && target.centerId === null;

export function seesAccount(actor: Actor, target: AccountRow): boolean {
  if (isAdmin(actor)) return true;
  if (isSelfOnly(actor)) return target.id === actor.id;
  if (target.type === 'administrator') return false;
  const center = affairCenter(actor);
  return center ? target.centerId === center || isUnassignedPending(target) : true;
}

export function centerAllowed(actor: Actor, centerId: number | null | undefined): boolean {
  if (centerId === undefined) return true;
  const center = affairCenter(actor);
  return !center || centerId === center;
}

/** Another giáo vụ's account, which only an administrator may change. */
export function isOtherAffair(actor: Actor, target: AccountRow): boolean {
  return !isAdmin(actor) && target.type === 'academic_affair' && target.id !== actor.id;
}

export const userPolicy: ResourcePolicy<AccountRow, AccountChange> = {
  scope(actor) {
    if (isAdmin(actor)) return 'all';
    if (isSelfOnly(actor)) return eq(users.id, actor.id);
    const center = affairCenter(actor);
    if (!center) return ne(users.type, 'administrator');
    const pending = and(eq(users.status, ACCOUNT_STATUS.PENDING), eq(users.type, 'student'), isNull(users.centerId));
    return and(ne(users.type, 'administrator'), or(eq(users.centerId, center), pending)) as SQL;
  },
  read(actor, target) {
    return seesAccount(actor, target) ? allow : deny();
  },
  create(actor, account) {
    if (account.type === 'administrator' && !isAdmin(actor)) return deny(TEXT.onlyAdminManagesAdmin);
    if (!manageableTypes(actor).includes(account.type as UserType)) return deny(TEXT.typeNotAllowed);
    return centerAllowed(actor, account.centerId) ? allow : deny(TEXT.centerNotAllowed);
  },
  update(actor, target, change) {
    // An account out of sight (another centre's, an administrator's) gets the plain refusal first, so that
    // the answer tells nothing of it (its type, its role) beyond its being out of reach.
    if (!seesAccount(actor, target)) return deny();
    if (!isAdmin(actor) && change.type === 'administrator') return deny(TEXT.onlyAdminManagesAdmin);
    if (isOtherAffair(actor, target)) return deny(POLICY_TEXT.onlyAdminManagesAffairs);
    const typeChanges = change.type !== undefined && change.type !== target.type;
    if (isSelfOnly(actor)) {
      if (typeChanges) return deny(TEXT.typeNotAllowed);
      if (change.centerId !== undefined && change.centerId !== target.centerId) return deny(TEXT.centerNotAllowed);
    } else {
      if (typeChanges && !manageableTypes(actor).includes(change.type as UserType)) return deny(TEXT.typeNotAllowed);
      if (!centerAllowed(actor, change.centerId)) return deny(TEXT.centerNotAllowed);
    }
    // Nobody but an administrator gives themselves another role.
    const roleChanges = change.roleId !== undefined && change.roleId !== target.roleId;
    if (roleChanges && target.id === actor.id && !isAdmin(actor)) return deny(TEXT.typeNotAllowed);
    return allow;
  },
  delete(actor, target) {
    if (target.id === actor.id) return deny(TEXT.cannotDeleteSelf);
    // out of sight (an administrator's account included, for anyone else): the plain refusal, as for update
    if (isSelfOnly(actor) || !seesAccount(actor, target)) return deny();
    if (isOtherAffair(actor, target)) return deny(POLICY_TEXT.onlyAdminManagesAffairs);
    return allow;
  },
};
