/**
 * Calendar feeds: a private iCalendar URL per teacher, student, room and class; its events' UIDs stay, a moved
 * session raises its SEQUENCE and a cancelled one stays with STATUS:CANCELLED; a rotation stops the old URL at
 * once; a student's feed names no classmate; a feed beyond one's reach is not given.
 */
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { dayjs, operatorToday } from '@trungtam/shared/operatorDate';
import { classSchedules, users } from '../src/db/schema';
import { API, call, setUpTestApp } from './helpers';

const ctx = setUpTestApp();
const db = () => ctx.t.database.db;

/** The feed's path and its calendar, fetched without signing in. */
async function fetchFeed(url: string) {
  const { pathname, search } = new URL(url);
  const res = await ctx.t.app.inject({ method: 'GET', url: pathname + search });
  return { status: res.statusCode, type: res.headers['content-type'], body: res.body };
}
/** The events of a calendar, each as its properties (unfolded). */
function events(ics: string): Array<Record<string, string>> {
  const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
  const found: Array<Record<string, string>> = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      found.push(current!);
      current = null;
    } else if (current) {
      const at = line.indexOf(':');
      current[line.slice(0, at).split(';')[0]] = line.slice(at + 1);
    }
  }
  return found;
}
/** The parts every RFC 5545 calendar has: CRLF lines, VCALENDAR with VERSION and PRODID, balanced components. */
function expectICalendar(ics: string) {
  expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
  expect(ics).toContain('VERSION:2.0\r\n');
  expect(ics).toMatch(/PRODID:[^\r\n]+\r\n/);
  expect(ics.split('BEGIN:VEVENT').length).toBe(ics.split('END:VEVENT').length);
  for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
}

