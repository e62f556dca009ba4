/** The request and answer schemas of orders' payments (/learning/order/*), shared by the API and the forms. */
import { Type } from 'typebox';
import { PAYMENT_LIMITS, PAYMENT_METHODS, PAYMENT_TEXT } from '../contracts/rules/payments';
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
