/**
 * The capacity insight: each centre's room occupancy per weekday and hour equals the minutes counted
 * directly from the session rows (a session over an hour boundary split between the hours) ÷ its rooms in
 * use × the weekday's dates × 60; a deleted or inactive room counts nowhere; each room's sessions, minutes
 * and occupancy; the teachers' hours this month against the mean of the 3 full months before; the filters;
 * a giáo vụ reads their centre only, a teacher or a student nothing; a bad period is a 400; the export.
 *
 * Its rooms, classes' sessions lie in 2020 (written directly), where the demo data has none.
 */
import { and, asc, eq, gte, isNull, lte } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { CapacityInsight } from '@trungtam/shared/contracts/insights';
import { INSIGHT_TEXT } from '@trungtam/shared/contracts/insights';
import { classes, classSchedules, rooms, users } from '../src/db/schema';
import { call, setUpTestApp } from './helpers';

const ctx = setUpTestApp();
const db = () => ctx.t.database.db;

const capacity = (query: string, token = ctx.tok.admin) => call(ctx.t.app, 'GET', `/learning/insights/capacity?${query}`, token);
const insight = async (query: string, token = ctx.tok.admin): Promise<CapacityInsight> => {
  const res = await capacity(query, token);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

const HN = 1;
const HCM = 2;
const PERIOD = 'from=2020-03-02&to=2020-03-15'; // two whole weeks, Monday to Sunday
let hnClass: typeof classes.$inferSelect;
let hcmClass: typeof classes.$inferSelect;
let teacherA: number;
let teacherB: number;
let teacherC: number;
const room: Record<'a' | 'b' | 'c' | 'deleted' | 'inactive', number> = { a: 0, b: 0, c: 0, deleted: 0, inactive: 0 };

async function classOf(centerId: number) {
  const [row] = await db().select().from(classes).where(eq(classes.centerId, centerId)).orderBy(asc(classes.classId));
  return row;
}

async function newRoom(centerId: number, name: string, change: Partial<typeof rooms.$inferInsert> = {}) {
  const [row] = await db().insert(rooms).values({ centerId, name, ...change }).returning();
  return row.roomId;
}

/** A session of `klass` on `date` at `time` ('HH:MM') lasting `duration` minutes. */
async function session(klass: typeof hnClass, date: string, time: string, duration: number, change: { roomId?: number | null; teacherId?: number; taken?: boolean } = {}) {
  const [hour, minute] = time.split(':').map(Number);
  await db()
    .insert(classSchedules)
    .values({
      classId: klass.classId,
      scheduleDate: date,
      scheduleDateText: date,
      scheduleHour: hour,
      scheduleMinute: minute,
      duration,
      teacherId: change.teacherId ?? teacherA,
      centerId: klass.centerId,
      roomId: change.roomId ?? null,
      isAttendance: change.taken ? 1 : 0,
    });
}

beforeAll(async () => {
  hnClass = await classOf(HN);
  hcmClass = await classOf(HCM);
  const teachers = await db().select({ id: users.id }).from(users).where(eq(users.type, 'teacher')).orderBy(asc(users.id)).limit(3);
  [teacherA, teacherB, teacherC] = teachers.map((row) => row.id);
  room.a = await newRoom(HN, 'Phòng thử A');
  room.b = await newRoom(HN, 'Phòng thử B');
  room.c = await newRoom(HCM, 'Phòng thử C');
  room.deleted = await newRoom(HN, 'Phòng thử đã xoá', { deletedAt: new Date() });
  room.inactive = await newRoom(HN, 'Phòng thử ngừng dùng', { status: 0 });

  // the rooms, 2020-03-02 … 2020-03-15 (whatever their roll)
  await session(hnClass, '2020-03-02', '18:30', 90, { roomId: room.a }); // Monday: 18:00 30 min, 19:00 60 min
  await session(hnClass, '2020-03-09', '18:00', 60, { roomId: room.a }); // Monday: 18:00 60 min
  await session(hnClass, '2020-03-04', '07:45', 30, { roomId: room.b }); // Wednesday: 07:00 15 min, 08:00 15 min
  await session(hnClass, '2020-03-02', '18:00', 120, { roomId: room.deleted }); // a deleted room: nowhere
  await session(hnClass, '2020-03-03', '18:00', 120, { roomId: room.inactive }); // a room not in use: nowhere
  await session(hnClass, '2020-03-05', '18:00', 60); // no room: nowhere
  await session(hcmClass, '2020-03-03', '05:30', 90, { roomId: room.c, teacherId: teacherB }); // Tuesday: 05:00 30, 06:00 60 (the heat map widens to 05:00)
  await session(hnClass, '2020-03-16', '18:00', 60, { roomId: room.a }); // after the period

  // the teachers' hours: this month is May 2020 up to the 20th; usual: February to April
  await session(hnClass, '2020-01-31', '09:00', 60, { taken: true }); // before the usual months
  await session(hnClass, '2020-02-10', '09:00', 120, { taken: true });
  await session(hnClass, '2020-04-10', '09:00', 90, { taken: true });
  await session(hnClass, '2020-05-05', '09:00', 60, { taken: true });
  await session(hnClass, '2020-05-12', '09:00', 60, { taken: true });
  await session(hnClass, '2020-05-19', '09:00', 60); // roll not taken
  await session(hnClass, '2020-05-21', '09:00', 60, { taken: true }); // after `to`
  await session(hcmClass, '2020-03-10', '09:00', 180, { teacherId: teacherB, taken: true });
  await session(hnClass, '2020-05-06', '09:00', 45, { teacherId: teacherC, taken: true });
});

/** The rooms in use of a centre, read directly. */
async function roomsInUse(centerId: number) {
  return db()
    .select({ roomId: rooms.roomId })
    .from(rooms)
    .where(and(eq(rooms.centerId, centerId), isNull(rooms.deletedAt), eq(rooms.status, 1)));
}

/** The booked minutes per weekday:hour of a centre, split in JavaScript from the session rows in its rooms in use. */
async function splitDirectly(centerId: number, from: string, to: string) {
  const inUse = new Set((await roomsInUse(centerId)).map((row) => row.roomId));
  const sessions = await db()
    .select()
    .from(classSchedules)
    .where(and(gte(classSchedules.scheduleDate, from), lte(classSchedules.scheduleDate, to)));
  const minutes = new Map<string, number>();
  for (const s of sessions) {
    if (!s.roomId || !inUse.has(s.roomId)) continue;
    const weekday = ((new Date(`${s.scheduleDate}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const start = s.scheduleHour * 60 + s.scheduleMinute;
    for (let minute = start; minute < start + s.duration; minute++) {
      const key = `${weekday}:${Math.floor(minute / 60)}`;
      minutes.set(key, (minutes.get(key) ?? 0) + 1);
    }
  }
  return minutes;
}

describe('capacity insight: rooms', () => {
  it("fills each centre's heat map with the minutes counted directly from the session rows ÷ its rooms in use × the weekday's dates × 60", async () => {
    const data = await insight(PERIOD);
    // the opening hours 06:00–22:00, widened to 05:00 for the early session
    expect(data.hours).toEqual(Array.from({ length: 17 }, (_, i) => 5 + i));
    expect([data.open_hour, data.close_hour]).toEqual([6, 22]);
    for (const centerId of [HN, HCM]) {
      const centre = data.centres.find((row) => row.center_id === centerId)!;
      const inUse = (await roomsInUse(centerId)).length;
      expect(centre.rooms_in_use).toBe(inUse);
      expect(centre.cells).toHaveLength(7 * data.hours.length);
      const direct = await splitDirectly(centerId, '2020-03-02', '2020-03-15');
      for (const cell of centre.cells) {
        const booked = direct.get(`${cell.weekday}:${cell.hour}`) ?? 0;
        // every weekday falls twice in two whole weeks
        const available = inUse * 2 * 60;
        expect([cell.weekday, cell.hour, cell.booked_minutes, cell.available_minutes, cell.occupancy]).toEqual([cell.weekday, cell.hour, booked, available, Math.round((booked / available) * 10_000) / 10_000]);
      }
    }
    const hn = data.centres.find((row) => row.center_id === HN)!;
    const at = (weekday: number, hour: number) => hn.cells.find((cell) => cell.weekday === weekday && cell.hour === hour)!.booked_minutes;
    // the Monday 18:30 session splits 30 + 60; the deleted and inactive rooms' 18:00 sessions count nowhere
    expect([at(1, 18), at(1, 19), at(1, 20), at(2, 18), at(3, 7), at(3, 8)]).toEqual([90, 60, 0, 0, 15, 15]);
    const hcm = data.centres.find((row) => row.center_id === HCM)!;
    expect(hcm.cells.find((cell) => cell.weekday === 2 && cell.hour === 5)!.booked_minutes).toBe(30);
  });

  it("lists each room in use with its sessions, minutes and occupancy of the period's opening hours; a deleted or inactive room not at all", async () => {
    const data = await insight(PERIOD);
    const hn = data.centres.find((row) => row.center_id === HN)!;
    const byId = new Map(hn.rooms.map((row) => [row.room_id, row]));
    const openMinutes = 14 * 16 * 60;
    expect(byId.get(room.a)).toEqual({ room_id: room.a, name: 'Phòng thử A', sessions: 2, booked_minutes: 150, occupancy: Math.round((150 / openMinutes) * 10_000) / 10_000 });
    expect(byId.get(room.b)).toMatchObject({ sessions: 1, booked_minutes: 30 });
    expect(byId.has(room.deleted) || byId.has(room.inactive)).toBe(false);
    expect(hn.rooms).toHaveLength(hn.rooms_in_use);
    // the most booked first
    expect(hn.rooms[0].room_id).toBe(room.a);
    // the rooms' minutes are the heat map's (no session runs past midnight here)
    for (const centre of data.centres) {
      expect(centre.rooms.reduce((sum, row) => sum + row.booked_minutes, 0)).toBe(centre.cells.reduce((sum, cell) => sum + cell.booked_minutes, 0));
    }
    // each room's count is what the schedules list shows for that room and period
    for (const id of [room.a, room.b, room.c]) {
      const list = await call(ctx.t.app, 'GET', `/learning/class-schedule?limit=1&room_id=${id}&schedule_date=2020-03-02&schedule_date=2020-03-15`, ctx.tok.admin);
      const listed = data.centres.flatMap((centre) => centre.rooms).find((row) => row.room_id === id)!;
      expect([id, list.json().data.total_rows]).toEqual([id, listed.sessions]);
    }
  });

  it("holds every centre with rooms in use when none is chosen, only the chosen one otherwise, whatever the course or teacher", async () => {
    const all = await insight(PERIOD);
    expect(all.centres.map((row) => row.center_id)).toEqual(expect.arrayContaining([HN, HCM]));
    expect((await insight(`${PERIOD}&center_id=${HCM}`)).centres.map((row) => row.center_id)).toEqual([HCM]);
    const narrowed = await insight(`${PERIOD}&center_id=${HN}&teacher_id=${teacherB}&product_id=2147483647`);
    // the hours shown follow the centres held: HCM's 05:00 session widens only a map that holds it
    expect(narrowed.hours).toEqual(Array.from({ length: 16 }, (_, i) => 6 + i));
    const hn = all.centres.find((row) => row.center_id === HN)!;
    expect(narrowed.centres).toEqual([{ ...hn, cells: hn.cells.filter((cell) => narrowed.hours.includes(cell.hour)) }]);
  });

  it('counts the available minutes of a period shorter than a week: a weekday it does not hold has none', async () => {
    const data = await insight('from=2020-03-02&to=2020-03-03'); // Monday and Tuesday
    const hn = data.centres.find((row) => row.center_id === HN)!;
    const cell = (weekday: number, hour: number) => hn.cells.find((row) => row.weekday === weekday && row.hour === hour)!;
    expect(cell(1, 19)).toEqual({ weekday: 1, hour: 19, booked_minutes: 60, available_minutes: hn.rooms_in_use * 60, occupancy: Math.round((60 / (hn.rooms_in_use * 60)) * 10_000) / 10_000 });
    expect(cell(3, 7)).toEqual({ weekday: 3, hour: 7, booked_minutes: 0, available_minutes: 0, occupancy: null });
  });
});

describe("capacity insight: read from a monthly roll-up kept by the database, a period's edges cut anywhere", () => {
  const periods: Array<[string, string]> = [
    ['2021-01-15', '2021-03-10'],
    ['2021-02-03', '2021-02-20'],
    ['2021-01-01', '2021-04-30'],
    ['2021-03-31', '2021-04-01'],
  ];
  /** Each room's sessions in the period, counted from the rows. */
  const sessionsPerRoom = async (from: string, to: string) => {
    const rows = await db()
      .select({ roomId: classSchedules.roomId })
      .from(classSchedules)
      .where(and(gte(classSchedules.scheduleDate, from), lte(classSchedules.scheduleDate, to)));
    const counts = new Map<number, number>();
    for (const row of rows) if (row.roomId) counts.set(row.roomId, (counts.get(row.roomId) ?? 0) + 1);
    return counts;
  };
  const expectCountsEverywhere = async () => {
    for (const [from, to] of periods) {
      const data = await insight(`from=${from}&to=${to}`);
      const counts = await sessionsPerRoom(from, to);
      for (const centre of data.centres) {
        const direct = await splitDirectly(centre.center_id, from, to);
        const seen = centre.cells.filter((cell) => cell.booked_minutes > 0).map((cell) => `${cell.weekday}:${cell.hour}=${cell.booked_minutes}`);
        const expected = [...direct].map(([key, minutes]) => `${key}=${minutes}`);
        expect([from, to, centre.center_id, seen.sort()]).toEqual([from, to, centre.center_id, expected.sort()]);
        for (const row of centre.rooms) expect([from, to, row.room_id, row.sessions]).toEqual([from, to, row.room_id, counts.get(row.room_id) ?? 0]);
      }
    }
  };

  beforeAll(async () => {
    // 2021: every 3 days from 10 January to 20 April, rooms A and C in turn, at three times of day
    for (let day = 0, i = 0; day <= 100; day += 3, i++) {
      const date = new Date(Date.UTC(2021, 0, 10 + day)).toISOString().slice(0, 10);
      await session(i % 2 ? hcmClass : hnClass, date, ['08:00', '17:30', '19:15'][i % 3], 60 + (i % 4) * 30, { roomId: i % 2 ? room.c : room.a });
    }
  });

  it('equal the minutes and sessions counted from the rows for periods whose ends fall anywhere in a month', async () => {
    await expectCountsEverywhere();
  });

  it("run without JIT compilation on PostgreSQL: every connection of the API's pool has it off (compiling the heat map's query took longer than running it)", async () => {
    if (ctx.t.database.kind !== 'postgres') return; // the embedded database has no JIT
    const settings = await Promise.all(Array.from({ length: 3 }, () => ctx.t.database.query<{ jit: string }>('SHOW jit', [])));
    expect(settings.map((rows) => rows[0].jit)).toEqual(['off', 'off', 'off']);
  });

  it('follow a session moved to another room, time or month, and one removed', async () => {
    const moved = await db().select().from(classSchedules).where(and(eq(classSchedules.roomId, room.a), gte(classSchedules.scheduleDate, '2021-02-01'))).orderBy(asc(classSchedules.scheduleDate)).limit(4);
    await db().update(classSchedules).set({ roomId: room.b }).where(eq(classSchedules.scheduleId, moved[0].scheduleId));
    await db().update(classSchedules).set({ scheduleHour: 6, duration: 150 }).where(eq(classSchedules.scheduleId, moved[1].scheduleId));
    await db().update(classSchedules).set({ scheduleDate: '2021-04-01' }).where(eq(classSchedules.scheduleId, moved[2].scheduleId));
    await db().delete(classSchedules).where(eq(classSchedules.scheduleId, moved[3].scheduleId));
    await expectCountsEverywhere();
  });
});

describe('capacity insight: teachers', () => {
  it("compares each teacher's hours from the 1st of the month to `to` with the mean of the 3 full months before, the largest relative difference first", async () => {
    const data = await insight('from=2020-04-01&to=2020-05-20');
    expect([data.month_from, data.month_to, data.usual_from, data.usual_to]).toEqual(['2020-05-01', '2020-05-20', '2020-02-01', '2020-04-30']);
    expect(data.teachers).toEqual([
      // no usual hours: first
      { teacher_id: teacherC, name: expect.any(String), hours: 0.75, usual_hours: 0, difference: 0.75, difference_rate: null, sessions: 1 },
      // 0 h against 180 ÷ 3 = 60 min
      { teacher_id: teacherB, name: expect.any(String), hours: 0, usual_hours: 1, difference: -1, difference_rate: -1, sessions: 0 },
      // 120 min (the untaken session and the one after `to` left out) against (120 + 90) ÷ 3 = 70 min
      { teacher_id: teacherA, name: expect.any(String), hours: 2, usual_hours: 1.17, difference: 0.83, difference_rate: 0.7143, sessions: 2 },
    ]);
    // each teacher's sessions are what the schedules list shows for them, that month and the roll taken (the screen's link)
    for (const row of data.teachers) {
      const list = await call(ctx.t.app, 'GET', `/learning/class-schedule?limit=1&teacher_id=${row.teacher_id}&schedule_date=2020-05-01&schedule_date=2020-05-20&attendance_taken=1`, ctx.tok.admin);
      expect([row.teacher_id, list.json().data.total_rows]).toEqual([row.teacher_id, row.sessions]);
    }
  });

  it('narrows the teachers to a centre, a course and a teacher', async () => {
    const q = 'from=2020-04-01&to=2020-05-20';
    expect((await insight(`${q}&center_id=${HCM}`)).teachers.map((row) => row.teacher_id)).toEqual([teacherB]);
    expect((await insight(`${q}&teacher_id=${teacherA}`)).teachers.map((row) => row.teacher_id)).toEqual([teacherA]);
    expect((await insight(`${q}&product_id=2147483647`)).teachers).toEqual([]);
    if (hnClass.productId && hnClass.productId !== hcmClass.productId) {
      expect((await insight(`${q}&product_id=${hnClass.productId}`)).teachers.map((row) => row.teacher_id).sort()).toEqual([teacherA, teacherC].sort());
    }
  });
});

describe('capacity insight: reach, errors and export', () => {
  it('keeps a giáo vụ to their own centre whatever they ask, and refuses a teacher or a student', async () => {
    const affair = await insight(PERIOD, ctx.tok.academicAffair);
    expect(affair.centres.map((row) => row.center_id)).toEqual([HN]);
    const elsewhere = await insight(`${PERIOD}&center_id=${HCM}`, ctx.tok.academicAffair);
    expect(elsewhere.centres).toEqual([]);
    const months = await insight('from=2020-04-01&to=2020-05-20', ctx.tok.academicAffair);
    expect(months.teachers.map((row) => row.teacher_id).sort()).toEqual([teacherA, teacherC].sort());
    expect((await insight(`from=2020-04-01&to=2020-05-20&center_id=${HCM}`, ctx.tok.academicAffair)).teachers).toEqual([]);
    for (const token of [ctx.tok.teacher, ctx.tok.student]) {
      expect((await capacity(PERIOD, token)).statusCode).toBe(403);
      expect((await call(ctx.t.app, 'GET', `/learning/insights/capacity/export?${PERIOD}`, token)).statusCode).toBe(403);
    }
  });

  it('answers a bad period or filter with a 400 naming the field, the export too', async () => {
    const cases: Array<[string, string, string]> = [
      ['from=2020-02-30&to=2020-03-02', 'from', INSIGHT_TEXT.from],
      ['from=2020-03-02&to=2020-03-01', 'to', INSIGHT_TEXT.order],
      ['from=2020-01-01&to=2021-01-01', 'to', INSIGHT_TEXT.tooLong],
      ['center_id=x', 'center_id', INSIGHT_TEXT.centerId],
    ];
    for (const [query, field, message] of cases) {
      const res = await capacity(query);
      expect([query, res.statusCode, res.json().error.fields?.[field]]).toEqual([query, 400, message]);
    }
    const badExport = await call(ctx.t.app, 'GET', '/learning/insights/capacity/export?from=2020-03-02&to=2020-03-01', ctx.tok.admin);
    expect([badExport.statusCode, badExport.json().error.fields]).toEqual([400, { to: INSIGHT_TEXT.order }]);
  });

  it("exports the heat maps' cells, the rooms and the teachers' hours as xlsx, the same numbers", async () => {
    const data = await insight(`${PERIOD}&center_id=${HN}`);
    const res = await call(ctx.t.app, 'GET', `/learning/insights/capacity/export?${PERIOD}&center_id=${HN}`, ctx.tok.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="cong-suat-2020-03-02-2020-03-15.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Công suất phòng', 'Theo phòng', 'Giờ dạy giáo viên']);
    const values = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    const [cells, byRoom, teachers] = book.worksheets;
    expect(values(cells, 1)).toEqual(['Trung tâm', 'Thứ', 'Giờ', 'Phút đã xếp lịch', 'Phút có thể dùng', 'Tỉ lệ sử dụng']);
    expect(cells.rowCount).toBe(1 + 7 * data.hours.length);
    const hn = data.centres[0];
    const monday18 = hn.cells.find((cell) => cell.weekday === 1 && cell.hour === 18)!;
    const row = [...Array(cells.rowCount).keys()].map((i) => values(cells, i + 1)).find((line) => line[1] === 'Thứ Hai' && line[2] === '18:00');
    expect(row).toEqual([hn.name, 'Thứ Hai', '18:00', 90, monday18.available_minutes, monday18.occupancy]);
    expect(values(byRoom, 2)).toEqual([hn.name, 'Phòng thử A', 2, 2.5, hn.rooms[0].occupancy]);
    expect(values(teachers, 1)[0]).toBe('Giáo viên');
  });
});
