/**
 * The date from which an enrolment counts is the operator's (Việt Nam) whatever the server's zone and
 * hour: at 00:30 on a Monday in Việt Nam (still Sunday in UTC) an enrolment made then counts from that
 * Monday, that Monday may be sent and the Tuesday may not, and the student is on that Monday's roll but
 * not on the previous one's. `npm test` runs this file under TZ=UTC and again under TZ=Asia/Ho_Chi_Minh.
 */
import { and, eq } from 'drizzle-orm';
import { classSchedules, productDiscounts, productItems, rooms, users } from '../src/db/schema';
import { call, login, setUpTestApp, DEMO_ACCOUNTS } from './helpers';

const ctx = setUpTestApp();

/** The clock at `now`; only the clock: the database and the server keep their real timers. */
const clockAt = (now: string) =>
  jest.useFakeTimers({ now: new Date(now), doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'queueMicrotask', 'hrtime', 'performance'] });

afterEach(() => {
  jest.useRealTimers();
});

describe.each([
  // Monday 30/11/2026 00:30 in Việt Nam = Sunday 17:30 UTC
  ['2026-11-29T17:30:00Z', '2026-11-30'],
  // Sunday 29/11/2026 23:30 in Việt Nam = Sunday 16:30 UTC
  ['2026-11-29T16:30:00Z', '2026-11-29'],
])('at %s (the operator’s %s)', (now, operatorDay) => {
  it('an enrolment counts from the operator’s today by default, takes today and no later, and is on the rolls from that day only', async () => {
    clockAt(now);
    const token = await login(ctx.t.app, DEMO_ACCOUNTS.admin);
    const [item] = await ctx.t.database.db.select().from(productItems).limit(1);
    const [allowed] = await ctx.t.database.db.select().from(productDiscounts).where(eq(productDiscounts.productId, item.productId)).limit(1);
    // a teacher and a room of their own, so that no demo session clashes
    const [teacher] = await ctx.t.database.db
      .insert(users)
      .values({ name: `GV Nửa đêm ${operatorDay}`, email: `gv.nuadem.${operatorDay}@example.com`, passwordHash: 'x', type: 'teacher', status: 1, roleId: 3 })
      .returning();
    const [room] = await ctx.t.database.db.insert(rooms).values({ centerId: 1, name: `Phòng nửa đêm ${operatorDay}` }).returning();
    // every day at 06:00 from a week before: a session on the operator's today and on each day before
    const start = new Date(Date.parse(`${operatorDay}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
    const created = await call(ctx.t.app, 'POST', '/learning/class/create', token, {
      class_name: `Lớp nửa đêm ${operatorDay}`,
      class_type: 'group',
      product_id: item.productId,
      product_item_id: item.productItemId,
      teacher_id: teacher.id,
      academic_affair_id: null,
      center_id: 1,
      room_id: room.roomId,
      teacher_salary: 250_000,
      start_date: start,
      class_schedule: JSON.stringify([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, hour: 6, minute: 0, duration: 30 }))),
      resolutions: [],
    });
    expect(created.statusCode).toBe(201);
    const classId = created.json().data.class_id as number;
    const students = await ctx.t.database.db.select().from(users).where(and(eq(users.type, 'student'), eq(users.centerId, 1), eq(users.status, 1))).limit(3);
    const enrol = (userId: number, extra: Record<string, unknown> = {}) =>
      call(ctx.t.app, 'POST', '/learning/class-enrollment/create', token, { user_id: userId, class_id: classId, discount_id: allowed.discountId, ...extra });

    const byDefault = await enrol(students[0].id);
    expect(byDefault.statusCode).toBe(201);
    expect(byDefault.json().data.start_date).toBe(operatorDay);
    const nextDay = new Date(Date.parse(`${operatorDay}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const tooLate = await enrol(students[1].id, { start_date: nextDay });
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json().error.fields.start_date).toBe('Tính từ ngày không được sau hôm nay');
    expect((await enrol(students[1].id, { start_date: operatorDay })).statusCode).toBe(201);

    const sessions = await ctx.t.database.db.select().from(classSchedules).where(eq(classSchedules.classId, classId));
    const on = (date: string) => sessions.find((s) => s.scheduleDate === date)!;
    const dayBefore = new Date(Date.parse(`${operatorDay}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const rollOf = async (date: string) =>
      ((await call(ctx.t.app, 'GET', `/learning/class-schedule/${on(date).scheduleId}`, token)).json().data.participants as Array<{ user_id: number }>).map((p) => p.user_id);
    expect(await rollOf(operatorDay)).toEqual(expect.arrayContaining([students[0].id, students[1].id]));
    expect(await rollOf(dayBefore)).toEqual([]);
    const refused = await call(ctx.t.app, 'PUT', '/learning/class-schedule/is-attendance', token, { schedule_id: on(dayBefore).scheduleId, attendance: [{ user_id: students[0].id, status: 'present' }] });
    expect(refused.statusCode).toBe(400);
  });
});
