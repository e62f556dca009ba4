/**
 * The revenue report (/learning/order/revenue and /export): what was collected per period and payment
 * method, what was refunded, the net, per centre, and what orders still owe. Query and answer schemas: the
 * API validates and serialises with them, the screen takes its types from them.
 */
import { Type } from 'typebox';
import { REVENUE_GROUPS, REVENUE_TEXT } from '../contracts/rules/revenue';
import { IdFilter, Nullable, Text, msgs } from './builders';

const isoDate = (message: string) => Text(10, { pattern: '^\\d{4}-\\d{2}-\\d{2}$', messages: { default: message, required: message } });

/** GET /learning/order/revenue (and /export): operator dates, both ends included. */
export const RevenueQuery = Type.Object({
  from: isoDate(REVENUE_TEXT.from),
  to: isoDate(REVENUE_TEXT.to),
  /** A row per day (default) or per month. */
  group: Type.Optional(Type.Enum([...REVENUE_GROUPS], msgs({ default: REVENUE_TEXT.group }))),
  /** One centre only (0 or absent: every centre in the caller's reach). */
  center_id: Type.Optional(IdFilter('center_id phải là số')),
});

/** Whole đồng of one period, one centre or the whole range. */
const amounts = {
  /** Collected by method: payments not voided, by the day they were paid on. */
  cash: Type.Integer(),
  transfer: Type.Integer(),
  card: Type.Integer(),
  /** cash + transfer + card. */
  collected: Type.Integer(),
  /** Paid from the students' credit (money the centre already held): shown apart, not in collected nor net. */
  credit_used: Type.Integer(),
  /** Money given back (refunds of kind 'refund', by the day they were given). */
  refunds: Type.Integer(),
  /** collected − refunds. */
  net: Type.Integer(),
};
export const RevenueAmountsSchema = Type.Object(amounts);

export const RevenueRowSchema = Type.Object({
  /** YYYY-MM-DD (group day) or YYYY-MM (group month); every period of the range has its row. */
  period: Type.String(),
  ...amounts,
});

export const RevenueCenterSchema = Type.Object({
  /** null: classes without a centre. */
  center: Nullable(Type.Object({ center_id: Type.Integer(), name: Type.String() })),
  ...amounts,
  /** What the centre's orders (not cancelled) owe now. */
  owed: Type.Integer(),
});

export const RevenueReportSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  group: Type.Enum([...REVENUE_GROUPS]),
  center_id: Nullable(Type.Integer()),
  rows: Type.Array(RevenueRowSchema),
  /** The range's totals per centre (the centres with money in the range or owed now). */
  centers: Type.Array(RevenueCenterSchema),
  totals: RevenueAmountsSchema,
  /** What orders not cancelled owe now, in the caller's reach and the centre filter (not bound to the range). */
  owed: Type.Integer(),
});
