/**
 * The insights' sessions of a period read from roll-ups kept by the database (db/schema.ts) instead of row by
 * row: the taken sessions (is_attendance = 1) from attendance_day_rollup, attendance_month_rollup and
 * absence_month_rollup; the sessions held in rooms from room_month_rollup.
 *
 * The month roll-ups hold whole months; a period rarely starts on the 1st or ends on the last day. Each
 * month the period touches is read either as its days inside the period, straight from the sessions, or as
 * the whole month's roll-up minus its days outside the period (the sessions of those days taken away),
 * whichever reads fewer days (for the taken sessions, fewer days up to today: rolls are taken up to today,
 * a month ending after today costs only its days gone by). The figures are the same either way; a year
 * costs a dozen months of roll-ups and at most two partial months' edges.
 */
import { and, eq, gte, inArray, isNotNull, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { dayjs, operatorToday } from '@trungtam/shared/operatorDate';
import type { Actor } from '../access/access';
import { insightReachWhere } from '../access/policies/reports';
import type { Queryable } from '../db/client';
import { absenceMonthRollups, attendanceDayRollups, attendanceMonthRollups, attendances, classes, classSchedules, roomMonthRollups } from '../db/schema';
import type { InsightFilter } from './insight-filter';

/** Sums the days and class-months written since the last refresh (the database's own function, migration 0027). */
export async function refreshAttendanceRollups(db: Queryable): Promise<void> {
  await db.execute(sql`select refresh_attendance_rollups()`);
}

/** Sums the room-months written since the last refresh (migration 0028). */
export async function refreshRoomRollups(db: Queryable): Promise<void> {
  await db.execute(sql`select refresh_room_rollups()`);
}

/** A period as whole months of the roll-ups and signed runs of days read from the sessions. */
export interface PeriodPieces {
  months: string[];
  days: Array<{ from: string; to: string; sign: 1 | -1 }>;
}

const iso = (date: dayjs.Dayjs) => date.format('YYYY-MM-DD');

/**
 * Cuts [from, to] into whole months and the days to add (inside a month read day by day) or take away (outside
 * a whole month read). `until`: the last day with sessions to read (today for taken rolls; none for every session).
 */
export function periodPieces(from: string, to: string, until: string | null = operatorToday()): PeriodPieces {
  const pieces: PeriodPieces = { months: [], days: [] };
  /** Days of [a, b] up to `until`: what reading them from the sessions costs. */
  const cost = (a: string, b: string) => {
    const end = until === null || b < until ? b : until;
    return end < a ? 0 : dayjs(end).diff(dayjs(a), 'day') + 1;
  };
  for (let month = dayjs(from).startOf('month'); iso(month) <= to; month = month.add(1, 'month')) {
    const first = iso(month);
    const last = iso(month.endOf('month'));
    const start = from > first ? from : first;
    const end = to < last ? to : last;
    if (start === first && end === last) {
      pieces.months.push(month.format('YYYY-MM'));
      continue;
    }
    const before = start > first ? { from: first, to: iso(dayjs(start).subtract(1, 'day')) } : null;
    const after = end < last ? { from: iso(dayjs(end).add(1, 'day')), to: last } : null;
    const outside = (before ? cost(before.from, before.to) : 0) + (after ? cost(after.from, after.to) : 0);
    if (cost(start, end) <= outside) {
      pieces.days.push({ from: start, to: end, sign: 1 });
    } else {
      pieces.months.push(month.format('YYYY-MM'));
      for (const run of [before, after]) if (run) pieces.days.push({ ...run, sign: -1 });
    }
  }
  return pieces;
}

/** The columns a filter reads, on the sessions or on a roll-up. */
interface FilterColumns {
  centerId: AnyColumn;
  teacherId: AnyColumn;
  classId: AnyColumn;
}

/** The Insight reach and the filters (centre, teacher who taught, the class's course) over these columns. */
export function insightWhere(db: Queryable, actor: Actor, filter: InsightFilter, columns: FilterColumns): SQL | undefined {
  return and(
    insightReachWhere(actor, columns.centerId),
    filter.centerId ? eq(columns.centerId, filter.centerId) : undefined,
    filter.teacherId ? eq(columns.teacherId, filter.teacherId) : undefined,
    filter.productId ? inArray(columns.classId, db.select({ id: classes.classId }).from(classes).where(eq(classes.productId, filter.productId))) : undefined,
  );
}

/** The pieces' runs of days on the sessions, and the sign of a session's date (+1 added, -1 taken away). */
function dayRuns(pieces: PeriodPieces): { where: SQL; sign: SQL<number> } | null {
  if (pieces.days.length === 0) return null;
  const within = (run: PeriodPieces['days'][number]) => and(gte(classSchedules.scheduleDate, run.from), lte(classSchedules.scheduleDate, run.to))!;
  const away = pieces.days.filter((run) => run.sign === -1);
  return {
    where: or(...pieces.days.map(within))!,
    sign: away.length ? sql<number>`(case when ${or(...away.map(within))} then -1 else 1 end)` : sql<number>`1`,
  };
}

/** Rows of the month roll-up in `months` (nothing when there are none). */
const inMonths = (column: AnyColumn, months: string[]) => (months.length ? inArray(column, months) : sql`false`);

/** The whole months' rows of a roll-up, and when the pieces have runs of days, the same columns from the sessions, signed. */
function signedRows(pieces: PeriodPieces, wholeMonths: SQL, days: (runs: NonNullable<ReturnType<typeof dayRuns>>) => SQL): SQL {
  const runs = dayRuns(pieces);
  return runs ? sql`${wholeMonths} union all ${days(runs)}` : wholeMonths;
}

/**
 * The period's taken sessions as signed rows (class_id, teacher_id, sessions, minutes, marked, present), to be
 * summed by the caller: the whole months from the roll-up, the runs of days from the sessions.
 */
export function takenSessionRows(db: Queryable, actor: Actor, filter: InsightFilter, pieces: PeriodPieces): SQL {
  const r = attendanceMonthRollups;
  const s = classSchedules;
  return signedRows(
    pieces,
    sql`select ${r.classId} as class_id, ${r.teacherId} as teacher_id, ${r.sessions} as sessions, ${r.minutes} as minutes, ${r.marked} as marked, ${r.present} as present
        from ${r} where ${and(inMonths(r.month, pieces.months), insightWhere(db, actor, filter, r))}`,
    (runs) => sql`
      select ${s.classId}, ${s.teacherId}, ${runs.sign}, ${runs.sign} * ${s.duration}, ${runs.sign} * ${s.marksTotal}, ${runs.sign} * ${s.marksPresent}
      from ${s} where ${and(eq(s.isAttendance, 1), runs.where, insightWhere(db, actor, filter, s))}`,
  );
}

/** The period's absences (not excused) on taken sessions as signed rows (user_id, absences), to be summed per student. */
export function absenceRows(db: Queryable, actor: Actor, filter: InsightFilter, pieces: PeriodPieces): SQL {
  const r = absenceMonthRollups;
  const s = classSchedules;
  return signedRows(
    pieces,
    sql`select ${r.userId} as user_id, ${r.absences} as absences from ${r} where ${and(inMonths(r.month, pieces.months), insightWhere(db, actor, filter, r))}`,
    (runs) => sql`
      select ${attendances.userId}, ${runs.sign}
      from ${attendances} join ${s} on ${s.scheduleId} = ${attendances.scheduleId}
      where ${and(eq(attendances.status, 'absent'), eq(s.isAttendance, 1), runs.where, insightWhere(db, actor, filter, s))}`,
  );
}

/**
 * The marks and those present per day of [from, to]: from the day roll-up when only the centre narrows them
 * (it holds days per centre), else from the sessions of the teacher or course chosen (a small share of them).
 */
export async function marksPerDay(db: Queryable, actor: Actor, filter: InsightFilter): Promise<Array<{ day: string; marked: number; present: number }>> {
  if (filter.productId || filter.teacherId) {
    const s = classSchedules;
    const rows = await db.execute<{ day: string; marked: number; present: number }>(sql`
      select ${s.scheduleDate} as day, sum(${s.marksTotal})::int as marked, sum(${s.marksPresent})::int as present
      from ${s} where ${and(eq(s.isAttendance, 1), gte(s.scheduleDate, filter.from), lte(s.scheduleDate, filter.to), insightWhere(db, actor, filter, s))}
      group by ${s.scheduleDate}`);
    return rows.rows;
  }
  const d = attendanceDayRollups;
  const rows = await db.execute<{ day: string; marked: number; present: number }>(sql`
    select ${d.day} as day, sum(${d.marked})::int as marked, sum(${d.present})::int as present
    from ${d}
    where ${and(gte(d.day, filter.from), lte(d.day, filter.to), insightReachWhere(actor, d.centerId), filter.centerId ? eq(d.centerId, filter.centerId) : undefined)}
    group by ${d.day}`);
  return rows.rows;
}

/**
 * The period's sessions held in rooms as signed rows (room_id, weekday, start, duration, sessions) in the Insight
 * reach (over the session's centre), to be summed by the caller: the whole months from the roll-up, the runs of
 * days from the sessions (every session counts, whatever its roll, so every day costs).
 */
export function roomSessionRows(actor: Actor, pieces: PeriodPieces): SQL {
  const r = roomMonthRollups;
  const s = classSchedules;
  return signedRows(
    pieces,
    sql`select ${r.roomId} as room_id, ${r.weekday}::int as weekday, ${r.start} as start, ${r.duration} as duration, ${r.sessions} as sessions
        from ${r} where ${and(inMonths(r.month, pieces.months), insightReachWhere(actor, r.centerId))}`,
    (runs) => sql`
      select ${s.roomId}, extract(isodow from ${s.scheduleDate}::date)::int, ${s.scheduleHour} * 60 + ${s.scheduleMinute}, ${s.duration}::int, ${runs.sign}
      from ${s} where ${and(isNotNull(s.roomId), runs.where, insightReachWhere(actor, s.centerId))}`,
  );
}
