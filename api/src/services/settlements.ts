/**
 * An enrolment's money when it ends or moves: cancelling it (the student leaves the class) gives back
 * what was paid for the lessons left, as a refund or as the student's credit; a transfer to another class
 * carries the lessons left (converted by price between course items) and the enrolment's orders, paid and
 * owed, to the new enrolment; a renewal is a new order for the same course item, its lessons on the
 * ledger at once or once it is paid, as the centre chooses. Each is one transaction with the enrolment's
 * row locked, writes its ledger lines on both sides, and is audited.
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import { ENROLLMENT_STATUS } from '@trungtam/shared/contracts';
import {
  proposedRefund,
  SETTLEMENT_TEXT,
  transferredLessons,
  type CancelPreview,
  type EnrollmentCancelResult,
  type OrderDetail,
  type RefundMethod,
  type SettlementKind,
  type TransferPreview,
  type TransferResult,
} from '@trungtam/shared/contracts/payments';
import { operatorToday } from '@trungtam/shared/operatorDate';
import type { EnrollmentCancelBody, RenewBody, TransferBody, TransferPreviewQuery } from '@trungtam/shared/schemas/payments';
import { policy, type Actor } from '../access/access';
import { classReference } from '../access/references';
import type { Queryable } from '../db/client';
import { appendLines, endedOnFor, ledgerSums, recountEnrollments } from '../db/ledger';
import { appendCredit, recountOrders } from '../db/payments';
import { centers, enrollments, orders, productItems, refunds } from '../db/schema';
import { writeAudit, type AuditContext } from '../factory/audit';
import { isUniqueViolation } from '../lib/db-errors';
import { conflict, invalid, TEXT } from '../lib/errors';
import type { AppContext } from '../types';
import type { ClassRow } from './classes';
import { amountOf, dueDateOf, enrollmentInReach, hasActive } from './enrollments';
import { notifyUsers } from './notifications';
import { orderDetail } from './payments';

type EnrollmentRow = typeof enrollments.$inferSelect;

/** The enrolment's row, locked for the rest of the transaction (two settlements at once: one waits). */
async function lockEnrollment(db: Queryable, enrollmentId: number): Promise<EnrollmentRow> {
  const [row] = await db.select().from(enrollments).where(eq(enrollments.enrollmentId, enrollmentId)).for('update');
  return row;
}

/** What the enrolment's orders (not cancelled) received, less what payments kept as credit. */
async function paidFor(db: Queryable, enrollmentId: number): Promise<number> {
  const [row] = await db
    .select({ paid: sql<number>`coalesce(sum(${orders.paidAmount}), 0)::bigint` })
    .from(orders)
    .where(and(eq(orders.enrollmentId, enrollmentId), ne(orders.status, 'cancelled')));
  return Number(row?.paid ?? 0);
}

async function owedFor(db: Queryable, enrollmentId: number): Promise<number> {
  const [row] = await db
    .select({ owed: sql<number>`coalesce(sum(greatest(${orders.amount} - ${orders.paidAmount}, 0)), 0)::bigint` })
    .from(orders)
    .where(and(eq(orders.enrollmentId, enrollmentId), ne(orders.status, 'cancelled')));
  return Number(row?.owed ?? 0);
}

async function balanceOf(db: Queryable, enrollmentId: number) {
  return (await ledgerSums(db, [enrollmentId])).get(enrollmentId) ?? { total: 0, learned: 0, bonus: 0, remaining: 0 };
}

// ---------------------------------------------------------------- cancelling

async function cancelFigures(db: Queryable, row: EnrollmentRow) {
  const sums = await balanceOf(db, row.enrollmentId);
  const left = Math.max(0, sums.remaining);
  const paid = await paidFor(db, row.enrollmentId);
  return { total: sums.total, left, paid, proposed: proposedRefund(paid, left, sums.total) };
}

/** GET /learning/class-enrollment/cancel-preview/:enrollment_id. */
export async function cancelPreview(ctx: AppContext, actor: Actor, enrollmentId: number): Promise<CancelPreview> {
  const { db } = ctx.database;
  const { row, student, cls } = await enrollmentInReach(db, actor, enrollmentId, 'delete');
  if (row.status === ENROLLMENT_STATUS.REMOVED) throw conflict(TEXT.enrollmentRemoved);
  const figures = await cancelFigures(db, row);
  return {
    enrollment_id: row.enrollmentId,
    student: { id: student.id, name: student.name },
    class: { class_id: cls.classId, class_name: cls.className },
    total_lesson: figures.total,
    lessons_left: figures.left,
    paid: figures.paid,
    proposed_amount: figures.proposed,
  };
}

export interface Settlement {
  kind: SettlementKind;
  /** null: the proposed amount. */
  amount: number | null;
  method?: RefundMethod;
  reason?: string | null;
}

