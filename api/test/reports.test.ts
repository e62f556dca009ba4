/**
 * The reports: the payroll timesheet (sessions with attendance taken, paid per lesson, totals per teacher
 * over the whole range) and the orders, their scope per user, their ranges (the operator's days, both ends
 * included) and their xlsx exports read back.
 */
import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { dayjs } from '@trungtam/shared/operatorDate';
import { classes, classSchedules, orders, users } from '../src/db/schema';
import { call, DEMO_ACCOUNTS, setUpTestApp } from './helpers';

const ctx = setUpTestApp();
const app = () => ctx.t.app;
const db = () => ctx.t.database.db;

type Row = Record<string, unknown>;
const plusDays = (date: string, days: number) => dayjs(date, 'YYYY-MM-DD').add(days, 'day').format('YYYY-MM-DD');
const display = (date: string) => dayjs(date, 'YYYY-MM-DD').format('DD/MM/YYYY');
const range = (from: string, to: string) => `created_at=${encodeURIComponent(`${from} 00:00:00`)}&created_at=${encodeURIComponent(`${to} 23:59:59`)}`;

/** The cells of every row of the file's first sheet. */
async function sheetRows(res: LightMyRequestResponse): Promise<unknown[][]> {
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0].eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

// ---------------------------------------------------------------- payroll

interface Marked {
  scheduleId: number;
  date: string;
  teacherId: number;
  teacherName: string;
  centerId: number;
  className: string;
  duration: number;
  salary: number;
}

const fixture = {} as {
  weekStart: string;
  weekEnd: string;
  demoTeacher: number;
  hn: number;
  marked: Marked[];
  /** Attended, but in the following week. */
  later: number;
};

beforeAll(async () => {
  // the seed takes attendance of every past session: start from none, then take it of chosen ones
  await db().update(classSchedules).set({ isAttendance: 0 });
  const sessions = await db()
    .select({ s: classSchedules, className: classes.className, salary: classes.teacherSalary, teacherName: users.name, email: users.email, centerId: classes.centerId })
    .from(classSchedules)
    .innerJoin(classes, eq(classes.classId, classSchedules.classId))
    .innerJoin(users, eq(users.id, classSchedules.teacherId));
  // the first seven days of the seeded sessions (every class starts on the same Monday)
  fixture.weekStart = sessions.map((row) => row.s.scheduleDate).sort()[0];
  fixture.weekEnd = plusDays(fixture.weekStart, 6);
  fixture.demoTeacher = sessions.find((row) => row.email === DEMO_ACCOUNTS.teacher)!.s.teacherId!;
  const hnClass = sessions.find((row) => row.email === DEMO_ACCOUNTS.teacher)!;
  fixture.hn = hnClass.centerId!;
  const thisWeek = sessions.filter((row) => row.s.scheduleDate <= fixture.weekEnd);
  // attended this week: the demo teacher's sessions, another Hà Nội teacher's, and one of a TP.HCM solo class
  const chosen = [
    ...thisWeek.filter((row) => row.s.teacherId === fixture.demoTeacher),
    ...thisWeek.filter((row) => row.className.startsWith('TOAN-HN-03')),
    ...thisWeek.filter((row) => row.className.startsWith('KEM-HCM-03')).slice(0, 1),
  ];
  fixture.marked = chosen.map((row) => ({
    scheduleId: row.s.scheduleId,
    date: row.s.scheduleDate,
    teacherId: row.s.teacherId!,
    teacherName: row.teacherName,
    centerId: row.s.centerId!,
    className: row.className,
    // one session of 2 hours, the others 90 minutes
    duration: row.s.scheduleDateText === 'Saturday' && row.s.teacherId === fixture.demoTeacher ? 120 : row.s.duration,
    salary: row.salary,
  }));
  await db().update(classSchedules).set({ isAttendance: 1 }).where(inArray(classSchedules.scheduleId, fixture.marked.map((m) => m.scheduleId)));
  for (const m of fixture.marked.filter((row) => row.duration !== 90)) {
    await db().update(classSchedules).set({ duration: m.duration }).where(eq(classSchedules.scheduleId, m.scheduleId));
  }
  // the demo teacher's first session after this week (in date order: the rows come in no order of their own)
  const later = sessions
    .filter((row) => row.s.scheduleDate > fixture.weekEnd && row.s.teacherId === fixture.demoTeacher)
    .sort((a, b) => a.s.scheduleDate.localeCompare(b.s.scheduleDate) || a.s.scheduleId - b.s.scheduleId)[0];
  fixture.later = later.s.scheduleId;
  await db().update(classSchedules).set({ isAttendance: 1 }).where(eq(classSchedules.scheduleId, fixture.later));
});

