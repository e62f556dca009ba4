/**
 * Scheduling at speed: a substitute teacher for one session or a date range of a class (clash-checked on
 * the substitute's calendar, within the caller's reach, refused once the roll is taken), who then has the
 * session (list, feed) and is paid for it on a payroll line naming the teacher replaced, the families told,
 * audited; and the class preview's proposals of a free room and a free teacher, honoured by the writes.
 */
import ExcelJS from 'exceljs';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { dayjs, operatorToday } from '@trungtam/shared/operatorDate';
import { auditLogs, centers, classSchedules, enrollments, holidays, messageOutbox, notifications, productItems, rooms, users } from '../src/db/schema';
import { call, setUpTestApp } from './helpers';

const ctx = setUpTestApp();
const db = () => ctx.t.database.db;
// the seed's national days off would clash with the sessions these tests place relative to today
beforeAll(() => db().delete(holidays).where(isNull(holidays.centerId)));
const today = operatorToday();
const day = (offset: number) => dayjs(today).add(offset, 'day').format('YYYY-MM-DD');
const everyDayAt5 = JSON.stringify([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, hour: 5, minute: 0, duration: 60 })));

let seq = 0;
async function newTeacher(centerId = 1): Promise<{ id: number; name: string }> {
  seq += 1;
  const [row] = await db()
    .insert(users)
    .values({ name: `GV Dạy thay ${seq}`, email: `gv.daythay${seq}@example.com`, passwordHash: 'x', type: 'teacher', status: 1, roleId: 3, centerId })
    .returning();
  return { id: row.id, name: row.name! };
}
async function newRoom(centerId = 1, capacity: number | null = null): Promise<number> {
  seq += 1;
  const [row] = await db().insert(rooms).values({ centerId, name: `Phòng dạy thay ${seq}`, capacity }).returning();
  return row.roomId;
}
async function lessons(count: number) {
  const [any] = await db().select().from(productItems).limit(1);
  const [row] = await db().insert(productItems).values({ productId: any.productId, name: `Gói ${count} buổi`, totalLesson: count, price: 1_000_000 }).returning();
  return { product_id: row.productId, product_item_id: row.productItemId };
}
/** A class of `teacherId` every day at 05:00 (when no seeded session is), from `start`, `count` lessons. */
async function newClass(teacherId: number, start: string, count: number, centerId = 1, extra: Record<string, unknown> = {}) {
  const body = {
    class_name: `Lớp dạy thay ${++seq}`,
    class_type: 'group',
    ...(await lessons(count)),
    teacher_id: teacherId,
    academic_affair_id: null,
    center_id: centerId,
    room_id: await newRoom(centerId),
    teacher_salary: 320_000,
    start_date: start,
    class_schedule: everyDayAt5,
    ...extra,
  };
  // a centre's day off on one of its days is kept (only days off can clash: its teacher and room are new)
  const planned = (await call(ctx.t.app, 'POST', '/learning/class/preview-schedule', ctx.tok.admin, body)).json().data as { sessions: Array<{ date: string; hour: number; minute: number; clashes: unknown[] }> };
  const resolutions = planned.sessions.filter((s) => s.clashes.length).map((s) => ({ date: s.date, hour: s.hour, minute: s.minute, action: 'keep' }));
  const res = await call(ctx.t.app, 'POST', '/learning/class/create', ctx.tok.admin, { ...body, resolutions });
  expect(res.statusCode).toBe(201);
  const classId = res.json().data.class_id as number;
  const sessions = await db().select().from(classSchedules).where(eq(classSchedules.classId, classId)).orderBy(classSchedules.scheduleDate);
  return { classId, body, sessions, on: (date: string) => sessions.find((s) => s.scheduleDate === date)! };
}
/** A student of centre 1 enrolled in the class from long ago (no guardian: reached at their own e-mail). */
async function enrolStudent(classId: number) {
  seq += 1;
  const [student] = await db()
    .insert(users)
    .values({ name: `HV Dạy thay ${seq}`, email: `hv.daythay${seq}@example.com`, passwordHash: 'x', type: 'student', status: 1, roleId: 4, centerId: 1 })
    .returning();
  await db().insert(enrollments).values({ userId: student.id, classId, totalLesson: 30, startDate: '2020-01-01', status: 1 });
  return student;
}
const substitute = (scheduleId: number, teacherId: number, token = ctx.tok.admin) =>
  call(ctx.t.app, 'POST', '/learning/class-schedule/substitute', token, { schedule_id: scheduleId, teacher_id: teacherId });
