/**
 * The reports, read-only and scoped by the access policy:
 * - the payroll timesheet: one line per taught session with attendance taken (class_schedule.is_attendance
 *   = 1) whose date (schedule_date) is in the range, paid the class's teacher_salary per lesson; the totals
 *   per teacher and overall cover the whole range, every page;
 * - orders (what enrolments cost) created in the range, newest first, with the count and the sum of the
 *   ones not cancelled.
 * Both take the range as `/user/list` does: `created_at` twice, on the operator's clock, ends included.
 */
import { and, asc, count, desc, eq, gte, ilike, isNotNull, lte, ne, or, sum, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import { REPORT_TEXT, type OrderReportRow, type OrderTotals, type PayrollGrandTotal, type PayrollLine, type PayrollTeacherTotal } from '@trungtam/shared/contracts/reports';
import { inOperatorZone } from '@trungtam/shared/operatorDate';
import type { OrderQuery, PayrollQuery } from '@trungtam/shared/schemas/reports';
import { policy, type Actor } from '../access/access';
import type { Queryable } from '../db/client';
import { centers, classes, classSchedules, orders, productItems, users } from '../db/schema';
import { alias } from 'drizzle-orm/pg-core';
import { invalid } from '../lib/errors';
import { containsPattern, listResult, paging, parseLocalDateTime } from '../lib/list';

type PayrollParams = Static<typeof PayrollQuery>;
type OrderParams = Static<typeof OrderQuery>;

/** The rows an export reads at a time. */
const EXPORT_BATCH = 1000;

export interface ReportRange {
  start: Date;
  end: Date;
  /** The operator's dates of the two ends, 'YYYY-MM-DD'. */
  from: string;
  to: string;
}

/** The range of `created_at` (start, end): a 400 on created_at when an end is not a date and time, or the start is after the end. */
export function reportRange(createdAt: string[]): ReportRange {
  const start = parseLocalDateTime(createdAt[0], false, 'created_at');
  const end = parseLocalDateTime(createdAt[1], true, 'created_at');
  if (start > end) throw invalid({ created_at: REPORT_TEXT.rangeOrder });
  const day = (instant: Date) => inOperatorZone(instant)!.format('YYYY-MM-DD');
  return { start, end, from: day(start), to: day(end) };
}

const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

// ---------------------------------------------------------------- payroll timesheet

function payrollWhere(actor: Actor, query: PayrollParams, range: ReportRange): SQL | undefined {
  return and(
    eq(classSchedules.isAttendance, 1),
    isNotNull(classSchedules.teacherId),
    gte(classSchedules.scheduleDate, range.from),
    lte(classSchedules.scheduleDate, range.to),
    policy(actor).where('PayrollTimesheet'),
    query.teacher_id ? eq(classSchedules.teacherId, query.teacher_id) : undefined,
    query.center_id ? eq(classSchedules.centerId, query.center_id) : undefined,
  );
}

/** The teacher a substitute replaced, on a payroll line (the line is paid to the one who taught). */
const originalTeachers = alias(users, 'original_teacher');

/** The lines of `where`, by teacher (name, then id), then date and start time. */
async function payrollLines(db: Queryable, where: SQL | undefined, limit: number, offset: number): Promise<PayrollLine[]> {
  const rows = await db
    .select({
      scheduleId: classSchedules.scheduleId,
      scheduleDate: classSchedules.scheduleDate,
      hour: classSchedules.scheduleHour,
      minute: classSchedules.scheduleMinute,
      classId: classSchedules.classId,
      className: classes.className,
      teacherId: users.id,
      teacherName: users.name,
      originalTeacherId: originalTeachers.id,
      originalTeacherName: originalTeachers.name,
      centerId: classSchedules.centerId,
      centerName: centers.name,
      duration: classSchedules.duration,
      salary: classes.teacherSalary,
    })
    .from(classSchedules)
    .innerJoin(classes, eq(classes.classId, classSchedules.classId))
    .innerJoin(users, eq(users.id, classSchedules.teacherId))
    .leftJoin(originalTeachers, eq(originalTeachers.id, classSchedules.originalTeacherId))
    .leftJoin(centers, eq(centers.centerId, classSchedules.centerId))
    .where(where)
    .orderBy(asc(users.name), asc(users.id), asc(classSchedules.scheduleDate), asc(classSchedules.scheduleHour), asc(classSchedules.scheduleMinute), asc(classSchedules.scheduleId))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({
    schedule_id: row.scheduleId,
    schedule_date: row.scheduleDate,
    schedule_hour: row.hour,
    schedule_minute: row.minute,
    class_id: row.classId,
    class_name: row.className,
    teacher_id: row.teacherId,
    teacher_name: row.teacherName,
    original_teacher_id: row.originalTeacherId,
    original_teacher_name: row.originalTeacherName,
    center_id: row.centerId,
    center_name: row.centerName,
    duration: row.duration,
    hours: hoursOf(row.duration),
    teacher_salary: row.salary,
    amount: row.salary,
  }));
}

