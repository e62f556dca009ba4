/** The shape every access policy has (policies/*.ts), and what they share: the actor, the refusals' texts, allow and deny. */
import { sql, type SQL } from 'drizzle-orm';
import { can, isAdministrator, type Action, type PermissionResource } from '@trungtam/shared/permissions';
import type { User } from '@trungtam/shared/contracts';
import { forbidden, TEXT } from '../lib/errors';

/** The signed-in user of a request (loaded from the database on every request), and the session its token belongs to. */
export type Actor = User & { sessionId: string };

/** Refusals this policy adds to the shared texts. */
export const POLICY_TEXT = {
  onlyAdminManagesAffairs: 'Chỉ quản trị viên mới được sửa, khoá, đổi mật khẩu hoặc xoá tài khoản giáo vụ khác',
  ownCenterPlaces: 'Bạn chỉ được quản lý trung tâm và phòng học thuộc trung tâm của mình',
  ownCenterClasses: 'Bạn chỉ được quản lý lớp học và lịch học thuộc trung tâm của mình',
  notOwnSession: 'Giáo viên chỉ điểm danh các buổi mình dạy',
  messageOutsideReach: 'Bạn chỉ được soạn thông báo cho tài khoản và trung tâm trong phạm vi quản lý của mình',
  ownCenterCompetitions: 'Bạn chỉ được quản lý cuộc thi thuộc trung tâm của mình',
  familyMessageOutsideReach: 'Bạn chỉ được xem tin gửi gia đình học viên thuộc trung tâm của mình',
} as const;

/** The permission gate (the catalogue's can()): 403 unless the role grants (resource, action). */
export function requireCan(actor: Actor, resource: PermissionResource, action: Action): void {
  if (!can(actor, resource, action)) throw forbidden();
}

export function isAdmin(actor: Actor): boolean {
  return isAdministrator(actor);
}

// ---------------------------------------------------------------- the shape

/** The rows a list may return: every row, or those matching a condition on the resource's table. */
export type Scope = 'all' | SQL;
export type Verb = 'read' | 'create' | 'update' | 'delete';
export type Decision = { allowed: true } | { allowed: false; message: string };

export const allow: Decision = { allowed: true };
export const deny = (message: string = TEXT.forbidden): Decision => ({ allowed: false, message });
export const NO_ROWS: SQL = sql`false`;

/**
 * One resource's rules. `Row` is what a service knows of the row (and the facts about the actor the rule
 * needs, such as whether they are enrolled); `Change` what an update turns it into; `Filter` the list
 * parameters that may reach beyond the actor's rows.
 */
export interface ResourcePolicy<Row, Change = never, Filter = never> {
  /** The rows `actor` may list. */
  scope(actor: Actor): Scope;
  /** Whether `actor` may ask for a list at all, or with these filters. Absent: always. */
  list?(actor: Actor, filter: Filter): Decision;
  read?(actor: Actor, row: Row): Decision;
  /** `row`: the row as it would be created. */
  create?(actor: Actor, row: Row): Decision;
  update?(actor: Actor, row: Row, change: Partial<Change>): Decision;
  delete?(actor: Actor, row: Row): Decision;
}
