/**
 * The operator's insights: figures across the centres, each summed by the database.
 *
 * Attendance (GET /learning/insights/attendance): over the sessions of the period whose roll was taken
 * (is_attendance = 1), the students marked and those marked present; the rate is present ÷ marked. Per
 * week (Monday to Sunday, every week of the period listed), per class, per teacher who taught the session,
 * and the students marked absent (an excused absence is not counted) most often.
 *
 * Filters: the session's centre, its class's course (product), the teacher who taught it. Reach: the
 * Insight policy (a giáo vụ with a centre: that centre's sessions only).
 *
 * Money (GET /learning/insights/money), for the period and the centre (the course and teacher filters do
 * not narrow money: what a payment or a debt belongs to is its centre): what was collected per month and
 * method, the very figures of the revenue report; what is owed now and overdue, the debts screen's totals;
 * and the period's collected money per course of the paid order's class. Reach: the orders' policy, as
 * those two screens.
 */
import { and, eq, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { AttendanceInsight, MoneyInsight } from '@trungtam/shared/contracts/insights';
import { INSIGHT_LIMITS } from '@trungtam/shared/contracts/insights';
import { dayjs, operatorIsoWeek } from '@trungtam/shared/operatorDate';
import type { InsightQuery } from '@trungtam/shared/schemas/insights';
import { policy, type Actor } from '../access/access';
import type { Queryable } from '../db/client';
import { classes, orders, payments, products, users } from '../db/schema';
import { insightFilter, vietnamese, type InsightFilter } from './insight-filter';
import { absenceRows, marksPerDay, periodPieces, refreshAttendanceRollups, takenSessionRows, type PeriodPieces } from './insight-rollups';
import { debtTotalsOf } from './payments';
import { revenueReport } from './revenue';
import type { AppContext } from '../types';

/** The Mondays of the weeks the period touches, in order. */
export function weeksOf(filter: InsightFilter): string[] {
  const weeks: string[] = [];
  let monday = dayjs(operatorIsoWeek(filter.from).start, 'YYYY-MM-DD', true);
  while (monday.format('YYYY-MM-DD') <= filter.to) {
    weeks.push(monday.format('YYYY-MM-DD'));
    monday = monday.add(1, 'week');
  }
  return weeks;
}

const rateOf = (row: { marked: number; present: number }) => ({
  marked: Number(row.marked),
  present: Number(row.present),
  rate: Number(row.marked) > 0 ? Math.round((Number(row.present) / Number(row.marked)) * 10_000) / 10_000 : null,
});
/** The lowest rate first, then the most marked, then the name. */
const byRate = <T extends { rate: number | null; marked: number }>(name: (row: T) => string) => (a: T, b: T) =>
  (a.rate ?? 1) - (b.rate ?? 1) || b.marked - a.marked || vietnamese.compare(name(a), name(b));

type RateGroup = {
  kind: 'class' | 'teacher';
  id: number | null;
  /** Sessions whose roll was taken (marked or not: what the schedules list counts for a row). */
  sessions: number;
  marked: number;
  present: number;
};

/** The period's marks and those present per class and per teacher who taught the session, summed over the roll-ups' pieces. */
async function rateGroups(db: Queryable, actor: Actor, filter: InsightFilter, pieces: PeriodPieces): Promise<RateGroup[]> {
  const result = await db.execute<RateGroup>(sql`
    select case when grouping(class_id) = 0 then 'class' else 'teacher' end as kind, coalesce(class_id, teacher_id) as id,
           sum(sessions)::int as sessions, sum(marked)::int as marked, sum(present)::int as present
    from (${takenSessionRows(db, actor, filter, pieces)}) taken
    group by grouping sets ((class_id), (teacher_id))`);
  return result.rows;
}

/** The names of these classes and accounts. */
async function namesOf(db: Queryable, classIds: number[], userIds: number[]) {
  const [classNames, userNames] = await Promise.all([
    classIds.length ? db.select({ id: classes.classId, name: classes.className }).from(classes).where(inArray(classes.classId, classIds)) : [],
    userIds.length ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds)) : [],
  ]);
  return { classes: new Map(classNames.map((row) => [row.id, row.name])), users: new Map(userNames.map((row) => [row.id, row.name])) };
}

/** The students marked absent (not excused) most often in the period: the most first, then by name. */
async function mostAbsent(db: Queryable, actor: Actor, filter: InsightFilter, pieces: PeriodPieces) {
  const result = await db.execute<{ student_id: number; name: string; absences: number }>(sql`
    with absences as (
      select user_id, sum(absences)::int as absences from (${absenceRows(db, actor, filter, pieces)}) signed
      group by user_id having sum(absences) > 0
    ),
    -- those with at least the count of the last place (ties at it included): the only ones that may be listed
    leaders as (
      select * from absences where absences >= coalesce((select absences from absences order by absences desc offset ${INSIGHT_LIMITS.topAbsent - 1} limit 1), 0)
    )
    select l.user_id as student_id, (select u.name from ${users} u where u.id = l.user_id) as name, l.absences
    from leaders l
    order by l.absences desc, name asc, l.user_id asc
    limit ${INSIGHT_LIMITS.topAbsent}`);
  return result.rows;
}

/**
 * GET /learning/insights/attendance: the screen's classes and teachers are the INSIGHT_LIMITS.rowsListed
 * lowest rates (an operator's thousands of classes make no table to read); `every` lists them all (the export).
 */