/** The totals of `where` per teacher (in the lines' order) and overall. */
async function payrollTotals(db: Queryable, where: SQL | undefined): Promise<{ totals: PayrollTeacherTotal[]; grand: PayrollGrandTotal }> {
  const rows = await db
    .select({ teacherId: users.id, teacherName: users.name, sessions: count(), minutes: sum(classSchedules.duration), amount: sum(classes.teacherSalary) })
    .from(classSchedules)
    .innerJoin(classes, eq(classes.classId, classSchedules.classId))
    .innerJoin(users, eq(users.id, classSchedules.teacherId))
    .where(where)
    .groupBy(users.id, users.name)
    .orderBy(asc(users.name), asc(users.id));
  const totals = rows.map((row) => ({
    teacher_id: row.teacherId,
    teacher_name: row.teacherName,
    sessions: Number(row.sessions),
    minutes: Number(row.minutes ?? 0),
    amount: Number(row.amount ?? 0),
  }));
  const minutes = totals.reduce((all, row) => all + row.minutes, 0);
  return {
    totals: totals.map(({ minutes: own, ...row }) => ({ ...row, hours: hoursOf(own) })),
    grand: { sessions: totals.reduce((all, row) => all + row.sessions, 0), hours: hoursOf(minutes), amount: totals.reduce((all, row) => all + row.amount, 0) },
  };
}

export async function listPayroll(db: Queryable, actor: Actor, query: PayrollParams) {
  const where = payrollWhere(actor, query, reportRange(query.created_at));
  const page = paging(query);
  const { totals, grand } = await payrollTotals(db, where);
  const rows = await payrollLines(db, where, page.limit, page.offset);
  return { ...listResult(rows, grand.sessions, page), totals, grand_total: grand };
}

/** Everything an export writes: the range, the totals, and the lines in batches (the first one read already). */
export async function payrollExport(db: Queryable, actor: Actor, query: PayrollParams) {
  const range = reportRange(query.created_at);
  const where = payrollWhere(actor, query, range);
  const { totals, grand } = await payrollTotals(db, where);
  const first = await payrollLines(db, where, EXPORT_BATCH, 0);
  async function* lines() {
    let batch = first;
    for (let offset = 0; batch.length; ) {
      yield batch;
      if (batch.length < EXPORT_BATCH) return;
      offset += EXPORT_BATCH;
      batch = await payrollLines(db, where, EXPORT_BATCH, offset);
    }
  }
  return { range, totals, grand, lines: lines() };
}

// ---------------------------------------------------------------- orders

function orderWhere(actor: Actor, query: OrderParams, range: ReportRange): SQL | undefined {
  const search = query.search?.trim();
  return and(
    gte(orders.createdAt, range.start),
    lte(orders.createdAt, range.end),
    policy(actor).where('Order'),
    query.status ? eq(orders.status, query.status) : undefined,
    search ? or(ilike(users.name, containsPattern(search)), ilike(classes.className, containsPattern(search))) : undefined,
  );
}

/** The orders of `where`, newest first. */
async function orderRows(db: Queryable, where: SQL | undefined, limit: number, offset: number): Promise<OrderReportRow[]> {
  const rows = await db
    .select({ order: orders, studentName: users.name, className: classes.className, itemName: productItems.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(classes, eq(classes.classId, orders.classId))
    .leftJoin(productItems, eq(productItems.productItemId, orders.productItemId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.orderId))
    .limit(limit)
    .offset(offset);
  return rows.map(({ order, studentName, className, itemName }) => ({
    order_id: order.orderId,
    enrollment_id: order.enrollmentId,
    user_id: order.userId,
    class_id: order.classId,
    product_item_id: order.productItemId,
    list_price: order.listPrice,
    discount_percent: order.discountPercent,
    amount: order.amount,
    status: order.status as OrderReportRow['status'],
    created_at: order.createdAt.toISOString(),
    student_name: studentName,
    class_name: className,
    product_item_name: itemName,
  }));
}

/** How many orders `where` holds, and the count and sum of those not cancelled. */
async function orderCounts(db: Queryable, where: SQL | undefined): Promise<{ total: number; totals: OrderTotals }> {
  const [[all], [counted]] = await Promise.all([
    db
      .select({ n: count() })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .innerJoin(classes, eq(classes.classId, orders.classId))
      .where(where),
    db
      .select({ n: count(), amount: sum(orders.amount) })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .innerJoin(classes, eq(classes.classId, orders.classId))
      .where(and(where, ne(orders.status, 'cancelled'))),
  ]);
  return { total: Number(all.n), totals: { count: Number(counted.n), amount: Number(counted.amount ?? 0) } };
}

export async function listOrders(db: Queryable, actor: Actor, query: OrderParams) {
  const where = orderWhere(actor, query, reportRange(query.created_at));
  const page = paging(query);
  const { total, totals } = await orderCounts(db, where);
  const rows = await orderRows(db, where, page.limit, page.offset);
  return { ...listResult(rows, total, page), totals };
}

/** Everything an export writes: the range, the totals, and the orders in batches (the first one read already). */
export async function ordersExport(db: Queryable, actor: Actor, query: OrderParams) {
  const range = reportRange(query.created_at);
  const where = orderWhere(actor, query, range);
  const { totals } = await orderCounts(db, where);
  const first = await orderRows(db, where, EXPORT_BATCH, 0);
  async function* rows() {
    let batch = first;
    for (let offset = 0; batch.length; ) {
      yield batch;
      if (batch.length < EXPORT_BATCH) return;
      offset += EXPORT_BATCH;
      batch = await orderRows(db, where, EXPORT_BATCH, offset);
    }
  }
  return { range, totals, rows: rows() };
}