const sessionRow = async (id: number) => (await db().select().from(classSchedules).where(eq(classSchedules.scheduleId, id)))[0];

/** The feed of a user (the URL staff are given) and its events by UID. */
async function feedOf(userId: number): Promise<Map<string, Record<string, string>>> {
  const { url } = (await call(ctx.t.app, 'GET', `/calendar/feed?kind=user&id=${userId}`, ctx.tok.admin)).json().data as { url: string };
  const { pathname, search } = new URL(url);
  const ics = (await ctx.t.app.inject({ method: 'GET', url: pathname + search })).body;
  const found = new Map<string, Record<string, string>>();
  for (const block of ics.replace(/\r\n[ \t]/g, '').split('BEGIN:VEVENT').slice(1)) {
    const fields: Record<string, string> = {};
    for (const line of block.split('\r\n')) {
      const at = line.indexOf(':');
      if (at > 0) fields[line.slice(0, at).split(';')[0]] = line.slice(at + 1);
    }
    found.set(fields.UID, fields);
  }
  return found;
}

describe('a substitute teacher for one session', () => {
  it('gives the session to the substitute (list, detail, feed), takes it from the original, tells both, the families, and audits it', async () => {
    const original = await newTeacher();
    const cls = await newClass(original.id, day(1), 4);
    const student = await enrolStudent(cls.classId);
    const session = cls.on(day(2));
    const [demoTeacher] = await db().select().from(users).where(eq(users.email, 'giaovien@trungtam.vn'));

    const res = await substitute(session.scheduleId, demoTeacher.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ schedule_id: session.scheduleId, teacher_id: demoTeacher.id, original_teacher_id: original.id });

    // the substitute sees it (their list, its detail, with who they replace); the original's list no longer has it
    const mine = await call(ctx.t.app, 'GET', `/learning/class-schedule?schedule_date=${day(2)}&schedule_date=${day(2)}&relationships=teacher`, ctx.tok.teacher);
    const listed = (mine.json().data.rows as Array<{ schedule_id: number; original_teacher: { name: string } | null }>).find((r) => r.schedule_id === session.scheduleId);
    expect(listed?.original_teacher?.name).toBe(original.name);
    expect((await call(ctx.t.app, 'GET', `/learning/class-schedule/${session.scheduleId}`, ctx.tok.teacher)).statusCode).toBe(200);
    const theirs = await call(ctx.t.app, 'GET', `/learning/class-schedule?teacher_id=${original.id}&schedule_date=${day(1)}&schedule_date=${day(4)}`, ctx.tok.admin);
    expect((theirs.json().data.rows as Array<{ schedule_id: number }>).map((r) => r.schedule_id)).not.toContain(session.scheduleId);
    expect(theirs.json().data.rows).toHaveLength(3);

    // the substitute's feed gains it, the original's shows it cancelled
    const uid = `session-${session.scheduleId}@trungtam.vn`;
    expect((await feedOf(demoTeacher.id)).get(uid)?.STATUS).toBe('CONFIRMED');
    expect((await feedOf(original.id)).get(uid)?.STATUS).toBe('CANCELLED');

    // both teachers notified, the student's family told, the change audited
    const told = await db().select().from(notifications).where(and(eq(notifications.name, 'Dạy thay'), sql`${notifications.userId} in (${original.id}, ${demoTeacher.id})`));
    expect(told.filter((n) => n.message.includes(demoTeacher.name!))).toHaveLength(2);
    const messages = await db()
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.kind, 'schedule_change'), sql`${messageOutbox.payload}->>'schedule_id' = ${String(session.scheduleId)}`, sql`${messageOutbox.studentIds} @> array[${student.id}]::integer[]`));
    expect(messages).toHaveLength(1);
    expect(messages[0].text).toContain(`sẽ do giáo viên ${demoTeacher.name} dạy thay`);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.resource, 'LearningClassSchedule'), eq(auditLogs.resourceId, String(session.scheduleId)), eq(auditLogs.action, 'update')));
    expect(audit.after).toMatchObject({ teacherId: demoTeacher.id, originalTeacherId: original.id });

    // naming the original again gives it back: no substitute left, back in the original's feed
    const back = await substitute(session.scheduleId, original.id);
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({ teacher_id: original.id, original_teacher_id: null });
    expect((await feedOf(original.id)).get(uid)?.STATUS).toBe('CONFIRMED');
    expect((await feedOf(demoTeacher.id)).has(uid)).toBe(false);
  });

  it("refuses a substitute busy then (409 naming the other class), the session's own teacher (400), a roll already taken (409)", async () => {
    const original = await newTeacher();
    const busy = await newTeacher();
    const cls = await newClass(original.id, day(10), 3);
    const other = await newClass(busy.id, day(11), 1);
    const clash = await substitute(cls.on(day(11)).scheduleId, busy.id);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toContain(other.body.class_name);
    expect((await sessionRow(cls.on(day(11)).scheduleId)).teacherId).toBe(original.id);

    const same = await substitute(cls.on(day(10)).scheduleId, original.id);
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields.teacher_id).toBe('Giáo viên này đang dạy buổi học');

    await db().update(classSchedules).set({ isAttendance: 1 }).where(eq(classSchedules.scheduleId, cls.on(day(12)).scheduleId));
    const taken = await substitute(cls.on(day(12)).scheduleId, busy.id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Buổi học đã điểm danh: không thể đổi giáo viên');
  });

  it("keeps to the caller's reach: a giáo vụ names only teachers and sessions of their centre; teachers and students may not", async () => {
    const original = await newTeacher();
    const cls = await newClass(original.id, day(20), 1);
    const elsewhere = await newTeacher(2);
    const outOfReach = await substitute(cls.on(day(20)).scheduleId, elsewhere.id, ctx.tok.academicAffair);
    expect(outOfReach.statusCode).toBe(400);
    expect(outOfReach.json().error.fields.teacher_id).toBe('Giáo viên không tồn tại hoặc ngoài phạm vi của bạn');
    const student = await enrolStudent(cls.classId);
    expect((await substitute(cls.on(day(20)).scheduleId, student.id)).statusCode).toBe(400);

    const farTeacher = await newTeacher(2);
    const far = await newClass(farTeacher.id, day(20), 1, 2);
    expect((await substitute(far.on(day(20)).scheduleId, elsewhere.id, ctx.tok.academicAffair)).statusCode).toBe(403);
    const colleague = await newTeacher();
    expect((await substitute(cls.on(day(20)).scheduleId, colleague.id, ctx.tok.academicAffair)).statusCode).toBe(200);
    expect((await substitute(cls.on(day(20)).scheduleId, original.id, ctx.tok.teacher)).statusCode).toBe(403);
    expect((await substitute(cls.on(day(20)).scheduleId, original.id, ctx.tok.student)).statusCode).toBe(403);
  });

  it('pays the one who taught: the payroll line is the substitute’s and names the teacher replaced', async () => {
    const original = await newTeacher();
    const sub = await newTeacher();
    const cls = await newClass(original.id, day(-3), 3);
    const student = await enrolStudent(cls.classId);
    // a session that has taken place without its roll may still go to who taught it
    const taught = cls.on(day(-2));
    expect((await substitute(taught.scheduleId, sub.id)).statusCode).toBe(200);
    const roll = await call(ctx.t.app, 'PUT', '/learning/class-schedule/is-attendance', ctx.tok.admin, { schedule_id: taught.scheduleId, attendance: [{ user_id: student.id, status: 'present' }] });
    expect(roll.statusCode).toBe(200);
    const range = `created_at=${encodeURIComponent(`${day(-3)} 00:00:00`)}&created_at=${encodeURIComponent(`${day(-1)} 23:59:59`)}`;
    const forSub = (await call(ctx.t.app, 'GET', `/payroll-timesheet/list?${range}&teacher_id=${sub.id}`, ctx.tok.admin)).json().data;
    expect(forSub.rows).toEqual([
      expect.objectContaining({ schedule_id: taught.scheduleId, teacher_id: sub.id, teacher_name: sub.name, original_teacher_id: original.id, original_teacher_name: original.name, amount: 320_000 }),
    ]);
    expect(forSub.totals).toEqual([expect.objectContaining({ teacher_id: sub.id, sessions: 1, amount: 320_000 })]);
    const forOriginal = (await call(ctx.t.app, 'GET', `/payroll-timesheet/list?${range}&teacher_id=${original.id}`, ctx.tok.admin)).json().data;
    expect(forOriginal.rows).toEqual([]);
    // the export names both too
    const xlsx = await call(ctx.t.app, 'GET', `/payroll-timesheet/export?${range}&teacher_id=${sub.id}`, ctx.tok.admin);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const [head, line] = [1, 2].map((n) => (book.worksheets[0].getRow(n).values as unknown[]).slice(1));
    expect([head[4], head[5]]).toEqual(['Giáo viên', 'Dạy thay cho']);
    expect([line[0], line[4], line[5]]).toEqual([taught.scheduleId, sub.name, original.name]);
  });
});

