/**
 * Payments' writes beside the schema: a payment with the next receipt number of its centre's series for
 * the year, and an order's paid amount and status recounted from its payments (never a second truth).
 * The rules around them (who may, how much, voiding) are in services/payments.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
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
  for (let i = 0; i < ids.length; i += RECOUNT_BATCH) await recountBatch(db, ids.slice(i, i + RECOUNT_BATCH));
}

/** Orders recounted in one statement each way, so that a statement's thousands of payments cost a few queries. */
const RECOUNT_BATCH = 1000;

async function recountBatch(db: Queryable, ids: number[]): Promise<void> {
  // renewals whose lessons wait for their payment, before the recount
  const waiting = await db
    .select({ orderId: orders.orderId })
    .from(orders)
    .where(and(inArray(orders.orderId, ids), eq(orders.lessonsCredited, false)));
  const list = sql.join(
    ids.map((id) => sql`${id}::integer`),
    sql`, `,
  );
  await db.execute(sql`
    update "order" as o
    set paid_amount = s.paid, status = s.status, lessons_credited = o.lessons_credited or s.status = 'paid', updated_at = now()
    from (
      select o2.order_id,
        coalesce(sum(p.amount - p.credit_amount) filter (where p.payment_id is not null and p.voided_at is null), 0)::bigint as paid,
        case
          when o2.status = 'cancelled' then 'cancelled'
          when coalesce(sum(p.amount - p.credit_amount) filter (where p.payment_id is not null and p.voided_at is null), 0) >= o2.amount then 'paid'
          else 'pending'
        end as status
      from "order" o2 left join payment p on p.order_id = o2.order_id
      where o2.order_id in (${list})
      group by o2.order_id
    ) as s
    where o.order_id = s.order_id and (o.paid_amount <> s.paid or o.status <> s.status or (s.status = 'paid' and not o.lessons_credited))`);
  if (!waiting.length) return;
  const credited = await db
    .select({ orderId: orders.orderId, enrollmentId: orders.enrollmentId, lessons: orders.lessons })
    .from(orders)
    .where(and(inArray(orders.orderId, waiting.map((row) => row.orderId)), eq(orders.lessonsCredited, true)));
  if (!credited.length) return;
  await appendLines(db, credited.map((row) => ({ enrollmentId: row.enrollmentId, kind: 'renewal' as const, lessons: row.lessons ?? 0, orderId: row.orderId })));
  await recountEnrollments(db, credited.map((row) => row.enrollmentId));
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
