/**
 * Orders' payments: an order read with its payments, what is owed and its VietQR code; a payment taken in
 * cash, by transfer or by card, whole or in part, with the next receipt number of its centre's series;
 * a payment voided with its reason (never edited or deleted); and the receipt as a PDF. Staff act on the
 * orders in their reach (a giáo vụ: their centre's classes); every write is audited.
 */
import { and, asc, desc, eq, gte, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import { formatVnd, PAYMENT_METHOD_LABELS, PAYMENT_TEXT, type CreditKind, type PaymentMethod, type StudentCredit } from '@trungtam/shared/contracts/payments';
import type { DebtList, DebtRow, OrderDetail, Payment } from '@trungtam/shared/contracts/payments';
import { dayjs, isIsoDate, operatorToday, inOperatorZone } from '@trungtam/shared/operatorDate';
import type { DebtQuery, PaymentCreateBody, PaymentVoidBody } from '@trungtam/shared/schemas/payments';
import { alias } from 'drizzle-orm/pg-core';
import { policy, type Actor } from '../access/access';
import type { Queryable } from '../db/client';
import { appendCredit, creditBalance, insertPayment, recountOrders } from '../db/payments';
import { centers, classes, orders, payments, productItems, products, studentCredits, tableRevisions, users } from '../db/schema';
import { conditionKey } from '../db/cached-list';
import { accountsInReach } from '../access/references';
import { writeAudit, type AuditContext } from '../factory/audit';
import { conflict, forbidden, invalid, notFound } from '../lib/errors';
import { listResult, paging } from '../lib/list';
import { paymentReference } from '../lib/payment-reference';
import { renderReceiptPdf } from '../lib/receipt/receipt-pdf';
import { vietQrPayload } from '../lib/vietqr';
import type { AppContext } from '../types';
import { enqueueReceipt } from './family-events';

/** The order with its class, centre and course, if it exists; 403 when it is out of the actor's reach. */
/** An order with its class, centre, student, course item and course (404 when there is none). */
async function loadOrder(db: Queryable, orderId: number) {
  const [row] = await db
    .select({ order: orders, cls: classes, centre: centers, student: users, item: productItems, course: products })
    .from(orders)
    .innerJoin(classes, eq(classes.classId, orders.classId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(centers, eq(centers.centerId, classes.centerId))
    .leftJoin(productItems, eq(productItems.productItemId, orders.productItemId))
    .leftJoin(products, eq(products.productId, productItems.productId))
    .where(eq(orders.orderId, orderId));
  if (!row) throw notFound();
  return row;
}

async function orderInReach(db: Queryable, actor: Actor, orderId: number) {
  const row = await loadOrder(db, orderId);
  const scope: SQL | undefined = policy(actor).where('Order');
  if (scope) {
    const [inReach] = await db.select({ id: orders.orderId }).from(orders).where(and(eq(orders.orderId, orderId), scope));
    if (!inReach) throw forbidden();
  }
  return row;
}
type OrderRow = Awaited<ReturnType<typeof orderInReach>>;

const receivers = alias(users, 'receiver');
const voiders = alias(users, 'voider');

async function paymentsOf(db: Queryable, orderId: number): Promise<Payment[]> {
  const rows = await db
    .select({ payment: payments, receiver: receivers.name, voider: voiders.name })
    .from(payments)
    .leftJoin(receivers, eq(receivers.id, payments.receivedBy))
    .leftJoin(voiders, eq(voiders.id, payments.voidedBy))
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.paymentId));
  return rows.map(({ payment, receiver, voider }) => ({
    payment_id: payment.paymentId,
    order_id: payment.orderId,
    amount: payment.amount,
    method: payment.method as PaymentMethod,
    paid_on: payment.paidOn,
    receipt_no: payment.receiptNo,
    note: payment.note,
    credit_amount: payment.creditAmount,
    received_by: payment.receivedBy !== null ? { id: payment.receivedBy, name: receiver ?? '' } : null,
    voided_at: payment.voidedAt?.toISOString() ?? null,
    voided_by: payment.voidedBy !== null ? { id: payment.voidedBy, name: voider ?? '' } : null,
    void_reason: payment.voidReason,
    created_at: payment.createdAt.toISOString(),
  }));
}

/** What is still owed on an order (nothing on a cancelled one). */
const owedOn = (order: typeof orders.$inferSelect) => (order.status === 'cancelled' ? 0 : Math.max(0, order.amount - order.paidAmount));

/** The VietQR payload of what is owed, to the centre's account; null when nothing is owed or the centre has none. */
function vietQrOf(row: OrderRow, owed: number): string | null {
  const { centre } = row;
  if (owed <= 0 || !centre?.bankBin || !centre.bankAccountNumber) return null;
  return vietQrPayload({ bin: centre.bankBin, accountNumber: centre.bankAccountNumber, amount: owed, reference: paymentReference(row.order.orderId) });
}

async function detailOf(db: Queryable, row: OrderRow): Promise<OrderDetail> {
  const { order } = row;
  const owed = owedOn(order);
  return {
    order_id: order.orderId,
    enrollment_id: order.enrollmentId,
    status: order.status,
    kind: order.kind,
    lessons: order.lessons,
    lessons_credited: order.lessonsCredited,
    list_price: order.listPrice,
    discount_percent: order.discountPercent,
    amount: order.amount,
    paid_amount: order.paidAmount,
    owed,
    due_date: order.dueDate,
    overdue: owed > 0 && order.dueDate < operatorToday(),
    created_at: order.createdAt.toISOString(),
    student: { id: row.student.id, name: row.student.name },
    student_credit: await creditBalance(db, row.student.id),
    class: { class_id: row.cls.classId, class_name: row.cls.className },
    course: row.course ? { product_id: row.course.productId, name: row.course.name, item_name: row.item?.name ?? null } : null,
    center: row.centre ? { center_id: row.centre.centerId, name: row.centre.name } : null,
    reference: paymentReference(order.orderId),
    vietqr: vietQrOf(row, owed),
    payments: await paymentsOf(db, order.orderId),
  };
}

/** GET /learning/order/show/:order_id. */
export async function orderDetail(ctx: AppContext, actor: Actor, orderId: number): Promise<OrderDetail> {
  const { db } = ctx.database;
  return detailOf(db, await orderInReach(db, actor, orderId));
}

/** The day a payment was made: a real date, not after today, not before the order was made (today by default). */
function paidOnOf(sent: string | undefined, order: typeof orders.$inferSelect): string {
  const today = operatorToday();
  if (sent === undefined) return today;
  if (!isIsoDate(sent)) throw invalid({ paid_on: PAYMENT_TEXT.paidOn });
  if (sent > today) throw invalid({ paid_on: PAYMENT_TEXT.paidOnAfterToday });
  const made = inOperatorZone(order.createdAt)?.format('YYYY-MM-DD');
  if (made && sent < made) throw invalid({ paid_on: PAYMENT_TEXT.paidOnBeforeOrder });
  return sent;
}

/**
 * POST /learning/order/payment/create: a payment of at most what is owed (read again inside the
 * transaction, with the order's row locked, so that two payments at once cannot both take the last đồng).
 * More than is owed is taken only when staff keep the excess as the student's credit; a payment of method
 * credit spends that credit (the student's row locked while it is read), never more than is owed.
 */
export async function recordPayment(ctx: AppContext, actor: Actor, body: Static<typeof PaymentCreateBody>, audit: AuditContext): Promise<OrderDetail> {
  const { db } = ctx.database;
  const row = await orderInReach(db, actor, body.order_id);
  if (row.order.status === 'cancelled') throw conflict(PAYMENT_TEXT.orderCancelled);
  const paidOn = paidOnOf(body.paid_on, row.order);
  const note = body.note?.trim() || null;
  const messaged = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.orderId, body.order_id)).for('update');
    const owed = owedOn(order);
    if (owed <= 0) throw conflict(PAYMENT_TEXT.orderPaid);
    let creditAmount = 0;
    if (body.method === 'credit') {
      if (body.amount > owed) throw invalid({ amount: PAYMENT_TEXT.creditExcess });
      const balance = await creditBalance(tx, order.userId, { lock: true });
      if (body.amount > balance) throw invalid({ amount: PAYMENT_TEXT.creditNotEnough(balance) });
    } else if (body.amount > owed) {
      if (body.excess_as_credit !== true) throw invalid({ amount: PAYMENT_TEXT.overpaid(owed) });
      creditAmount = body.amount - owed;
    }
    const payment = await insertPayment(tx, {
      orderId: order.orderId,
      amount: body.amount,
      method: body.method,
      paidOn,
      centerId: row.cls.centerId ?? 0,
      note,
      receivedBy: actor.id,
      creditAmount,
    });
    if (body.method === 'credit') {
      await appendCredit(tx, { userId: order.userId, kind: 'applied', amount: -body.amount, orderId: order.orderId, paymentId: payment.paymentId, actorId: actor.id });
    } else {
      await appendCredit(tx, { userId: order.userId, kind: 'overpayment', amount: creditAmount, orderId: order.orderId, paymentId: payment.paymentId, actorId: actor.id });
    }
    await recountOrders(tx, [order.orderId]);
    await writeAudit(tx, audit, { action: 'create', resource: 'Payment', resourceId: payment.paymentId, after: payment });
    // the family gets the receipt (the PDF on e-mail), outside the quiet window
    return enqueueReceipt(tx, ctx.outbox.channelNames, { paymentId: payment.paymentId, studentId: order.userId, amount: payment.amount, receiptNo: payment.receiptNo, paidOn: payment.paidOn });
  });
  if (messaged) ctx.outbox.nudge();
  return detailOf(db, await orderInReach(db, actor, body.order_id));
}

