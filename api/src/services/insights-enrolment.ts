/**
 * The operator's enrolment insight (GET /learning/insights/enrolment), each figure one aggregate of the
 * database:
 * - per month of the period: the enrolments started (start_date) and ended (ended_on: completed or removed)
 *   in it, and at its end (the period's end for the last month) the active enrolments and distinct students;
 * - the classes running (status 1, not deleted): their active enrolments at the period's end ÷ their
 *   capacity (the class's own, else its room's), the fullest first, those without a capacity last;
 * - "Sắp hết buổi": the total of GET /learning/class-enrollment/low-balance for the same centre
 *   (lowBalanceCount, the list's own condition and reach).
 *
 * An enrolment is active on a day D when it started on or before D and has not ended by D's end (ended_on
 * null while active, or after D). Enrolments are read through their class (not deleted): the centre, course
 * and teacher filters are the class's. Reach: the Insight policy over the class's centre (a giáo vụ with a
 * centre: that centre's classes only).
 */
import { and, asc, eq, gte, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { EnrolmentClass, EnrolmentInsight } from '@trungtam/shared/contracts/insights';
import { INSIGHT_LIMITS } from '@trungtam/shared/contracts/insights';
import { dayjs } from '@trungtam/shared/operatorDate';
import type { InsightQuery } from '@trungtam/shared/schemas/insights';
import type { Actor } from '../access/access';
import { insightReachWhere } from '../access/policies/reports';
import type { Queryable } from '../db/client';
import { classes, enrollments, rooms } from '../db/schema';
import type { AppContext } from '../types';
import { insightFilter, vietnamese, type InsightFilter } from './insight-filter';
import { lowBalanceCount } from './lesson-ledger';

const ACTIVE = 1;

/** The months the period touches (YYYY-MM), each with the day its figures are read at: its last day, or the period's end. */
export function monthsOf(filter: InsightFilter): Array<{ month: string; end: string }> {
  const months: Array<{ month: string; end: string }> = [];
  let first = dayjs(filter.from, 'YYYY-MM-DD', true).startOf('month');
  while (first.format('YYYY-MM-DD') <= filter.to) {
    const last = first.endOf('month').format('YYYY-MM-DD');
    months.push({ month: first.format('YYYY-MM'), end: last < filter.to ? last : filter.to });
    first = first.add(1, 'month');
  }
  return months;
}

/** The enrolments whose class is in reach and the filters (the class joined). */
function enrolmentsOf(actor: Actor, filter: InsightFilter): SQL | undefined {
  return and(
    insightReachWhere(actor, classes.centerId),
    isNull(classes.deletedAt),
    filter.centerId ? eq(classes.centerId, filter.centerId) : undefined,
    filter.productId ? eq(classes.productId, filter.productId) : undefined,
    filter.teacherId ? eq(classes.teacherId, filter.teacherId) : undefined,
  );
}

/** Active at the end of day `day` (a column or a value). */
const activeAt = (day: SQL) =>
  and(sql`${enrollments.startDate} <= ${day}`, or(and(isNull(enrollments.endedOn), eq(enrollments.status, ACTIVE)), sql`${enrollments.endedOn} > ${day}`));

const counted = sql<number>`count(*)::int`;

type ActiveChange = { kind: 'enrolment' | 'student'; day: string; starts: number; stops: number };

/**
 * Per day, how many enrolments and how many students start or stop being active. An enrolment is active on
 * the days [start_date, ended_on), with no end while it is active; one ended without a date, or on its first
 * day, never is. A student is active on the union of their enrolments' days (each student's spans merged
 * where they overlap or touch).
 * Only what may be active at a day of [firstEnd, to] is read: a span over by then adds and takes away alike.
 */
async function activeChanges(db: Queryable, where: SQL | undefined, to: string, firstEnd: string): Promise<ActiveChange[]> {
  const end = sql`coalesce(${enrollments.endedOn}, '9999-12-31')`;
  const result = await db.execute<ActiveChange>(sql`
    with spans as materialized (
      select ${enrollments.userId} as user_id, ${enrollments.startDate} as s, ${end} as e
      from ${enrollments} join ${classes} on ${classes.classId} = ${enrollments.classId}
      where ${and(
        where,
        or(isNotNull(enrollments.endedOn), eq(enrollments.status, ACTIVE)),
        lte(enrollments.startDate, to),
        sql`${end} > ${firstEnd}`,
        sql`${end} > ${enrollments.startDate}`,
      )}
    ),
    per_student as (select user_id, count(*) as spans, min(s) as s, max(e) as e from spans group by user_id),
    -- a student's span starts a new stretch when it begins after every earlier one has ended (students with
    -- one span are their own stretch)
    marked as (
      select user_id, s, e,
             case when s <= max(e) over (partition by user_id order by s, e rows between unbounded preceding and 1 preceding) then 0 else 1 end as fresh
      from spans where user_id in (select user_id from per_student where spans > 1)
    ),
    stretches as (
      select user_id, s, e, sum(fresh) over (partition by user_id order by s, e rows unbounded preceding) as stretch from marked
    ),
    merged as (
      select min(s) as s, max(e) as e from stretches group by user_id, stretch
      union all select s, e from per_student where spans = 1
    )
    select 'enrolment' as kind, s as day, count(*)::int as starts, 0 as stops from spans group by s
    union all select 'enrolment', e, 0, count(*)::int from spans group by e
    union all select 'student', s, count(*)::int, 0 from merged group by s
    union all select 'student', e, 0, count(*)::int from merged group by e`);
  return result.rows;
}

/** The enrolments and students active at the end of `day`: those started by then less those stopped by then. */
function activeOn(changes: ActiveChange[], day: string): { active: number; students: number } {
  const sums = { enrolment: 0, student: 0 };
  for (const change of changes) if (change.day <= day) sums[change.kind] += Number(change.starts) - Number(change.stops);
  return { active: sums.enrolment, students: sums.student };
}

/** Up to this many months, each month's end is counted directly; beyond, from the days activity starts and stops. */
const DIRECT_MONTHS = 3;

/**
 * The active enrolments and their distinct students at each month's end (`months`' `end`), per month. A few
 * months are counted directly, each month's end against the enrolments active then (per student, then per
 * month); more from activeChanges, whose cost does not grow with the months. Both count the same.
 */
async function activeAtMonthEnds(db: Queryable, where: SQL | undefined, months: Array<{ month: string; end: string }>) {
  const last = months[months.length - 1].end;
  if (months.length > DIRECT_MONTHS) {
    const changes = await activeChanges(db, where, last, months[0].end);
    return new Map(months.map(({ month, end }) => [month, activeOn(changes, end)]));
  }
  const ends = sql`(values ${sql.join(
    months.map(({ month, end }) => sql`(${month}::varchar, ${end}::varchar)`),
    sql`, `,
  )}) as month_end(month, at)`;
  const result = await db.execute<{ month: string; active: number; students: number }>(sql`
    select month, sum(enrolments)::int as active, count(*)::int as students from (
      select month_end.month, ${enrollments.userId}, count(*) as enrolments
      from ${enrollments} join ${classes} on ${classes.classId} = ${enrollments.classId}
      join ${ends} on ${activeAt(sql`month_end.at`)}
      where ${and(where, lte(enrollments.startDate, last), or(and(isNull(enrollments.endedOn), eq(enrollments.status, ACTIVE)), sql`${enrollments.endedOn} > ${months[0].end}`))}
      group by month_end.month, ${enrollments.userId}
    ) per_student
    group by month`);
  const counted = new Map(result.rows.map((row) => [row.month, { active: Number(row.active), students: Number(row.students) }]));
  return new Map(months.map(({ month }) => [month, counted.get(month) ?? { active: 0, students: 0 }]));
}

/** GET /learning/insights/enrolment. */
export async function enrolmentInsight(ctx: AppContext, actor: Actor, query: Static<typeof InsightQuery>, { every = false } = {}): Promise<EnrolmentInsight> {
  const { db } = ctx.database;
  const filter = insightFilter(query);
  const where = enrolmentsOf(actor, filter);
  const months = monthsOf(filter);
  const started = sql<string>`substr(${enrollments.startDate}, 1, 7)`;
  const ended = sql<string>`substr(${enrollments.endedOn}, 1, 7)`;
  // each class's enrolments active at the period's end
  const activeNow = db
    .select({ classId: enrollments.classId, enrolled: sql<number>`count(*)`.as('enrolled') })
    .from(enrollments)
    .where(activeAt(sql`${filter.to}::varchar`))
    .groupBy(enrollments.classId)
    .as('active_now');
  const capacity = sql<number | null>`coalesce(${classes.capacity}, ${rooms.capacity})`;

  const [active, startedRows, endedRows, classRows, lowBalance] = await Promise.all([
    activeAtMonthEnds(db, where, months),
    db
      .select({ month: started, n: counted })
      .from(enrollments)
      .innerJoin(classes, eq(classes.classId, enrollments.classId))
      .where(and(where, gte(enrollments.startDate, filter.from), lte(enrollments.startDate, filter.to)))
      .groupBy(started),
    db
      .select({ month: ended, n: counted })
      .from(enrollments)
      .innerJoin(classes, eq(classes.classId, enrollments.classId))
      .where(and(where, gte(enrollments.endedOn, filter.from), lte(enrollments.endedOn, filter.to)))
      .groupBy(ended),
    // every running class, an empty one too (the enrolments left-joined, counted when active at `to`)
    db
      .select({ classId: classes.classId, className: classes.className, own: classes.capacity, capacity, enrolled: sql<number>`coalesce(${activeNow.enrolled}, 0)::int` })
      .from(classes)
      .leftJoin(rooms, eq(rooms.roomId, classes.roomId))
      .leftJoin(activeNow, eq(activeNow.classId, classes.classId))
      .where(and(where, eq(classes.status, ACTIVE)))
      .orderBy(asc(classes.classId)),
    lowBalanceCount(db, actor, { center_id: filter.centerId ?? undefined }),
  ]);

  const byMonth = <R extends { month: string }>(rows: R[]) => new Map(rows.map((row) => [row.month, row]));
  const starts = byMonth(startedRows);
  const stops = byMonth(endedRows);
  const monthRows = months.map(({ month }) => ({
    month,
    started: Number(starts.get(month)?.n ?? 0),
    ended: Number(stops.get(month)?.n ?? 0),
    ...active.get(month)!,
  }));
  // the period's end is its last month's
  const atEnd = monthRows[monthRows.length - 1];

  return {
    from: filter.from,
    to: filter.to,
    center_id: filter.centerId,
    product_id: filter.productId,
    teacher_id: filter.teacherId,
    totals: {
      active: atEnd.active,
      students: atEnd.students,
      started: monthRows.reduce((sum, row) => sum + row.started, 0),
      ended: monthRows.reduce((sum, row) => sum + row.ended, 0),
    },
    months: monthRows,
    // the screen's are the fullest INSIGHT_LIMITS.rowsListed; `every` (the export) all of them
    classes: classRows
      .map(toFill)
      .sort(byFill)
      .slice(0, every ? undefined : INSIGHT_LIMITS.rowsListed),
    classes_total: classRows.length,
    low_balance: lowBalance,
  };
}

function toFill(row: { classId: number; className: string; own: number | null; capacity: number | null; enrolled: number }): EnrolmentClass {
  const capacity = row.capacity === null ? null : Number(row.capacity);
  const enrolled = Number(row.enrolled);
  return {
    class_id: row.classId,
    class_name: row.className,
    enrolled,
    capacity,
    capacity_from: capacity === null ? null : row.own !== null ? 'class' : 'room',
    fill: capacity ? Math.round((enrolled / capacity) * 10_000) / 10_000 : null,
  };
}

/** The fullest first, those without a capacity last (the most enrolled first among them), then the name. */
function byFill(a: EnrolmentClass, b: EnrolmentClass): number {
  if ((a.fill === null) !== (b.fill === null)) return a.fill === null ? 1 : -1;
  return (b.fill ?? 0) - (a.fill ?? 0) || b.enrolled - a.enrolled || vietnamese.compare(a.class_name, b.class_name) || a.class_id - b.class_id;
}
