/** The request and answer schemas of orders' payments (/learning/order/*), shared by the API and the forms. */
import { Type } from 'typebox';
import { CREDIT_KINDS, PAYMENT_LIMITS, PAYMENT_METHODS, PAYMENT_TEXT, REFUND_METHODS, SETTLEMENT_KINDS, SETTLEMENT_TEXT } from '../contracts/rules/payments';
import { Id, IdFilter, Int, Nullable, Text, listQueryProps, msgs } from './builders';

export const OrderIdParams = Type.Object({ order_id: Id('order_id không hợp lệ') });
export const PaymentIdParams = Type.Object({ payment_id: Id('payment_id không hợp lệ') });

/** POST /learning/order/payment/create: a payment of an order, whole or in part. */
export const PaymentCreateBody = Type.Object({
  order_id: Id(),
  amount: Int(1, PAYMENT_LIMITS.amountMax, PAYMENT_TEXT.amount),
  method: Type.Enum([...PAYMENT_METHODS], msgs({ default: PAYMENT_TEXT.method, required: PAYMENT_TEXT.method })),
  /** The operator's date it was paid on (default: today). */
  paid_on: Type.Optional(Text(10, { pattern: '^\\d{4}-\\d{2}-\\d{2}$', messages: { default: PAYMENT_TEXT.paidOn } })),
  note: Type.Optional(Nullable(Text(PAYMENT_LIMITS.noteMax, { messages: { maxLength: PAYMENT_TEXT.noteLength } }))),
  /** true: an amount beyond what is owed is taken, the excess kept as the student's credit (refused otherwise). */
  excess_as_credit: Type.Optional(Type.Boolean(msgs({ default: PAYMENT_TEXT.excessAsCredit }))),
});

/** POST /learning/order/payment/void: a payment is never deleted; voided with its reason, it stays listed. */
export const PaymentVoidBody = Type.Object({
  payment_id: Id(),
  reason: Text(PAYMENT_LIMITS.reasonMax, { minLength: 1, pattern: '\\S', messages: { default: PAYMENT_TEXT.voidReason, maxLength: PAYMENT_TEXT.voidReasonLength } }),
});

export const PaymentSchema = Type.Object({
  payment_id: Type.Integer(),
  order_id: Type.Integer(),
  amount: Type.Integer(),
  method: Type.Enum([...PAYMENT_METHODS]),
  paid_on: Type.String(),
  receipt_no: Type.String(),
  note: Nullable(Type.String()),
  /** The part of the amount kept as the student's credit (an over-payment). */
  credit_amount: Type.Integer(),
  received_by: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  voided_at: Nullable(Type.String()),
  voided_by: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  void_reason: Nullable(Type.String()),
  created_at: Type.String(),
});

/** GET /learning/order/show/:order_id: an order with its payments, what is owed and how to pay it by transfer. */
export const OrderDetailSchema = Type.Object({
  order_id: Type.Integer(),
  enrollment_id: Type.Integer(),
  status: Type.String(),
  /** enrollment or renewal. */
  kind: Type.String(),
  /** The lessons it buys, and whether they are on the enrolment's ledger yet (a renewal waits for its payment). */
  lessons: Nullable(Type.Integer()),
  lessons_credited: Type.Boolean(),
  list_price: Type.Integer(),
  discount_percent: Type.Integer(),
  amount: Type.Integer(),
  paid_amount: Type.Integer(),
  /** amount − paid_amount, 0 for a cancelled order. */
  owed: Type.Integer(),
  due_date: Type.String(),
  overdue: Type.Boolean(),
  created_at: Type.String(),
  student: Type.Object({ id: Type.Integer(), name: Type.String() }),
  /** The student's credit (money the centre holds for them), which a payment of method credit uses. */
  student_credit: Type.Integer(),
  class: Type.Object({ class_id: Type.Integer(), class_name: Type.String() }),
  course: Nullable(Type.Object({ product_id: Type.Integer(), name: Type.String(), item_name: Nullable(Type.String()) })),
  center: Nullable(Type.Object({ center_id: Type.Integer(), name: Type.String() })),
  /** The transfer text that identifies the order (letters and digits only). */
  reference: Type.String(),
  /** The VietQR payload of what is owed, to the centre's bank account; null when nothing is owed or the centre has no account. */
  vietqr: Nullable(Type.String()),
  payments: Type.Array(PaymentSchema),
});

const dateFilter = (name: string) => Type.Optional(Text(10, { pattern: '^\\d{4}-\\d{2}-\\d{2}$', messages: { default: `${name}: YYYY-MM-DD` } }));

/** GET /learning/order/debts (and /export): the orders with money owed, overdue first. */
export const DebtQuery = Type.Object({
  limit: listQueryProps.limit,
  page: listQueryProps.page,
  center_id: Type.Optional(IdFilter('center_id phải là số')),
  class_id: Type.Optional(IdFilter('class_id phải là số')),
  /** Due on or after / on or before (operator dates). */
  due_from: dateFilter('due_from'),
  due_to: dateFilter('due_to'),
  /** Only orders owing at least this much (đồng). */
  min_owed: Type.Optional(Int(0, PAYMENT_LIMITS.amountMax, 'min_owed: 0..10000000000')),
  /** 1: only orders past their due date. */
  overdue: Type.Optional(Int(0, 1, 'overdue: 0 | 1')),
});