describe('calendar feeds', () => {
  it("give a teacher their sessions in UTC with stable UIDs; a move raises the SEQUENCE, a cancel marks it", async () => {
    const own = await call(ctx.t.app, 'GET', '/calendar/feed', ctx.tok.teacher);
    expect(own.statusCode).toBe(200);
    const { url, kind } = own.json().data;
    expect(kind).toBe('user');
    expect(url).toMatch(/\/api\/v1\/calendar\/user\/\d+\/feed\.ics\?token=[A-Za-z0-9_-]{32}$/);
    const first = await fetchFeed(url);
    expect(first.status).toBe(200);
    expect(first.type).toContain('text/calendar');
    expectICalendar(first.body);
    const listed = events(first.body);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((event) => /^\d{8}T\d{6}Z$/.test(event.DTSTART))).toBe(true);

    // a future session of the teacher's, not yet taken
    const [teacher] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'giaovien@trungtam.vn'));
    const today = operatorToday();
    const [session] = await db()
      .select()
      .from(classSchedules)
      .where(and(eq(classSchedules.teacherId, teacher.id), gt(classSchedules.scheduleDate, dayjs(today).add(3, 'day').format('YYYY-MM-DD')), eq(classSchedules.isAttendance, 0)))
      .orderBy(asc(classSchedules.scheduleDate))
      .limit(1);
    const uid = `session-${session.scheduleId}@trungtam.vn`;
    const before = events(first.body).find((event) => event.UID === uid)!;
    expect(before).toBeDefined();
    // early morning, when no seeded session is (no clash with the teacher's or the room's others)
    const hour = session.scheduleHour === 5 ? 6 : 5;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const moved = await call(ctx.t.app, 'PUT', '/learning/class-schedule', ctx.tok.admin, { schedule_id: session.scheduleId, schedule_date: dayjs(today).add(60, 'day').format('YYYY-MM-DD'), schedule_hour: hour, schedule_minute: 0, duration: 60 });
    expect(moved.statusCode).toBe(200);
    const after = events((await fetchFeed(url)).body).find((event) => event.UID === uid)!;
    expect(Number(after.SEQUENCE ?? 0)).toBeGreaterThan(Number(before.SEQUENCE ?? 0));
    expect(after.DTSTART).not.toBe(before.DTSTART);
    // operator time is UTC+7
    expect(after.DTSTART).toBe(dayjs.tz(`${dayjs(today).add(60, 'day').format('YYYY-MM-DD')} ${String(hour).padStart(2, '0')}:00`, 'Asia/Ho_Chi_Minh').utc().format('YYYYMMDD[T]HHmmss[Z]'));

    expect((await call(ctx.t.app, 'DELETE', `/learning/class-schedule/${session.scheduleId}`, ctx.tok.admin)).statusCode).toBe(200);
    const cancelled = events((await fetchFeed(url)).body).find((event) => event.UID === uid)!;
    expect(cancelled.STATUS).toBe('CANCELLED');
  });

  it("give a student their classes' sessions, naming the class and room but no classmate", async () => {
    const { url } = (await call(ctx.t.app, 'GET', '/calendar/feed', ctx.tok.student)).json().data;
    const feed = await fetchFeed(url);
    expectICalendar(feed.body);
    const listed = events(feed.body);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((event) => event.SUMMARY.includes('Lớp'))).toBe(true);
    const others = await db().select({ name: users.name }).from(users).where(and(eq(users.type, 'student'), isNotNull(users.name)));
    const [{ name: me }] = await db().select({ name: users.name }).from(users).where(eq(users.email, 'hocvien@trungtam.vn'));
    for (const { name } of others.filter((row) => row.name !== me).slice(0, 50)) expect(feed.body).not.toContain(name);
  });

  it('stop at once when rotated; a made-up token is a 404', async () => {
    const { url } = (await call(ctx.t.app, 'GET', '/calendar/feed', ctx.tok.academicAffair)).json().data;
    expect((await fetchFeed(url)).status).toBe(200);
    const rotated = await call(ctx.t.app, 'POST', '/calendar/feed/rotate', ctx.tok.academicAffair, {});
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().data.url).not.toBe(url);
    expect((await fetchFeed(url)).status).toBe(404);
    expect((await fetchFeed(rotated.json().data.url)).status).toBe(200);
    expect((await ctx.t.app.inject({ method: 'GET', url: `${API}/calendar/user/1/feed.ics?token=${'A'.repeat(32)}` })).statusCode).toBe(404);
    expect((await ctx.t.app.inject({ method: 'GET', url: `${API}/calendar/user/1/feed.ics?token=short` })).statusCode).toBe(400);
  });

  it("give staff a room's and a class's feed in their reach, and not beyond it", async () => {
    const rooms = (await call(ctx.t.app, 'GET', '/learning/room/list?limit=100', ctx.tok.admin)).json().data.rows as Array<{ room_id: number; center_id: number }>;
    const own = rooms.find((room) => room.center_id === 1)!;
    const other = rooms.find((room) => room.center_id === 2)!;
    const feed = await call(ctx.t.app, 'GET', `/calendar/feed?kind=room&id=${own.room_id}`, ctx.tok.academicAffair);
    expect(feed.statusCode).toBe(200);
    expectICalendar((await fetchFeed(feed.json().data.url)).body);
    const beyond = await call(ctx.t.app, 'GET', `/calendar/feed?kind=room&id=${other.room_id}`, ctx.tok.academicAffair);
    expect(beyond.statusCode).toBe(400);
    expect((await call(ctx.t.app, 'GET', `/calendar/feed?kind=room&id=${own.room_id}`, ctx.tok.student)).statusCode).toBe(403);
    expect((await call(ctx.t.app, 'GET', `/calendar/feed?kind=user&id=1`, ctx.tok.student)).statusCode).toBe(403);
    const classes = (await call(ctx.t.app, 'GET', '/learning/class/list?limit=100', ctx.tok.academicAffair)).json().data.rows as Array<{ class_id: number }>;
    const classFeed = await call(ctx.t.app, 'GET', `/calendar/feed?kind=class&id=${classes[0].class_id}`, ctx.tok.academicAffair);
    expect(classFeed.statusCode).toBe(200);
    expect(events((await fetchFeed(classFeed.json().data.url)).body).length).toBeGreaterThan(0);
  });
});
