/**
 * Payments' writes beside the schema: a payment with the next receipt number of its centre's series for
 * the year, and an order's paid amount and status recounted from its payments (never a second truth).
 * The rules around them (who may, how much, voiding) are in services/payments.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CreditKind, PaymentMethod } from '@trungtam/shared/contracts/payments';
import { operatorToday } from '@trungtam/shared/operatorDate';
import type { Queryable } from './client';
import { appendLines, recountEnrollments } from './ledger';
import { orders, payments, receiptCounters, studentCredits, users } from './schema';

/** A receipt number as printed: PT-<centre>-<year>-<5 digits>. */
export const receiptNumber = (centerId: number, year: number, seq: number) => `PT-${centerId}-${year}-${String(seq).padStart(5, '0')}`;

/**
 * The next number of a centre's receipt series for a year: the counter row is raised (and locked) in the
 * caller's transaction, so a payment that is rolled back gives its number back and two payments at once
 * never share one: the series has no gap and no repeat.
 */
export async function takeReceiptSeq(db: Queryable, centerId: number, year: number): Promise<number> {
  const [row] = await db
    .insert(receiptCounters)
    .values({ centerId, year, lastSeq: 1 })
    .onConflictDoUpdate({ target: [receiptCounters.centerId, receiptCounters.year], set: { lastSeq: sql`${receiptCounters.lastSeq} + 1` } })
    .returning({ seq: receiptCounters.lastSeq });
  return row.seq;
}

export interface NewPayment {
  orderId: number;
  amount: number;
  method: PaymentMethod;
  paidOn: string;
  /** The order's centre (0 for a class without one): its receipt series. */
  centerId: number;
  note?: string | null;
  receivedBy?: number | null;
  /** The part of the amount kept as the student's credit (an over-payment); the caller writes its credit line. */
  creditAmount?: number;
  /** The bank statement line it was recorded from. */
  statementLineId?: number | null;
}

/** Writes a payment with its receipt number; the caller recounts the order afterwards. */
export async function insertPayment(db: Queryable, payment: NewPayment) {
  const year = Number(payment.paidOn.slice(0, 4));
  const seq = await takeReceiptSeq(db, payment.centerId, year);
  const [row] = await db
    .insert(payments)
    .values({
      orderId: payment.orderId,
      amount: payment.amount,
      method: payment.method,
      paidOn: payment.paidOn,
      receiptCenterId: payment.centerId,
      receiptYear: year,
      receiptSeq: seq,
      receiptNo: receiptNumber(payment.centerId, year, seq),
      note: payment.note ?? null,
      receivedBy: payment.receivedBy ?? null,
      creditAmount: payment.creditAmount ?? 0,
      statementLineId: payment.statementLineId ?? null,
    })
    .returning();
  return row;
}

/**
 * Sets each order's paid amount from its payments not voided (less what each kept as credit),
 * and its status: paid once they reach its amount (a cancelled one stays cancelled). A renewal whose
 * lessons wait for its payment has them written on its enrolment's ledger once it is paid (and keeps
 * them: a later void leaves the order owing, not the lessons taken back).
 */
export async function recountOrders(db: Queryable, orderIds: number[]): Promise<void> {
  const ids = [...new Set(orderIds)];
  if (!ids.length) return;
  const sums = new Map(
    (
      await db
        .select({ orderId: payments.orderId, paid: sql<number>`coalesce(sum(${payments.amount} - ${payments.creditAmount}), 0)::bigint` })
        .from(payments)
        .where(and(inArray(payments.orderId, ids), isNull(payments.voidedAt)))
        .groupBy(payments.orderId)
    ).map((row) => [row.orderId, Number(row.paid)]),
  );
  const rows = await db.select().from(orders).where(inArray(orders.orderId, ids));
  for (const row of rows) {
    const paid = sums.get(row.orderId) ?? 0;
    const status = row.status === 'cancelled' ? 'cancelled' : paid >= row.amount ? 'paid' : 'pending';
    const creditLessons = status === 'paid' && !row.lessonsCredited;
    if (paid === row.paidAmount && status === row.status && !creditLessons) continue;
    await db
      .update(orders)
      .set({ paidAmount: paid, status, ...(creditLessons ? { lessonsCredited: true } : {}), updatedAt: new Date() })
      .where(eq(orders.orderId, row.orderId));
    if (creditLessons) {
      await appendLines(db, [{ enrollmentId: row.enrollmentId, kind: 'renewal', lessons: row.lessons ?? 0, orderId: row.orderId }]);
      await recountEnrollments(db, [row.enrollmentId]);
    }
  }
}

// ---------------------------------------------------------------- a student's credit

export interface CreditEntry {
  userId: number;
  kind: CreditKind;
  /** Signed whole đồng. */
  amount: number;
  orderId?: number | null;
  paymentId?: number | null;
  refundId?: number | null;
  reason?: string | null;
  actorId?: number | null;
}

/** Writes a line of a student's credit (a zero amount is left out). */
export async function appendCredit(db: Queryable, entry: CreditEntry): Promise<void> {
  if (entry.amount === 0) return;
  await db.insert(studentCredits).values({
    userId: entry.userId,
    kind: entry.kind,
    amount: entry.amount,
    orderId: entry.orderId ?? null,
    paymentId: entry.paymentId ?? null,
    refundId: entry.refundId ?? null,
    reason: entry.reason ?? null,
    actorId: entry.actorId ?? null,
    occurredOn: operatorToday(),
  });
}

/**
 * A student's credit balance. With `lock`, the student's row is locked first (inside the caller's
 * transaction), so that two payments from the same credit at once cannot both spend it.
 */
export async function creditBalance(db: Queryable, userId: number, options: { lock?: boolean } = {}): Promise<number> {
  if (options.lock) await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [row] = await db
    .select({ balance: sql<number>`coalesce(sum(${studentCredits.amount}), 0)::bigint` })
    .from(studentCredits)
    .where(eq(studentCredits.userId, userId));
  return Number(row?.balance ?? 0);
}
