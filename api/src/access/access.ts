/**
 * The access policy: the one place that answers "which rows may this user list" and "may this user
 * read, create, update or delete this row". Every service asks here, through one entry point:
 *
 *   const access = policy(actor);
 *   access.where('User')                          // the list condition (undefined: every row)
 *   access.assert('User', 'update', row, change)  // 403 unless allowed
 *   access.assertList('LearningClassEnrollments', filter)
 *
 * Each resource has one policy object of the same shape (ResourcePolicy, policy.ts), in a file of its own
 * under policies/, registered in POLICIES below.
 * Permission checks (can(): "does the role grant (resource, action)") come first, in the routes; these
 * rules narrow what a permission reaches. A verb a resource does not declare is refused to everyone.
 * The ids a write puts into a row (a class's teacher, an event's graders, a message's recipient...) must be
 * rows these scopes let the writer list: references.ts, with one neutral 400 for a missing id and one out
 * of reach.
 *
 * Accounts (User):
 * - an administrator sees and manages every account, but never deletes their own;
 * - nobody else ever sees or touches an administrator account, or makes one;
 * - an academic_affair user (giáo vụ) with a centre only sees accounts of that centre (without one: every
 *   centre). They manage teachers and students: create, edit, lock, set the password, delete. They may
 *   create giáo vụ accounts (of their centre), but may not edit, lock, set the password of or delete
 *   ANOTHER giáo vụ account: only an administrator may, so that one giáo vụ cannot take over another's
 *   account. Their own account stays theirs: the profile and own-password routes, and /user/update on
 *   themselves (without changing their own role);
 * - a teacher or a student (should a role ever give them User permissions) only sees and edits their
 *   own account, cannot create or delete accounts, and cannot change their type, centre or role.
 *
 * Roles (Role):
 * - the list is open to the roles screen (System GetAllRole: every role) and to whoever creates or
 *   edits accounts (User Create or Update): they get the roles of the account types they manage, so that
 *   the account forms can offer them;
 * - only an administrator creates, changes or deletes a role of the administrator guard, or the
 *   Administrator role.
 *
 * Classes (LearningClass) and enrolments (LearningClassEnrollments), lists scoped by user type:
 * - an administrator sees every class and enrolment;
 * - an academic_affair user with a centre sees the classes of that centre and their enrolments;
 * - a teacher sees the classes they teach (teacher_id) and their enrolments;
 * - a student sees the classes they are enrolled in (not removed) and only their own enrolments;
 * - a teacher or a student filtering enrolments by someone else or by a class out of their reach is
 *   refused (a giáo vụ simply gets no rows);
 * - only staff (administrator, academic_affair) enrol, update or remove, and only within their reach:
 *   the student must be an account they may see and the class one they may see.
 *
 * Classes are created, changed and deleted by staff only: an administrator any, a giáo vụ with a centre
 * those of that centre (moving one to another centre included).
 *
 * Class sessions (LearningClassSchedule):
 * - administrator: every session; teacher: sessions whose teacher_id is theirs; student: sessions of the
 *   classes they are actively enrolled in (status 1) or whose student_id is theirs (solo classes);
 *   academic_affair: sessions of their centre when they have one (all otherwise);
 * - adding, moving and cancelling one is the staff's, as for classes;
 * - attendance (ScheduleAttendance) is taken by the session's teacher or by staff within their centre.
 *
 * Holidays (Holiday): read by whoever the LearningClass permissions reach, each the days off of every
 * centre (center_id null) and of their own centre (an administrator and a giáo vụ without a centre: all);
 * written as classes are.
 *
 * Centres (LearningCenter) and rooms (LearningRoom), on top of their permissions:
 * - an academic_affair user with a centre sees and edits only that centre and its rooms; they create and
 *   delete rooms of that centre only, and never create or delete a centre;
 * - everyone else the permission reaches sees and manages every centre and room.
 *
 * Reports, list-only (they have no row routes), behind PayrollTimesheet and Order:
 * - the payroll timesheet (its lines are taught sessions): an administrator every session; a teacher only
 *   the sessions they taught (teacher_id theirs, whatever the filters say); a giáo vụ with a centre the
 *   sessions of that centre (every centre without one); a student none;
 * - orders: an administrator every order; a giáo vụ with a centre the orders of that centre's classes
 *   (every order without one); a teacher the orders of the classes they teach (as their enrolments); a
 *   student their own orders.
 *
 * Competitions (LearningCompetition: events, and their rounds and examinees; subjects and examinee groups
 * are shared by every event and have no row rules), by user type as well as permission (only staff manage competitions):
 * - an administrator, or a giáo vụ without a centre, reaches every event; a giáo vụ with a centre the events
 *   of that centre and those open to every centre (no centre), and manages (creates, changes, deletes,
 *   and the rounds and examinees of) only the events of their centre; teachers and students none;
 * - rounds and examinees are in reach when their event is (competitionReach);
 * - grading (LearningCompetitionExamineePoint): staff grade every subject of the events they reach; a
 *   teacher only the subjects assigned to them in an event (competition_grader), and sees nothing else
 *   of it (gradingReach); a student nothing.
 *
 * Notifications (Notification): a user's inbox is read and marked by that user only, whatever their role,
 * administrators included: asking for another user's inbox (user_id) is refused to everyone.
 *
 * Staff messages (NotificationMessage: the rows of the notification table as the settings screen sees
 * them, composed messages and the notifications received), behind the NotificationSetting permissions:
 * - an administrator reaches every row and composes for anyone, an administrator included;
 * - a giáo vụ reaches what concerns the accounts they see: the notifications of those accounts, and the
 *   messages whose target is one of them, or their centre (a centre target; a type or 'all' target
 *   limited to that centre). A giáo vụ with a centre composes only within it (another centre, a user of
 *   another centre or an administrator is refused); without a centre, anyone but an administrator;
 * - a teacher or a student (should a role ever give them NotificationSetting) reaches none: they have
 *   their inbox.
 *
 * Messages to families (FamilyMessage: the outbox's absence notices...), behind the NotificationSetting
 * permissions: an administrator every message; a giáo vụ with a centre those about students of that centre
 * (every one without a centre); a teacher or a student none.
 */
