/**
 * Classes with generated sessions: the preview (count, dates, clashes of teacher, room, student and
 * holidays, proposals), the choices honoured by create and update, the re-check at write, editing a
 * running class, deleting, and the sessions' own writes: attendance (idempotent, lessons learned,
 * completion), move, cancel and make-up sessions, each within the caller's reach.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { dayjs, operatorToday } from '@trungtam/shared/operatorDate';
import { REFERENCE_TEXT } from '../src/access/references';
import { attendances, classSchedules, enrollments, notifications, productDiscounts, productItems, rooms, users } from '../src/db/schema';
import { call, setUpTestApp } from './helpers';

const ctx = setUpTestApp();

interface PreviewSession {
  date: string;
  schedule_date: string;
  schedule_hour: number;
  schedule_minute: number;
  state: string;
  resolution: string | null;
  clashes: Array<{ kind: string; message: string }>;
  proposal: { date: string; hour: number; minute: number } | null;
}

/** The first date on or after `from` that falls on `weekday` (0 Sunday). */
const nextWeekday = (from: string, weekday: number) => {
  const d = dayjs(from, 'YYYY-MM-DD');
  return d.add((weekday - d.day() + 7) % 7, 'day').format('YYYY-MM-DD');
};
const pattern = (...slots: Array<[number, number, number?, number?]>) =>
  JSON.stringify(slots.map(([weekday, hour, minute = 0, duration = 90]) => ({ weekday, hour, minute, duration })));

let seq = 0;
/** A teacher of its own, so that no seeded session gets in the way. */
/** A fresh teacher of a centre (1: the demo giáo vụ's, whose reach a class's teacher must be in). */
async function newTeacher(centerId = 1): Promise<number> {
  seq += 1;
  const [row] = await ctx.t.database.db
    .insert(users)
    .values({ name: `GV Lịch ${seq}`, email: `gv.lich${seq}@example.com`, passwordHash: 'x', type: 'teacher', status: 1, roleId: 3, centerId })
    .returning();
  return row.id;
}
async function newRoom(centerId = 1): Promise<number> {
  seq += 1;
  const [row] = await ctx.t.database.db.insert(rooms).values({ centerId, name: `Phòng thử ${seq}` }).returning();
  return row.roomId;
}
/** A course item with `lessons` lessons. */
async function item(lessons: number): Promise<{ product_id: number; product_item_id: number }> {
  const [any] = await ctx.t.database.db.select().from(productItems).limit(1);
  const [row] = await ctx.t.database.db.insert(productItems).values({ productId: any.productId, name: `Gói ${lessons} buổi`, totalLesson: lessons, price: 1_000_000 }).returning();
  return { product_id: row.productId, product_item_id: row.productItemId };
}

async function classBody(overrides: Record<string, unknown> = {}) {
  return {
    class_name: `Lớp thử ${++seq}`,
    class_type: 'group',
    ...(await item(6)),
    teacher_id: await newTeacher(),
    academic_affair_id: null,
    center_id: 1,
    room_id: await newRoom(),
    teacher_salary: 250_000,
    start_date: '2031-03-01',
    class_schedule: pattern([1, 18], [3, 18]),
    ...overrides,
  };
}

const preview = (body: Record<string, unknown>, token = ctx.tok.admin) => call(ctx.t.app, 'POST', '/learning/class/preview-schedule', token, body);
const sessionsOf = (classId: number) =>
  ctx.t.database.db.select().from(classSchedules).where(eq(classSchedules.classId, classId)).orderBy(classSchedules.scheduleDate, classSchedules.scheduleHour);

