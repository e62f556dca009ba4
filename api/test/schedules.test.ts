import { and, eq, gte, lte } from 'drizzle-orm';
import { isoWeekBounds } from '@trungtam/shared/format';
import { classSchedules, enrollments } from '../src/db/schema';
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
