/**
 * Capacity (GET /learning/insights/capacity): how full the rooms are and how many hours the teachers teach.
 *
 * Rooms, for the period and the centre only (a room is no course's and no teacher's: those filters do not
 * narrow them). A room counts while in use (not deleted, active); a session counts in its room, whatever
 * its roll. Per centre, a heat map: for each weekday (Monday … Sunday) × hour of the day, the minutes of
 * the sessions held within that hour (a session over several hours split among them, by the database) ÷
 * the minutes available then (the centre's rooms in use × the period's dates on that weekday × 60). The
 * hours shown: the opening hours (06:00–22:00), widened to any hour a session is held in; a session running
 * past midnight counts up to midnight. Per room: its sessions, their minutes, and those minutes ÷ the
 * period's opening minutes (its days × 16 hours × 60).
 *
 * Teachers: "this month" is the calendar month of the period's end, from its 1st to that end; taught hours
 * are the sessions whose roll was taken (is_attendance = 1), by the teacher who taught them; "usual" is the
 * mean monthly hours over the 3 full months before. Every filter narrows them (the course through the class).
 *
 * Reach: the Insight policy (a giáo vụ with a centre: that centre's sessions and rooms only).
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { CapacityCentre, CapacityInsight, TeacherHours } from '@trungtam/shared/contracts/insights';
import { CAPACITY_RULES } from '@trungtam/shared/contracts/insights';
import { dayjs } from '@trungtam/shared/operatorDate';
import type { InsightQuery } from '@trungtam/shared/schemas/insights';
import type { Actor } from '../access/access';
import { insightReachWhere } from '../access/policies/reports';
import type { Queryable } from '../db/client';
import { centers, rooms, users } from '../db/schema';
import { periodPieces, refreshAttendanceRollups, refreshRoomRollups, roomSessionRows, takenSessionRows } from './insight-rollups';
import { insightFilter, vietnamese, type InsightFilter } from './insight-filter';
import type { AppContext } from '../types';

const ROOM_IN_USE = 1;
const day = (date: string) => dayjs(date, 'YYYY-MM-DD', true);
const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);
const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** The rooms in use, in reach and in the chosen centre. */
function roomsCounted(actor: Actor, filter: InsightFilter): SQL | undefined {
  return and(isNull(rooms.deletedAt), eq(rooms.status, ROOM_IN_USE), insightReachWhere(actor, rooms.centerId), filter.centerId ? eq(rooms.centerId, filter.centerId) : undefined);
}

/** How many dates of the period fall on each ISO weekday (index 1 Monday … 7 Sunday). */
function weekdayDates(filter: InsightFilter): number[] {
  const dates = [0, 0, 0, 0, 0, 0, 0, 0];
  for (let date = day(filter.from); date.format('YYYY-MM-DD') <= filter.to; date = date.add(1, 'day')) dates[((date.day() + 6) % 7) + 1] += 1;
  return dates;
}

/** The rooms in use in reach with their sessions of the period (any roll, in the Insight reach) and the sessions' minutes. */
async function roomRows(db: Queryable, actor: Actor, filter: InsightFilter, booked: SQL) {
  const result = await db.execute<{ roomId: number; name: string; centerId: number; centerName: string; sessions: number; minutes: number }>(sql`
    select ${rooms.roomId} as "roomId", ${rooms.name} as name, ${rooms.centerId} as "centerId", ${centers.name} as "centerName",
           coalesce(b.sessions, 0)::int as sessions, coalesce(b.minutes, 0)::int as minutes
    from ${rooms}
    join ${centers} on ${centers.centerId} = ${rooms.centerId}
    left join (select room_id, sum(sessions) as sessions, sum(sessions * duration) as minutes from (${booked}) booked group by room_id) b
      on b.room_id = ${rooms.roomId}
    where ${roomsCounted(actor, filter)}`);
  return result.rows;
}

/**
 * The booked minutes per centre, weekday and hour: each session's minutes split among the hours it spans
 * (up to midnight). Sessions come counted per weekday, start and length (a year of an operator's sessions is
 * a few thousand such patterns), summed per room's centre, and only those are split into hours.
 */
async function heatRows(db: Queryable, actor: Actor, filter: InsightFilter, booked: SQL) {
  const result = await db.execute<{ centerId: number; weekday: number; hour: number; minutes: number }>(sql`
    with patterns as (
      select ${rooms.centerId} as center_id, b.weekday, b.start, b.duration, sum(b.sessions)::int as sessions
      from (${booked}) b join ${rooms} on ${rooms.roomId} = b.room_id
      where ${and(roomsCounted(actor, filter), sql`b.duration > 0`, sql`b.start < 24 * 60`)}
      group by ${rooms.centerId}, b.weekday, b.start, b.duration
    )
    select p.center_id as "centerId", p.weekday, h.hour,
           sum((least(least(p.start + p.duration, 24 * 60), (h.hour + 1) * 60) - greatest(p.start, h.hour * 60)) * p.sessions)::int as minutes
    from patterns p
    cross join lateral generate_series((p.start / 60)::int, ((least(p.start + p.duration, 24 * 60) - 1) / 60)::int) as h(hour)
    group by p.center_id, p.weekday, h.hour`);
  return result.rows;
}