export const DebtRowSchema = Type.Object({
  order_id: Type.Integer(),
  student: Type.Object({ id: Type.Integer(), name: Type.String(), phone_number: Nullable(Type.String()) }),
  class: Type.Object({ class_id: Type.Integer(), class_name: Type.String() }),
  center: Nullable(Type.Object({ center_id: Type.Integer(), name: Type.String() })),
  amount: Type.Integer(),
  paid_amount: Type.Integer(),
  owed: Type.Integer(),
  due_date: Type.String(),
  overdue: Type.Boolean(),
  /** Days past the due date (0 when not overdue). */
  days_overdue: Type.Integer(),
});

export const DebtListSchema = Type.Object({
  rows: Type.Array(DebtRowSchema),
  total_rows: Type.Integer(),
  total_pages: Type.Integer(),
  /** What every order of the filter owes, and how much of it is overdue. */
  total_owed: Type.Integer(),
  total_overdue: Type.Integer(),
});

// ---------------------------------------------------------------- a student's credit

export const StudentIdParams = Type.Object({ user_id: Id('user_id không hợp lệ') });

export const CreditLineSchema = Type.Object({
  line_id: Type.Integer(),
  kind: Type.Enum([...CREDIT_KINDS]),
  /** Signed whole đồng. */
  amount: Type.Integer(),
  balance_after: Type.Integer(),
  order_id: Nullable(Type.Integer()),
  payment_id: Nullable(Type.Integer()),
  reason: Nullable(Type.String()),
  actor: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  occurred_on: Type.String(),
  created_at: Type.String(),
});

/** GET /learning/order/credit/:user_id: a student's credit, its balance and lines (oldest first). */
export const StudentCreditSchema = Type.Object({
  user_id: Type.Integer(),
  name: Type.String(),
  balance: Type.Integer(),
  lines: Type.Array(CreditLineSchema),
});

// ---------------------------------------------------------------- cancelling, transferring, renewing an enrolment

/** GET /learning/class-enrollment/cancel-preview/:enrollment_id: what cancelling would give back. */
export const CancelPreviewSchema = Type.Object({
  enrollment_id: Type.Integer(),
  student: Type.Object({ id: Type.Integer(), name: Type.String() }),
  class: Type.Object({ class_id: Type.Integer(), class_name: Type.String() }),
  total_lesson: Type.Integer(),
  lessons_left: Type.Integer(),
  /** What the enrolment's orders received (less what was kept as credit). */
  paid: Type.Integer(),
  /** paid × lessons left ÷ total lessons, rounded down. */
  proposed_amount: Type.Integer(),
});

const reasonText = Text(PAYMENT_LIMITS.reasonMax, { messages: { maxLength: SETTLEMENT_TEXT.reasonLength } });

/**
 * POST /learning/class-enrollment/cancel: the student leaves the class; what was paid for the lessons left
 * is given back (refund, with its method) or kept as their credit, the proposed amount or another with a reason.
 */
export const EnrollmentCancelBody = Type.Object({
  enrollment_id: Id(),
  settlement: Type.Enum([...SETTLEMENT_KINDS], msgs({ default: SETTLEMENT_TEXT.kind, required: SETTLEMENT_TEXT.kind })),
  amount: Int(0, PAYMENT_LIMITS.amountMax, PAYMENT_TEXT.amount),
  method: Type.Optional(Type.Enum([...REFUND_METHODS], msgs({ default: SETTLEMENT_TEXT.method }))),
  reason: Type.Optional(Nullable(reasonText)),
});

export const RefundSchema = Type.Object({
  refund_id: Type.Integer(),
  kind: Type.Enum([...SETTLEMENT_KINDS]),
  method: Nullable(Type.Enum([...REFUND_METHODS])),
  lessons_unused: Type.Integer(),
  proposed_amount: Type.Integer(),
  amount: Type.Integer(),
  reason: Nullable(Type.String()),
  refunded_on: Type.String(),
});

export const EnrollmentCancelResultSchema = Type.Object({
  enrollment_id: Type.Integer(),
  status: Type.Integer(),
  /** What was given back or credited (null when nothing had been paid). */
  refund: Nullable(RefundSchema),
});

/** GET /learning/class-enrollment/transfer-preview: moving an enrolment to another class, before confirming. */
export const TransferPreviewQuery = Type.Object({ enrollment_id: Id(), class_id: Id() });
export const TransferBody = Type.Object({ enrollment_id: Id(), class_id: Id() });

const TransferSide = Type.Object({
  class_id: Type.Integer(),
  class_name: Type.String(),
  /** The class's course item: its price and lessons (null for a class without one). */
  item: Nullable(Type.Object({ product_item_id: Type.Integer(), name: Nullable(Type.String()), price: Type.Integer(), lessons: Type.Integer() })),
});

export const TransferPreviewSchema = Type.Object({
  enrollment_id: Type.Integer(),
  student: Type.Object({ id: Type.Integer(), name: Type.String() }),
  from: TransferSide,
  to: TransferSide,
  same_item: Type.Boolean(),
  lessons_left: Type.Integer(),
  /** The lessons the new class gets (converted by price when the items differ, rounded down). */
  lessons_in: Type.Integer(),
  /** The value of the lessons left at the old item's price, and of the lessons in at the new one's. */
  value_left: Type.Integer(),
  value_in: Type.Integer(),
  discount_percent: Type.Integer(),
  /** What the student's orders for the old enrolment still owe: it stays owed, on the same orders. */
  owed: Type.Integer(),
});

export const TransferResultSchema = Type.Object({
  from_enrollment_id: Type.Integer(),
  enrollment_id: Type.Integer(),
  class_id: Type.Integer(),
  lessons_in: Type.Integer(),
});

/** POST /learning/class-enrollment/renew: a new order for the same course item (its lessons at once or when paid). */
export const RenewBody = Type.Object({ enrollment_id: Id() });