/**
 * Cancels an enrolment: status removed, its orders cancelled, its lessons left written off its ledger,
 * and what was paid for them given back (a refund) or kept as the student's credit. Staff send the amount
 * (the proposal, or another with a reason); the spec's DELETE keeps the proposal as credit, so that no
 * money paid is lost when staff do not say.
 */
export async function settleCancellation(ctx: AppContext, actor: Actor, enrollmentId: number, settlement: Settlement, audit: AuditContext): Promise<EnrollmentCancelResult> {
  const { db } = ctx.database;
  const { cls } = await enrollmentInReach(db, actor, enrollmentId, 'delete');
  return db.transaction(async (tx) => {
    const row = await lockEnrollment(tx, enrollmentId);
    if (row.status === ENROLLMENT_STATUS.REMOVED) throw conflict(TEXT.enrollmentRemoved);
    const figures = await cancelFigures(tx, row);
    const amount = settlement.amount ?? figures.proposed;
    if (amount > figures.paid) throw invalid({ amount: SETTLEMENT_TEXT.amount(figures.paid) });
    const reason = settlement.reason?.trim() || null;
    if (amount !== figures.proposed && !reason) throw invalid({ reason: SETTLEMENT_TEXT.reason });
    const today = operatorToday();
    let refund: typeof refunds.$inferSelect | null = null;
    if (figures.paid > 0) {
      [refund] = await tx
        .insert(refunds)
        .values({
          enrollmentId: row.enrollmentId,
          userId: row.userId,
          centerId: cls.centerId ?? 0,
          kind: settlement.kind,
          method: settlement.kind === 'refund' ? (settlement.method ?? 'cash') : null,
          lessonsUnused: figures.left,
          proposedAmount: figures.proposed,
          amount,
          reason,
          refundedOn: today,
          actorId: actor.id,
        })
        .returning();
      if (settlement.kind === 'credit') {
        await appendCredit(tx, { userId: row.userId, kind: 'cancellation', amount, refundId: refund.refundId, reason: `Huỷ đăng ký lớp ${cls.className}`, actorId: actor.id });
      }
    }
    const [next] = await tx
      .update(enrollments)
      .set({ status: ENROLLMENT_STATUS.REMOVED, endedOn: endedOnFor(ENROLLMENT_STATUS.REMOVED, row, today), updatedAt: new Date() })
      .where(eq(enrollments.enrollmentId, row.enrollmentId))
      .returning();
    await tx.update(orders).set({ status: 'cancelled', updatedAt: new Date() }).where(eq(orders.enrollmentId, row.enrollmentId));
    await appendLines(tx, [{ enrollmentId: row.enrollmentId, kind: 'cancelled', lessons: -figures.left, reason, actorId: actor.id }]);
    await recountEnrollments(tx, [row.enrollmentId]);
    await writeAudit(tx, audit, { action: 'delete', resource: 'LearningClassEnrollments', resourceId: row.enrollmentId, before: row, after: { enrollment: next, refund } });
    return {
      enrollment_id: next.enrollmentId,
      status: next.status,
      refund: refund && {
        refund_id: refund.refundId,
        kind: refund.kind as SettlementKind,
        method: refund.method as RefundMethod | null,
        lessons_unused: refund.lessonsUnused,
        proposed_amount: refund.proposedAmount,
        amount: refund.amount,
        reason: refund.reason,
        refunded_on: refund.refundedOn,
      },
    };
  });
}

/** POST /learning/class-enrollment/cancel. */
export async function cancelEnrollment(ctx: AppContext, actor: Actor, body: Static<typeof EnrollmentCancelBody>, audit: AuditContext) {
  return settleCancellation(ctx, actor, body.enrollment_id, { kind: body.settlement, amount: body.amount, method: body.method, reason: body.reason }, audit);
}

// ---------------------------------------------------------------- transferring

interface Side {
  cls: ClassRow;
  item: typeof productItems.$inferSelect | null;
  /** What one lesson cost on this side: the price and lessons of the item bought (the order's, when there is one). */
  price: number;
  lessons: number;
}

async function itemOf(db: Queryable, cls: ClassRow) {
  if (!cls.productItemId) return null;
  const [item] = await db.select().from(productItems).where(eq(productItems.productItemId, cls.productItemId));
  return item ?? null;
}