import type { SQL } from 'drizzle-orm';
import { forbidden } from '../lib/errors';
import { Actor, Scope, Verb, Decision, allow, deny, ResourcePolicy } from './policy';
import { AccountRow, AccountChange, userPolicy } from './policies/accounts';
import { RoleRow, RoleChange, rolePolicy } from './policies/roles';
import { ClassRow, ClassChange, classPolicy } from './policies/classes';
import { EnrollmentRow, EnrollmentFilter, enrollmentPolicy } from './policies/enrollments';
import { SessionRow, schedulePolicy } from './policies/sessions';
import { HolidayRow, holidayPolicy } from './policies/holidays';
import { attendancePolicy } from './policies/attendance';
import { payrollPolicy, orderPolicy, insightPolicy } from './policies/reports';
import { InboxRow, InboxFilter, notificationPolicy } from './policies/notifications';
import { PlaceRow, centerPolicy, roomPolicy } from './policies/places';
import { NotificationAudience, notificationMessagePolicy } from './policies/messages';
import { CompetitionRow, competitionPolicy } from './policies/competitions';
import { FamilyMessageRow, familyMessagePolicy } from './policies/family-messages';

export { type Actor, POLICY_TEXT, requireCan, type Scope, type Verb, type Decision, type ResourcePolicy } from './policy';
export { type AccountRow, type AccountChange, defaultCenterFor } from './policies/accounts';
export { type RoleRow, type RoleChange } from './policies/roles';
export { type ClassRow, type ClassChange } from './policies/classes';
export { type EnrollmentRow, type EnrollmentFilter } from './policies/enrollments';
export { type SessionRow } from './policies/sessions';
export { type HolidayRow } from './policies/holidays';
export { type InboxRow, type InboxFilter } from './policies/notifications';
export { type PlaceRow } from './policies/places';
export { type NotificationAudience } from './policies/messages';
export { type CompetitionRow, competitionReach, gradesEverySubject, gradingReach } from './policies/competitions';

