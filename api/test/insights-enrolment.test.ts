/**
 * The enrolment insight: per month the enrolments started, ended, active and their students at its end,
 * equal to counts made directly from the rows (a fixed set in 2020, where the demo data has none, and the
 * demo data over the default period); the running classes' fill (the class's capacity, else its room's;
 * none: last); the "Sắp hết buổi" count equal to the low-balance list's total; the filters are the class's;
 * a giáo vụ reads their centre only, a teacher or a student nothing; a bad period is a 400; the xlsx export.
 * And every write that moves an enrolment out of status 1 dates it (ended_on), a reactivation clears it;
 * the class write keeps its capacity (1..1000).
 */
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { INSIGHT_TEXT } from '@trungtam/shared/contracts/insights';
import type { Discount, LearningClass } from '@trungtam/shared/contracts/learning';
import { operatorToday } from '@trungtam/shared/operatorDate';
import { CLASS_TEXT } from '@trungtam/shared/schemas/learning';
import { classes, enrollments, products, rooms, users } from '../src/db/schema';
import { cellKinds } from './support/xlsxCells';
import { call, setUpTestApp } from './helpers';

const ctx = setUpTestApp();
const db = () => ctx.t.database.db;

interface Month {
  month: string;
  started: number;
  ended: number;
  active: number;
  students: number;
}
interface Fill {
  class_id: number;
  class_name: string;
  enrolled: number;
  capacity: number | null;
  capacity_from: 'class' | 'room' | null;
  fill: number | null;
}
interface Insight {
  from: string;
  to: string;
  totals: { active: number; students: number; started: number; ended: number };
  months: Month[];
  classes: Fill[];
  low_balance: number;
}