describe('POST /learning/class/preview-schedule', () => {
  it('answers as many sessions as the course item has lessons, on the pattern days from the start date, across a month end, writing nothing', async () => {
    const body = await classBody({ start_date: '2031-01-27', class_schedule: pattern([1, 18, 30, 90], [5, 9, 0, 120]) });
    const before = (await ctx.t.database.db.select().from(classSchedules)).length;
    const res = await preview(body);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { total_lesson: number; sessions: PreviewSession[]; unresolved: number };
    expect(data.total_lesson).toBe(6);
    expect(data.unresolved).toBe(0);
    // 2031-01-27 is a Monday: Mon 27, Fri 31 (Jan), then Mon 3, Fri 7, Mon 10, Fri 14 (Feb)
    expect(data.sessions.map((s) => `${s.schedule_date} ${s.schedule_hour}:${s.schedule_minute}`)).toEqual([
      '2031-01-27 18:30',
      '2031-01-31 9:0',
      '2031-02-03 18:30',
      '2031-02-07 9:0',
      '2031-02-10 18:30',
      '2031-02-14 9:0',
    ]);
    expect(data.sessions.every((s) => s.state === 'new' && s.clashes.length === 0)).toBe(true);
    expect((await ctx.t.database.db.select().from(classSchedules)).length).toBe(before);
  });

  it('refuses a pattern that is not valid JSON, has no slot, overlaps itself or runs past midnight (400 on class_schedule)', async () => {
    for (const text of ['nope', '[]', pattern([1, 18, 0, 90], [1, 19, 0, 90]), pattern([2, 23, 0, 90]), '[{"weekday":"1","hour":18,"minute":0,"duration":90}]']) {
      const res = await preview(await classBody({ class_schedule: text }));
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {})).toContain('class_schedule');
    }
  });

  it('finds the teacher busy, the room taken and the holidays, and proposes the next free day at the same time', async () => {
    const first = await classBody({ start_date: '2031-05-05', class_schedule: pattern([1, 18]) });
    const created = await call(ctx.t.app, 'POST', '/learning/class/create', ctx.tok.admin, first);
    expect(created.statusCode).toBe(201);
    // same teacher, another room, overlapping by half an hour on Mondays
    const sameTeacher = await classBody({ teacher_id: first.teacher_id, start_date: '2031-05-05', class_schedule: pattern([1, 19]) });
    const byTeacher = (await preview(sameTeacher)).json().data as { sessions: PreviewSession[]; unresolved: number };
    expect(byTeacher.unresolved).toBe(6);
    expect(byTeacher.sessions[0].clashes).toEqual([expect.objectContaining({ kind: 'teacher', message: expect.stringContaining(first.class_name) })]);
    expect(byTeacher.sessions[0].proposal).toEqual({ date: '2031-05-06', hour: 19, minute: 0 });
    // another teacher in the same room
    const sameRoom = await classBody({ room_id: first.room_id, start_date: '2031-05-05', class_schedule: pattern([1, 17]) });
    const byRoom = (await preview(sameRoom)).json().data as { sessions: PreviewSession[] };
    expect(byRoom.sessions[0].clashes.map((c) => c.kind)).toEqual(['room']);
    // a holiday of the centre, and one of every centre
    await call(ctx.t.app, 'POST', '/learning/holiday/create', ctx.tok.admin, { center_id: 1, date: '2031-06-02', name: 'Nghỉ hè Hà Nội' });
    await call(ctx.t.app, 'POST', '/learning/holiday/create', ctx.tok.admin, { center_id: null, date: '2031-06-09', name: 'Nghỉ lễ' });
    const summer = (await preview(await classBody({ start_date: '2031-06-01', class_schedule: pattern([1, 8]) }))).json().data as { sessions: PreviewSession[] };
    expect(summer.sessions.slice(0, 2).map((s) => s.clashes.map((c) => `${c.kind}: ${c.message}`))).toEqual([['holiday: Ngày nghỉ: Nghỉ hè Hà Nội'], ['holiday: Ngày nghỉ: Nghỉ lễ']]);
    // another centre's holiday is not this centre's
    const elsewhere = (await preview(await classBody({ center_id: 2, room_id: await newRoom(2), start_date: '2031-06-01', class_schedule: pattern([1, 8]) }))).json().data as { sessions: PreviewSession[] };
    expect(elsewhere.sessions[0].clashes).toEqual([]);
  });

  it('finds an enrolled student busy in another class when the class is edited', async () => {
    const a = await classBody({ start_date: '2031-07-07', class_schedule: pattern([2, 18]) });
    const b = await classBody({ start_date: '2031-07-07', class_schedule: pattern([4, 18]) });
    const createdA = (await call(ctx.t.app, 'POST', '/learning/class/create', ctx.tok.admin, a)).json().data;
    const createdB = (await call(ctx.t.app, 'POST', '/learning/class/create', ctx.tok.admin, b)).json().data;
    const [student] = await ctx.t.database.db.select().from(users).where(and(eq(users.type, 'student'), eq(users.centerId, 1))).limit(1);
    for (const classId of [createdA.class_id, createdB.class_id]) {
      await ctx.t.database.db.insert(enrollments).values({ classId, userId: student.id, status: 1, totalLesson: 6, startDate: '2000-01-01' });
    }
    // B moves to Tuesdays 18:30: the student is in A then
    const moved = (await preview({ ...b, class_id: createdB.class_id, class_schedule: pattern([2, 18, 30]) })).json().data as { sessions: PreviewSession[] };
    const clash = moved.sessions.find((s) => s.state === 'new')!.clashes;
    expect(clash).toEqual([expect.objectContaining({ kind: 'student', message: expect.stringContaining(student.name) })]);
  });
});

