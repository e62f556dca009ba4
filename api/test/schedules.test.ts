import { and, asc, eq, gte, lte, ne } from 'drizzle-orm';
import { isoWeekBounds } from '@trungtam/shared/format';
import { attendances, classes, classSchedules, enrollments, users } from '../src/db/schema';
import { call, setUpTestApp } from './helpers';

const ctx = setUpTestApp();
const me: Record<string, { id: number; center_id: number | null }> = {};

beforeAll(async () => {
  for (const key of Object.keys(ctx.tok) as Array<keyof typeof ctx.tok>) {
    me[key] = (await call(ctx.t.app, 'GET', '/user/get-by-token', ctx.tok[key])).json().data;
  }
});

interface Row {
  schedule_id: number;
  class_id: number;
  schedule_date: string;
  teacher_id: number | null;
  center_id: number | null;
  student_id: number | null;
  class?: { class_name: string } | null;
  center?: { name: string } | null;
}

const week = isoWeekBounds();
/** The dashboard's query: size 20, page 1, schedule_date DESC, class and centre, the ISO week. */
const dashboardUrl = (extra = '') =>
  `/learning/class-schedule?limit=20&page=1&sort_column=schedule_date&sort_type=DESC&relationships=class&relationships=center` +
  `&schedule_date=${week.start}&schedule_date=${week.end}${extra}`;