const get = (query: string, token = ctx.tok.admin) => call(ctx.t.app, 'GET', `/learning/insights/enrolment?${query}`, token);
const insight = async (query: string, token = ctx.tok.admin): Promise<Insight> => {
  const res = await get(query, token);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const month = (m: string, started: number, ended: number, active: number, students: number): Month => ({ month: m, started, ended, active, students });

const HN = 1;
const HCM = 2;
const PERIOD = 'from=2020-01-15&to=2020-04-10';
let a: number, b: number, c: number, d: number;
let classA: number, classB: number, classC: number, classDeleted: number, classClosed: number;
let productA: number, productB: number;
let teacherA: number, teacherB: number;

async function newClass(name: string, centerId: number, values: Partial<typeof classes.$inferInsert>) {
  const [row] = await db()
    .insert(classes)
    .values({ className: name, classType: 'group', centerId, startDate: '2019-12-01', ...values })
    .returning();
  return row.classId;
}

async function enrol(classId: number, userId: number, startDate: string, status = 1, endedOn: string | null = null) {
  await db().insert(enrollments).values({ classId, userId, startDate, status, endedOn, totalLesson: 10 });
}

beforeAll(async () => {
  [a, b, c, d] = (await db().select({ id: users.id }).from(users).where(eq(users.type, 'student')).orderBy(asc(users.id)).limit(4)).map((row) => row.id);
  [teacherA, teacherB] = (await db().select({ id: users.id }).from(users).where(eq(users.type, 'teacher')).orderBy(asc(users.id)).limit(2)).map((row) => row.id);
  [productA, productB] = (await db().select({ id: products.productId }).from(products).orderBy(asc(products.productId)).limit(2)).map((row) => row.id);
  const [roomOf4] = await db().insert(rooms).values({ centerId: HN, name: 'Phòng thử 4 chỗ', capacity: 4 }).returning();
  const [roomUnsized] = await db().insert(rooms).values({ centerId: HN, name: 'Phòng thử chưa rõ sức chứa' }).returning();
  const [roomHcm] = await db().insert(rooms).values({ centerId: HCM, name: 'Phòng thử HCM', capacity: 30 }).returning();
  // A (HN): its room holds 4; B (HCM): its own capacity 1 (its room holds 30); C (HN): no capacity at all
  classA = await newClass('Lớp thử A', HN, { roomId: roomOf4.roomId, productId: productA, teacherId: teacherA });
  classB = await newClass('Lớp thử B', HCM, { roomId: roomHcm.roomId, productId: productB, teacherId: teacherB, capacity: 1 });
  classC = await newClass('Lớp thử C', HN, { roomId: roomUnsized.roomId, productId: productA, teacherId: teacherA });
  classDeleted = await newClass('Lớp thử đã xoá', HN, { productId: productA, teacherId: teacherA, deletedAt: new Date() });
  classClosed = await newClass('Lớp thử đã đóng', HN, { roomId: roomOf4.roomId, productId: productA, teacherId: teacherA, status: 2 });

  await enrol(classA, a, '2020-01-20');
  await enrol(classA, b, '2020-02-10', 3, '2020-03-05');
  // ended on the month's last day: not active at its end
  await enrol(classA, c, '2019-12-01', 2, '2020-01-31');
  await enrol(classA, d, '2020-03-01');
  await enrol(classB, a, '2020-02-01');
  // starts after the period
  await enrol(classB, d, '2020-04-20');
  // a deleted class's enrolment counts nowhere
  await enrol(classDeleted, b, '2020-02-01');
  // a closed class (status 2) counts in the months, not in the fill
  await enrol(classClosed, c, '2020-02-15', 2, '2020-02-20');
});

describe('enrolment insight', () => {
  it('counts per month the enrolments started, ended, active and their students at its end, every month listed', async () => {
    const data = await insight(PERIOD);
    expect(data.months).toEqual([
      month('2020-01', 1, 1, 1, 1),
      month('2020-02', 3, 1, 3, 2),
      month('2020-03', 1, 1, 3, 2),
      month('2020-04', 0, 0, 3, 2),
    ]);
    expect(data.totals).toEqual({ active: 3, students: 2, started: 5, ended: 3 });
  });

  it("fills the running classes from their own capacity, else their room's, the fullest first, none last", async () => {
    const data = await insight(PERIOD);
    const mine = data.classes.filter((row) => [classA, classB, classC, classDeleted, classClosed].includes(row.class_id));
    expect(mine).toEqual([
      { class_id: classB, class_name: 'Lớp thử B', enrolled: 1, capacity: 1, capacity_from: 'class', fill: 1 },
      { class_id: classA, class_name: 'Lớp thử A', enrolled: 2, capacity: 4, capacity_from: 'room', fill: 0.5 },
      { class_id: classC, class_name: 'Lớp thử C', enrolled: 0, capacity: null, capacity_from: null, fill: null },
    ]);
    const fills = data.classes.map((row) => row.fill);
    expect(fills.findIndex((fill) => fill === null)).toBeGreaterThan(fills.findLastIndex((fill) => fill !== null));
    for (let i = 1; i < fills.length && fills[i] !== null; i += 1) expect(fills[i]!).toBeLessThanOrEqual(fills[i - 1]!);
  });

  it('equals counts made directly from the enrolment rows, for the default period (the last 8 weeks) too', async () => {
    const data = await insight('');
    const rows = await db()
      .select({ userId: enrollments.userId, start: enrollments.startDate, endedOn: enrollments.endedOn, status: enrollments.status, classId: classes.classId, classStatus: classes.status })
      .from(enrollments)
      .innerJoin(classes, eq(classes.classId, enrollments.classId))
      .where(isNull(classes.deletedAt));
    const activeAt = (day: string) => rows.filter((row) => row.start <= day && (row.endedOn === null ? row.status === 1 : row.endedOn > day));
    const last = data.months.at(-1)!;
    expect(last.month).toBe(data.to.slice(0, 7));
    expect([last.active, last.students]).toEqual([activeAt(data.to).length, new Set(activeAt(data.to).map((row) => row.userId)).size]);
    expect(data.totals).toEqual({
      active: activeAt(data.to).length,
      students: new Set(activeAt(data.to).map((row) => row.userId)).size,
      started: rows.filter((row) => row.start >= data.from && row.start <= data.to).length,
      ended: rows.filter((row) => row.endedOn !== null && row.endedOn >= data.from && row.endedOn <= data.to).length,
    });
    expect(data.totals.active).toBeGreaterThan(0);
    // every month's active enrolments and students at its end (its last day, or the period's end), for this period, the
    // test's (four months: counted from the days activity starts and stops) and two of its months (each end counted directly)
    for (const period of [data, await insight(PERIOD), await insight('from=2020-02-01&to=2020-03-20')]) {
      for (const row of period.months) {
        const lastDay = `${row.month}-${String(new Date(Date.UTC(Number(row.month.slice(0, 4)), Number(row.month.slice(5, 7)), 0)).getUTCDate()).padStart(2, '0')}`;
        const end = lastDay < period.to ? lastDay : period.to;
        expect([row.month, row.active, row.students]).toEqual([row.month, activeAt(end).length, new Set(activeAt(end).map((e) => e.userId)).size]);
      }
    }
    for (const row of data.classes) {
      expect([row.class_id, row.enrolled]).toEqual([row.class_id, activeAt(data.to).filter((e) => e.classId === row.class_id).length]);
    }
  });

  it("narrows through the class: its centre, its course, its teacher", async () => {
    expect((await insight(`${PERIOD}&center_id=${HCM}`)).months).toEqual([month('2020-01', 0, 0, 0, 0), month('2020-02', 1, 0, 1, 1), month('2020-03', 0, 0, 1, 1), month('2020-04', 0, 0, 1, 1)]);
    const byCourse = await insight(`${PERIOD}&product_id=${productB}`);
    expect(byCourse.totals).toEqual({ active: 1, students: 1, started: 1, ended: 0 });
    expect(byCourse.classes.map((row) => row.class_id)).toContain(classB);
    expect(byCourse.classes.map((row) => row.class_id)).not.toContain(classA);
    const byTeacher = await insight(`${PERIOD}&teacher_id=${teacherB}`);
    expect(byTeacher.classes.every((row) => row.class_id !== classA && row.class_id !== classC)).toBe(true);
    expect((await insight(`${PERIOD}&product_id=2147483647`)).totals).toEqual({ active: 0, students: 0, started: 0, ended: 0 });
  });

  it("says as many enrolments run low as the low-balance list's total, for the admin and a giáo vụ, per centre", async () => {
    for (const [query, token] of [['', ctx.tok.admin], [`center_id=${HCM}`, ctx.tok.admin], ['', ctx.tok.academicAffair], [`center_id=${HCM}`, ctx.tok.academicAffair]] as const) {
      const data = await insight(query, token);
      const list = await call(ctx.t.app, 'GET', `/learning/class-enrollment/low-balance?limit=1${query ? `&${query}` : ''}`, token);
      expect(list.statusCode).toBe(200);
      expect([query, data.low_balance]).toEqual([query, list.json().data.total_rows]);
    }
    expect((await insight('')).low_balance).toBeGreaterThan(0);
  });

  it('keeps a giáo vụ to their own centre whatever they ask, and refuses a teacher or a student', async () => {
    const affair = await insight(PERIOD, ctx.tok.academicAffair);
    expect(affair.months).toEqual([month('2020-01', 1, 1, 1, 1), month('2020-02', 2, 1, 2, 2), month('2020-03', 1, 1, 2, 2), month('2020-04', 0, 0, 2, 2)]);
    const centreOf = new Map((await db().select({ id: classes.classId, centre: classes.centerId }).from(classes)).map((row) => [row.id, row.centre]));
    expect(affair.classes.every((row) => centreOf.get(row.class_id) === HN)).toBe(true);
    const elsewhere = await insight(`${PERIOD}&center_id=${HCM}`, ctx.tok.academicAffair);
    expect([elsewhere.totals, elsewhere.classes]).toEqual([{ active: 0, students: 0, started: 0, ended: 0 }, []]);
    for (const token of [ctx.tok.teacher, ctx.tok.student]) {
      expect((await get(PERIOD, token)).statusCode).toBe(403);
      expect((await call(ctx.t.app, 'GET', `/learning/insights/enrolment/export?${PERIOD}`, token)).statusCode).toBe(403);
    }
  });

  it('answers a bad period or filter with a 400 naming the field, never a 500', async () => {
    const cases: Array<[string, string, string]> = [
      ['from=2020-02-30&to=2020-03-02', 'from', INSIGHT_TEXT.from],
      ['from=2020-02-01&to=2020-13-01', 'to', INSIGHT_TEXT.to],
      ['from=2020-03-02&to=2020-03-01', 'to', INSIGHT_TEXT.order],
      ['from=2020-01-01&to=2021-01-01', 'to', INSIGHT_TEXT.tooLong],
      ['center_id=x', 'center_id', INSIGHT_TEXT.centerId],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(query);
      expect([query, res.statusCode, res.json().error.fields?.[field]]).toEqual([query, 400, message]);
    }
    // the longest period: 12 months, or 13 when it starts after the 1st
    expect((await insight('from=2020-01-01&to=2020-12-31')).months).toHaveLength(12);
    expect((await insight('from=2020-01-15&to=2021-01-14')).months).toHaveLength(13);
    const badExport = await call(ctx.t.app, 'GET', '/learning/insights/enrolment/export?from=2020-03-02&to=2020-03-01', ctx.tok.admin);
    expect([badExport.statusCode, badExport.json().error.fields]).toEqual([400, { to: INSIGHT_TEXT.order }]);
  });

  it("exports the months with the totals and the classes' fill as xlsx, text that looks like a formula kept as text", async () => {
    await db().update(classes).set({ className: '=HYPERLINK("http://x.example","Bấm")' }).where(eq(classes.classId, classB));
    const res = await call(ctx.t.app, 'GET', `/learning/insights/enrolment/export?${PERIOD}`, ctx.tok.admin);
    await db().update(classes).set({ className: 'Lớp thử B' }).where(eq(classes.classId, classB));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="ghi-danh-2020-01-15-2020-04-10.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Theo tháng', 'Sĩ số lớp']);
    const values = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(book.worksheets[0], 1)).toEqual(['Tháng', 'Ghi danh mới', 'Kết thúc', 'Đang học (cuối tháng)', 'Học viên (cuối tháng)']);
    expect(values(book.worksheets[0], 3)).toEqual(['02/2020', 3, 1, 3, 2]);
    expect(values(book.worksheets[0], 6)).toEqual(['Tổng', 5, 3, 3, 2]);
    const classRows = book.worksheets[1].getColumn(1).values as unknown[];
    const rowB = classRows.indexOf('=HYPERLINK("http://x.example","Bấm")');
    expect(values(book.worksheets[1], rowB)).toEqual(['=HYPERLINK("http://x.example","Bấm")', 1, 1, 'Lớp', 1]);
    const kinds = await cellKinds(res.rawPayload, 2);
    expect([...kinds.values()].some((kind) => kind.formula)).toBe(false);
  });
});