interface Subjects {
  User: { row: AccountRow; change: AccountChange; filter: never };
  Role: { row: RoleRow; change: RoleChange; filter: never };
  LearningClass: { row: ClassRow; change: ClassChange; filter: never };
  LearningClassEnrollments: { row: EnrollmentRow; change: never; filter: EnrollmentFilter };
  LearningClassSchedule: { row: SessionRow; change: never; filter: never };
  ScheduleAttendance: { row: SessionRow; change: never; filter: never };
  Holiday: { row: HolidayRow; change: HolidayRow; filter: never };
  Notification: { row: InboxRow; change: never; filter: InboxFilter };
  LearningCenter: { row: PlaceRow; change: PlaceRow; filter: never };
  LearningRoom: { row: PlaceRow; change: PlaceRow; filter: never };
  NotificationMessage: { row: NotificationAudience; change: NotificationAudience; filter: never };
  PayrollTimesheet: { row: never; change: never; filter: never };
  Order: { row: never; change: never; filter: never };
  Insight: { row: never; change: never; filter: never };
  Competition: { row: CompetitionRow; change: CompetitionRow; filter: never };
  FamilyMessage: { row: FamilyMessageRow; change: never; filter: never };
}
export type PolicyResource = keyof Subjects;
type RowOf<R extends PolicyResource> = Subjects[R]['row'];
type ChangeOf<R extends PolicyResource> = Subjects[R]['change'];
export type FilterArgs<R extends PolicyResource> = [Subjects[R]['filter']] extends [never] ? [] : [filter: Subjects[R]['filter']];

const POLICIES: { [R in PolicyResource]: ResourcePolicy<RowOf<R>, ChangeOf<R>, Subjects[R]['filter']> } = {
  User: userPolicy,
  Role: rolePolicy,
  LearningClass: classPolicy,
  LearningClassEnrollments: enrollmentPolicy,
  LearningClassSchedule: schedulePolicy,
  ScheduleAttendance: attendancePolicy,
  Holiday: holidayPolicy,
  Notification: notificationPolicy,
  LearningCenter: centerPolicy,
  LearningRoom: roomPolicy,
  NotificationMessage: notificationMessagePolicy,
  PayrollTimesheet: payrollPolicy,
  Order: orderPolicy,
  Insight: insightPolicy,
  Competition: competitionPolicy,
  FamilyMessage: familyMessagePolicy,
};

export interface Access {
  /** The rows the actor may list. */
  scope(resource: PolicyResource): Scope;
  /** The same as a WHERE condition for Drizzle's and(): undefined when every row is in reach. */
  where(resource: PolicyResource): SQL | undefined;
  /** Whether the actor may ask for the list (with these filters). */
  decideList<R extends PolicyResource>(resource: R, ...filter: FilterArgs<R>): Decision;
  assertList<R extends PolicyResource>(resource: R, ...filter: FilterArgs<R>): void;
  /** Whether the actor may `verb` `row` (for update: into `change`). */
  decide<R extends PolicyResource>(resource: R, verb: Verb, row: RowOf<R>, change?: Partial<ChangeOf<R>>): Decision;
  can<R extends PolicyResource>(resource: R, verb: Verb, row: RowOf<R>, change?: Partial<ChangeOf<R>>): boolean;
  /** Throws 403 (with the reason) unless the actor may `verb` `row`. */
  assert<R extends PolicyResource>(resource: R, verb: Verb, row: RowOf<R>, change?: Partial<ChangeOf<R>>): void;
}

const refusal = (decision: Decision) => (decision.allowed ? undefined : forbidden(decision.message));

/** The access policy as it applies to `actor`. */
export function policy(actor: Actor): Access {
  const access: Access = {
    scope: (resource) => POLICIES[resource].scope(actor),
    where(resource) {
      const scope = POLICIES[resource].scope(actor);
      return scope === 'all' ? undefined : scope;
    },
    decideList(resource, ...filter) {
      const rules = POLICIES[resource] as ResourcePolicy<unknown, unknown, unknown>;
      return rules.list ? rules.list(actor, filter[0]) : allow;
    },
    assertList(resource, ...filter) {
      const error = refusal(access.decideList(resource, ...filter));
      if (error) throw error;
    },
    decide(resource, verb, row, change) {
      const rules = POLICIES[resource] as ResourcePolicy<unknown, unknown, unknown>;
      switch (verb) {
        case 'read':
          return rules.read ? rules.read(actor, row) : deny();
        case 'create':
          return rules.create ? rules.create(actor, row) : deny();
        case 'update':
          return rules.update ? rules.update(actor, row, change ?? {}) : deny();
        case 'delete':
          return rules.delete ? rules.delete(actor, row) : deny();
      }
    },
    can: (resource, verb, row, change) => access.decide(resource, verb, row, change).allowed,
    assert(resource, verb, row, change) {
      const error = refusal(access.decide(resource, verb, row, change));
      if (error) throw error;
    },
  };
  return access;
}