/** The heat maps and rooms of the centres with rooms in use, by name. */
async function capacityCentres(db: Queryable, actor: Actor, filter: InsightFilter): Promise<{ hours: number[]; centres: CapacityCentre[] }> {
  const sessions = roomSessionRows(actor, periodPieces(filter.from, filter.to, null));
  const [roomList, heat] = await Promise.all([roomRows(db, actor, filter, sessions), heatRows(db, actor, filter, sessions)]);
  const { openHour, closeHour } = CAPACITY_RULES;
  const booked = heat.filter((row) => Number(row.minutes) > 0).map((row) => Number(row.hour));
  const first = Math.min(openHour, ...booked);
  const last = Math.max(closeHour - 1, ...booked);
  const hours = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const dates = weekdayDates(filter);
  const periodDays = dates.reduce((sum, n) => sum + n, 0);
  const openMinutes = periodDays * (closeHour - openHour) * 60;
  const minutesAt = new Map(heat.map((row) => [`${row.centerId}:${row.weekday}:${row.hour}`, Number(row.minutes)]));

  const byCentre = new Map<number, { name: string; rooms: typeof roomList }>();
  for (const room of roomList) {
    const centre = byCentre.get(room.centerId) ?? { name: room.centerName, rooms: [] };
    centre.rooms.push(room);
    byCentre.set(room.centerId, centre);
  }
  const centres = [...byCentre.entries()].map(([centerId, centre]): CapacityCentre => {
    const cells: CapacityCentre['cells'] = [];
    for (let weekday = 1; weekday <= 7; weekday++) {
      for (const hour of hours) {
        const booked_minutes = minutesAt.get(`${centerId}:${weekday}:${hour}`) ?? 0;
        const available_minutes = centre.rooms.length * dates[weekday] * 60;
        cells.push({ weekday, hour, booked_minutes, available_minutes, occupancy: ratio(booked_minutes, available_minutes) });
      }
    }
    return {
      center_id: centerId,
      name: centre.name,
      rooms_in_use: centre.rooms.length,
      cells,
      rooms: centre.rooms
        .map((room) => ({ room_id: room.roomId, name: room.name, sessions: Number(room.sessions), booked_minutes: Number(room.minutes), occupancy: ratio(Number(room.minutes), openMinutes) }))
        .sort((a, b) => b.booked_minutes - a.booked_minutes || vietnamese.compare(a.name, b.name) || a.room_id - b.room_id),
    };
  });
  centres.sort((a, b) => vietnamese.compare(a.name, b.name) || a.center_id - b.center_id);
  return { hours, centres };
}

/** This month (the 1st of `to`'s month … `to`) and the full months of the usual hours before it. */
export function capacityMonths(to: string) {
  const month = day(to).startOf('month');
  return {
    month_from: month.format('YYYY-MM-DD'),
    month_to: to,
    usual_from: month.subtract(CAPACITY_RULES.usualMonths, 'month').format('YYYY-MM-DD'),
    usual_to: month.subtract(1, 'day').format('YYYY-MM-DD'),
  };
}

/** Each teacher's hours this month against their usual, the largest relative difference first (no usual hours: first); those with taken sessions in either. */
async function teacherHours(db: Queryable, actor: Actor, filter: InsightFilter, months: ReturnType<typeof capacityMonths>): Promise<TeacherHours[]> {
  // the month's sessions and the usual months' from the roll-ups (the month ends at `to`, the usual months are whole)
  const month = takenSessionRows(db, actor, filter, periodPieces(months.month_from, months.month_to));
  const usual = takenSessionRows(db, actor, filter, periodPieces(months.usual_from, months.usual_to));
  const result = await db.execute<{ teacherId: number; name: string; minutes: number; sessions: number; before: number }>(sql`
    select t.teacher_id as "teacherId", ${users.name} as name, t.minutes, t.sessions, t.before
    from (
      select teacher_id, coalesce(sum(minutes) filter (where this_month), 0)::int as minutes,
             coalesce(sum(sessions) filter (where this_month), 0)::int as sessions,
             coalesce(sum(minutes) filter (where not this_month), 0)::int as before,
             coalesce(sum(sessions) filter (where not this_month), 0)::int as usual_sessions
      from (select true as this_month, * from (${month}) m union all select false, * from (${usual}) u) taken
      where teacher_id is not null
      group by teacher_id
    ) t
    join ${users} on ${users.id} = t.teacher_id
    where t.sessions > 0 or t.usual_sessions > 0
    order by t.teacher_id`);
  const rows = result.rows;
  return rows
    .map((row) => {
      const minutes = Number(row.minutes);
      const usual = Number(row.before) / CAPACITY_RULES.usualMonths;
      return {
        teacher_id: row.teacherId,
        name: row.name,
        hours: hoursOf(minutes),
        usual_hours: hoursOf(usual),
        difference: hoursOf(minutes - usual),
        difference_rate: usual > 0 ? Math.round(((minutes - usual) / usual) * 10_000) / 10_000 : null,
        sessions: Number(row.sessions),
      };
    })
    .sort(
      (a, b) =>
        (b.difference_rate === null ? Infinity : Math.abs(b.difference_rate)) - (a.difference_rate === null ? Infinity : Math.abs(a.difference_rate)) ||
        b.hours - a.hours ||
        vietnamese.compare(a.name, b.name),
    );
}

/** GET /learning/insights/capacity. */
export async function capacityInsight(ctx: AppContext, actor: Actor, query: Static<typeof InsightQuery>): Promise<CapacityInsight> {
  const { db } = ctx.database;
  const filter = insightFilter(query);
  const months = capacityMonths(filter.to);
  await Promise.all([refreshAttendanceRollups(db), refreshRoomRollups(db)]);
  const [{ hours, centres }, teachers] = await Promise.all([capacityCentres(db, actor, filter), teacherHours(db, actor, filter, months)]);
  return {
    from: filter.from,
    to: filter.to,
    center_id: filter.centerId,
    product_id: filter.productId,
    teacher_id: filter.teacherId,
    hours,
    open_hour: CAPACITY_RULES.openHour,
    close_hour: CAPACITY_RULES.closeHour,
    centres,
    ...months,
    teachers,
  };
}