describe('POST /learning/class/create and the choices', () => {
  it('refuses clashes left without a choice (409, nothing written), and honours skip, move and keep', async () => {
    // three Mondays: an extra Monday after a skip would clash again
    const first = await classBody({ ...(await item(3)), start_date: '2031-09-01', class_schedule: pattern([1, 18]) });
    await call(ctx.t.app, 'POST', '/learning/class/create', ctx.tok.admin, first);
    const second = await classBody({ teacher_id: first.teacher_id, start_date: '2031-09-01', class_schedule: pattern([1, 18], [3, 18]) });
    const refused = await call(ctx.t.app, 'POST', '/learning/class/create', ctx.tok.admin, second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('3 buổi bị trùng');
    expect((await call(ctx.t.app, 'GET', `/learning/class/list?search=${encodeURIComponent(second.class_name)}`, ctx.tok.admin)).json().data.total_rows).toBe(0);

    const plan = (await preview(second)).json().data as { sessions: PreviewSession[] };
    const clashing = plan.sessions.filter((s) => s.clashes.length);
    expect(clashing.map((s) => s.date)).toEqual(['2031-09-01', '2031-09-08', '2031-09-15']);
    const resolutions = [
      { date: clashing[0].date, hour: 18, minute: 0, action: 'skip' },
      { date: clashing[1].date, hour: 18, minute: 0, action: 'move', to: clashing[1].proposal },
      { date: clashing[2].date, hour: 18, minute: 0, action: 'keep' },
    ];
    const chosen = (await preview({ ...second, resolutions })).json().data as { sessions: PreviewSession[]; unresolved: number };
    expect(chosen.unresolved).toBe(0);
    const created = await call(ctx.t.app, 'POST', '/learning/class/create', ctx.tok.admin, { ...second, resolutions });
    expect(created.statusCode).toBe(201);
    const written = await sessionsOf(created.json().data.class_id);
    // six lessons: the skipped Monday is not one, so the course runs one slot longer
    expect(written).toHaveLength(6);
    expect(written.map((s) => s.scheduleDate)).toEqual(['2031-09-03', '2031-09-09', '2031-09-10', '2031-09-15', '2031-09-17', '2031-09-22']);
    expect(written.find((s) => s.scheduleDate === '2031-09-09')?.scheduleHour).toBe(18);
    expect(written.every((s) => s.teacherId === first.teacher_id && s.roomId === second.room_id && s.centerId === 1)).toBe(true);
  });

  it('re-checks at write: a clash that appeared after the preview is a 409, not a double booking', async () => {
    const body = await classBody({ start_date: '2031-10-06', class_schedule: pattern([1, 18]) });
    expect((await preview(body)).json().data.unresolved).toBe(0);
    // meanwhile another class takes the room on those Mondays
    await call(ctx.t.app, 'POST', '/learning/class/create', ctx.tok.admin, await classBody({ room_id: body.room_id, start_date: '2031-10-06', class_schedule: pattern([1, 18]) }));
    const res = await call(ctx.t.app, 'POST', '/learning/class/create', ctx.tok.admin, body);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('Phòng học đã được lớp');
  });

  it('keeps a giáo vụ to their centre and refuses teachers and students', async () => {
    const elsewhere = await classBody({ center_id: 2, room_id: await newRoom(2) });
    // another centre is answered as a missing one
    const refused = await call(ctx.t.app, 'POST', '/learning/class/create', ctx.tok.academicAffair, elsewhere);
    expect([refused.statusCode, refused.json().error.fields]).toEqual([400, { center_id: REFERENCE_TEXT.center }]);
    expect((await call(ctx.t.app, 'POST', '/learning/class/create', ctx.tok.academicAffair, await classBody())).statusCode).toBe(201);
    expect((await call(ctx.t.app, 'POST', '/learning/class/create', ctx.tok.teacher, await classBody())).statusCode).toBe(403);
    expect((await preview(await classBody(), ctx.tok.student)).statusCode).toBe(403);
  });

  it('refuses a room of another centre and an item of another course (400 naming the field)', async () => {
    const wrongRoom = await call(ctx.t.app, 'POST', '/learning/class/create', ctx.tok.admin, await classBody({ room_id: await newRoom(3) }));
    expect(wrongRoom.statusCode).toBe(400);
    expect(wrongRoom.json().error.fields).toHaveProperty('room_id');
    const body = await classBody();
    const wrongItem = await call(ctx.t.app, 'POST', '/learning/class/create', ctx.tok.admin, { ...body, product_id: body.product_id + 1 });
    expect(wrongItem.statusCode).toBe(400);
    expect(wrongItem.json().error.fields).toHaveProperty('product_item_id');
  });
});

describe('a running class', () => {
  const today = operatorToday();
  // a weekday that is not today's, so that "before now" is "before today" at any hour
  const weekday = (dayjs(today, 'YYYY-MM-DD').day() + 3) % 7;
  const start = nextWeekday(dayjs(today, 'YYYY-MM-DD').subtract(28, 'day').format('YYYY-MM-DD'), weekday);

  async function runningClass(lessons = 8) {
    const body = await classBody({ ...(await item(lessons)), start_date: start, class_schedule: pattern([weekday, 17]) });
    const res = await call(ctx.t.app, 'POST', '/learning/class/create', ctx.tok.admin, body);
    expect(res.statusCode).toBe(201);
    return { body, classId: res.json().data.class_id as number };
  }

  it('may start in the past; changing its pattern regenerates only the future sessions without attendance', async () => {
    const { body, classId } = await runningClass();
    const before = await sessionsOf(classId);
    expect(before).toHaveLength(8);
    expect(before[0].scheduleDate).toBe(start);
    const past = before.filter((s) => s.scheduleDate < today);
    expect(past).toHaveLength(4);
    // attendance on a future session too: it stays where it is
    const future = before.find((s) => s.scheduleDate > today)!;
    await ctx.t.database.db.update(classSchedules).set({ isAttendance: 1 }).where(eq(classSchedules.scheduleId, future.scheduleId));

    const later = (weekday + 1) % 7;
    const res = await call(ctx.t.app, 'PUT', '/learning/class/update', ctx.tok.admin, { ...body, class_id: classId, class_schedule: pattern([later, 19]) });
    expect(res.statusCode).toBe(200);
    const after = await sessionsOf(classId);
    expect(after).toHaveLength(8);
    const kept = after.filter((s) => past.some((p) => p.scheduleId === s.scheduleId) || s.scheduleId === future.scheduleId);
    expect(kept).toHaveLength(5);
    const regenerated = after.filter((s) => !kept.includes(s));
    expect(regenerated).toHaveLength(3);
    expect(regenerated.every((s) => s.scheduleHour === 19 && dayjs(s.scheduleDate, 'YYYY-MM-DD').day() === later && s.scheduleDate > today)).toBe(true);
  });

  it('renaming it leaves its sessions alone', async () => {
    const { body, classId } = await runningClass();
    const before = (await sessionsOf(classId)).map((s) => s.scheduleId);
    const res = await call(ctx.t.app, 'PUT', '/learning/class/update', ctx.tok.admin, { ...body, class_id: classId, class_name: `${body.class_name} (đổi tên)`, teacher_salary: 300_000 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.teacher_salary).toBe(300_000);
    expect((await sessionsOf(classId)).map((s) => s.scheduleId)).toEqual(before);
  });

  it('attendance counts each session once, completes the enrolment at the total, and shows in the student enrolment list', async () => {
    const { classId } = await runningClass(2);
    const [student] = await ctx.t.database.db.select().from(users).where(and(eq(users.type, 'student'), eq(users.centerId, 1))).limit(1);
    const [cls] = await ctx.t.database.db.select().from(productItems).limit(1);
    const [allowed] = await ctx.t.database.db.select().from(productDiscounts).where(eq(productDiscounts.productId, cls.productId)).limit(1);
    // entered with the class's past sessions: counted from its first
    const enrol = await call(ctx.t.app, 'POST', '/learning/class-enrollment/create', ctx.tok.admin, {
      user_id: student.id,
      class_id: classId,
      discount_id: allowed.discountId,
      start_date: start,
    });
    expect(enrol.statusCode).toBe(201);
    expect(enrol.json().data.start_date).toBe(start);
    const sessions = await sessionsOf(classId);
    const take = (scheduleId: number, status: string, token = ctx.tok.admin) =>
      call(ctx.t.app, 'PUT', '/learning/class-schedule/is-attendance', token, { schedule_id: scheduleId, attendance: [{ user_id: student.id, status }] });
    const balance = async () =>
      (await call(ctx.t.app, 'GET', `/learning/class-enrollment/list?user_id=${student.id}&limit=10&sort_column=enrollment_id&sort_type=DESC`, ctx.tok.admin)).json().data.rows.find(
        (e: { class_id: number }) => e.class_id === classId,
      );

    const first = await take(sessions[0].scheduleId, 'present');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ is_attendance: 1, attendance: [{ user_id: student.id, status: 'present' }] });
    expect(await take(sessions[0].scheduleId, 'present')).toHaveProperty('statusCode', 200);
    expect(await balance()).toMatchObject({ total_lesson_learned: 1, status: 1 });
    // a correction is a recount, not an addition
    await take(sessions[0].scheduleId, 'absent');
    expect(await balance()).toMatchObject({ total_lesson_learned: 0, status: 1 });
    await take(sessions[0].scheduleId, 'present');
    await take(sessions[1].scheduleId, 'present');
    expect(await balance()).toMatchObject({ total_lesson_learned: 2, status: 2 });
    // the class cannot go now: its history is kept
    const del = await call(ctx.t.app, 'DELETE', `/learning/class/delete/${classId}`, ctx.tok.admin);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toContain('đã điểm danh 2 buổi');
  });

  /** A student of centre 1 not yet in `classId`, and a discount the class's course allows. */
  async function enrolment(classId: number, pick = 0) {
    const students = await ctx.t.database.db.select().from(users).where(and(eq(users.type, 'student'), eq(users.centerId, 1), eq(users.status, 1))).limit(pick + 1);
    const [any] = await ctx.t.database.db.select().from(productItems).limit(1);
    const [allowed] = await ctx.t.database.db.select().from(productDiscounts).where(eq(productDiscounts.productId, any.productId)).limit(1);
    return { user_id: students[pick].id, class_id: classId, discount_id: allowed.discountId };
  }
  const rollOf = async (scheduleId: number) =>
    ((await call(ctx.t.app, 'GET', `/learning/class-schedule/${scheduleId}`, ctx.tok.admin)).json().data.participants as Array<{ user_id: number }>).map((p) => p.user_id);
  const attendanceList = async (classId: number, date: string) =>
    ((await call(ctx.t.app, 'GET', `/learning/class-enrollment/list?class_id=${classId}&status=1&date=${date}&limit=100&page=1`, ctx.tok.admin)).json().data.rows as Array<{ user_id: number }>).map((r) => r.user_id);

  it('an enrolment made today counts from today: not on the rolls of sessions held before, and refused (400) when sent on one', async () => {
    const { classId } = await runningClass();
    const sessions = await sessionsOf(classId);
    const past = sessions.find((s) => s.scheduleDate < today)!;
    const next = sessions.find((s) => s.scheduleDate > today)!;
    const body = await enrolment(classId);
    const made = await call(ctx.t.app, 'POST', '/learning/class-enrollment/create', ctx.tok.admin, body);
    expect(made.statusCode).toBe(201);
    expect(made.json().data.start_date).toBe(today);

    expect(await rollOf(past.scheduleId)).not.toContain(body.user_id);
    expect(await attendanceList(classId, past.scheduleDate)).not.toContain(body.user_id);
    expect(await rollOf(next.scheduleId)).toContain(body.user_id);
    expect(await attendanceList(classId, next.scheduleDate)).toContain(body.user_id);

    const charged = await call(ctx.t.app, 'PUT', '/learning/class-schedule/is-attendance', ctx.tok.admin, { schedule_id: past.scheduleId, attendance: [{ user_id: body.user_id, status: 'present' }] });
    expect(charged.statusCode).toBe(400);
    expect(charged.json().error.fields.attendance).toContain('Học viên không thuộc buổi học này');
    expect(await ctx.t.database.db.select().from(attendances).where(eq(attendances.scheduleId, past.scheduleId))).toHaveLength(0);
    const [row] = await ctx.t.database.db.select().from(enrollments).where(eq(enrollments.enrollmentId, made.json().data.enrollment_id));
    expect(row.totalLessonLearned).toBe(0);
  });

  it('staff may date an enrolment back to the class start, not before it nor after today; a later date cannot leave a roll already taken', async () => {
    const { classId } = await runningClass();
    const sessions = await sessionsOf(classId);
    const create = (extra: Record<string, unknown>, pick = 1) => enrolment(classId, pick).then((body) => call(ctx.t.app, 'POST', '/learning/class-enrollment/create', ctx.tok.admin, { ...body, ...extra }));
    const tomorrow = dayjs(today, 'YYYY-MM-DD').add(1, 'day').format('YYYY-MM-DD');
    const dayBefore = dayjs(start, 'YYYY-MM-DD').subtract(1, 'day').format('YYYY-MM-DD');
    const refusals: Array<[unknown, string]> = [
      [tomorrow, 'Tính từ ngày không được sau hôm nay'],
      [dayBefore, `Tính từ ngày không được trước ngày lớp bắt đầu (${start.split('-').reverse().join('/')})`],
      ['2026-02-30', 'Tính từ ngày phải là một ngày có thật, dạng YYYY-MM-DD'],
      ['30/11/2026', 'Tính từ ngày phải là một ngày có thật, dạng YYYY-MM-DD'],
      [20261130, 'Tính từ ngày phải là một ngày có thật, dạng YYYY-MM-DD'],
    ];
    for (const [value, message] of refusals) {
      const res = await create({ start_date: value });
      expect({ value, status: res.statusCode, field: res.json().error?.fields?.start_date }).toEqual({ value, status: 400, field: message });
    }
    const second = sessions[1];
    const made = await create({ start_date: second.scheduleDate });
    expect(made.statusCode).toBe(201);
    const id = made.json().data.enrollment_id as number;
    const studentId = made.json().data.user_id as number;
    expect(await rollOf(sessions[0].scheduleId)).not.toContain(studentId);
    expect(await rollOf(second.scheduleId)).toContain(studentId);
    const taken = await call(ctx.t.app, 'PUT', '/learning/class-schedule/is-attendance', ctx.tok.admin, { schedule_id: second.scheduleId, attendance: [{ user_id: studentId, status: 'present' }] });
    expect(taken.statusCode).toBe(200);

    const update = (startDate: string) => call(ctx.t.app, 'PUT', '/learning/class-enrollment/update', ctx.tok.admin, { enrollment_id: id, discount_id: made.json().data.discount_id, start_date: startDate });
    const later = await update(sessions[2].scheduleDate);
    expect(later.statusCode).toBe(400);
    expect(later.json().error.fields.start_date).toBe(`Học viên đã được điểm danh buổi ${second.scheduleDate.split('-').reverse().join('/')}: tính từ ngày không được sau ngày đó`);
    const earlier = await update(start);
    expect(earlier.statusCode).toBe(200);
    expect(earlier.json().data).toMatchObject({ start_date: start, total_lesson_learned: 1 });
    expect(await rollOf(sessions[0].scheduleId)).toContain(studentId);
  });

  it('refuses attendance for a session still to come, for someone not in it, and from another teacher or a student', async () => {
    const { classId } = await runningClass();
    const sessions = await sessionsOf(classId);
    const future = sessions.find((s) => s.scheduleDate > today)!;
    const past = sessions[0];
    expect((await call(ctx.t.app, 'PUT', '/learning/class-schedule/is-attendance', ctx.tok.admin, { schedule_id: future.scheduleId, attendance: [] })).statusCode).toBe(409);
    const stranger = await call(ctx.t.app, 'PUT', '/learning/class-schedule/is-attendance', ctx.tok.admin, { schedule_id: past.scheduleId, attendance: [{ user_id: 1, status: 'present' }] });
    expect(stranger.statusCode).toBe(400);
    expect((await call(ctx.t.app, 'PUT', '/learning/class-schedule/is-attendance', ctx.tok.teacher, { schedule_id: past.scheduleId, attendance: [] })).statusCode).toBe(403);
    expect((await call(ctx.t.app, 'PUT', '/learning/class-schedule/is-attendance', ctx.tok.student, { schedule_id: past.scheduleId, attendance: [] })).statusCode).toBe(403);
    const bad = await call(ctx.t.app, 'PUT', '/learning/class-schedule/is-attendance', ctx.tok.admin, { schedule_id: past.scheduleId, attendance: [{ user_id: 1, status: 'late' }] });
    expect(bad.statusCode).toBe(400);
  });

  it('a class without attendance taken or students is deleted with its sessions', async () => {
    const { classId } = await runningClass();
    const res = await call(ctx.t.app, 'DELETE', `/learning/class/delete/${classId}`, ctx.tok.admin);
    expect(res.statusCode).toBe(200);
    expect(await sessionsOf(classId)).toHaveLength(0);
    expect((await call(ctx.t.app, 'GET', `/learning/class/show/${classId}`, ctx.tok.admin)).statusCode).toBe(404);
  });
});

