/**
 * The operator's insights: figures across the centres, each summed by the database.
 *
 * Attendance (GET /learning/insights/attendance): over the sessions of the period whose roll was taken
 * (is_attendance = 1), the students marked and those marked present; the rate is present ÷ marked. Per
 * week (Monday to Sunday, every week of the period listed), per class, per teacher who taught the session,
 * and the students marked absent (an excused absence is not counted) most often. A class or teacher row
 * also counts its sessions whose roll was taken (`sessions`), and an absent student's figure is the
 * sessions they missed: the schedules list answers the same totals for the row's filters
 * (attendance_taken=1, absent_student_id; see the screen's links).
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
import { and, asc, count, desc, eq, gte, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { AttendanceInsight, MoneyInsight } from '@trungtam/shared/contracts/insights';
import { defaultInsightFrom, INSIGHT_LIMITS, INSIGHT_TEXT, insightPeriodProblem } from '@trungtam/shared/contracts/insights';
import { dayjs, isIsoDate, operatorIsoWeek, operatorToday } from '@trungtam/shared/operatorDate';
import type { InsightQuery } from '@trungtam/shared/schemas/insights';
import { policy, type Actor } from '../access/access';
import type { Queryable } from '../db/client';
import { attendances, classes, classSchedules, orders, payments, products, users } from '../db/schema';
import { invalid } from '../lib/errors';
import { debtTotalsOf } from './payments';
import { revenueReport } from './revenue';
import type { AppContext } from '../types';

export interface InsightFilter {
  from: string;
  to: string;
  centerId: number | null;
  productId: number | null;
  teacherId: number | null;
}

/** The query as a period and filters: real dates, the end not before the start, at most a year (a 400 naming the field otherwise); default the last 8 weeks. */
export function insightFilter(query: Static<typeof InsightQuery>): InsightFilter {
  if (query.from !== undefined && !isIsoDate(query.from)) throw invalid({ from: INSIGHT_TEXT.from });
  if (query.to !== undefined && !isIsoDate(query.to)) throw invalid({ to: INSIGHT_TEXT.to });
  const to = query.to ?? operatorToday();
  const from = query.from ?? defaultInsightFrom(to);
  const problem = insightPeriodProblem(from, to);
  if (problem) throw invalid({ to: problem });
  return { from, to, centerId: query.center_id || null, productId: query.product_id || null, teacherId: query.teacher_id || null };
}

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

/** The sessions of the period in reach and the filters whose roll was taken (the class joined for the course). */
function takenSessions(actor: Actor, filter: InsightFilter): SQL | undefined {
  return and(
    eq(classSchedules.isAttendance, 1),
    gte(classSchedules.scheduleDate, filter.from),
    lte(classSchedules.scheduleDate, filter.to),
    policy(actor).where('Insight'),
    filter.centerId ? eq(classSchedules.centerId, filter.centerId) : undefined,
    filter.teacherId ? eq(classSchedules.teacherId, filter.teacherId) : undefined,
    filter.productId ? eq(classes.productId, filter.productId) : undefined,
  );
}

const marked = sql<number>`count(*)::int`;
const present = sql<number>`(count(*) filter (where ${attendances.status} = 'present'))::int`;
const rateOf = (row: { marked: number; present: number }) => ({
  marked: Number(row.marked),
  present: Number(row.present),
  rate: Number(row.marked) > 0 ? Math.round((Number(row.present) / Number(row.marked)) * 10_000) / 10_000 : null,
});
/** The lowest rate first, then the most marked, then the name. */
const byRate = <T extends { rate: number | null; marked: number }>(name: (row: T) => string) => (a: T, b: T) =>
  (a.rate ?? 1) - (b.rate ?? 1) || b.marked - a.marked || name(a).localeCompare(name(b), 'vi');

/** GET /learning/insights/attendance. */
export async function attendanceInsight(ctx: AppContext, actor: Actor, query: Static<typeof InsightQuery>): Promise<AttendanceInsight> {
  const { db } = ctx.database;
  const filter = insightFilter(query);
  const where = takenSessions(actor, filter);
  const week = sql<string>`to_char(date_trunc('week', ${classSchedules.scheduleDate}::date), 'YYYY-MM-DD')`;

  // every figure reads the marks (attendance rows) with their session and its class
  const [weekRows, classRows, teacherRows, absentRows, sessionRows] = await Promise.all([
    db
      .select({ week, marked, present })
      .from(attendances)
      .innerJoin(classSchedules, eq(classSchedules.scheduleId, attendances.scheduleId))
      .innerJoin(classes, eq(classes.classId, classSchedules.classId))
      .where(where)
      .groupBy(week),
    db
      .select({ classId: classes.classId, className: classes.className, marked, present })
      .from(attendances)
      .innerJoin(classSchedules, eq(classSchedules.scheduleId, attendances.scheduleId))
      .innerJoin(classes, eq(classes.classId, classSchedules.classId))
      .where(where)
      .groupBy(classes.classId, classes.className),
    db
      .select({ teacherId: users.id, name: users.name, marked, present })
      .from(attendances)
      .innerJoin(classSchedules, eq(classSchedules.scheduleId, attendances.scheduleId))
      .innerJoin(classes, eq(classes.classId, classSchedules.classId))
      .innerJoin(users, eq(users.id, classSchedules.teacherId))
      .where(where)
      .groupBy(users.id, users.name),
    db
      .select({ studentId: users.id, name: users.name, absences: count() })
      .from(attendances)
      .innerJoin(classSchedules, eq(classSchedules.scheduleId, attendances.scheduleId))
      .innerJoin(classes, eq(classes.classId, classSchedules.classId))
      .innerJoin(users, eq(users.id, attendances.userId))
      .where(and(where, eq(attendances.status, 'absent')))
      .groupBy(users.id, users.name)
      .orderBy(desc(count()), asc(users.name), asc(users.id))
      .limit(INSIGHT_LIMITS.topAbsent),
    // the sessions themselves (marked or not) per class and teacher: what the schedules list counts for a row
    db
      .select({ classId: classSchedules.classId, teacherId: classSchedules.teacherId, sessions: count() })
      .from(classSchedules)
      .innerJoin(classes, eq(classes.classId, classSchedules.classId))
      .where(where)
      .groupBy(classSchedules.classId, classSchedules.teacherId),
  ]);
  const sessionsOf = (key: 'classId' | 'teacherId', id: number) => sessionRows.reduce((sum, row) => (row[key] === id ? sum + Number(row.sessions) : sum), 0);

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
    classes: classRows.map((row) => ({ class_id: row.classId, class_name: row.className, sessions: sessionsOf('classId', row.classId), ...rateOf(row) })).sort(byRate((row) => row.class_name)),
    teachers: teacherRows.map((row) => ({ teacher_id: row.teacherId, name: row.name, sessions: sessionsOf('teacherId', row.teacherId), ...rateOf(row) })).sort(byRate((row) => row.name)),
    absent_students: absentRows.map((row) => ({ student_id: row.studentId, name: row.name, absences: Number(row.absences) })),
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
    .sort((a, b) => b.collected - a.collected || a.name.localeCompare(b.name, 'vi'));
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