/**
 * POST /learning/order/payment/void: the payment stays, voided with who, when and why; the order is
 * recounted. The student's credit follows: credit a payment spent is given back, and the excess it kept
 * is taken back (refused when that credit has been spent since).
 */
export async function voidPayment(ctx: AppContext, actor: Actor, body: Static<typeof PaymentVoidBody>, audit: AuditContext): Promise<OrderDetail> {
  const { db } = ctx.database;
  const [payment] = await db.select().from(payments).where(eq(payments.paymentId, body.payment_id));
  if (!payment) throw notFound();
  await orderInReach(db, actor, payment.orderId);
  if (payment.voidedAt) throw conflict(PAYMENT_TEXT.alreadyVoided);
  const reason = body.reason.trim();
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(payments).where(eq(payments.paymentId, payment.paymentId)).for('update');
    if (current.voidedAt) throw conflict(PAYMENT_TEXT.alreadyVoided);
    const [order] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.orderId, payment.orderId));
    if (payment.method === 'credit') {
      await appendCredit(tx, { userId: order.userId, kind: 'voided', amount: payment.amount, orderId: payment.orderId, paymentId: payment.paymentId, reason, actorId: actor.id });
    } else if (payment.creditAmount > 0) {
      const balance = await creditBalance(tx, order.userId, { lock: true });
      if (balance < payment.creditAmount) throw conflict(PAYMENT_TEXT.creditSpent);
      await appendCredit(tx, { userId: order.userId, kind: 'voided', amount: -payment.creditAmount, orderId: payment.orderId, paymentId: payment.paymentId, reason, actorId: actor.id });
    }
    const [voided] = await tx
      .update(payments)
      .set({ voidedAt: new Date(), voidedBy: actor.id, voidReason: reason })
      .where(eq(payments.paymentId, payment.paymentId))
      .returning();
    await recountOrders(tx, [payment.orderId]);
    await writeAudit(tx, audit, { action: 'delete', resource: 'Payment', resourceId: payment.paymentId, before: payment, after: voided });
  });
  return detailOf(db, await orderInReach(db, actor, payment.orderId));
}