/** The enrolment to move and the class it moves to, both in reach, with what a lesson costs on each side. */
async function transferSides(db: Queryable, actor: Actor, enrollmentId: number, classId: number) {
  const { row, student, cls } = await enrollmentInReach(db, actor, enrollmentId, 'update');
  if (row.status !== ENROLLMENT_STATUS.ACTIVE) throw conflict(SETTLEMENT_TEXT.transferNotActive);
  if (classId === row.classId) throw invalid({ class_id: SETTLEMENT_TEXT.transferSameClass });
  const target = await classReference(db, actor, 'class_id', classId);
  policy(actor).assert('LearningClassEnrollments', 'create', { student, cls: target });
  const targetItem = await itemOf(db, target);
  if (!targetItem) throw invalid({ class_id: TEXT.classHasNoCourse });
  // the price paid per lesson: the enrolment's own purchase (the item's price then), else its class's item now
  const [bought] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.enrollmentId, row.enrollmentId), eq(orders.kind, 'enrollment')))
    .orderBy(desc(orders.orderId))
    .limit(1);
  const fromItem = await itemOf(db, cls);
  const from: Side = {
    cls,
    item: fromItem,
    price: bought?.listPrice ?? fromItem?.price ?? 0,
    lessons: bought?.lessons ?? fromItem?.totalLesson ?? 0,
  };
  const to: Side = { cls: target, item: targetItem, price: targetItem.price, lessons: targetItem.totalLesson };
  const sameItem = (bought?.productItemId ?? fromItem?.productItemId ?? null) === targetItem.productItemId;
  return { row, student, from, to, sameItem };
}

const perLesson = (side: Side, lessons: number) => (side.lessons > 0 ? Math.floor((side.price * lessons) / side.lessons) : 0);

function sideDto(side: Side) {
  return {
    class_id: side.cls.classId,
    class_name: side.cls.className,
    item: side.item ? { product_item_id: side.item.productItemId, name: side.item.name, price: side.price, lessons: side.lessons } : null,
  };
}

/** GET /learning/class-enrollment/transfer-preview: what the transfer would carry, before confirming. */
export async function transferPreview(ctx: AppContext, actor: Actor, query: Static<typeof TransferPreviewQuery>): Promise<TransferPreview> {
  const { db } = ctx.database;
  const { row, student, from, to, sameItem } = await transferSides(db, actor, query.enrollment_id, query.class_id);
  const left = Math.max(0, (await balanceOf(db, row.enrollmentId)).remaining);
  const lessonsIn = transferredLessons(left, from, to, sameItem);
  return {
    enrollment_id: row.enrollmentId,
    student: { id: student.id, name: student.name },
    from: sideDto(from),
    to: sideDto(to),
    same_item: sameItem,
    lessons_left: left,
    lessons_in: lessonsIn,
    value_left: perLesson(from, left),
    value_in: perLesson(to, lessonsIn),
    discount_percent: row.totalDiscountPercent,
    owed: await owedFor(db, row.enrollmentId),
  };
}

/**
 * POST /learning/class-enrollment/transfer: closes the enrolment (its lessons left written out), opens
 * one in the new class with the lessons they convert to (written in), the same discount, from today, and
 * moves its orders (what was paid and what is owed) to the new enrolment; the old class's rolls no longer
 * list the student from today on. One transaction; the enrolment's row is locked.
 */
