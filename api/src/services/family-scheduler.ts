/**
 * The messages to families that no write causes, found by a scan the outbox's worker runs every few
 * minutes (and once at start), each by its centre's settings:
 * - payment_due: an order still owing whose due date is `payment_reminder_days` away (0: none);
 * - payment_overdue: an order still owing whose due date passed in the last three days (overdue_notice), so
 *   that a scan missed while the API was down is made up for, and an old debt is not announced at deploy;
 * - reminder: the day before each session, to the families of its students (session_reminder, off by default).
 * All are non-urgent (the quiet window holds them), and each is keyed by its order and due date or its
 * session: scanning again, or on two instances at once, writes nothing more.
 */
import { and, asc, eq, gt, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { MessageChannel } from '@trungtam/shared/contracts/familyMessages';
import { formatVnd } from '@trungtam/shared/format';
import { dayjs, operatorToday } from '@trungtam/shared/operatorDate';
import type { Queryable } from '../db/client';
import { centers, classes, classSchedules, enrollments, makeupStudents, orders, productItems, products, rooms } from '../db/schema';
import { dmy } from './family-events';
import { enqueueFamilyEvent } from './family-messages';

const hhmm = (hour: number, minute: number) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
const addDays = (date: string, days: number) => dayjs(date).add(days, 'day').format('YYYY-MM-DD');

/** Orders still owing, due between `from` and `to`, in the centres `centreRule` picks, with what their messages name. */
async function owingOrders(db: Queryable, from: string, to: string, centreRule: SQL) {
  return db
    .select({
      orderId: orders.orderId,
      studentId: orders.userId,
      dueDate: orders.dueDate,
      owed: sql<number>`(${orders.amount} - ${orders.paidAmount})::bigint`,
      className: classes.className,
      itemName: productItems.name,
      courseName: products.name,
      reminderDays: centers.paymentReminderDays,
    })
    .from(orders)
    .innerJoin(classes, eq(classes.classId, orders.classId))
    .innerJoin(centers, eq(centers.centerId, classes.centerId))
    .leftJoin(productItems, eq(productItems.productItemId, orders.productItemId))
    .leftJoin(products, eq(products.productId, productItems.productId))
    .where(and(ne(orders.status, 'cancelled'), ne(orders.status, 'paid'), gt(sql`${orders.amount} - ${orders.paidAmount}`, 0), gte(orders.dueDate, from), lte(orders.dueDate, to), centreRule))
    .orderBy(asc(orders.orderId));
}

/** One scan for `today` (operator date). The number of messages written. */
export async function scanFamilyReminders(db: Queryable, channels: readonly MessageChannel[], today = operatorToday()): Promise<number> {
  let written = 0;
  const orderValues = (order: Awaited<ReturnType<typeof owingOrders>>[number]) => () => ({
    so_tien: formatVnd(Number(order.owed)),
    han_nop: dmy(order.dueDate),
    noi_dung: [order.courseName, order.itemName].filter(Boolean).join(' · ') || `lớp ${order.className}`,
  });

  // due soon: each centre's own number of days ahead (up to 60)
  const due = await owingOrders(db, addDays(today, 1), addDays(today, 60), sql`${centers.paymentReminderDays} > 0`);
  for (const order of due.filter((row) => row.dueDate === addDays(today, row.reminderDays))) {
    written += await db.transaction((tx) =>
      enqueueFamilyEvent(tx, channels, { kind: 'payment_due', eventKey: `${order.orderId}:${order.dueDate}`, studentIds: [order.studentId], values: orderValues(order), payload: { order_id: order.orderId } }),
    );
  }
  const overdue = await owingOrders(db, addDays(today, -3), addDays(today, -1), eq(centers.overdueNotice, true));
  for (const order of overdue) {
    written += await db.transaction((tx) =>
      enqueueFamilyEvent(tx, channels, { kind: 'payment_overdue', eventKey: `${order.orderId}:${order.dueDate}`, studentIds: [order.studentId], values: orderValues(order), payload: { order_id: order.orderId } }),
    );
  }

  // tomorrow's sessions in the centres that remind
  const tomorrow = addDays(today, 1);
  const sessions = await db
    .select({ scheduleId: classSchedules.scheduleId, classId: classSchedules.classId, hour: classSchedules.scheduleHour, minute: classSchedules.scheduleMinute, makeupOf: classSchedules.makeupOf, className: classes.className, roomName: rooms.name })
    .from(classSchedules)
    .innerJoin(classes, eq(classes.classId, classSchedules.classId))
    .innerJoin(centers, eq(centers.centerId, classSchedules.centerId))
    .leftJoin(rooms, eq(rooms.roomId, classSchedules.roomId))
    .where(and(eq(classSchedules.scheduleDate, tomorrow), eq(centers.sessionReminder, true)))
    .orderBy(asc(classSchedules.scheduleId));
  for (const session of sessions) {
    const students =
      session.makeupOf !== null
        ? await db.select({ id: makeupStudents.userId }).from(makeupStudents).where(eq(makeupStudents.scheduleId, session.scheduleId))
        : await db
            .select({ id: enrollments.userId })
            .from(enrollments)
            .where(and(eq(enrollments.classId, session.classId), eq(enrollments.status, 1), lte(enrollments.startDate, tomorrow)));
    if (!students.length) continue;
    written += await db.transaction((tx) =>
      enqueueFamilyEvent(tx, channels, {
        kind: 'reminder',
        eventKey: String(session.scheduleId),
        studentIds: students.map((student) => student.id),
        values: () => ({ lop: session.className, ngay: dmy(tomorrow), gio: hhmm(session.hour, session.minute), phong: session.roomName ?? '—' }),
        payload: { schedule_id: session.scheduleId },
      }),
    );
  }
  return written;
}
