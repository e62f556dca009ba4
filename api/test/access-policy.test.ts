/**
 * The access policy on its own: each resource's list scope run against the seeded demo data (teacher sees
 * their classes, student their enrolments, giáo vụ their centre...), and its row decisions.
 */
import { and, eq, isNull, ne, type SQL } from 'drizzle-orm';
import { PERMISSION_CATALOGUE, type Action, type PermissionResource, type UserType } from '@trungtam/shared/permissions';
import type { Role } from '@trungtam/shared/contracts';
import { policy, POLICY_TEXT, type Actor, type PolicyResource } from '../src/access/access';
import { classes, classSchedules, enrollments, notifications, roles, users } from '../src/db/schema';
import { findUserByEmail, loadRoles, toUserDto } from '../src/services/accounts';
import { ApiError, TEXT } from '../src/lib/errors';
import { createTestContext, DEMO_ACCOUNTS, type TestContext } from './helpers';

let t: TestContext;
const demo = {} as Record<keyof typeof DEMO_ACCOUNTS, Actor>;

async function actorByEmail(email: string): Promise<Actor> {
  const row = (await findUserByEmail(t.database.db, email))!;
  const role = (await loadRoles(t.database.db, [row.roleId])).get(row.roleId);
  return { ...toUserDto(row, role), sessionId: 'test-session' };
}

beforeAll(async () => {
  t = await createTestContext();
  for (const key of Object.keys(DEMO_ACCOUNTS) as Array<keyof typeof DEMO_ACCOUNTS>) demo[key] = await actorByEmail(DEMO_ACCOUNTS[key]);
});
afterAll(async () => {
  await t.close();
});

/** An actor that is not in the database, for the row decisions. */
function actor(id: number, type: UserType, centerId: number | null, grants: Array<[PermissionResource, Action]> | 'admin' = []): Actor {
  const role: Role =
    grants === 'admin'
      ? { id: 1, name: 'Administrator', guard_name: type, permissions: [] }
      : {
          id: 99,
          name: `Vai trò ${type}`,
          guard_name: type,
          permissions: grants.map(([resource, action]) => PERMISSION_CATALOGUE.find((p) => p.resource === resource && p.action === action)!),
        };
  return {
    id, name: `Người dùng ${id}`, email: `u${id}@trungtam.vn`, phone_number: null, status: 1, type, center_id: centerId,
    roles: [role], last_time_login: null, created_at: '', updated_at: '', sessionId: 'test-session',
  };
}

const db = () => t.database.db;
/** The WHERE condition of `who`'s list of `resource`. */
const scoped = (who: Actor, resource: PolicyResource): SQL | undefined => policy(who).where(resource);