describe('one session: move, cancel, make-up', () => {
  it('moving is clash-checked and notifies the teacher; cancelling notifies too', async () => {
    const a = await classBody({ start_date: '2032-03-01', class_schedule: pattern([1, 18]) });
    const b = await classBody({ teacher_id: a.teacher_id, start_date: '2032-03-01', class_schedule: pattern([3, 18]) });
    const idA = (await call(ctx.t.app, 'POST', '/learning/class/create', ctx.tok.admin, a)).json().data.class_id;
    await call(ctx.t.app, 'POST', '/learning/class/create', ctx.tok.admin, b);
    const [session] = await sessionsOf(idA);
    const onto = await call(ctx.t.app, 'PUT', '/learning/class-schedule', ctx.tok.admin, { schedule_id: session.scheduleId, schedule_date: '2032-03-03', schedule_hour: 18, schedule_minute: 30 });
    expect(onto.statusCode).toBe(409);
    expect(onto.json().error.message).toContain('Giáo viên đã dạy lớp');
    const ok = await call(ctx.t.app, 'PUT', '/learning/class-schedule', ctx.tok.admin, { schedule_id: session.scheduleId, schedule_date: '2032-03-04', schedule_hour: 8, schedule_minute: 0 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ schedule_date: '2032-03-04', schedule_date_text: 'Thursday', schedule_hour: 8 });
    const notes = await ctx.t.database.db.select().from(notifications).where(eq(notifications.userId, a.teacher_id as number));
    expect(notes.map((n) => n.message)).toEqual([expect.stringContaining('chuyển sang 04/03/2032 08:00')]);
    const cancel = await call(ctx.t.app, 'DELETE', `/learning/class-schedule/${session.scheduleId}`, ctx.tok.admin);
    expect(cancel.statusCode).toBe(200);
    expect((await ctx.t.database.db.select().from(notifications).where(eq(notifications.userId, a.teacher_id as number))).map((n) => n.name)).toContain('Huỷ buổi học');
    // teachers do not move sessions
    const [other] = await sessionsOf(idA);
    expect((await call(ctx.t.app, 'DELETE', `/learning/class-schedule/${other.scheduleId}`, ctx.tok.teacher)).statusCode).toBe(403);
  });

  it('a make-up session is for the absent students it names, who alone see it', async () => {
    const body = await classBody({ start_date: '2032-04-05', class_schedule: pattern([1, 18]) });
    const classId = (await call(ctx.t.app, 'POST', '/learning/class/create', ctx.tok.admin, body)).json().data.class_id;
    const students = await ctx.t.database.db.select().from(users).where(and(eq(users.type, 'student'), eq(users.centerId, 1), eq(users.status, 1))).limit(2);
    for (const s of students) await ctx.t.database.db.insert(enrollments).values({ classId, userId: s.id, status: 1, totalLesson: 6, startDate: '2000-01-01' });
    const [missed] = await sessionsOf(classId);
    const made = await call(ctx.t.app, 'POST', '/learning/class-schedule', ctx.tok.admin, {
      class_id: classId,
      schedule_date: '2032-04-07',
      schedule_hour: 9,
      schedule_minute: 0,
      makeup_of: missed.scheduleId,
      student_ids: [students[0].id],
    });
    expect(made.statusCode).toBe(201);
    const makeupId = made.json().data.schedule_id;
    expect(made.json().data.makeup_of).toBe(missed.scheduleId);
    const detail = (await call(ctx.t.app, 'GET', `/learning/class-schedule/${makeupId}`, ctx.tok.admin)).json().data;
    expect(detail.participants.map((p: { user_id: number }) => p.user_id)).toEqual([students[0].id]);
    expect((await call(ctx.t.app, 'GET', `/learning/class-schedule/${missed.scheduleId}`, ctx.tok.admin)).json().data.makeups).toEqual([
      expect.objectContaining({ schedule_id: makeupId, schedule_date: '2032-04-07' }),
    ]);
    // someone outside the missed session cannot be put in it
    const [outsider] = await ctx.t.database.db.select().from(users).where(and(eq(users.type, 'student'), eq(users.centerId, 2))).limit(1);
    const refused = await call(ctx.t.app, 'POST', '/learning/class-schedule', ctx.tok.admin, {
      class_id: classId, schedule_date: '2032-04-08', schedule_hour: 9, schedule_minute: 0, makeup_of: missed.scheduleId, student_ids: [outsider.id],
    });
    expect(refused.statusCode).toBe(400);
    const rows = await ctx.t.database.db.select().from(classSchedules).where(inArray(classSchedules.scheduleId, [makeupId]));
    expect(rows).toHaveLength(1);
    expect(await ctx.t.database.db.select().from(attendances).where(eq(attendances.scheduleId, makeupId))).toHaveLength(0);
  });
});