/** GET /learning/order/payment/receipt/:payment_id: the receipt as a PDF (a voided one marked so). */
export async function paymentReceipt(ctx: AppContext, actor: Actor, paymentId: number): Promise<{ filename: string; pdf: Buffer }> {
  const { db } = ctx.database;
  const [payment] = await db.select().from(payments).where(eq(payments.paymentId, paymentId));
  if (!payment) throw notFound();
  await orderInReach(db, actor, payment.orderId);
  return receiptPdf(db, paymentId);
}

/** A payment's receipt as a PDF, with no access check (the worker attaches it to a family's e-mail). */
export async function receiptPdf(db: Queryable, paymentId: number): Promise<{ filename: string; pdf: Buffer }> {
  const [payment] = await db.select().from(payments).where(eq(payments.paymentId, paymentId));
  if (!payment) throw notFound();
  const row = await loadOrder(db, payment.orderId);
  const [receiver] = payment.receivedBy ? await db.select({ name: users.name }).from(users).where(eq(users.id, payment.receivedBy)) : [];
  const pdf = await renderReceiptPdf({
    centre: { name: row.centre?.name ?? 'Trung tâm', address: row.centre?.address ?? '', phone: row.centre?.phoneNumber ?? '' },
    receiptNumber: payment.receiptNo,
    issuedAt: payment.createdAt,
    payer: { name: row.student.name, ...(row.student.phoneNumber ? { phone: row.student.phoneNumber } : {}) },
    courseName: row.course ? [row.course.name, row.item?.name].filter(Boolean).join(' · ') : '',
    className: row.cls.className,
    description: [
      `Học phí lớp ${row.cls.className}`,
      payment.creditAmount > 0 ? `trong đó ${formatVnd(payment.creditAmount)} ghi vào tiền dư của học viên` : '',
      payment.method === 'credit' ? 'trừ vào tiền dư của học viên' : '',
      payment.note ?? '',
    ]
      .filter(Boolean)
      .join(' — '),
    amount: payment.amount,
    method: PAYMENT_METHOD_LABELS[payment.method as PaymentMethod],
    receivedBy: receiver?.name ?? '',
    orderReference: paymentReference(payment.orderId),
    ...(payment.voidedAt ? { voided: { at: payment.voidedAt, reason: payment.voidReason ?? '' } } : {}),
  });
  return { filename: `phieu-thu-${payment.receiptNo}.pdf`, pdf };
}