describe('list scopes against the demo data', () => {
  it('an administrator lists every row of every resource', () => {
    for (const resource of ['User', 'Role', 'LearningClass', 'LearningClassEnrollments', 'LearningClassSchedule'] as const) {
      expect({ resource, scope: policy(demo.admin).scope(resource) }).toEqual({ resource, scope: 'all' });
    }
    // ...except someone else's inbox
    expect(policy(demo.admin).scope('Notification')).not.toBe('all');
  });

  it('a teacher lists the classes they teach, their enrolments and their sessions', async () => {
    const me = demo.teacher;
    const mine = await db().select().from(classes).where(scoped(me, 'LearningClass'));
    const expected = await db().select().from(classes).where(eq(classes.teacherId, me.id));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.map((c) => c.classId).sort()).toEqual(expected.map((c) => c.classId).sort());

    const ownClassIds = new Set(expected.map((c) => c.classId));
    const rows = await db().select().from(enrollments).where(scoped(me, 'LearningClassEnrollments'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((e) => ownClassIds.has(e.classId))).toBe(true);
    const all = await db().select().from(enrollments);
    expect(rows).toHaveLength(all.filter((e) => ownClassIds.has(e.classId)).length);

    const sessions = await db().select().from(classSchedules).where(scoped(me, 'LearningClassSchedule'));
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((s) => s.teacherId === me.id)).toBe(true);
  });

  it('a student lists their own enrolments, the classes they are enrolled in and those sessions', async () => {
    const me = demo.student;
    const own = await db().select().from(enrollments).where(eq(enrollments.userId, me.id));
    const rows = await db().select().from(enrollments).where(scoped(me, 'LearningClassEnrollments'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((e) => e.enrollmentId).sort()).toEqual(own.map((e) => e.enrollmentId).sort());

    const enrolledIn = new Set(own.filter((e) => e.status !== 3).map((e) => e.classId));
    const cls = await db().select().from(classes).where(scoped(me, 'LearningClass'));
    expect(cls.map((c) => c.classId).sort()).toEqual([...enrolledIn].sort());

    const active = new Set(own.filter((e) => e.status === 1).map((e) => e.classId));
    const sessions = await db().select().from(classSchedules).where(scoped(me, 'LearningClassSchedule'));
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((s) => active.has(s.classId) || s.studentId === me.id)).toBe(true);
  });

  it('a giáo vụ lists the accounts, classes, enrolments and sessions of their centre, never an administrator', async () => {
    const me = demo.academicAffair;
    expect(me.center_id).toBe(1);
    const accounts = await db().select().from(users).where(and(isNull(users.deletedAt), scoped(me, 'User')));
    expect(accounts.length).toBeGreaterThan(10);
    expect(accounts.every((u) => u.centerId === 1 && u.type !== 'administrator')).toBe(true);
    const expected = await db().select().from(users).where(and(isNull(users.deletedAt), eq(users.centerId, 1), ne(users.type, 'administrator')));
    expect(accounts).toHaveLength(expected.length);

    const cls = await db().select().from(classes).where(scoped(me, 'LearningClass'));
    expect(cls.length).toBeGreaterThan(0);
    expect(cls.every((c) => c.centerId === 1)).toBe(true);
    const centreClassIds = new Set(cls.map((c) => c.classId));
    const rows = await db().select().from(enrollments).where(scoped(me, 'LearningClassEnrollments'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((e) => centreClassIds.has(e.classId))).toBe(true);
    const sessions = await db().select().from(classSchedules).where(scoped(me, 'LearningClassSchedule'));
    expect(sessions.every((s) => s.centerId === 1)).toBe(true);
    expect(sessions.length).toBeLessThan((await db().select().from(classSchedules)).length);
  });

  it('a giáo vụ without a centre reaches every centre (accounts still without administrators)', async () => {
    const floating = actor(9001, 'academic_affair', null, [['User', 'GetAll']]);
    expect(policy(floating).scope('LearningClass')).toBe('all');
    const accounts = await db().select().from(users).where(scoped(floating, 'User'));
    expect(new Set(accounts.map((u) => u.centerId)).size).toBeGreaterThan(2);
    expect(accounts.some((u) => u.type === 'administrator')).toBe(false);
  });

  it('teachers and students list only their own account', async () => {
    for (const me of [demo.teacher, demo.student]) {
      const rows = await db().select().from(users).where(scoped(me, 'User'));
      expect(rows.map((u) => u.id)).toEqual([me.id]);
    }
  });

  it('everyone, administrators included, lists only their own notifications', async () => {
    for (const me of Object.values(demo)) {
      const rows = await db().select().from(notifications).where(scoped(me, 'Notification'));
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((n) => n.userId === me.id)).toBe(true);
    }
  });

  it('roles: every guard for the roles screen, the managed account types for account managers, none otherwise', async () => {
    const guards = async (who: Actor) => [...new Set((await db().select().from(roles).where(scoped(who, 'Role'))).map((r) => r.guardName))].sort();
    expect(await guards(demo.admin)).toEqual(['academic_affair', 'administrator', 'student', 'teacher']);
    expect(await guards(demo.academicAffair)).toEqual(['academic_affair', 'student', 'teacher']);
    expect(await guards(demo.teacher)).toEqual([]);
    expect(policy(demo.academicAffair).decideList('Role')).toEqual({ allowed: true });
    expect(policy(demo.teacher).decideList('Role')).toEqual({ allowed: false, message: TEXT.forbidden });
    expect(policy(actor(9002, 'teacher', 1, [['User', 'Update']])).decideList('Role').allowed).toBe(true);
    expect(policy(actor(9003, 'teacher', 1, [['User', 'Create']])).decideList('Role').allowed).toBe(true);
    expect(policy(actor(9004, 'student', 1, [['System', 'GetAllRole']])).scope('Role')).toBe('all');
  });
});

