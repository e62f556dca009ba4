/**
 * The attendance insight: students marked and present per week, class and teacher over the sessions whose
 * roll was taken, the most absent students; the figures equal counts made directly from the rows; filters
 * by centre, course and teacher; a giáo vụ reads their centre only, a teacher or a student nothing; a bad
 * period is a 400 naming the field; the xlsx export holds the same tables. The money insight's figures are
 * the revenue report's and the debts screen's for the same filters, and its courses add up to what was collected.
 *
 * Its sessions and payments lie in 2020 (written directly), where the demo data has none.
 */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { INSIGHT_TEXT } from '@trungtam/shared/contracts/insights';
import { attendances, classes, classSchedules, orders, payments, users } from '../src/db/schema';
import { insertPayment } from '../src/db/payments';
import { cellKinds } from './support/xlsxCells';
import { call, setUpTestApp } from './helpers';

const ctx = setUpTestApp();
const db = () => ctx.t.database.db;

type Rate = { marked: number; present: number; rate: number | null };
type Insight = Rate & {
  from: string;
  to: string;
  totals: Rate;
  weeks: Array<Rate & { week_start: string }>;
  classes: Array<Rate & { class_id: number; class_name: string; sessions: number }>;
  classes_total: number;
  teachers: Array<Rate & { teacher_id: number; name: string; sessions: number }>;
  teachers_total: number;
  absent_students: Array<{ student_id: number; name: string; absences: number }>;
};