export async function transferEnrollment(ctx: AppContext, actor: Actor, body: Static<typeof TransferBody>, audit: AuditContext): Promise<TransferResult> {
  const { db } = ctx.database;
  const { row, student, from, to, sameItem } = await transferSides(db, actor, body.enrollment_id, body.class_id);
  if (await hasActive(db, student.id, to.cls.classId)) throw conflict(SETTLEMENT_TEXT.transferTargetEnrolled, { class_id: SETTLEMENT_TEXT.transferTargetEnrolled });
  const today = operatorToday();
  try {
    return await db.transaction(async (tx) => {
      const locked = await lockEnrollment(tx, row.enrollmentId);
      if (locked.status !== ENROLLMENT_STATUS.ACTIVE) throw conflict(SETTLEMENT_TEXT.transferNotActive);
      const left = Math.max(0, (await balanceOf(tx, row.enrollmentId)).remaining);
      const lessonsIn = transferredLessons(left, from, to, sameItem);
      if (left <= 0 || lessonsIn <= 0) throw conflict(SETTLEMENT_TEXT.transferNoLessons);
      const [closed] = await tx
        .update(enrollments)
        .set({ status: ENROLLMENT_STATUS.REMOVED, endedOn: endedOnFor(ENROLLMENT_STATUS.REMOVED, locked, today), updatedAt: new Date() })
        .where(eq(enrollments.enrollmentId, row.enrollmentId))
        .returning();
      const [opened] = await tx
        .insert(enrollments)
        .values({
          classId: to.cls.classId,
          userId: row.userId,
          status: ENROLLMENT_STATUS.ACTIVE,
          totalLesson: lessonsIn,
          startDate: today,
          totalDiscountPercent: row.totalDiscountPercent,
          discountId: row.discountId,
        })
        .returning();
      // the money follows the lessons: the orders (paid and owed) now belong to the new enrolment
      const moved = await tx
        .update(orders)
        .set({ enrollmentId: opened.enrollmentId, classId: to.cls.classId, updatedAt: new Date() })
        .where(eq(orders.enrollmentId, row.enrollmentId))
        .returning({ orderId: orders.orderId });
      const carriedOrder = moved.at(-1)?.orderId ?? null;
      await appendLines(tx, [
        { enrollmentId: row.enrollmentId, kind: 'transfer_out', lessons: -left, reason: `Chuyển sang lớp ${to.cls.className}`, actorId: actor.id },
        { enrollmentId: opened.enrollmentId, kind: 'transfer_in', lessons: lessonsIn, orderId: carriedOrder, reason: `Chuyển từ lớp ${from.cls.className}`, actorId: actor.id },
      ]);
      await recountEnrollments(tx, [row.enrollmentId, opened.enrollmentId]);
      await notifyUsers(tx, [row.userId], { name: TEXT.enrollmentNotified, message: `Bạn đã được chuyển từ lớp ${from.cls.className} sang lớp ${to.cls.className}.` });
      await writeAudit(tx, audit, {
        action: 'create',
        resource: 'EnrollmentTransfer',
        resourceId: opened.enrollmentId,
        before: row,
        after: { closed, opened, lessons_out: left, lessons_in: lessonsIn, orders: moved.map((order) => order.orderId) },
      });
      return { from_enrollment_id: row.enrollmentId, enrollment_id: opened.enrollmentId, class_id: to.cls.classId, lessons_in: lessonsIn };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(SETTLEMENT_TEXT.transferTargetEnrolled, { class_id: SETTLEMENT_TEXT.transferTargetEnrolled });
    throw error;
  }
}

// ---------------------------------------------------------------- renewing

/**
 * POST /learning/class-enrollment/renew: a new order for the class's course item at its price now, with
 * the enrolment's discount, due as any order. Its lessons go on the ledger at once when the centre says
 * so, else once it is paid (recountOrders). One renewal waiting for its money at a time, so that a double
 * click does not sell the course twice.
 */
export async function renewEnrollment(ctx: AppContext, actor: Actor, body: Static<typeof RenewBody>, audit: AuditContext): Promise<OrderDetail> {
  const { db } = ctx.database;
  const { row, cls } = await enrollmentInReach(db, actor, body.enrollment_id, 'update');
  if (row.status === ENROLLMENT_STATUS.REMOVED) throw conflict(SETTLEMENT_TEXT.renewNotActive);
  const item = await itemOf(db, cls);
  if (!item) throw invalid({ enrollment_id: TEXT.classHasNoCourse });
  const [centre] = cls.centerId ? await db.select({ rule: centers.renewalLessonsOn }).from(centers).where(eq(centers.centerId, cls.centerId)) : [];
  const atOnce = centre?.rule === 'order';
  const orderId = await db.transaction(async (tx) => {
    const locked = await lockEnrollment(tx, row.enrollmentId);
    if (locked.status === ENROLLMENT_STATUS.REMOVED) throw conflict(SETTLEMENT_TEXT.renewNotActive);
    const [waiting] = await tx
      .select({ id: orders.orderId })
      .from(orders)
      .where(and(eq(orders.enrollmentId, row.enrollmentId), eq(orders.kind, 'renewal'), eq(orders.status, 'pending')))
      .limit(1);
    if (waiting) throw conflict(SETTLEMENT_TEXT.renewPending);
    const [order] = await tx
      .insert(orders)
      .values({
        enrollmentId: row.enrollmentId,
        userId: row.userId,
        classId: cls.classId,
        productItemId: item.productItemId,
        listPrice: item.price,
        discountPercent: locked.totalDiscountPercent,
        amount: amountOf(item.price, locked.totalDiscountPercent),
        status: 'pending',
        dueDate: await dueDateOf(tx, cls.centerId),
        kind: 'renewal',
        lessons: item.totalLesson,
        lessonsCredited: atOnce,
      })
      .returning();
    if (atOnce) {
      await appendLines(tx, [{ enrollmentId: row.enrollmentId, kind: 'renewal', lessons: item.totalLesson, orderId: order.orderId, actorId: actor.id }]);
      await recountEnrollments(tx, [row.enrollmentId]);
    }
    // a free renewal (a 100 % discount) is paid as it is made, and its lessons then credited
    await recountOrders(tx, [order.orderId]);
    await writeAudit(tx, audit, { action: 'create', resource: 'Order', resourceId: order.orderId, after: order });
    return order.orderId;
  });
  return orderDetail(ctx, actor, orderId);
}