describe('row decisions', () => {
  const admin = actor(1, 'administrator', null, 'admin');
  const affair = actor(2, 'academic_affair', 1, [['User', 'Update']]);
  const teacher = actor(3, 'teacher', 1);
  const student = actor(4, 'student', 1);
  const account = (id: number, type: UserType, centerId: number | null, roleId = 3) => ({ id, type, centerId, roleId });

  it('accounts: a giáo vụ reads and manages teachers and students of their centre only', () => {
    const p = policy(affair);
    expect(p.can('User', 'read', account(10, 'teacher', 1))).toBe(true);
    expect(p.can('User', 'read', account(11, 'student', 2))).toBe(false);
    expect(p.can('User', 'read', account(1, 'administrator', null))).toBe(false);
    expect(p.can('User', 'update', account(10, 'teacher', 1))).toBe(true);
    expect(p.can('User', 'delete', account(10, 'teacher', 1))).toBe(true);
    expect(p.can('User', 'update', account(11, 'student', 2))).toBe(false);
    expect(p.decide('User', 'update', account(10, 'teacher', 1), { centerId: 2 })).toEqual({ allowed: false, message: TEXT.centerNotAllowed });
    expect(p.decide('User', 'update', account(10, 'teacher', 1), { type: 'administrator' })).toEqual({ allowed: false, message: TEXT.onlyAdminManagesAdmin });
    expect(p.can('User', 'create', { type: 'student', centerId: 1 })).toBe(true);
    expect(p.can('User', 'create', { type: 'academic_affair', centerId: 1 })).toBe(true);
    expect(p.decide('User', 'create', { type: 'teacher', centerId: 2 })).toEqual({ allowed: false, message: TEXT.centerNotAllowed });
    expect(p.decide('User', 'create', { type: 'administrator', centerId: 1 })).toEqual({ allowed: false, message: TEXT.onlyAdminManagesAdmin });
    expect(p.decide('User', 'delete', account(2, 'academic_affair', 1))).toEqual({ allowed: false, message: TEXT.cannotDeleteSelf });
    // their own account, without giving themselves another role
    expect(p.can('User', 'update', account(2, 'academic_affair', 1, 2), { roleId: 2 })).toBe(true);
    expect(p.decide('User', 'update', account(2, 'academic_affair', 1, 2), { roleId: 1 })).toEqual({ allowed: false, message: TEXT.typeNotAllowed });
  });

  it('accounts: a giáo vụ creates giáo vụ accounts but never edits, locks, re-passwords or deletes another one', () => {
    const p = policy(affair);
    const colleague = account(20, 'academic_affair', 1, 2);
    expect(p.can('User', 'create', { type: 'academic_affair', centerId: 1 })).toBe(true);
    expect(p.can('User', 'read', colleague)).toBe(true);
    const refused = { allowed: false, message: POLICY_TEXT.onlyAdminManagesAffairs };
    expect(p.decide('User', 'update', colleague)).toEqual(refused); // password, lock, edit
    expect(p.decide('User', 'update', colleague, { type: 'academic_affair', centerId: undefined, roleId: 2 })).toEqual(refused);
    expect(p.decide('User', 'delete', colleague)).toEqual(refused);
    // a giáo vụ without a centre is held to the same rule
    expect(policy(actor(21, 'academic_affair', null)).can('User', 'update', colleague)).toBe(false);
    // their own account stays theirs, and an administrator manages every giáo vụ
    expect(p.can('User', 'update', account(2, 'academic_affair', 1, 2))).toBe(true);
    expect(policy(admin).can('User', 'update', colleague)).toBe(true);
    expect(policy(admin).can('User', 'delete', colleague)).toBe(true);
    // turning a teacher of the centre into a giáo vụ is creating one: allowed; the reverse is not
    expect(p.can('User', 'update', account(10, 'teacher', 1), { type: 'academic_affair' })).toBe(true);
    expect(p.can('User', 'update', colleague, { type: 'teacher' })).toBe(false);
  });

  it('accounts: teachers and students only ever reach themselves, and never change their type or centre', () => {
    for (const me of [teacher, student]) {
      const p = policy(me);
      const self = account(me.id, me.type, 1);
      expect(p.can('User', 'read', self)).toBe(true);
      expect(p.can('User', 'update', self)).toBe(true);
      expect(p.can('User', 'update', self, { type: 'academic_affair' })).toBe(false);
      expect(p.can('User', 'update', self, { centerId: 2 })).toBe(false);
      expect(p.can('User', 'delete', self)).toBe(false);
      expect(p.can('User', 'read', account(50, 'student', 1))).toBe(false);
      expect(p.can('User', 'update', account(50, 'student', 1))).toBe(false);
      expect(p.can('User', 'create', { type: 'student', centerId: 1 })).toBe(false);
    }
  });

  it('accounts: an administrator manages every account but never deletes their own', () => {
    const p = policy(admin);
    expect(p.can('User', 'update', account(2, 'academic_affair', 1), { type: 'administrator', centerId: 3 })).toBe(true);
    expect(p.can('User', 'create', { type: 'administrator', centerId: null })).toBe(true);
    expect(p.can('User', 'delete', account(5, 'administrator', null))).toBe(true);
    expect(p.decide('User', 'delete', account(1, 'administrator', null))).toEqual({ allowed: false, message: TEXT.cannotDeleteSelf });
  });

  it('classes: a teacher reads the classes they teach, a student those they are enrolled in, a giáo vụ their centre', () => {
    const cls = { classId: 7, teacherId: 3, centerId: 1 };
    expect(policy(teacher).can('LearningClass', 'read', cls)).toBe(true);
    expect(policy(actor(30, 'teacher', 1)).can('LearningClass', 'read', cls)).toBe(false);
    expect(policy(student).can('LearningClass', 'read', { ...cls, actorEnrolled: true })).toBe(true);
    expect(policy(student).can('LearningClass', 'read', cls)).toBe(false);
    expect(policy(affair).can('LearningClass', 'read', cls)).toBe(true);
    expect(policy(affair).can('LearningClass', 'read', { ...cls, centerId: 2 })).toBe(false);
  });

  it('classes and their sessions are written by staff within their centre; attendance also by the session’s teacher', () => {
    const cls = { classId: 7, teacherId: 3, centerId: 1 };
    expect(policy(admin).can('LearningClass', 'update', cls, { centerId: 2 })).toBe(true);
    expect(policy(affair).can('LearningClass', 'create', cls)).toBe(true);
    expect(policy(affair).can('LearningClass', 'create', { ...cls, centerId: 2 })).toBe(false);
    // moving one's own class to another centre
    expect(policy(affair).can('LearningClass', 'update', cls, { centerId: 2 })).toBe(false);
    expect(policy(teacher).can('LearningClass', 'update', cls)).toBe(false);
    const session = { teacherId: 3, centerId: 1, studentId: null };
    expect(policy(affair).can('LearningClassSchedule', 'update', session)).toBe(true);
    expect(policy(teacher).can('LearningClassSchedule', 'update', session)).toBe(false);
    expect(policy(teacher).can('ScheduleAttendance', 'update', session)).toBe(true);
    expect(policy(actor(30, 'teacher', 1)).can('ScheduleAttendance', 'update', session)).toBe(false);
    expect(policy(student).can('ScheduleAttendance', 'update', { ...session, actorEnrolled: true })).toBe(false);
    expect(policy(affair).can('ScheduleAttendance', 'update', { ...session, centerId: 2 })).toBe(false);
  });

  it('enrolments: teachers and students are refused filters beyond their reach; only staff manage, within reach', () => {
    const hnClass = { teacherId: 3, centerId: 1 };
    const hcmClass = { teacherId: 40, centerId: 2 };
    expect(policy(student).decideList('LearningClassEnrollments', { userId: 4 }).allowed).toBe(true);
    expect(policy(student).decideList('LearningClassEnrollments', { userId: 50 }).allowed).toBe(false);
    expect(policy(student).decideList('LearningClassEnrollments', { cls: hnClass }).allowed).toBe(false);
    expect(policy(student).decideList('LearningClassEnrollments', { cls: { ...hnClass, actorEnrolled: true } }).allowed).toBe(true);
    expect(policy(teacher).decideList('LearningClassEnrollments', { cls: hnClass }).allowed).toBe(true);
    expect(policy(teacher).decideList('LearningClassEnrollments', { cls: hcmClass }).allowed).toBe(false);
    expect(policy(affair).decideList('LearningClassEnrollments', { cls: hcmClass }).allowed).toBe(true); // gets no rows

    const row = (studentCentre: number, cls: typeof hnClass) => ({ student: account(60, 'student', studentCentre, 4), cls });
    expect(policy(affair).can('LearningClassEnrollments', 'create', row(1, hnClass))).toBe(true);
    expect(policy(affair).can('LearningClassEnrollments', 'create', row(2, hnClass))).toBe(false);
    expect(policy(affair).decide('LearningClassEnrollments', 'delete', row(1, hcmClass))).toEqual({ allowed: false, message: TEXT.centerNotAllowed });
    expect(policy(admin).can('LearningClassEnrollments', 'update', row(2, hcmClass))).toBe(true);
    for (const verb of ['create', 'update', 'delete'] as const) {
      expect(policy(teacher).can('LearningClassEnrollments', verb, row(1, hnClass))).toBe(false);
      expect(policy(student).can('LearningClassEnrollments', verb, { student: account(4, 'student', 1), cls: hnClass })).toBe(false);
    }
    expect(policy(student).can('LearningClassEnrollments', 'read', { student: account(4, 'student', 1), cls: hnClass })).toBe(true);
    expect(policy(teacher).can('LearningClassEnrollments', 'read', row(1, hnClass))).toBe(true);
    expect(policy(teacher).can('LearningClassEnrollments', 'read', row(2, hcmClass))).toBe(false);
  });

  it('sessions: each type reads the sessions its scope lists', () => {
    const session = { teacherId: 3, centerId: 1, studentId: null };
    expect(policy(teacher).can('LearningClassSchedule', 'read', session)).toBe(true);
    expect(policy(student).can('LearningClassSchedule', 'read', session)).toBe(false);
    expect(policy(student).can('LearningClassSchedule', 'read', { ...session, actorEnrolled: true })).toBe(true);
    expect(policy(student).can('LearningClassSchedule', 'read', { ...session, studentId: 4 })).toBe(true);
    expect(policy(affair).can('LearningClassSchedule', 'read', { ...session, centerId: 2 })).toBe(false);
  });

  it('notifications: only the own inbox, administrators included, with the reason', () => {
    expect(policy(admin).decideList('Notification', { userId: 0 }).allowed).toBe(true);
    expect(policy(admin).decideList('Notification', { userId: 1 }).allowed).toBe(true);
    expect(policy(admin).decideList('Notification', { userId: 4 })).toEqual({ allowed: false, message: TEXT.notOwnNotifications });
    expect(policy(student).can('Notification', 'update', { userId: 4 })).toBe(true);
    expect(policy(student).can('Notification', 'update', { userId: 3 })).toBe(false);
  });

  it('roles: only an administrator touches the Administrator role or the administrator guard', () => {
    const managers = actor(70, 'academic_affair', 1, [['System', 'CreateRole'], ['System', 'UpdateRole'], ['System', 'DeleteRole']]);
    const teacherRole = { name: 'Giáo viên', guardName: 'teacher' };
    const adminRole = { name: 'Administrator', guardName: 'administrator' };
    expect(policy(managers).can('Role', 'create', teacherRole)).toBe(true);
    expect(policy(managers).can('Role', 'create', { name: 'Phó quản trị', guardName: 'administrator' })).toBe(false);
    expect(policy(managers).can('Role', 'update', teacherRole, { guardName: 'teacher' })).toBe(true);
    expect(policy(managers).can('Role', 'update', teacherRole, { guardName: 'administrator' })).toBe(false);
    expect(policy(managers).can('Role', 'update', adminRole, { guardName: 'administrator' })).toBe(false);
    expect(policy(managers).can('Role', 'delete', adminRole)).toBe(false);
    expect(policy(admin).can('Role', 'update', adminRole, { guardName: 'administrator' })).toBe(true);
  });

  it('assert throws a 403 carrying the reason', () => {
    try {
      policy(affair).assert('User', 'create', { type: 'administrator', centerId: 1 });
      throw new Error('not refused');
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ statusCode: 403, code: 'FORBIDDEN', message: TEXT.onlyAdminManagesAdmin });
    }
    expect(() => policy(admin).assert('User', 'read', { id: 5, type: 'student', centerId: 1 })).not.toThrow();
  });
});