// ---------------------------------------------------------------- a student's credit

const creditActors = alias(users, 'credit_actor');

/** GET /learning/order/credit/:user_id: the credit the centre holds for a student in the actor's reach, line by line. */
export async function studentCredit(ctx: AppContext, actor: Actor, userId: number): Promise<StudentCredit> {
  const { db } = ctx.database;
  const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!exists) throw notFound();
  const student = (await accountsInReach(db, actor, [userId])).get(userId);
  if (!student) throw forbidden();
  const rows = await db
    .select({ line: studentCredits, actorName: creditActors.name })
    .from(studentCredits)
    .leftJoin(creditActors, eq(creditActors.id, studentCredits.actorId))
    .where(eq(studentCredits.userId, userId))
    .orderBy(asc(studentCredits.lineId));
  let balance = 0;
  const lines = rows.map(({ line, actorName }) => {
    balance += line.amount;
    return {
      line_id: line.lineId,
      kind: line.kind as CreditKind,
      amount: line.amount,
      balance_after: balance,
      order_id: line.orderId,
      payment_id: line.paymentId,
      reason: line.reason,
      actor: line.actorId !== null ? { id: line.actorId, name: actorName ?? '' } : null,
      occurred_on: line.occurredOn,
      created_at: line.createdAt.toISOString(),
    };
  });
  return { user_id: userId, name: student.name, balance, lines };
}

// ---------------------------------------------------------------- debts

const EXPORT_BATCH = 2000;
const owedSql = sql<number>`(${orders.amount} - ${orders.paidAmount})`;

/** The debts' conditions: orders not cancelled that owe money, in the actor's reach and the filter. */
function debtWhere(db: Queryable, actor: Actor, query: Static<typeof DebtQuery>): SQL | undefined {
  const today = operatorToday();
  for (const [field, value] of [['due_from', query.due_from], ['due_to', query.due_to]] as const) {
    if (value !== undefined && !isIsoDate(value)) throw invalid({ [field]: `${field}: YYYY-MM-DD` });
  }
  return and(
    policy(actor).where('Order'),
    ne(orders.status, 'cancelled'),
    sql`${owedSql} > 0`,
    // the centre through its classes, as a subquery: the totals then read the orders' owing index alone
    query.center_id ? inArray(orders.classId, db.select({ id: classes.classId }).from(classes).where(eq(classes.centerId, query.center_id))) : undefined,
    query.class_id ? eq(orders.classId, query.class_id) : undefined,
    query.due_from ? gte(orders.dueDate, query.due_from) : undefined,
    query.due_to ? lte(orders.dueDate, query.due_to) : undefined,
    query.min_owed ? sql`${owedSql} >= ${query.min_owed}` : undefined,
    query.overdue ? lt(orders.dueDate, today) : undefined,
  );
}

