/**
 * The access policy: the one place that answers "which rows may this user list" and "may this user
 * read, create, update or delete this row". Every service asks here, through one entry point:
 *
 *   const access = policy(actor);
 *   access.where('User')                          // the list condition (undefined: every row)
 *   access.assert('User', 'update', row, change)  // 403 unless allowed
 *   access.assertList('LearningClassEnrollments', filter)
 *
 * Each resource has one policy object of the same shape (ResourcePolicy), registered in POLICIES.
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
 * Classes (LearningClass) and enrolments (LearningClassEnrollments), spec point 6 list scoping:
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
 * are shared by every event and have no row rules), by user type as well as permission (spec point 6):
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
 */
import { and, eq, exists, inArray, isNotNull, isNull, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  ADMINISTRATOR_ROLE_NAME,
  can,
  isAdministrator,
  type Action,
  type Resource,
  type UserType,
} from '@trungtam/shared/permissions';
import { ENROLLMENT_STATUS, type User } from '@trungtam/shared/contracts';
import { centers, classes, classSchedules, competitionGraders, competitions, enrollments, holidays, makeupStudents, notifications, orders, roles, rooms, users } from '../db/schema';
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
} as const;

/** The permission gate (the catalogue's can()): 403 unless the role grants (resource, action). */
export function requireCan(actor: Actor, resource: Resource, action: Action): void {
  if (!can(actor, resource, action)) throw forbidden();
}

function isAdmin(actor: Actor): boolean {
  return isAdministrator(actor);
}

// ---------------------------------------------------------------- the shape

/** The rows a list may return: every row, or those matching a condition on the resource's table. */
export type Scope = 'all' | SQL;
export type Verb = 'read' | 'create' | 'update' | 'delete';
export type Decision = { allowed: true } | { allowed: false; message: string };

const allow: Decision = { allowed: true };
const deny = (message: string = TEXT.forbidden): Decision => ({ allowed: false, message });
const NO_ROWS: SQL = sql`false`;

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

// ---------------------------------------------------------------- accounts

export interface AccountRow {
  /** Absent for an account about to be created. */
  id?: number;
  type: string;
  centerId: number | null;
  roleId?: number;
}
export interface AccountChange {
  type: string;
  /** undefined: the centre does not change. */
  centerId: number | null | undefined;
  roleId: number;
}

function isSelfOnly(actor: Actor): boolean {
  return !isAdmin(actor) && (actor.type === 'teacher' || actor.type === 'student');
}

/** An academic_affair user tied to a centre: their reach ends at that centre. */
function affairCenter(actor: Actor): number | null {
  return !isAdmin(actor) && actor.type === 'academic_affair' && actor.center_id ? actor.center_id : null;
}

/** The account types `actor` may create or assign. */
function manageableTypes(actor: Actor): UserType[] {
  if (isAdmin(actor)) return ['administrator', 'academic_affair', 'teacher', 'student'];
  if (actor.type === 'academic_affair') return ['academic_affair', 'teacher', 'student'];
  return [];
}

/** The centre a new account of `actor` lands in when none is given. */
export function defaultCenterFor(actor: Actor): number | null {
  return affairCenter(actor);
}

function seesAccount(actor: Actor, target: AccountRow): boolean {
  if (isAdmin(actor)) return true;
  if (isSelfOnly(actor)) return target.id === actor.id;
  if (target.type === 'administrator') return false;
  const center = affairCenter(actor);
  return center ? target.centerId === center : true;
}

function centerAllowed(actor: Actor, centerId: number | null | undefined): boolean {
  if (centerId === undefined) return true;
  const center = affairCenter(actor);
  return !center || centerId === center;
}

/** Another giáo vụ's account, which only an administrator may change. */
function isOtherAffair(actor: Actor, target: AccountRow): boolean {
  return !isAdmin(actor) && target.type === 'academic_affair' && target.id !== actor.id;
}