export async function attendanceInsight(ctx: AppContext, actor: Actor, query: Static<typeof InsightQuery>, { every = false } = {}): Promise<AttendanceInsight> {
  const { db } = ctx.database;
  const filter = insightFilter(query);
  await refreshAttendanceRollups(db);
  const pieces = periodPieces(filter.from, filter.to);
  const [days, groups, absentRows] = await Promise.all([
    marksPerDay(db, actor, filter),
    rateGroups(db, actor, filter, pieces),
    mostAbsent(db, actor, filter, pieces),
  ]);
  const weekSums = new Map<string, { marked: number; present: number }>();
  for (const row of days) {
    const week = operatorIsoWeek(row.day).start;
    const sums = weekSums.get(week) ?? { marked: 0, present: 0 };
    weekSums.set(week, { marked: sums.marked + Number(row.marked), present: sums.present + Number(row.present) });
  }
  const weekRows = [...weekSums].map(([week, sums]) => ({ week, ...sums }));
  // the classes and teachers with students marked (sessions without a teacher count in the weeks and classes)
  const classGroups = groups.filter((row) => row.kind === 'class' && Number(row.marked) > 0);
  const teacherGroups = groups.filter((row) => row.kind === 'teacher' && row.id !== null && Number(row.marked) > 0);
  const names = await namesOf(db, classGroups.map((row) => Number(row.id)), teacherGroups.map((row) => Number(row.id)));
  const classRows = classGroups.map((row) => ({ classId: Number(row.id), className: names.classes.get(Number(row.id)) ?? '', sessions: Number(row.sessions), marked: row.marked, present: row.present }));
  const teacherRows = teacherGroups.map((row) => ({ teacherId: Number(row.id), name: names.users.get(Number(row.id)) ?? '', sessions: Number(row.sessions), marked: row.marked, present: row.present }));

  const listed = every ? undefined : INSIGHT_LIMITS.rowsListed;
  const byWeek = new Map(weekRows.map((row) => [row.week, row]));
  const weeks = weeksOf(filter).map((week_start) => ({ week_start, ...rateOf(byWeek.get(week_start) ?? { marked: 0, present: 0 }) }));
  const totals = rateOf(weekRows.reduce((sum, row) => ({ marked: sum.marked + Number(row.marked), present: sum.present + Number(row.present) }), { marked: 0, present: 0 }));

  return {
    from: filter.from,
    to: filter.to,
    center_id: filter.centerId,
    product_id: filter.productId,
    teacher_id: filter.teacherId,
    totals,
    weeks,
    classes: classRows
      .map((row) => ({ class_id: row.classId, class_name: row.className, sessions: row.sessions, ...rateOf(row) }))
      .sort(byRate((row) => row.class_name))
      .slice(0, listed),
    classes_total: classRows.length,
    teachers: teacherRows
      .map((row) => ({ teacher_id: row.teacherId, name: row.name, sessions: row.sessions, ...rateOf(row) }))
      .sort(byRate((row) => row.name))
      .slice(0, listed),
    teachers_total: teacherRows.length,
    absent_students: absentRows.map((row) => ({ student_id: Number(row.student_id), name: row.name, absences: Number(row.absences) })),
  };
}

/** The period's collected money (payments not voided, credit aside) per course of the paid order's class, the most first. */
async function collectedByCourse(db: Queryable, actor: Actor, filter: InsightFilter): Promise<MoneyInsight['courses']> {
  const collected = sql<string>`coalesce(sum(${payments.amount}), 0)::bigint`;
  const rows = await db
    .select({ productId: classes.productId, name: products.name, collected })
    .from(payments)
    .innerJoin(orders, eq(orders.orderId, payments.orderId))
    .innerJoin(classes, eq(classes.classId, orders.classId))
    .leftJoin(products, eq(products.productId, classes.productId))
    .where(
      and(
        isNull(payments.voidedAt),
        ne(payments.method, 'credit'),
        gte(payments.paidOn, filter.from),
        lte(payments.paidOn, filter.to),
        policy(actor).where('Order'),
        // a payment belongs to the centre of its receipt, as in the revenue report
        filter.centerId ? eq(payments.receiptCenterId, filter.centerId) : undefined,
      ),
    )
    .groupBy(classes.productId, products.name);
  return rows
    .map((row) => ({ product_id: row.productId, name: row.name ?? NO_COURSE, collected: Number(row.collected) }))
    .sort((a, b) => b.collected - a.collected || vietnamese.compare(a.name, b.name));
}

const NO_COURSE = 'Không thuộc khoá học';

/** GET /learning/insights/money. */
export async function moneyInsight(ctx: AppContext, actor: Actor, query: Static<typeof InsightQuery>): Promise<MoneyInsight> {
  const filter = insightFilter(query);
  const [revenue, debts, courses] = await Promise.all([
    revenueReport(ctx, actor, { from: filter.from, to: filter.to, group: 'month', ...(filter.centerId ? { center_id: filter.centerId } : {}) }),
    debtTotalsOf(ctx, actor, filter.centerId ?? 0),
    collectedByCourse(ctx.database.db, actor, filter),
  ]);
  return {
    from: filter.from,
    to: filter.to,
    center_id: filter.centerId,
    months: revenue.rows.map((row) => ({ month: row.period, cash: row.cash, transfer: row.transfer, card: row.card, collected: row.collected })),
    collected: revenue.totals.collected,
    owed: debts.owed,
    overdue: debts.overdue,
    courses,
  };
}