/** The marked sessions in the lines' order: by teacher, in the order of the totals (by name), then by date. */
const ownLines = () => fixture.marked.filter((m) => m.teacherId === fixture.demoTeacher);
const sumOf = (sessions: Marked[], field: 'duration' | 'salary') => sessions.reduce((all, m) => all + m[field], 0);

const inLineOrder = (teachers: unknown[], sessions = fixture.marked) =>
  [...sessions].sort((a, b) => teachers.indexOf(a.teacherId) - teachers.indexOf(b.teacherId) || a.date.localeCompare(b.date));

async function payroll(query: string, token = ctx.tok.admin) {
  const res = await call(app(), 'GET', `/payroll-timesheet/list?${query}`, token);
  expect(res.statusCode).toBe(200);
  return res.json().data as { rows: Row[]; total_rows: number; total_pages: number; totals: Row[]; grand_total: Row };
}

describe('the payroll timesheet', () => {
  it('one line per attended session of the range, by teacher then date, paid the class salary; totals per teacher and overall', async () => {
    const data = await payroll(`limit=100&page=1&${range(fixture.weekStart, fixture.weekEnd)}`);
    const teachers = data.totals.map((total) => total.teacher_id);
    expect([...teachers].sort()).toEqual([...new Set(fixture.marked.map((m) => m.teacherId))].sort());
    const expected = inLineOrder(teachers);
    expect(data.rows.map((row) => row.schedule_id)).toEqual(expected.map((m) => m.scheduleId));
    expect(data.rows).not.toContainEqual(expect.objectContaining({ schedule_id: fixture.later }));
    expect(data.rows[0]).toEqual({
      schedule_id: expected[0].scheduleId,
      schedule_date: expected[0].date,
      schedule_hour: expect.any(Number),
      schedule_minute: 0,
      class_id: expect.any(Number),
      class_name: expected[0].className,
      teacher_id: expected[0].teacherId,
      teacher_name: expected[0].teacherName,
      // taught by the class's own teacher: no one replaced
      original_teacher_id: null,
      original_teacher_name: null,
      center_id: expected[0].centerId,
      center_name: expect.stringMatching(/^Trung tâm /),
      duration: expected[0].duration,
      hours: expected[0].duration / 60,
      teacher_salary: expected[0].salary,
      amount: expected[0].salary,
    });

    // the demo teacher's classes pay 250.000 đ a lesson
    const demo = fixture.marked.filter((m) => m.teacherId === fixture.demoTeacher);
    expect(demo.length).toBeGreaterThan(0);
    expect(data.rows.filter((row) => row.teacher_id === fixture.demoTeacher).every((row) => row.amount === 250_000)).toBe(true);
    expect(data.totals.find((total) => total.teacher_id === fixture.demoTeacher)).toMatchObject({ sessions: demo.length, amount: 250_000 * demo.length });
    for (const total of data.totals) {
      const own = fixture.marked.filter((m) => m.teacherId === total.teacher_id);
      expect(total).toEqual({
        teacher_id: total.teacher_id,
        teacher_name: own[0].teacherName,
        sessions: own.length,
        hours: own.reduce((all, m) => all + m.duration, 0) / 60,
        amount: own.reduce((all, m) => all + m.salary, 0),
      });
    }
    expect(data.grand_total).toEqual({
      sessions: fixture.marked.length,
      hours: fixture.marked.reduce((all, m) => all + m.duration, 0) / 60,
      amount: fixture.marked.reduce((all, m) => all + m.salary, 0),
    });
    expect(data.total_rows).toBe(fixture.marked.length);
  });

  it('pages the lines while the totals stay those of the whole range', async () => {
    const whole = await payroll(`limit=100&${range(fixture.weekStart, fixture.weekEnd)}`);
    const page = await payroll(`limit=3&page=2&${range(fixture.weekStart, fixture.weekEnd)}`);
    expect(page.rows.map((row) => row.schedule_id)).toEqual(whole.rows.slice(3, 6).map((row) => row.schedule_id));
    expect(page.total_rows).toBe(fixture.marked.length);
    expect(page.total_pages).toBe(Math.ceil(fixture.marked.length / 3));
    expect(page.totals).toEqual(whole.totals);
    expect(page.grand_total).toEqual(whole.grand_total);
  });

  it("includes both ends of the range, the operator's days", async () => {
    const first = [...fixture.marked].sort((a, b) => a.date.localeCompare(b.date))[0];
    const sameDay = fixture.marked.filter((m) => m.date === first.date).map((m) => m.scheduleId).sort();
    const oneDay = await payroll(`limit=100&${range(first.date, first.date)}`);
    expect(oneDay.rows.map((row) => row.schedule_id as number).sort()).toEqual(sameDay);
    const after = await payroll(`limit=100&${range(plusDays(first.date, 1), fixture.weekEnd)}`);
    expect(after.rows.map((row) => row.schedule_id)).not.toEqual(expect.arrayContaining([first.scheduleId]));
    const before = await payroll(`limit=100&${range(plusDays(fixture.weekStart, -7), plusDays(first.date, -1))}`);
    expect(before.rows).toEqual([]);
    expect(before.grand_total).toEqual({ sessions: 0, hours: 0, amount: 0 });
    // the next week's attended session is in once the range reaches it
    const twoWeeks = await payroll(`limit=100&${range(fixture.weekStart, plusDays(fixture.weekEnd, 7))}`);
    expect(twoWeeks.rows.map((row) => row.schedule_id)).toContain(fixture.later);
  });

  it('filters by teacher and centre', async () => {
    const demo = await payroll(`limit=100&teacher_id=${fixture.demoTeacher}&${range(fixture.weekStart, fixture.weekEnd)}`);
    expect(demo.rows.map((row) => row.schedule_id as number).sort()).toEqual(ownLines().map((m) => m.scheduleId).sort());
    expect(demo.totals.map((total) => total.teacher_id)).toEqual([fixture.demoTeacher]);
    const hn = await payroll(`limit=100&center_id=${fixture.hn}&${range(fixture.weekStart, fixture.weekEnd)}`);
    expect(hn.rows.map((row) => row.schedule_id as number).sort()).toEqual(fixture.marked.filter((m) => m.centerId === fixture.hn).map((m) => m.scheduleId).sort());
  });

  it('a teacher gets only their own lines, whatever teacher_id they send; a giáo vụ of a centre only that centre', async () => {
    const other = fixture.marked.find((m) => m.teacherId !== fixture.demoTeacher)!.teacherId;
    for (const query of ['', `&teacher_id=${other}`, '&teacher_id=0']) {
      const own = await payroll(`limit=100${query}&${range(fixture.weekStart, fixture.weekEnd)}`, ctx.tok.teacher);
      expect(own.rows.every((row) => row.teacher_id === fixture.demoTeacher)).toBe(true);
      expect(own.totals.every((total) => total.teacher_id === fixture.demoTeacher)).toBe(true);
      expect(own.grand_total.amount).toBe(query.includes(String(other)) ? 0 : sumOf(ownLines(), 'salary'));
    }
    const affair = await payroll(`limit=100&${range(fixture.weekStart, fixture.weekEnd)}`, ctx.tok.academicAffair);
    const hnLines = fixture.marked.filter((m) => m.centerId === fixture.hn);
    expect(affair.rows.map((row) => row.schedule_id as number).sort()).toEqual(hnLines.map((m) => m.scheduleId).sort());
    expect(hnLines.length).toBeLessThan(fixture.marked.length);
    const elsewhere = fixture.marked.find((m) => m.centerId !== fixture.hn)!.centerId;
    expect((await payroll(`center_id=${elsewhere}&${range(fixture.weekStart, fixture.weekEnd)}`, ctx.tok.academicAffair)).rows).toEqual([]);
    expect((await call(app(), 'GET', `/payroll-timesheet/list?${range(fixture.weekStart, fixture.weekEnd)}`, ctx.tok.student)).statusCode).toBe(403);
  });

  it('refuses a range that is missing, half given, not a date or backwards (400 on created_at)', async () => {
    const start = encodeURIComponent(`${fixture.weekStart} 00:00:00`);
    for (const query of ['', `created_at=${start}`, `created_at=${start}&created_at=${encodeURIComponent('2026-02-30 23:59:59')}`, range(fixture.weekEnd, fixture.weekStart)]) {
      for (const path of ['/payroll-timesheet/list', '/payroll-timesheet/export']) {
        const res = await call(app(), 'GET', `${path}?${query}`, ctx.tok.admin);
        expect({ path, query, status: res.statusCode }).toEqual({ path, query, status: 400 });
        expect(Object.keys(res.json().error.fields).some((field) => field.startsWith('created_at'))).toBe(true);
      }
    }
    const backwards = await call(app(), 'GET', `/payroll-timesheet/list?${range(fixture.weekEnd, fixture.weekStart)}`, ctx.tok.admin);
    expect(backwards.json().error.fields).toEqual({ created_at: 'Ngày bắt đầu phải trước ngày kết thúc' });
  });

  it('exports every line of the range (not only the first page) as xlsx, then the totals per teacher', async () => {
    const res = await call(app(), 'GET', `/payroll-timesheet/export?limit=2&page=1&${range(fixture.weekStart, fixture.weekEnd)}`, ctx.tok.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${fixture.weekStart}_${fixture.weekEnd}_payroll-timesheet.xlsx"`);
    const rows = await sheetRows(res);
    const teachers = (await payroll(`limit=1&${range(fixture.weekStart, fixture.weekEnd)}`)).totals.map((total) => total.teacher_id);
    expect(rows[0]).toEqual(['Mã buổi học', 'Ngày', 'Giờ', 'Lớp học', 'Giáo viên', 'Dạy thay cho', 'Trung tâm', 'Thời lượng (phút)', 'Số giờ', 'Lương mỗi buổi (VND)', 'Thành tiền (VND)']);
    const expected = inLineOrder(teachers);
    const lines = rows.slice(1, 1 + expected.length);
    // no one replaced: the "Dạy thay cho" cell is empty
    expect(lines.map((row) => [row[0], row[1], row[3], row[4], row[5], row[10]])).toEqual(expected.map((m) => [m.scheduleId, display(m.date), m.className, m.teacherName, undefined, m.salary]));
    expect(rows[1 + expected.length]).toEqual([]);
    const title = rows.findIndex((row) => row[0] === 'Tổng theo giáo viên');
    expect(title).toBe(2 + expected.length);
    expect(rows[title + 1]).toEqual(['Giáo viên', 'Số buổi', 'Số giờ', 'Thành tiền (VND)']);
    const totals = rows.slice(title + 2, title + 2 + teachers.length);
    expect(totals).toEqual(
      teachers.map((id) => {
        const own = fixture.marked.filter((m) => m.teacherId === id);
        return [own[0].teacherName, own.length, own.reduce((all, m) => all + m.duration, 0) / 60, own.reduce((all, m) => all + m.salary, 0)];
      }),
    );
    expect(rows[title + 2 + teachers.length]).toEqual(['Tổng cộng', fixture.marked.length, fixture.marked.reduce((all, m) => all + m.duration, 0) / 60, fixture.marked.reduce((all, m) => all + m.salary, 0)]);
  });

  it("a teacher's export holds their own lines only", async () => {
    const res = await call(app(), 'GET', `/payroll-timesheet/export?${range(fixture.weekStart, fixture.weekEnd)}`, ctx.tok.teacher);
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res);
    const own = fixture.marked.filter((m) => m.teacherId === fixture.demoTeacher);
    expect(rows.slice(1, 1 + own.length).map((row) => row[0])).toEqual(inLineOrder([fixture.demoTeacher], own).map((m) => m.scheduleId));
    expect(rows[1 + own.length]).toEqual([]);
    expect(rows.at(-1)).toEqual(['Tổng cộng', own.length, sumOf(own, 'duration') / 60, sumOf(own, 'salary')]);
  });
});