async function debtRows(db: Queryable, where: SQL | undefined, limit: number, offset: number): Promise<DebtRow[]> {
  const today = operatorToday();
  const rows = await db
    .select({ order: orders, studentName: users.name, phone: users.phoneNumber, className: classes.className, centreId: centers.centerId, centreName: centers.name })
    .from(orders)
    .innerJoin(classes, eq(classes.classId, orders.classId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(centers, eq(centers.centerId, classes.centerId))
    .where(where)
    // overdue first (the oldest due date first), then the largest sum
    .orderBy(asc(orders.dueDate), desc(owedSql), asc(orders.orderId))
    .limit(limit)
    .offset(offset);
  return rows.map(({ order, studentName, phone, className, centreId, centreName }) => {
    const overdue = order.dueDate < today;
    return {
      order_id: order.orderId,
      student: { id: order.userId, name: studentName, phone_number: phone },
      class: { class_id: order.classId, class_name: className },
      center: centreId !== null && centreName !== null ? { center_id: centreId, name: centreName } : null,
      amount: order.amount,
      paid_amount: order.paidAmount,
      owed: order.amount - order.paidAmount,
      due_date: order.dueDate,
      overdue,
      days_overdue: overdue ? dayjs(today, 'YYYY-MM-DD').diff(dayjs(order.dueDate, 'YYYY-MM-DD'), 'day') : 0,
    };
  });
}

async function debtTotals(db: Queryable, where: SQL | undefined) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      owed: sql<number>`coalesce(sum(${owedSql}), 0)::bigint`,
      overdue: sql<number>`coalesce(sum(case when ${orders.dueDate} < ${operatorToday()} then ${owedSql} else 0 end), 0)::bigint`,
    })
    .from(orders)
    .where(where);
  return { count: Number(row.count), owed: Number(row.owed), overdue: Number(row.overdue) };
}

/**
 * The totals of a filter, summed once per revision of the orders (bumped by every write to the orders
 * and classes, by any API instance) and day (what is overdue changes at midnight), not on every page.
 */
async function cachedDebtTotals(ctx: AppContext, where: SQL | undefined) {
  const { db } = ctx.database;
  const [row] = await db.select({ revision: tableRevisions.revision }).from(tableRevisions).where(eq(tableRevisions.name, 'order'));
  return ctx.caches.debtTotals.get(`${operatorToday()} ${conditionKey(where)}`, Number(row?.revision ?? 0), () => debtTotals(db, where));
}

/** What the debts of a centre (0: every centre in reach) owe and owe past their due date: the debts screen's totals for that filter. */
export async function debtTotalsOf(ctx: AppContext, actor: Actor, centerId: number): Promise<{ owed: number; overdue: number }> {
  const { owed, overdue } = await cachedDebtTotals(ctx, debtWhere(ctx.database.db, actor, centerId ? { center_id: centerId } : {}));
  return { owed, overdue };
}

/** GET /learning/order/debts: the orders with money owed, overdue first, with what they owe in total. */
export async function listDebts(ctx: AppContext, actor: Actor, query: Static<typeof DebtQuery>): Promise<DebtList> {
  const { db } = ctx.database;
  const where = debtWhere(db, actor, query);
  const p = paging(query);
  const totals = await cachedDebtTotals(ctx, where);
  return { ...listResult(await debtRows(db, where, p.limit, p.offset), totals.count, p), total_owed: totals.owed, total_overdue: totals.overdue };
}

/** GET /learning/order/debts/export: every debt of the filter, in batches, and the totals. */
export async function debtsExport(ctx: AppContext, actor: Actor, query: Static<typeof DebtQuery>) {
  const { db } = ctx.database;
  const where = debtWhere(db, actor, query);
  const totals = await debtTotals(db, where);
  async function* rows() {
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const batch = await debtRows(db, where, EXPORT_BATCH, offset);
      if (batch.length) yield batch;
      if (batch.length < EXPORT_BATCH) return;
    }
  }
  return { totals, rows: rows() };
}