describe('a substitute teacher for a date range of a class', () => {
  it('sets every session it can and answers each refused one with its reason', async () => {
    const original = await newTeacher();
    const sub = await newTeacher();
    const cls = await newClass(original.id, day(30), 5);
    await newClass(sub.id, day(32), 1);
    await db().update(classSchedules).set({ isAttendance: 1 }).where(eq(classSchedules.scheduleId, cls.on(day(34)).scheduleId));
    const res = await call(ctx.t.app, 'POST', '/learning/class-schedule/substitute-range', ctx.tok.academicAffair, { class_id: cls.classId, teacher_id: sub.id, from: day(30), to: day(34) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { set: number; refused: number; sessions: Array<{ schedule_date: string; status: string; reason: string | null }> };
    expect(data).toMatchObject({ set: 3, refused: 2 });
    expect(data.sessions.map((s) => [s.schedule_date, s.status])).toEqual([
      [day(30), 'set'],
      [day(31), 'set'],
      [day(32), 'refused'],
      [day(33), 'set'],
      [day(34), 'refused'],
    ]);
    expect(data.sessions[2].reason).toContain('Giáo viên dạy thay bị trùng lịch');
    expect(data.sessions[4].reason).toBe('Buổi học đã điểm danh: không thể đổi giáo viên');
    const rows = await db().select().from(classSchedules).where(eq(classSchedules.classId, cls.classId)).orderBy(classSchedules.scheduleDate);
    expect(rows.map((r) => r.teacherId)).toEqual([sub.id, sub.id, original.id, sub.id, original.id]);
    expect(rows.filter((r) => r.originalTeacherId === original.id)).toHaveLength(3);
  });

  it('refuses a range backwards, too long, or without sessions (400), a class out of reach as a missing one', async () => {
    const original = await newTeacher();
    const sub = await newTeacher();
    const cls = await newClass(original.id, day(40), 1);
    const range = (body: Record<string, unknown>, token = ctx.tok.admin) =>
      call(ctx.t.app, 'POST', '/learning/class-schedule/substitute-range', token, { class_id: cls.classId, teacher_id: sub.id, from: day(40), to: day(40), ...body });
    expect((await range({ to: day(39) })).json().error.fields.to).toBe('Ngày bắt đầu phải trước hoặc bằng ngày kết thúc');
    expect((await range({ to: day(40 + 400) })).json().error.fields.to).toBe('Khoảng ngày tối đa 366 ngày');
    expect((await range({ from: day(41), to: day(45) })).json().error.fields.from).toBe('Không có buổi học nào của lớp trong khoảng ngày này');
    expect((await range({ from: '2031-02-30' })).statusCode).toBe(400);
    const far = await newClass((await newTeacher(2)).id, day(40), 1, 2);
    const outOfReach = await range({ class_id: far.classId }, ctx.tok.academicAffair);
    expect(outOfReach.statusCode).toBe(400);
    expect(Object.keys(outOfReach.json().error.fields)).toEqual(['class_id']);
  });
});

interface PreviewSession {
  schedule_date: string;
  hour: number;
  minute: number;
  date: string;
  resolution: string | null;
  clashes: Array<{ kind: string }>;
  room_proposal: { room_id: number; name: string } | null;
  teacher_proposal: { id: number; name: string } | null;
}

describe('the class preview proposes a free room and a free teacher', () => {
  /** A centre of its own: its rooms and teachers are only the test's. */
  async function newCentre() {
    seq += 1;
    const [row] = await db().insert(centers).values({ name: `Trung tâm dạy thay ${seq}` }).returning();
    return row.centerId;
  }
  const preview = (body: Record<string, unknown>) => call(ctx.t.app, 'POST', '/learning/class/preview-schedule', ctx.tok.admin, body);
  const at = (resolution: Record<string, unknown>, session: PreviewSession) => ({ date: session.date, hour: session.hour, minute: session.minute, ...resolution });

  it('a room taken: the smallest room of the centre big enough for the students and free then; chosen, the session is written there', async () => {
    const centre = await newCentre();
    const taken = await newClass((await newTeacher(centre)).id, day(60), 2, centre);
    const tooSmall = await newRoom(centre, 1);
    const fits = await newRoom(centre, 10);
    await newRoom(centre, 30);
    // a running class of two students, moved into the taken room
    const cls = await newClass((await newTeacher(centre)).id, day(60), 2, centre);
    await enrolStudent(cls.classId);
    await enrolStudent(cls.classId);
    const body = { ...cls.body, class_id: cls.classId, room_id: taken.body.room_id };
    const data = (await preview(body)).json().data as { sessions: PreviewSession[]; unresolved: number };
    expect(data.unresolved).toBe(2);
    expect(data.sessions[0].clashes.map((c) => c.kind)).toEqual(['room']);
    expect(data.sessions[0].room_proposal).toEqual({ room_id: fits, name: expect.any(String) });
    expect(data.sessions[0].teacher_proposal).toBeNull();
    expect(data.sessions.every((s) => s.room_proposal?.room_id !== tooSmall)).toBe(true);

    // "apply to all": every clash reassigned to its proposal at once
    const resolutions = data.sessions.map((s) => at({ action: 'reassign', room_id: s.room_proposal!.room_id }, s));
    const chosen = (await preview({ ...body, resolutions })).json().data as { sessions: PreviewSession[]; unresolved: number };
    expect(chosen.unresolved).toBe(0);
    expect(chosen.sessions.map((s) => [s.resolution, s.room_proposal?.room_id])).toEqual([
      ['reassign', fits],
      ['reassign', fits],
    ]);
    const updated = await call(ctx.t.app, 'PUT', '/learning/class/update', ctx.tok.admin, { ...body, resolutions });
    expect(updated.statusCode).toBe(200);
    const rows = await db().select().from(classSchedules).where(eq(classSchedules.classId, cls.classId));
    expect(rows.map((r) => r.roomId)).toEqual([fits, fits]);
  });

  it('a teacher busy: a free teacher of the centre, written as their substitute session; a busy or out-of-reach choice is refused', async () => {
    const centre = await newCentre();
    const busy = await newTeacher(centre);
    const alsoBusy = await newTeacher(centre);
    const free = await newTeacher(centre);
    await newClass(busy.id, day(70), 1, centre);
    await newClass(alsoBusy.id, day(70), 1, centre);
    const body = { ...(await newClass(busy.id, day(71), 1, centre)).body, class_name: `Lớp giáo viên trùng ${++seq}`, start_date: day(70), room_id: await newRoom(centre), ...(await lessons(1)) };
    const data = (await preview(body)).json().data as { sessions: PreviewSession[] };
    const [session] = data.sessions;
    expect(session.clashes.map((c) => c.kind)).toEqual(['teacher']);
    expect(session.teacher_proposal).toEqual({ id: free.id, name: free.name });
    expect(session.room_proposal).toBeNull();

    const onBusy = await call(ctx.t.app, 'POST', '/learning/class/create', ctx.tok.admin, { ...body, resolutions: [at({ action: 'reassign', teacher_id: alsoBusy.id }, session)] });
    expect(onBusy.statusCode).toBe(409);
    const far = await newTeacher(2);
    const outOfReach = await call(ctx.t.app, 'POST', '/learning/class/create', ctx.tok.academicAffair, { ...body, center_id: 1, room_id: await newRoom(1), teacher_id: (await newTeacher(1)).id, resolutions: [at({ action: 'reassign', teacher_id: far.id }, session)] });
    expect(outOfReach.statusCode).toBe(400);
    expect(outOfReach.json().error.fields.resolutions).toBe('Giáo viên không tồn tại hoặc ngoài phạm vi của bạn');

    const created = await call(ctx.t.app, 'POST', '/learning/class/create', ctx.tok.admin, { ...body, resolutions: [at({ action: 'reassign', teacher_id: free.id }, session)] });
    expect(created.statusCode).toBe(201);
    const [row] = await db().select().from(classSchedules).where(eq(classSchedules.classId, created.json().data.class_id));
    expect(row).toMatchObject({ teacherId: free.id, originalTeacherId: busy.id, scheduleDate: day(70) });
  });

  it('offers neither when a student or a holiday is the clash, and refuses a room or teacher on another choice (400)', async () => {
    const centre = await newCentre();
    const teacher = await newTeacher(centre);
    const body = { ...(await newClass(teacher.id, day(80), 1, centre)).body, class_name: `Lớp nghỉ ${++seq}`, room_id: await newRoom(centre), ...(await lessons(1)) };
    await newRoom(centre);
    await call(ctx.t.app, 'POST', '/learning/holiday/create', ctx.tok.admin, { center_id: centre, date: day(81), name: 'Nghỉ thử' });
    const data = (await preview({ ...body, teacher_id: (await newTeacher(centre)).id, start_date: day(81) })).json().data as { sessions: PreviewSession[] };
    expect(data.sessions[0].clashes.map((c) => c.kind)).toEqual(['holiday']);
    expect([data.sessions[0].room_proposal, data.sessions[0].teacher_proposal]).toEqual([null, null]);
    const wrong = await preview({ ...body, resolutions: [{ date: day(80), hour: 5, minute: 0, action: 'keep', teacher_id: teacher.id }] });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().error.fields)).toEqual(['resolutions']);
  });
});