describe("an enrolment's end date", () => {
  let classList: LearningClass[];
  let discounts: Discount[];
  let seq = 0;
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: Record<string, unknown>) => call(ctx.t.app, method, url, ctx.tok.admin, body);
  const today = operatorToday();
  const row = async (enrollmentId: number) => (await db().select().from(enrollments).where(eq(enrollments.enrollmentId, enrollmentId)))[0];
  const withCourse = () => classList.filter((cls) => cls.center_id === HN && cls.product_item);
  const discountOf = (cls: LearningClass) => discounts.find((dc) => cls.product_item!.product!.discount_ids.includes(dc.discount_id) && dc.discount_percent === 0) ?? discounts.find((dc) => cls.product_item!.product!.discount_ids.includes(dc.discount_id))!;

  async function enrolled(cls: LearningClass, extra: Record<string, unknown> = {}) {
    seq += 1;
    const student = (
      await api('POST', '/auth/register', { email: `hv.ended${seq}@trungtam.vn`, name: `Học viên ${seq}`, password: 'matkhau123', type: 'student', phone_number: '0900000000', roles: [{ id: 4 }], center_id: cls.center_id })
    ).json().data.data.id as number;
    const created = await api('POST', '/learning/class-enrollment/create', { user_id: student, class_id: cls.class_id, discount_id: discountOf(cls).discount_id, ...extra });
    expect(created.statusCode).toBe(201);
    return created.json().data as { enrollment_id: number; total_lesson: number; discount_id: number };
  }

  beforeAll(async () => {
    classList = (await api('GET', '/learning/class/list?limit=1000&page=1&relationships=product_item')).json().data.rows;
    discounts = (await api('GET', '/discounts?page=1&limit=100')).json().data.rows;
  });

  it('is today when an edit completes it, and is cleared when an edit makes it active again', async () => {
    const cls = withCourse()[0];
    const made = await enrolled(cls);
    expect((await row(made.enrollment_id)).endedOn).toBeNull();
    const done = await api('PUT', '/learning/class-enrollment/update', { enrollment_id: made.enrollment_id, discount_id: made.discount_id, total_lesson_learned: made.total_lesson });
    expect(done.statusCode).toBe(200);
    expect(await row(made.enrollment_id)).toMatchObject({ status: 2, endedOn: today });
    await db().update(enrollments).set({ endedOn: '2020-01-01' }).where(eq(enrollments.enrollmentId, made.enrollment_id));
    // made active again, whatever day it ended
    const back = await api('PUT', '/learning/class-enrollment/update', { enrollment_id: made.enrollment_id, discount_id: made.discount_id, total_lesson_learned: 0 });
    expect(back.statusCode).toBe(200);
    expect(await row(made.enrollment_id)).toMatchObject({ status: 1, endedOn: null });
  });

  it('is today for an enrolment entered with every lesson learned', async () => {
    const cls = withCourse()[1];
    const made = await enrolled(cls, { total_lesson_learned: cls.product_item!.total_lesson });
    expect(await row(made.enrollment_id)).toMatchObject({ status: 2, endedOn: today });
  });

  it('is today when the lesson ledger uses the last lesson up, and cleared when an adjustment gives one back', async () => {
    const made = await enrolled(withCourse()[0]);
    const used = await api('POST', '/learning/class-enrollment/adjust-lessons', { enrollment_id: made.enrollment_id, lessons: -made.total_lesson, reason: 'Đã học ở cơ sở khác' });
    expect(used.statusCode).toBe(200);
    expect(await row(made.enrollment_id)).toMatchObject({ status: 2, endedOn: today });
    expect((await api('POST', '/learning/class-enrollment/adjust-lessons', { enrollment_id: made.enrollment_id, lessons: 1, reason: 'Tặng thêm buổi' })).statusCode).toBe(200);
    expect(await row(made.enrollment_id)).toMatchObject({ status: 1, endedOn: null });
  });

  it('is today when the enrolment is removed from its class (cancelled), and a completed one removed keeps its day', async () => {
    const removed = await enrolled(withCourse()[0]);
    expect((await api('DELETE', `/learning/class-enrollment/${removed.enrollment_id}`)).statusCode).toBe(200);
    expect(await row(removed.enrollment_id)).toMatchObject({ status: 3, endedOn: today });

    const completed = await enrolled(withCourse()[1]);
    await api('PUT', '/learning/class-enrollment/update', { enrollment_id: completed.enrollment_id, discount_id: completed.discount_id, total_lesson_learned: completed.total_lesson });
    await db().update(enrollments).set({ endedOn: '2020-01-01' }).where(eq(enrollments.enrollmentId, completed.enrollment_id));
    const cancelled = await api('POST', '/learning/class-enrollment/cancel', { enrollment_id: completed.enrollment_id, settlement: 'credit', amount: 0 });
    expect(cancelled.statusCode).toBe(200);
    expect(await row(completed.enrollment_id)).toMatchObject({ status: 3, endedOn: '2020-01-01' });
  });

  it('is today for the enrolment a transfer closes, none for the one it opens', async () => {
    const [from, to] = withCourse();
    const made = await enrolled(from);
    const moved = await api('POST', '/learning/class-enrollment/transfer', { enrollment_id: made.enrollment_id, class_id: to.class_id });
    expect(moved.statusCode).toBe(200);
    expect(await row(made.enrollment_id)).toMatchObject({ status: 3, endedOn: today });
    const [opened] = await db()
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.classId, to.class_id), ne(enrollments.enrollmentId, made.enrollment_id), eq(enrollments.userId, (await row(made.enrollment_id)).userId)));
    expect(opened).toMatchObject({ status: 1, endedOn: null });
  });
});