// ---------------------------------------------------------------- orders

/** Instants on the operator's clock (UTC+7), whatever the machine's zone. */
const at = (local: string) => new Date(`${local}+07:00`);

const placed = {} as { a: number; b: number; c: number; f: number; before: number; after: number; amounts: Map<number, number> };

describe('the orders', () => {
  beforeAll(async () => {
    const all = await db()
      .select({ id: orders.orderId, amount: orders.amount, center: classes.centerId })
      .from(orders)
      .innerJoin(classes, eq(classes.classId, orders.classId))
      .orderBy(orders.orderId);
    placed.amounts = new Map(all.map((o) => [o.id, o.amount]));
    // everything long before the range, then a few orders at its edges
    await db().update(orders).set({ createdAt: at('2025-01-15T10:00:00'), status: 'paid' });
    const hn = all.filter((o) => o.center === fixture.hn);
    const elsewhere = all.filter((o) => o.center !== fixture.hn);
    const set = async (id: number, createdAt: Date, status = 'paid') => db().update(orders).set({ createdAt, status }).where(eq(orders.orderId, id));
    [placed.a, placed.b, placed.c, placed.before, placed.after] = hn.slice(0, 5).map((o) => o.id);
    placed.f = elsewhere[0].id;
    await set(placed.a, at('2026-03-01T00:00:00'));
    await set(placed.b, at('2026-03-31T23:59:59'), 'pending');
    await set(placed.c, at('2026-03-15T12:00:00'), 'cancelled');
    await set(placed.f, at('2026-03-10T09:00:00'));
    await set(placed.before, at('2026-02-28T23:59:59'));
    await set(placed.after, at('2026-04-01T00:00:00'));
  });

  const MARCH = range('2026-03-01', '2026-03-31');

  async function orderList(query: string, token = ctx.tok.admin) {
    const res = await call(app(), 'GET', `/order/list?limit=100&${query}`, token);
    expect(res.statusCode).toBe(200);
    return res.json().data as { rows: Row[]; total_rows: number; totals: { count: number; amount: number } };
  }

  it("lists the orders created in the range (the operator's days, ends included), newest first, with the totals of those not cancelled", async () => {
    const data = await orderList(MARCH);
    expect(data.rows.map((row) => row.order_id)).toEqual([placed.b, placed.c, placed.f, placed.a]);
    expect(data.total_rows).toBe(4);
    const sum = [placed.a, placed.b, placed.f].reduce((all, id) => all + placed.amounts.get(id)!, 0);
    expect(data.totals).toEqual({ count: 3, amount: sum });
    expect(data.rows[0]).toEqual({
      order_id: placed.b,
      enrollment_id: expect.any(Number),
      user_id: expect.any(Number),
      class_id: expect.any(Number),
      product_item_id: expect.any(Number),
      list_price: expect.any(Number),
      discount_percent: expect.any(Number),
      amount: placed.amounts.get(placed.b),
      status: 'pending',
      created_at: '2026-03-31T16:59:59.000Z',
      student_name: expect.any(String),
      class_name: expect.stringMatching(/-HN-/),
      product_item_name: expect.stringMatching(/buổi$/),
    });
  });

  it('filters by status and by the student or class name', async () => {
    const cancelled = await orderList(`status=cancelled&${MARCH}`);
    expect(cancelled.rows.map((row) => row.order_id)).toEqual([placed.c]);
    expect(cancelled.totals).toEqual({ count: 0, amount: 0 });
    const pending = await orderList(`status=pending&${MARCH}`);
    expect(pending.rows.map((row) => row.order_id)).toEqual([placed.b]);
    expect(pending.totals).toEqual({ count: 1, amount: placed.amounts.get(placed.b) });
    const f = (await orderList(MARCH)).rows.find((row) => row.order_id === placed.f)!;
    expect((await orderList(`search=${encodeURIComponent(String(f.class_name).slice(0, 8))}&${MARCH}`)).rows.map((row) => row.order_id)).toEqual([placed.f]);
    const byStudent = await orderList(`search=${encodeURIComponent(String(f.student_name))}&${MARCH}`);
    expect(byStudent.rows.map((row) => row.order_id)).toContain(placed.f);
    expect(byStudent.rows.every((row) => row.student_name === f.student_name || String(row.class_name).includes(String(f.student_name)))).toBe(true);
    expect((await call(app(), 'GET', `/order/list?status=refunded&${MARCH}`, ctx.tok.admin)).statusCode).toBe(400);
  });

  it("a giáo vụ of a centre gets the orders of that centre's classes; teachers and students may not list orders", async () => {
    const own = await orderList(MARCH, ctx.tok.academicAffair);
    expect(own.rows.map((row) => row.order_id)).toEqual([placed.b, placed.c, placed.a]);
    expect(own.totals.count).toBe(2);
    expect((await call(app(), 'GET', `/order/list?${MARCH}`, ctx.tok.teacher)).statusCode).toBe(403);
    expect((await call(app(), 'GET', `/order/export?${MARCH}`, ctx.tok.student)).statusCode).toBe(403);
  });

  it('exports every order of the range and status as xlsx, with the count and sum at the end', async () => {
    const res = await call(app(), 'GET', `/order/export?limit=1&page=1&${MARCH}`, ctx.tok.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="2026-03-01_2026-03-31_orders.xlsx"');
    const rows = await sheetRows(res);
    expect(rows[0]).toEqual(['Mã đơn', 'Ngày tạo', 'Học viên', 'Lớp học', 'Gói khoá học', 'Giá niêm yết (VND)', 'Khuyến mại (%)', 'Thành tiền (VND)', 'Trạng thái']);
    expect(rows.slice(1, 5).map((row) => [row[0], row[1], row[8]])).toEqual([
      [placed.b, '31/03/2026 23:59:59', 'Chờ thanh toán'],
      [placed.c, '15/03/2026 12:00:00', 'Đã huỷ'],
      [placed.f, '10/03/2026 09:00:00', 'Đã thanh toán'],
      [placed.a, '01/03/2026 24:00:00', 'Đã thanh toán'],
    ]);
    expect(rows[5]).toEqual([]);
    const sum = [placed.a, placed.b, placed.f].reduce((all, id) => all + placed.amounts.get(id)!, 0);
    expect(rows.slice(6)).toEqual([['Tổng (không tính đơn đã huỷ)'], ['Số đơn hàng', 3], ['Tổng tiền (VND)', sum]]);

    const pending = await sheetRows(await call(app(), 'GET', `/order/export?status=pending&${MARCH}`, ctx.tok.admin));
    expect(pending.slice(1, 2).map((row) => row[0])).toEqual([placed.b]);
    expect(pending[2]).toEqual([]);
    expect(pending.at(-2)).toEqual(['Số đơn hàng', 1]);
  });
});