describe('a class edit keeps the substitutes of its regenerated sessions', () => {
  interface Dropped {
    schedule_date: string;
    schedule_hour: number;
    teacher_id: number;
    reason: string;
    message: string;
  }
  const everyDayAt = (hour: number, duration = 60) => JSON.stringify([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, hour, minute: 0, duration })));
  /** Edits the class (clashes kept, as newClass creates it) and answers the substitutes dropped, and its sessions by date. */
  async function edit(cls: Awaited<ReturnType<typeof newClass>>, changes: Record<string, unknown>) {
    const body = { ...cls.body, class_id: cls.classId, ...changes };
    const planned = (await call(ctx.t.app, 'POST', '/learning/class/preview-schedule', ctx.tok.admin, body)).json().data as { sessions: Array<{ state: string; date: string; hour: number; minute: number; clashes: unknown[] }> };
    const resolutions = planned.sessions.filter((s) => s.state === 'new' && s.clashes.length).map((s) => ({ date: s.date, hour: s.hour, minute: s.minute, action: 'keep' }));
    const res = await call(ctx.t.app, 'PUT', '/learning/class/update', ctx.tok.admin, { ...body, resolutions });
    expect(res.statusCode).toBe(200);
    const sessions = await db().select().from(classSchedules).where(eq(classSchedules.classId, cls.classId)).orderBy(classSchedules.scheduleDate);
    return { dropped: res.json().data.dropped_substitutes as Dropped[], on: (date: string) => sessions.find((s) => s.scheduleDate === date)! };
  }

  it('keeps a substitute whose session is regenerated at the same date and start time, for the new teacher and room, with who set it', async () => {
    const original = await newTeacher();
    const sub = await newTeacher();
    const cls = await newClass(original.id, day(90), 4);
    expect((await substitute(cls.on(day(91)).scheduleId, sub.id)).statusCode).toBe(200);
    const { substituteSetBy: setBy, substituteSetAt: setAt } = await sessionRow(cls.on(day(91)).scheduleId);
    expect(setBy).not.toBeNull();
    const next = await newTeacher();
    const room = await newRoom();

    const after = await edit(cls, { teacher_id: next.id, room_id: room });
    expect(after.dropped).toEqual([]);
    expect(after.on(day(91))).toMatchObject({ teacherId: sub.id, originalTeacherId: next.id, roomId: room, substituteSetBy: setBy, substituteSetAt: setAt });
    expect(after.on(day(91)).scheduleId).not.toBe(cls.on(day(91)).scheduleId);
    expect([day(90), day(92), day(93)].map((d) => [after.on(d).teacherId, after.on(d).originalTeacherId])).toEqual([
      [next.id, null],
      [next.id, null],
      [next.id, null],
    ]);

    // payroll pays the one who taught the kept session, naming the class's teacher they replaced
    await db().update(classSchedules).set({ isAttendance: 1 }).where(eq(classSchedules.scheduleId, after.on(day(91)).scheduleId));
    const range = `created_at=${encodeURIComponent(`${day(91)} 00:00:00`)}&created_at=${encodeURIComponent(`${day(91)} 23:59:59`)}`;
    const forSub = (await call(ctx.t.app, 'GET', `/payroll-timesheet/list?${range}&teacher_id=${sub.id}`, ctx.tok.admin)).json().data;
    expect(forSub.rows).toEqual([expect.objectContaining({ schedule_id: after.on(day(91)).scheduleId, teacher_id: sub.id, original_teacher_id: next.id, amount: 320_000 })]);
    const forNext = (await call(ctx.t.app, 'GET', `/payroll-timesheet/list?${range}&teacher_id=${next.id}`, ctx.tok.admin)).json().data;
    expect(forNext.rows).toEqual([]);
  });

  it('drops a substitute busy at the new time (the session goes to the class teacher), answers why and tells them', async () => {
    const original = await newTeacher();
    const sub = await newTeacher();
    const cls = await newClass(original.id, day(100), 3);
    expect((await substitute(cls.on(day(101)).scheduleId, sub.id)).statusCode).toBe(200);
    const other = await newClass(sub.id, day(101), 1, 1, { class_schedule: everyDayAt(6) });

    // two hours from 05:00: the same occurrence, now overlapping the substitute's 06:00 session
    const after = await edit(cls, { class_schedule: everyDayAt(5, 120) });
    expect(after.dropped).toEqual([expect.objectContaining({ schedule_date: day(101), schedule_hour: 5, teacher_id: sub.id, reason: 'clash' })]);
    expect(after.dropped[0].message).toContain(other.body.class_name);
    expect(after.on(day(101))).toMatchObject({ teacherId: original.id, originalTeacherId: null, duration: 120 });
    const told = await db().select().from(notifications).where(eq(notifications.userId, sub.id));
    expect(told.some((n) => n.message.includes(cls.body.class_name) && n.message.includes('không còn do bạn dạy thay'))).toBe(true);
  });

  it('drops a substitute whose session no longer starts at that time, and keeps no substitute on the new sessions', async () => {
    const original = await newTeacher();
    const sub = await newTeacher();
    const cls = await newClass(original.id, day(110), 3);
    expect((await substitute(cls.on(day(111)).scheduleId, sub.id)).statusCode).toBe(200);

    const after = await edit(cls, { class_schedule: everyDayAt(7) });
    expect(after.dropped).toEqual([
      { schedule_date: day(111), schedule_hour: 5, schedule_minute: 0, teacher_id: sub.id, teacher_name: sub.name, reason: 'slot_gone', message: 'Lịch mới không còn buổi học vào ngày giờ này' },
    ]);
    expect(after.on(day(111))).toMatchObject({ scheduleHour: 7, teacherId: original.id, originalTeacherId: null, substituteSetBy: null });
    // an edit that changes nothing that generates sessions leaves the substitutes alone
    const unchanged = await call(ctx.t.app, 'PUT', '/learning/class/update', ctx.tok.admin, { ...cls.body, class_id: cls.classId, class_schedule: everyDayAt(7), class_name: `${cls.body.class_name} (đổi tên)` });
    expect(unchanged.json().data.dropped_substitutes).toEqual([]);
  });
});