const attendance = (query: string, token = ctx.tok.admin) => call(ctx.t.app, 'GET', `/learning/insights/attendance?${query}`, token);
const insight = async (query: string, token = ctx.tok.admin): Promise<Insight> => {
  const res = await attendance(query, token);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const rate = (marked: number, present: number): Rate => ({ marked, present, rate: marked ? Math.round((present / marked) * 10_000) / 10_000 : null });

const HN = 1;
const HCM = 2;
let hnClass: typeof classes.$inferSelect;
let hcmClass: typeof classes.$inferSelect;
let students: Array<{ id: number; name: string }>;
let otherTeacher: number;

/** The first class of centre `centerId` with a teacher and a course. */
async function classOf(centerId: number) {
  const [row] = await db().select().from(classes).where(and(eq(classes.centerId, centerId))).orderBy(asc(classes.classId));
  return row;
}

/** A session of `klass` on `date`, taught by `teacherId`, its roll taken or not, with these marks. */
async function session(klass: typeof hnClass, date: string, teacherId: number, taken: boolean, marks: Array<[number, 'present' | 'absent' | 'excused']>) {
  const [row] = await db()
    .insert(classSchedules)
    .values({ classId: klass.classId, scheduleDate: date, scheduleDateText: date, scheduleHour: 18, scheduleMinute: 0, teacherId, centerId: klass.centerId, roomId: klass.roomId, isAttendance: taken ? 1 : 0 })
    .returning();
  if (marks.length) await db().insert(attendances).values(marks.map(([userId, status]) => ({ scheduleId: row.scheduleId, userId, status })));
  return row;
}

beforeAll(async () => {
  hnClass = await classOf(HN);
  hcmClass = await classOf(HCM);
  students = await db().select({ id: users.id, name: users.name }).from(users).where(eq(users.type, 'student')).orderBy(asc(users.id)).limit(4);
  const [teacher] = await db().select({ id: users.id }).from(users).where(eq(users.type, 'teacher')).orderBy(asc(users.id)).limit(1);
  otherTeacher = teacher.id;
  const [a, b, c, d] = students.map((s) => s.id);
  const hnTeacher = hnClass.teacherId ?? otherTeacher;
  // week of Monday 2020-03-02: HN 3 of 4 present (one absent); HCM 1 of 2 (one absent)
  await session(hnClass, '2020-03-02', hnTeacher, true, [[a, 'present'], [b, 'present'], [c, 'present'], [d, 'absent']]);
  await session(hcmClass, '2020-03-04', otherTeacher, true, [[a, 'present'], [d, 'absent']]);
  // week of Monday 2020-03-09: HN 1 of 3 present (one absent, one excused: marked, not an absence)
  await session(hnClass, '2020-03-10', hnTeacher, true, [[a, 'present'], [d, 'absent'], [b, 'excused']]);
  // a roll not taken: nothing counts
  await session(hnClass, '2020-03-11', hnTeacher, false, [[a, 'absent'], [b, 'absent']]);
  // outside the period
  await session(hnClass, '2020-02-28', hnTeacher, true, [[a, 'absent']]);
  // a roll taken with nobody marked: no figure of rates, but one of the class's sessions
  await session(hnClass, '2020-03-12', hnTeacher, true, []);
});

describe('attendance insight', () => {
  it('counts the marks of taken sessions per week, class and teacher, every week of the period listed, the most absent students first', async () => {
    const data = await insight('from=2020-03-01&to=2020-03-22');
    // 2020-03-01 is a Sunday: its week starts on Monday 2020-02-24
    expect(data.weeks).toEqual([
      { week_start: '2020-02-24', ...rate(0, 0) },
      { week_start: '2020-03-02', ...rate(6, 4) },
      { week_start: '2020-03-09', ...rate(3, 1) },
      { week_start: '2020-03-16', ...rate(0, 0) },
    ]);
    expect(data.totals).toEqual(rate(9, 5));
    const byClass = Object.fromEntries(data.classes.map((row) => [row.class_id, row]));
    expect(byClass[hnClass.classId]).toEqual({ class_id: hnClass.classId, class_name: hnClass.className, sessions: 3, ...rate(7, 4) });
    expect(byClass[hcmClass.classId]).toEqual({ class_id: hcmClass.classId, class_name: hcmClass.className, sessions: 1, ...rate(2, 1) });
    // the lowest rate first
    expect(data.classes.map((row) => row.class_id)).toEqual([hcmClass.classId, hnClass.classId]);
    expect(data.teachers.find((row) => row.teacher_id === otherTeacher)).toMatchObject(
      hnClass.teacherId === otherTeacher ? { sessions: 4, ...rate(9, 5) } : { sessions: 1, ...rate(2, 1) },
    );
    const [, , , d] = students;
    expect(data.absent_students[0]).toEqual({ student_id: d.id, name: d.name, absences: 3 });
    expect(data.absent_students).toHaveLength(1);
  });

  it('equals counts made directly from the attendance rows, for the default period (the last 8 weeks) too', async () => {
    const data = await insight('');
    expect(data.weeks).toHaveLength(8);
    expect(data.from).toBe(data.weeks[0].week_start);
    const rows = await db()
      .select({ status: attendances.status, classId: classSchedules.classId })
      .from(attendances)
      .innerJoin(classSchedules, eq(classSchedules.scheduleId, attendances.scheduleId))
      .where(and(eq(classSchedules.isAttendance, 1), gte(classSchedules.scheduleDate, data.from), lte(classSchedules.scheduleDate, data.to)));
    expect(data.totals).toEqual(rate(rows.length, rows.filter((row) => row.status === 'present').length));
    expect(data.weeks.reduce((sum, week) => sum + week.marked, 0)).toBe(rows.length);
    for (const row of data.classes) {
      const own = rows.filter((mark) => mark.classId === row.class_id);
      expect([row.class_id, row.marked, row.present]).toEqual([row.class_id, own.length, own.filter((mark) => mark.status === 'present').length]);
    }
    expect(data.classes.reduce((sum, row) => sum + row.marked, 0)).toBe(rows.length);
  });

  it("follows marks changed and removed: each session's counts are kept by the database on every write", async () => {
    const [a, b] = students.map((s) => s.id);
    const week = 'from=2020-03-16&to=2020-03-22';
    const extra = await session(hnClass, '2020-03-18', hnClass.teacherId ?? otherTeacher, true, [[a, 'present'], [b, 'absent']]);
    expect((await insight(week)).totals).toEqual(rate(2, 1));
    await db().update(attendances).set({ status: 'present' }).where(and(eq(attendances.scheduleId, extra.scheduleId), eq(attendances.userId, b)));
    expect((await insight(week)).totals).toEqual(rate(2, 2));
    await db().delete(attendances).where(and(eq(attendances.scheduleId, extra.scheduleId), eq(attendances.userId, a)));
    const [counts] = await db().select({ total: classSchedules.marksTotal, present: classSchedules.marksPresent }).from(classSchedules).where(eq(classSchedules.scheduleId, extra.scheduleId));
    expect([counts, (await insight(week)).totals]).toEqual([{ total: 1, present: 1 }, rate(1, 1)]);
    await db().delete(classSchedules).where(eq(classSchedules.scheduleId, extra.scheduleId));
    expect((await insight(week)).totals).toEqual(rate(0, 0));
  });

  it('narrows to a centre, a course and a teacher', async () => {
    expect((await insight('from=2020-03-01&to=2020-03-22&center_id=2')).totals).toEqual(rate(2, 1));
    expect((await insight(`from=2020-03-01&to=2020-03-22&center_id=1`)).totals).toEqual(rate(7, 4));
    if (hnClass.productId !== hcmClass.productId && hnClass.productId) {
      expect((await insight(`from=2020-03-01&to=2020-03-22&product_id=${hnClass.productId}`)).totals).toEqual(rate(7, 4));
    }
    expect((await insight('from=2020-03-01&to=2020-03-22&product_id=2147483647')).totals).toEqual(rate(0, 0));
    const taught = await insight(`from=2020-03-01&to=2020-03-22&teacher_id=${otherTeacher}`);
    expect(taught.teachers.map((row) => row.teacher_id)).toEqual([otherTeacher]);
  });

  it('keeps a giáo vụ to their own centre whatever they ask, and refuses a teacher or a student', async () => {
    const affair = await insight('from=2020-03-01&to=2020-03-22', ctx.tok.academicAffair);
    expect(affair.totals).toEqual(rate(7, 4));
    expect(affair.classes.map((row) => row.class_id)).toEqual([hnClass.classId]);
    const elsewhere = await insight('from=2020-03-01&to=2020-03-22&center_id=2', ctx.tok.academicAffair);
    expect([elsewhere.totals, elsewhere.classes, elsewhere.teachers, elsewhere.absent_students]).toEqual([rate(0, 0), [], [], []]);
    for (const token of [ctx.tok.teacher, ctx.tok.student]) {
      expect((await attendance('from=2020-03-01&to=2020-03-22', token)).statusCode).toBe(403);
      expect((await call(ctx.t.app, 'GET', '/learning/insights/attendance/export?from=2020-03-01&to=2020-03-22', token)).statusCode).toBe(403);
    }
  });

  it('answers a bad period or filter with a 400 naming the field in Vietnamese, never a 500', async () => {
    const cases: Array<[string, string, string]> = [
      ['from=2020-02-30&to=2020-03-02', 'from', INSIGHT_TEXT.from],
      ['from=2020-02-01&to=2020-13-01', 'to', INSIGHT_TEXT.to],
      ['from=hôm nay', 'from', INSIGHT_TEXT.from],
      ['from=2020-03-02&to=2020-03-01', 'to', INSIGHT_TEXT.order],
      ['from=2020-01-01&to=2021-01-01', 'to', INSIGHT_TEXT.tooLong],
      ['center_id=x', 'center_id', INSIGHT_TEXT.centerId],
      ['product_id=-1', 'product_id', INSIGHT_TEXT.productId],
      ['teacher_id=1.5', 'teacher_id', INSIGHT_TEXT.teacherId],
    ];
    for (const [query, field, message] of cases) {
      const res = await attendance(query);
      expect([query, res.statusCode, res.json().error.fields?.[field]]).toEqual([query, 400, message]);
    }
    // a leap year is the longest period
    expect((await insight('from=2020-01-01&to=2020-12-31')).weeks).toHaveLength(53);
    const badExport = await call(ctx.t.app, 'GET', '/learning/insights/attendance/export?from=2020-03-02&to=2020-03-01', ctx.tok.admin);
    expect([badExport.statusCode, badExport.json().error.fields]).toEqual([400, { to: INSIGHT_TEXT.order }]);
  });

  it('lists the 50 lowest class rates on screen with the count of all, and every class in the export', async () => {
    // 51 classes of centre HN, each with one taken session in June 2019 where student a is present or not
    const { classId: _, ...copy } = hnClass;
    const made = await db()
      .insert(classes)
      .values(Array.from({ length: 51 }, (_, i) => ({ ...copy, className: `Lớp đếm ${String(i).padStart(2, '0')}` })))
      .returning();
    for (const [i, klass] of made.entries()) await session(klass, '2019-06-04', otherTeacher, true, [[students[0].id, i % 2 ? 'present' : 'absent']]);
    const data = await insight('from=2019-06-03&to=2019-06-09');
    expect([data.classes.length, data.classes_total, data.teachers.length, data.teachers_total]).toEqual([50, 51, 1, 1]);
    // the lowest rates first: the 26 absent classes, then 24 of the 25 present ones
    expect(data.classes.filter((row) => row.rate === 0)).toHaveLength(26);
    const res = await call(ctx.t.app, 'GET', '/learning/insights/attendance/export?from=2019-06-03&to=2019-06-09', ctx.tok.admin);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(book.worksheets[1].actualRowCount).toBe(1 + 51);
  });

  it('exports the weeks, classes, teachers and the most absent students as xlsx, text that looks like a formula kept as text', async () => {
    await db().update(classes).set({ className: '=HYPERLINK("http://x.example","Bấm")' }).where(eq(classes.classId, hcmClass.classId));
    const res = await call(ctx.t.app, 'GET', '/learning/insights/attendance/export?from=2020-03-01&to=2020-03-22', ctx.tok.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="chuyen-can-2020-03-01-2020-03-22.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Theo tuần', 'Theo lớp', 'Theo giáo viên', 'Vắng nhiều nhất']);
    const values = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(book.worksheets[0], 1)).toEqual(['Tuần từ', 'Lượt điểm danh', 'Có mặt', 'Tỉ lệ có mặt']);
    expect(values(book.worksheets[0], 3)).toEqual(['02/03/2020', 6, 4, 0.6667]);
    expect(book.worksheets[1].getColumn(1).values).toContain('=HYPERLINK("http://x.example","Bấm")');
    expect(values(book.worksheets[3], 2)).toEqual([students[3].name, 3]);
    const kinds = await cellKinds(res.rawPayload, 2);
    expect([...kinds.values()].some((kind) => kind.formula)).toBe(false);
    await db().update(classes).set({ className: hcmClass.className }).where(eq(classes.classId, hcmClass.classId));
  });
});

/** The period's figures counted directly from the rows: per class and teacher its taken sessions, marks and present; per student the absences. */
async function countedFromRows(from: string, to: string) {
  const inPeriod = and(eq(classSchedules.isAttendance, 1), gte(classSchedules.scheduleDate, from), lte(classSchedules.scheduleDate, to));
  const sessions = await db().select({ id: classSchedules.scheduleId, classId: classSchedules.classId, teacherId: classSchedules.teacherId }).from(classSchedules).where(inPeriod);
  const marks = await db()
    .select({ scheduleId: attendances.scheduleId, userId: attendances.userId, status: attendances.status })
    .from(attendances)
    .innerJoin(classSchedules, eq(classSchedules.scheduleId, attendances.scheduleId))
    .where(inPeriod);
  const figures = (key: 'classId' | 'teacherId') => {
    const out = new Map<number, { sessions: number; marked: number; present: number }>();
    for (const row of sessions) {
      const own = marks.filter((mark) => mark.scheduleId === row.id);
      const sums = out.get(row[key]!) ?? { sessions: 0, marked: 0, present: 0 };
      out.set(row[key]!, { sessions: sums.sessions + 1, marked: sums.marked + own.length, present: sums.present + own.filter((mark) => mark.status === 'present').length });
    }
    return [...out].filter(([, sums]) => sums.marked > 0).map(([id, sums]) => ({ id, sessions: sums.sessions, ...rate(sums.marked, sums.present) })).sort((a, b) => a.id - b.id);
  };
  const absences = new Map<number, number>();
  for (const mark of marks.filter((row) => row.status === 'absent')) absences.set(mark.userId, (absences.get(mark.userId) ?? 0) + 1);
  return { classes: figures('classId'), teachers: figures('teacherId'), absences: [...absences].sort((a, b) => a[0] - b[0]) };
}

describe("the figures are read from monthly roll-ups kept by the database: a period's edges cut anywhere", () => {
  // 2021: sessions every 4 days from 10 January to 20 April, in both classes, by two teachers, students a–d marked in turn
  const periods: Array<[string, string]> = [
    ['2021-01-15', '2021-03-10'], // a month less its first days, a whole month, a month's first days
    ['2021-02-01', '2021-02-28'], // a whole month
    ['2021-02-03', '2021-02-20'], // inside one month
    ['2021-01-01', '2021-04-30'], // four whole months
    ['2021-03-31', '2021-04-01'], // two months' edge days
  ];
  let made: Array<typeof classSchedules.$inferSelect> = [];

  const seen = async (from: string, to: string) => {
    const data = await insight(`from=${from}&to=${to}`);
    return {
      classes: data.classes.map((row) => ({ id: row.class_id, sessions: row.sessions, marked: row.marked, present: row.present, rate: row.rate })).sort((a, b) => a.id - b.id),
      teachers: data.teachers.map((row) => ({ id: row.teacher_id, sessions: row.sessions, marked: row.marked, present: row.present, rate: row.rate })).sort((a, b) => a.id - b.id),
      absences: data.absent_students.map((row): [number, number] => [row.student_id, row.absences]).sort((a, b) => a[0] - b[0]),
    };
  };
  const expectCountsEverywhere = async () => {
    for (const [from, to] of periods) expect([from, to, await seen(from, to)]).toEqual([from, to, await countedFromRows(from, to)]);
  };

  beforeAll(async () => {
    const statuses = ['present', 'absent', 'excused', 'present', 'absent'] as const;
    made = [];
    for (let day = 0, i = 0; day <= 100; day += 4, i++) {
      const date = new Date(Date.UTC(2021, 0, 10 + day)).toISOString().slice(0, 10);
      const klass = i % 3 ? hnClass : hcmClass;
      const teacher = i % 2 ? otherTeacher : (hnClass.teacherId ?? otherTeacher);
      made.push(await session(klass, date, teacher, i % 7 !== 0, students.map((student, k) => [student.id, statuses[(i + k * 2) % 5]])));
    }
  });

  it('equal counts made from the rows for periods whose ends fall anywhere in a month', async () => {
    await expectCountsEverywhere();
  });

  it('follow a substitute, a session moved to another month, a roll taken or undone and a session removed', async () => {
    const [first, second, third, fourth] = made.filter((row) => row.isAttendance === 1 && row.scheduleDate >= '2021-02-01');
    await db().update(classSchedules).set({ teacherId: otherTeacher === first.teacherId ? hnClass.teacherId : otherTeacher }).where(eq(classSchedules.scheduleId, first.scheduleId));
    await db().update(classSchedules).set({ scheduleDate: '2021-04-02' }).where(eq(classSchedules.scheduleId, second.scheduleId));
    await db().update(classSchedules).set({ isAttendance: 0 }).where(eq(classSchedules.scheduleId, third.scheduleId));
    await db().delete(classSchedules).where(eq(classSchedules.scheduleId, fourth.scheduleId));
    const untaken = made.find((row) => row.isAttendance === 0)!;
    await db().update(classSchedules).set({ isAttendance: 1 }).where(eq(classSchedules.scheduleId, untaken.scheduleId));
    await expectCountsEverywhere();
  });
});

/**
 * What the screen's rows link to: the schedules list with the row's filters, the period, the screen's
 * centre, course and teacher, and the roll taken (mf-learning's AttendanceSection builds the same).
 */
function listUrlOf(data: Insight, screen: Record<string, number>, row: Record<string, number>) {
  const params = new URLSearchParams({ limit: '1', page: '1' });
  params.append('schedule_date', data.from);
  params.append('schedule_date', data.to);
  for (const [key, value] of Object.entries({ ...screen, ...row, attendance_taken: 1 })) if (value) params.set(key, String(value));
  return `/learning/class-schedule?${params}`;
}

describe("drill-down: the schedules list answers each row's figure", () => {
  const listTotal = async (url: string, token: string) => {
    const res = await call(ctx.t.app, 'GET', url, token);
    expect([url, res.statusCode]).toEqual([url, 200]);
    return res.json().data.total_rows as number;
  };

  async function checkRows(query: string, screen: Record<string, number>, token: string) {
    const data = await insight(query, token);
    const seen: Array<[string, number, number]> = [];
    for (const row of data.classes) seen.push([`class ${row.class_id}`, row.sessions, await listTotal(listUrlOf(data, screen, { class_id: row.class_id }), token)]);
    for (const row of data.teachers) seen.push([`teacher ${row.teacher_id}`, row.sessions, await listTotal(listUrlOf(data, screen, { teacher_id: row.teacher_id }), token)]);
    for (const row of data.absent_students) seen.push([`student ${row.student_id}`, row.absences, await listTotal(listUrlOf(data, screen, { absent_student_id: row.student_id }), token)]);
    // each row's figure is the list's total for its link
    expect(seen.map(([name, , total]) => [name, total])).toEqual(seen.map(([name, figure]) => [name, figure]));
    return seen;
  }

  it('for every class, teacher and absent student row, for an administrator and a giáo vụ, with and without filters', async () => {
    const period = 'from=2020-03-01&to=2020-03-22';
    const admin = await checkRows(period, {}, ctx.tok.admin);
    expect(admin.find(([name]) => name === `class ${hnClass.classId}`)?.[1]).toBe(3);
    expect(admin.some(([name]) => name.startsWith('student'))).toBe(true);
    await checkRows(`${period}&center_id=2`, { center_id: 2 }, ctx.tok.admin);
    await checkRows(`${period}&teacher_id=${otherTeacher}`, { teacher_id: otherTeacher }, ctx.tok.admin);
    if (hnClass.productId) await checkRows(`${period}&product_id=${hnClass.productId}`, { product_id: hnClass.productId }, ctx.tok.admin);
    const affair = await checkRows(period, {}, ctx.tok.academicAffair);
    expect(affair.map(([name]) => name)).toContain(`class ${hnClass.classId}`);
    expect(affair.map(([name]) => name)).not.toContain(`class ${hcmClass.classId}`);
  });

  it('for the default period over the demo data too', async () => {
    const data = await insight('');
    const seen = await checkRows('', {}, ctx.tok.admin);
    expect(seen.length).toBe(data.classes.length + data.teachers.length + data.absent_students.length);
    await checkRows('', {}, ctx.tok.academicAffair);
  });
});

describe('money insight', () => {
  type Money = { months: Array<{ month: string; cash: number; transfer: number; card: number; collected: number }>; collected: number; owed: number; overdue: number; courses: Array<{ product_id: number | null; name: string; collected: number }> };
  const money = async (query: string, token = ctx.tok.admin): Promise<Money> => {
    const res = await call(ctx.t.app, 'GET', `/learning/insights/money?${query}`, token);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const asked = async (url: string, token = ctx.tok.admin) => {
    const res = await call(ctx.t.app, 'GET', url, token);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  beforeAll(async () => {
    const orderOf = async (klass: typeof hnClass) => (await db().select().from(orders).where(eq(orders.classId, klass.classId)).orderBy(asc(orders.orderId)).limit(1))[0];
    const hn = await orderOf(hnClass);
    const hcm = await orderOf(hcmClass);
    await insertPayment(db(), { orderId: hn.orderId, amount: 100_000, method: 'cash', paidOn: '2020-03-02', centerId: HN });
    await insertPayment(db(), { orderId: hn.orderId, amount: 250_000, method: 'transfer', paidOn: '2020-04-10', centerId: HN });
    await insertPayment(db(), { orderId: hcm.orderId, amount: 300_000, method: 'card', paidOn: '2020-03-20', centerId: HCM });
    const voided = await insertPayment(db(), { orderId: hcm.orderId, amount: 70_000, method: 'cash', paidOn: '2020-03-21', centerId: HCM });
    await db().update(payments).set({ voidedAt: new Date(), voidReason: 'Thu nhầm' }).where(eq(payments.paymentId, voided.paymentId));
  });

  it("collects per month and method as the revenue report, owes what the debts screen totals, and its courses add up to what was collected", async () => {
    for (const [query, token] of [['', ctx.tok.admin], ['center_id=2', ctx.tok.admin], ['', ctx.tok.academicAffair], ['center_id=2', ctx.tok.academicAffair]] as const) {
      const data = await money(`from=2020-02-15&to=2020-04-30${query ? `&${query}` : ''}`, token);
      const revenue = await asked(`/learning/order/revenue?from=2020-02-15&to=2020-04-30&group=month${query ? `&${query}` : ''}`, token);
      expect(data.months).toEqual(revenue.rows.map((row: Money['months'][number] & { period: string }) => ({ month: row.period, cash: row.cash, transfer: row.transfer, card: row.card, collected: row.collected })));
      expect(data.collected).toBe(revenue.totals.collected);
      const debts = await asked(`/learning/order/debts?limit=1${query ? `&${query}` : ''}`, token);
      expect([query, data.owed, data.overdue]).toEqual([query, debts.total_owed, debts.total_overdue]);
      expect(data.courses.reduce((sum, row) => sum + row.collected, 0)).toBe(data.collected);
    }
    const all = await money('from=2020-02-15&to=2020-04-30');
    expect(all.months.map((row) => [row.month, row.collected])).toEqual([['2020-02', 0], ['2020-03', 400_000], ['2020-04', 250_000]]);
    expect(all.months[1]).toEqual({ month: '2020-03', cash: 100_000, transfer: 0, card: 300_000, collected: 400_000 });
    // a giáo vụ's money is their centre's
    expect((await money('from=2020-02-15&to=2020-04-30', ctx.tok.academicAffair)).collected).toBe(350_000);
    const byCourse = new Map(all.courses.map((row) => [row.product_id, row.collected]));
    if (hnClass.productId !== hcmClass.productId) expect(byCourse.get(hnClass.productId)).toBe(350_000);
  });

  it('refuses a teacher or a student, and exports the months and courses as xlsx', async () => {
    for (const token of [ctx.tok.teacher, ctx.tok.student]) {
      expect((await call(ctx.t.app, 'GET', '/learning/insights/money', token)).statusCode).toBe(403);
      expect((await call(ctx.t.app, 'GET', '/learning/insights/money/export', token)).statusCode).toBe(403);
    }
    const res = await call(ctx.t.app, 'GET', '/learning/insights/money/export?from=2020-02-15&to=2020-04-30', ctx.tok.admin);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Theo tháng', 'Theo khoá học']);
    const values = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(book.worksheets[0], 3)).toEqual(['03/2020', 100_000, 0, 300_000, 400_000]);
    const total = values(book.worksheets[0], 5);
    expect([total[0], total.at(-1)]).toEqual(['Tổng', 650_000]);
  });
});