async function rowsOf(token: string, url = dashboardUrl()): Promise<{ rows: Row[]; total_rows: number }> {
  const res = await call(ctx.t.app, 'GET', url, token);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function weekSessions() {
  return ctx.t.database.db
    .select()
    .from(classSchedules)
    .where(and(gte(classSchedules.scheduleDate, week.start), lte(classSchedules.scheduleDate, week.end)));
}

describe('GET /learning/class-schedule (the dashboard week)', () => {
  it('a teacher gets only their own sessions, whatever teacher_id they ask for', async () => {
    const expected = (await weekSessions()).filter((s) => s.teacherId === me.teacher.id);
    expect(expected.length).toBeGreaterThan(0);
    const data = await rowsOf(ctx.tok.teacher);
    expect(data.total_rows).toBe(expected.length);
    expect(data.rows.every((r) => r.teacher_id === me.teacher.id)).toBe(true);
    const other = (await weekSessions()).find((s) => s.teacherId !== me.teacher.id)!;
    const asked = await rowsOf(ctx.tok.teacher, dashboardUrl(`&teacher_id=${other.teacherId}`));
    expect(asked.total_rows).toBe(0);
  });

  it('a student gets the sessions of the classes they are actively enrolled in', async () => {
    const active = await ctx.t.database.db
      .select({ classId: enrollments.classId })
      .from(enrollments)
      .where(and(eq(enrollments.userId, me.student.id), eq(enrollments.status, 1)));
    const classIds = new Set(active.map((e) => e.classId));
    const expected = (await weekSessions()).filter((s) => classIds.has(s.classId) || s.studentId === me.student.id);
    expect(expected.length).toBeGreaterThan(0);
    const data = await rowsOf(ctx.tok.student);
    expect(data.total_rows).toBe(expected.length);
    expect(data.rows.every((r) => classIds.has(r.class_id) || r.student_id === me.student.id)).toBe(true);
  });

  it("an academic-affairs user gets their centre's sessions, an administrator every session", async () => {
    const all = await weekSessions();
    const centre = all.filter((s) => s.centerId === me.academicAffair.center_id);
    expect(centre.length).toBeLessThan(all.length);
    expect((await rowsOf(ctx.tok.academicAffair)).total_rows).toBe(centre.length);
    expect((await rowsOf(ctx.tok.admin)).total_rows).toBe(all.length);
  });

  it('returns at most 20 rows of the week, newest date first, with class and centre', async () => {
    const data = await rowsOf(ctx.tok.admin);
    expect(data.rows.length).toBeLessThanOrEqual(20);
    const dates = data.rows.map((r) => r.schedule_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates.every((d) => d >= week.start && d <= week.end)).toBe(true);
    expect(data.rows[0].class?.class_name).toEqual(expect.any(String));
    expect(data.rows[0].center?.name).toEqual(expect.any(String));
  });

  it('refuses bad parameters and an anonymous call', async () => {
    const token = ctx.tok.admin;
    expect((await call(ctx.t.app, 'GET', '/learning/class-schedule?sort_column=password', token)).statusCode).toBe(400);
    expect((await call(ctx.t.app, 'GET', '/learning/class-schedule?relationships=users', token)).statusCode).toBe(400);
    expect((await call(ctx.t.app, 'GET', '/learning/class-schedule?schedule_date=2026-13', token)).statusCode).toBe(400);
    expect((await call(ctx.t.app, 'GET', '/learning/class-schedule?schedule_date=2026-02-10&schedule_date=2026-02-01', token)).statusCode).toBe(400);
    expect((await call(ctx.t.app, 'GET', '/learning/class-schedule')).statusCode).toBe(401);
  });
});

/**
 * The filters the operations overview's rows open the list with: the roll taken, the sessions a student
 * was marked absent in (not excused), the class's course. Sessions written in May 2019, where the demo
 * data has none.
 */
describe('GET /learning/class-schedule: roll taken, absent student, course', () => {
  const MAY = 'schedule_date=2019-05-01&schedule_date=2019-05-31';
  const list = (token: string, extra: string) => rowsOf(token, `/learning/class-schedule?limit=50&page=1&${MAY}${extra}`);
  let hn: typeof classes.$inferSelect;
  let hcm: typeof classes.$inferSelect;
  let pupils: number[];
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const db = ctx.t.database.db;
    [hn] = await db.select().from(classes).where(eq(classes.centerId, 1)).orderBy(asc(classes.classId)).limit(1);
    [hcm] = await db.select().from(classes).where(and(eq(classes.centerId, 2), ne(classes.productId, hn.productId ?? 0))).orderBy(asc(classes.classId)).limit(1);
    pupils = (await db.select({ id: users.id }).from(users).where(eq(users.type, 'student')).orderBy(asc(users.id)).limit(2)).map((u) => u.id);
    const [a, b] = pupils;
    const add = async (name: string, klass: typeof hn, date: string, taken: boolean, marks: Array<[number, string]>) => {
      const [row] = await db
        .insert(classSchedules)
        .values({ classId: klass.classId, scheduleDate: date, scheduleDateText: date, scheduleHour: 8, scheduleMinute: 0, teacherId: klass.teacherId, centerId: klass.centerId, roomId: klass.roomId, isAttendance: taken ? 1 : 0 })
        .returning();
      if (marks.length) await db.insert(attendances).values(marks.map(([userId, status]) => ({ scheduleId: row.scheduleId, userId, status })));
      ids[name] = row.scheduleId;
    };
    await add('hnAbsent', hn, '2019-05-06', true, [[a, 'absent'], [b, 'present']]);
    await add('hnExcused', hn, '2019-05-08', true, [[a, 'excused'], [b, 'absent']]);
    await add('hnNoMarks', hn, '2019-05-10', true, []);
    await add('hnNotTaken', hn, '2019-05-13', false, []);
    await add('hcmAbsent', hcm, '2019-05-07', true, [[a, 'absent']]);
  });

  const idsOf = (data: { rows: Row[] }) => data.rows.map((r) => r.schedule_id).sort((x, y) => x - y);
  const sorted = (...names: string[]) => names.map((n) => ids[n]).sort((x, y) => x - y);

  it('attendance_taken=1 lists the sessions whose roll was taken (marked or not), 0 those not yet taken', async () => {
    expect(idsOf(await list(ctx.tok.admin, '&attendance_taken=1'))).toEqual(sorted('hnAbsent', 'hnExcused', 'hnNoMarks', 'hcmAbsent'));
    expect(idsOf(await list(ctx.tok.admin, '&attendance_taken=0'))).toEqual(sorted('hnNotTaken'));
    expect((await list(ctx.tok.admin, `&attendance_taken=1&class_id=${hn.classId}`)).total_rows).toBe(3);
  });

  it('absent_student_id lists the sessions the student was marked absent in (an excused absence is not one), within the caller\'s reach', async () => {
    const [a, b] = pupils;
    expect(idsOf(await list(ctx.tok.admin, `&absent_student_id=${a}`))).toEqual(sorted('hnAbsent', 'hcmAbsent'));
    expect(idsOf(await list(ctx.tok.admin, `&absent_student_id=${b}`))).toEqual(sorted('hnExcused'));
    // a giáo vụ of centre 1 sees the absence in their centre only, whatever centre they ask for
    expect(idsOf(await list(ctx.tok.academicAffair, `&absent_student_id=${a}`))).toEqual(sorted('hnAbsent'));
    expect((await list(ctx.tok.academicAffair, `&absent_student_id=${a}&center_id=2`)).total_rows).toBe(0);
    expect((await list(ctx.tok.admin, `&absent_student_id=${a}&center_id=2`)).total_rows).toBe(1);
    expect((await list(ctx.tok.admin, '&absent_student_id=2147483647')).total_rows).toBe(0);
    // 0 means every session, as the other filters
    expect((await list(ctx.tok.admin, '&absent_student_id=0')).total_rows).toBe(5);
  });

  it('product_id lists the sessions of the classes of that course', async () => {
    expect(idsOf(await list(ctx.tok.admin, `&product_id=${hn.productId}`))).toEqual(sorted('hnAbsent', 'hnExcused', 'hnNoMarks', 'hnNotTaken'));
    expect(idsOf(await list(ctx.tok.admin, `&product_id=${hcm.productId}&attendance_taken=1`))).toEqual(sorted('hcmAbsent'));
  });

  it('refuses a flag or an id that is not strictly one (no coercion), naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['attendance_taken=true', 'attendance_taken'],
      ['attendance_taken=2', 'attendance_taken'],
      ['attendance_taken=yes', 'attendance_taken'],
      ['attendance_taken=', 'attendance_taken'],
      ['absent_student_id=-1', 'absent_student_id'],
      ['absent_student_id=1.5', 'absent_student_id'],
      ['absent_student_id=x', 'absent_student_id'],
      ['product_id=0x10', 'product_id'],
    ];
    for (const [query, field] of cases) {
      const res = await call(ctx.t.app, 'GET', `/learning/class-schedule?${MAY}&${query}`, ctx.tok.admin);
      expect([query, res.statusCode, Object.keys(res.json().error.fields ?? {})]).toEqual([query, 400, [field]]);
    }
  });
});