const userPolicy: ResourcePolicy<AccountRow, AccountChange> = {
  scope(actor) {
    if (isAdmin(actor)) return 'all';
    if (isSelfOnly(actor)) return eq(users.id, actor.id);
    const center = affairCenter(actor);
    return center ? (and(ne(users.type, 'administrator'), eq(users.centerId, center)) as SQL) : ne(users.type, 'administrator');
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

// ---------------------------------------------------------------- roles

export interface RoleRow {
  name: string;
  guardName: string;
}
export interface RoleChange {
  guardName: string;
}

/** A role only an administrator manages: the Administrator role and any role of the administrator guard. */
const isAdminsRole = (role: RoleRow) => role.name === ADMINISTRATOR_ROLE_NAME || role.guardName === 'administrator';

const rolePolicy: ResourcePolicy<RoleRow, RoleChange> = {
  scope(actor) {
    if (can(actor, 'System', 'GetAllRole')) return 'all';
    const guards = manageableTypes(actor);
    return guards.length ? inArray(roles.guardName, guards) : NO_ROWS;
  },
  list(actor) {
    const opens = can(actor, 'System', 'GetAllRole') || can(actor, 'User', 'Create') || can(actor, 'User', 'Update');
    return opens ? allow : deny();
  },
  // Showing one role is the roles screen's (System GetAllRole, checked by the route): every role.
  read: () => allow,
  create(actor, role) {
    return isAdminsRole(role) && !isAdmin(actor) ? deny(TEXT.onlyAdminManagesAdmin) : allow;
  },
  update(actor, role, change) {
    const touchesAdmin = isAdminsRole(role) || change.guardName === 'administrator';
    return touchesAdmin && !isAdmin(actor) ? deny(TEXT.onlyAdminManagesAdmin) : allow;
  },
  delete(actor, role) {
    return isAdminsRole(role) && !isAdmin(actor) ? deny(TEXT.onlyAdminManagesAdmin) : allow;
  },
};

// ---------------------------------------------------------------- classes

export interface ClassRow {
  teacherId: number | null;
  centerId: number | null;
  /** Whether the actor holds a (not removed) enrolment in this class; only a student's access uses it. */
  actorEnrolled?: boolean;
}

function seesClass(actor: Actor, cls: ClassRow): boolean {
  if (isAdmin(actor)) return true;
  if (actor.type === 'teacher') return cls.teacherId === actor.id;
  if (actor.type === 'student') return cls.actorEnrolled === true;
  const center = affairCenter(actor);
  return center ? cls.centerId === center : true;
}

export interface ClassChange {
  teacherId: number | null;
  centerId: number | null;
}

/** Staff write classes: an administrator any, a giáo vụ with a centre those of that centre (without one: any). */
function managesClassAt(actor: Actor, centerId: number | null): Decision {
  if (isAdmin(actor)) return allow;
  if (actor.type !== 'academic_affair') return deny();
  const center = affairCenter(actor);
  return !center || centerId === center ? allow : deny(POLICY_TEXT.ownCenterClasses);
}

const classPolicy: ResourcePolicy<ClassRow, ClassChange> = {
  scope(actor) {
    if (isAdmin(actor)) return 'all';
    if (actor.type === 'teacher') return eq(classes.teacherId, actor.id);
    if (actor.type === 'student') {
      return exists(
        sql`(select 1 from ${enrollments} where ${enrollments.classId} = ${classes.classId} and ${enrollments.userId} = ${actor.id} and ${enrollments.status} <> ${ENROLLMENT_STATUS.REMOVED})`,
      );
    }
    const center = affairCenter(actor);
    return center ? eq(classes.centerId, center) : 'all';
  },
  read(actor, cls) {
    return seesClass(actor, cls) ? allow : deny();
  },
  create: (actor, cls) => managesClassAt(actor, cls.centerId),
  update(actor, cls, change) {
    const now = managesClassAt(actor, cls.centerId);
    return now.allowed && change.centerId !== undefined ? managesClassAt(actor, change.centerId) : now;
  },
  delete: (actor, cls) => managesClassAt(actor, cls.centerId),
};

// ---------------------------------------------------------------- enrolments

export interface EnrollmentRow {
  /** The enrolled (or to be enrolled) student. */
  student: AccountRow & { id: number };
  cls: ClassRow;
}
export interface EnrollmentFilter {
  userId?: number;
  /** The class asked for (with actorEnrolled), when the list is filtered by one that exists. */
  cls?: ClassRow | null;
}

/** Staff enrol, update and remove, within their reach: a student they see, a class they see. */
function managesEnrollment(actor: Actor, row: EnrollmentRow): Decision {
  if (isSelfOnly(actor)) return deny();
  if (!seesAccount(actor, row.student)) return deny();
  return seesClass(actor, row.cls) ? allow : deny(TEXT.centerNotAllowed);
}

const enrollmentPolicy: ResourcePolicy<EnrollmentRow, never, EnrollmentFilter> = {
  scope(actor) {
    if (isAdmin(actor)) return 'all';
    if (actor.type === 'student') return eq(enrollments.userId, actor.id);
    if (actor.type === 'teacher') {
      return exists(sql`(select 1 from ${classes} where ${classes.classId} = ${enrollments.classId} and ${classes.teacherId} = ${actor.id})`);
    }
    const center = affairCenter(actor);
    if (!center) return 'all';
    return exists(sql`(select 1 from ${classes} where ${classes.classId} = ${enrollments.classId} and ${classes.centerId} = ${center})`);
  },
  list(actor, filter) {
    if (!isSelfOnly(actor)) return allow;
    if (filter.userId && filter.userId !== actor.id) return deny();
    if (filter.cls && !seesClass(actor, filter.cls)) return deny();
    return allow;
  },
  read(actor, row) {
    if (actor.type === 'student' && !isAdmin(actor)) return row.student.id === actor.id ? allow : deny();
    return seesClass(actor, row.cls) ? allow : deny();
  },
  create: managesEnrollment,
  update: (actor, row) => managesEnrollment(actor, row),
  delete: managesEnrollment,
};

// ---------------------------------------------------------------- class sessions

export interface SessionRow {
  teacherId: number | null;
  centerId: number | null;
  studentId: number | null;
  /** Whether the actor takes part (an active enrolment in the class; a make-up session: listed in it); only a student's access uses it. */
  actorEnrolled?: boolean;
}

const schedulePolicy: ResourcePolicy<SessionRow> = {
  scope(actor) {
    if (isAdmin(actor)) return 'all';
    switch (actor.type) {
      case 'teacher':
        return eq(classSchedules.teacherId, actor.id);
      case 'student':
        // a make-up session is only its own students'
        return or(
          eq(classSchedules.studentId, actor.id),
          and(
            isNull(classSchedules.makeupOf),
            exists(
              sql`(select 1 from ${enrollments} where ${enrollments.classId} = ${classSchedules.classId} and ${enrollments.userId} = ${actor.id} and ${enrollments.status} = ${ENROLLMENT_STATUS.ACTIVE})`,
            ),
          ),
          exists(sql`(select 1 from ${makeupStudents} where ${makeupStudents.scheduleId} = ${classSchedules.scheduleId} and ${makeupStudents.userId} = ${actor.id})`),
        ) as SQL;
      case 'academic_affair':
        return actor.center_id ? eq(classSchedules.centerId, actor.center_id) : 'all';
      default:
        // an unknown type sees nothing
        return NO_ROWS;
    }
  },
  read(actor, session) {
    if (isAdmin(actor)) return allow;
    switch (actor.type) {
      case 'teacher':
        return session.teacherId === actor.id ? allow : deny();
      case 'student':
        return session.studentId === actor.id || session.actorEnrolled === true ? allow : deny();
      case 'academic_affair':
        return !actor.center_id || session.centerId === actor.center_id ? allow : deny();
      default:
        return deny();
    }
  },
  // adding, moving and cancelling sessions is the staff's, within their centre
  create: (actor, session) => managesClassAt(actor, session.centerId),
  update: (actor, session) => managesClassAt(actor, session.centerId),
  delete: (actor, session) => managesClassAt(actor, session.centerId),
};

// ---------------------------------------------------------------- holidays

export interface HolidayRow {
  centerId: number | null;
}

/**
 * Whose days off `actor` reads besides every centre's: 'all' for an administrator and a giáo vụ without a
 * centre; otherwise their own centre's (null: none, for an account without a centre), as with other centre rows.
 */
function holidayCenter(actor: Actor): number | null | 'all' {
  if (isAdmin(actor) || (actor.type === 'academic_affair' && !actor.center_id)) return 'all';
  return actor.center_id ?? null;
}

/** Days off: read by whoever schedules, each their own centre's and every centre's; written as classes are. */
const holidayPolicy: ResourcePolicy<HolidayRow, HolidayRow> = {
  scope(actor) {
    const center = holidayCenter(actor);
    if (center === 'all') return 'all';
    return center === null ? isNull(holidays.centerId) : (or(eq(holidays.centerId, center), isNull(holidays.centerId)) as SQL);
  },
  read(actor, row) {
    const center = holidayCenter(actor);
    return center === 'all' || row.centerId === null || row.centerId === center ? allow : deny();
  },
  create: (actor, row) => managesClassAt(actor, row.centerId),
  update(actor, row, change) {
    const now = managesClassAt(actor, row.centerId);
    return now.allowed && change.centerId !== undefined ? managesClassAt(actor, change.centerId) : now;
  },
  delete: (actor, row) => managesClassAt(actor, row.centerId),
};

/** Taking attendance: the session's teacher, or staff within their centre; never a student. */
const attendancePolicy: ResourcePolicy<SessionRow> = {
  scope: (actor) => schedulePolicy.scope(actor),
  read: (actor, session) => schedulePolicy.read!(actor, session),
  update(actor, session) {
    if (isAdmin(actor)) return allow;
    if (actor.type === 'teacher') return session.teacherId === actor.id ? allow : deny(POLICY_TEXT.notOwnSession);
    return managesClassAt(actor, session.centerId);
  },
};

// ---------------------------------------------------------------- reports (list-only)

const payrollPolicy: ResourcePolicy<never> = {
  scope(actor) {
    if (isAdmin(actor)) return 'all';
    switch (actor.type) {
      case 'teacher':
        return eq(classSchedules.teacherId, actor.id);
      case 'academic_affair': {
        const center = affairCenter(actor);
        return center ? eq(classSchedules.centerId, center) : 'all';
      }
      default:
        return NO_ROWS;
    }
  },
};

const orderPolicy: ResourcePolicy<never> = {
  scope(actor) {
    if (isAdmin(actor)) return 'all';
    switch (actor.type) {
      case 'student':
        return eq(orders.userId, actor.id);
      case 'teacher':
        return exists(sql`(select 1 from ${classes} where ${classes.classId} = ${orders.classId} and ${classes.teacherId} = ${actor.id})`);
      case 'academic_affair': {
        const center = affairCenter(actor);
        return center ? exists(sql`(select 1 from ${classes} where ${classes.classId} = ${orders.classId} and ${classes.centerId} = ${center})`) : 'all';
      }
      default:
        return NO_ROWS;
    }
  },
};

// ---------------------------------------------------------------- notifications

export interface InboxRow {
  /** Whose notifications. */
  userId: number;
}
export interface InboxFilter {
  /** The user_id a list asks for; absent, null or 0 mean "mine". */
  userId?: number | null;
}

const ownInbox = (actor: Actor, userId: number | null | undefined): Decision =>
  userId === undefined || userId === null || userId === 0 || userId === actor.id ? allow : deny(TEXT.notOwnNotifications);

const notificationPolicy: ResourcePolicy<InboxRow, never, InboxFilter> = {
  scope: (actor) => eq(notifications.userId, actor.id),
  list: (actor, filter) => ownInbox(actor, filter.userId),
  read: (actor, row) => ownInbox(actor, row.userId),
  // marking read
  update: (actor, row) => ownInbox(actor, row.userId),
};

// ---------------------------------------------------------------- places: centres and rooms

/** A centre (its own id) or a room (the centre it is in): the table row, or the values of a create or update. */
export interface PlaceRow {
  centerId?: number | null;
}

const centerPolicy: ResourcePolicy<PlaceRow, PlaceRow> = {
  scope(actor) {
    const center = affairCenter(actor);
    return center ? eq(centers.centerId, center) : 'all';
  },
  read: (actor, row) => (centerAllowed(actor, row.centerId) ? allow : deny(POLICY_TEXT.ownCenterPlaces)),
  create: (actor) => (affairCenter(actor) ? deny(POLICY_TEXT.ownCenterPlaces) : allow),
  update: (actor, row) => (centerAllowed(actor, row.centerId) ? allow : deny(POLICY_TEXT.ownCenterPlaces)),
  delete: (actor) => (affairCenter(actor) ? deny(POLICY_TEXT.ownCenterPlaces) : allow),
};

const roomPolicy: ResourcePolicy<PlaceRow, PlaceRow> = {
  scope(actor) {
    const center = affairCenter(actor);
    return center ? eq(rooms.centerId, center) : 'all';
  },
  read: (actor, row) => (centerAllowed(actor, row.centerId) ? allow : deny(POLICY_TEXT.ownCenterPlaces)),
  create: (actor, row) => (centerAllowed(actor, row.centerId) ? allow : deny(POLICY_TEXT.ownCenterPlaces)),
  // a room stays in the actor's centre: it may not be moved out of it
  update: (actor, row, change) => (centerAllowed(actor, row.centerId) && centerAllowed(actor, change.centerId) ? allow : deny(POLICY_TEXT.ownCenterPlaces)),
  delete: (actor, row) => (centerAllowed(actor, row.centerId) ? allow : deny(POLICY_TEXT.ownCenterPlaces)),
};

// ---------------------------------------------------------------- staff messages

/**
 * Whom a notification row concerns: the recipient of a received one; the audience of a composed one
 * (the target user, or the centre a group target is limited to).
 */
export interface NotificationAudience {
  /** Their centre; null: every centre (a group target without one), or an account without a centre. */
  centerId: number | null;
  /** Whether an administrator is concerned (an administrator's notifications, a message to one). */
  administrator: boolean;
}

function reachesAudience(actor: Actor, audience: NotificationAudience): boolean {
  if (isAdmin(actor)) return true;
  if (actor.type !== 'academic_affair' || audience.administrator) return false;
  const center = affairCenter(actor);
  return !center || audience.centerId === center;
}

const messageDecision = (actor: Actor, audience: NotificationAudience): Decision => {
  if (reachesAudience(actor, audience)) return allow;
  return actor.type === 'academic_affair' && !isAdmin(actor) ? deny(POLICY_TEXT.messageOutsideReach) : deny();
};

const notificationMessagePolicy: ResourcePolicy<NotificationAudience, NotificationAudience> = {
  scope(actor) {
    if (isAdmin(actor)) return 'all';
    if (actor.type !== 'academic_affair') return NO_ROWS;
    const center = affairCenter(actor);
    // an account the giáo vụ sees (userPolicy's scope), by the column holding its id
    const seen = (id: AnyColumn) =>
      exists(
        sql`(select 1 from ${users} where ${users.id} = ${id} and ${users.type} <> 'administrator'${center ? sql` and ${users.centerId} = ${center}` : sql``})`,
      );
    return or(
      and(isNotNull(notifications.userId), seen(notifications.userId)),
      and(eq(notifications.targetKind, 'user'), seen(notifications.targetUserId)),
      and(isNotNull(notifications.targetKind), ne(notifications.targetKind, 'user'), center ? eq(notifications.targetCenterId, center) : undefined),
    ) as SQL;
  },
  read: messageDecision,
  create: messageDecision,
  update(actor, row, change) {
    const now = messageDecision(actor, row);
    if (!now.allowed || change.centerId === undefined) return now;
    return messageDecision(actor, { centerId: change.centerId, administrator: change.administrator ?? false });
  },
  delete: messageDecision,
};

// ---------------------------------------------------------------- competitions

export interface CompetitionRow {
  centerId: number | null;
}

/** Staff by type: competitions are theirs (spec point 6), whatever a role of another type is given. */
function isCompetitionStaff(actor: Actor): boolean {
  return isAdmin(actor) || actor.type === 'administrator' || actor.type === 'academic_affair';
}

/** Whether `actor` manages (creates, changes, deletes) an event of this centre (null: of every centre). */
function managesEventOf(actor: Actor, centerId: number | null): boolean {
  if (!isCompetitionStaff(actor)) return false;
  const center = affairCenter(actor);
  return !center || centerId === center;
}

const eventDecision = (actor: Actor, row: CompetitionRow): Decision =>
  managesEventOf(actor, row.centerId) ? allow : deny(isCompetitionStaff(actor) ? POLICY_TEXT.ownCenterCompetitions : undefined);

const competitionPolicy: ResourcePolicy<CompetitionRow, CompetitionRow> = {
  scope(actor) {
    if (!isCompetitionStaff(actor)) return NO_ROWS;
    const center = affairCenter(actor);
    return center ? (or(isNull(competitions.centerId), eq(competitions.centerId, center)) as SQL) : 'all';
  },
  read(actor, row) {
    if (!isCompetitionStaff(actor)) return deny();
    const center = affairCenter(actor);
    return !center || row.centerId === null || row.centerId === center ? allow : deny(POLICY_TEXT.ownCenterCompetitions);
  },
  create: eventDecision,
  update(actor, row, change) {
    const now = eventDecision(actor, row);
    if (!now.allowed || change.centerId === undefined) return now;
    return eventDecision(actor, { centerId: change.centerId });
  },
  delete: eventDecision,
};

/**
 * The events `actor` reaches, as a condition on a column holding a competition_id (a round's, an
 * examinee's): undefined when every event is in reach. Rounds and examinees follow their event.
 */
export function competitionReach(actor: Actor, competitionId: AnyColumn): SQL | undefined {
  const scope = competitionPolicy.scope(actor);
  if (scope === 'all') return undefined;
  return inArray(competitionId, sql`(select ${competitions.competitionId} from ${competitions} where ${scope})`);
}

/** Whether `actor` grades every subject of the events they reach (staff), rather than the subjects assigned to them (a teacher). */
export function gradesEverySubject(actor: Actor): boolean {
  return isCompetitionStaff(actor);
}

/** The events a grader reaches: staff as competitionReach; a teacher the events where a subject is assigned to them; a student none. */
export function gradingReach(actor: Actor, competitionId: AnyColumn): SQL | undefined {
  if (isCompetitionStaff(actor)) return competitionReach(actor, competitionId);
  if (actor.type !== 'teacher') return NO_ROWS;
  return inArray(competitionId, sql`(select ${competitionGraders.competitionId} from ${competitionGraders} where ${competitionGraders.userId} = ${actor.id})`);
}

// ---------------------------------------------------------------- the table and the entry point

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
  Competition: { row: CompetitionRow; change: CompetitionRow; filter: never };
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
  Competition: competitionPolicy,
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