describe("a class's capacity", () => {
  it('is kept from the class write (1..1000, or none: its room decides), answered with the class, and unchanged by an edit that does not send it', async () => {
    const cls = (await call(ctx.t.app, 'GET', '/learning/class/list?limit=1000&page=1', ctx.tok.admin)).json().data.rows.find((row: LearningClass) => row.center_id === HN && row.product_item_id) as LearningClass;
    const body = {
      class_id: cls.class_id,
      class_name: cls.class_name,
      class_type: cls.class_type,
      product_id: cls.product_id,
      product_item_id: cls.product_item_id,
      teacher_id: cls.teacher_id,
      center_id: cls.center_id,
      room_id: cls.room_id,
      teacher_salary: cls.teacher_salary,
      start_date: cls.start_date,
      class_schedule: cls.class_schedule,
    };
    for (const capacity of [0, 1001, 2.5, '12']) {
      const refused = await call(ctx.t.app, 'PUT', '/learning/class/update', ctx.tok.admin, { ...body, capacity });
      expect([capacity, refused.statusCode, refused.json().error.fields]).toEqual([capacity, 400, { capacity: CLASS_TEXT.capacity }]);
    }
    const saved = await call(ctx.t.app, 'PUT', '/learning/class/update', ctx.tok.admin, { ...body, capacity: 12 });
    expect([saved.statusCode, saved.json().data.capacity]).toEqual([200, 12]);
    const kept = await call(ctx.t.app, 'PUT', '/learning/class/update', ctx.tok.admin, body);
    expect(kept.json().data.capacity).toBe(12);
    expect((await call(ctx.t.app, 'GET', `/learning/class/show/${cls.class_id}`, ctx.tok.admin)).json().data.capacity).toBe(12);
    const cleared = await call(ctx.t.app, 'PUT', '/learning/class/update', ctx.tok.admin, { ...body, capacity: null });
    expect(cleared.json().data.capacity).toBeNull();
  });
});
