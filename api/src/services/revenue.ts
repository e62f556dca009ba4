/**
 * The revenue report of the centres' ledger: what was collected per period (operator day or month) and
 * payment method, what was given back, the net, the same per centre, and what orders still owe now.
 *
 * - Collected: payments not voided, by the day they were paid on (paid_on), their whole amount (an
 *   over-payment kept as the student's credit came into the till with it, so it is counted once, there).
 * - A payment of method 'credit' is paid from money the centre already holds for the student: it is no
 *   money collected. It is shown apart as `credit_used`, in neither `collected` nor `net`.
 * - Refunds: refund rows of kind 'refund' (money given back; a 'credit' one keeps the money and is no
 *   outflow), by the day they were given (refunded_on); net = collected − refunds.
 * - Money belongs to the centre it was paid to or given back by: a payment to the centre of its receipt
 *   series (its order's class's centre when it was taken), a refund to its own centre_id. What is owed
 *   belongs to the centre of the order's class (as the debts).
 * - Reach: the orders' policy (policy(actor).where('Order')): a giáo vụ of a centre the orders of their
 *   centre's classes; a refund is in reach when an order of its enrolment is.
 *
 * Every figure is summed by the database (GROUP BY period and centre); the service only lays the groups
 * out on the range's periods, the empty ones included.
 */
import { and, eq, exists, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Static } from 'typebox';
import type { RevenueAmounts, RevenueCenter, RevenueGroup, RevenueReport, RevenueRow } from '@trungtam/shared/contracts/revenue';
import { REVENUE_LIMITS, REVENUE_TEXT } from '@trungtam/shared/contracts/revenue';
import { isIsoDate } from '@trungtam/shared/operatorDate';
import type { RevenueQuery } from '@trungtam/shared/schemas/revenue';
import { policy, type Actor } from '../access/access';
import type { Queryable } from '../db/client';
import { centers, classes, orders, payments, refunds } from '../db/schema';
import { invalid } from '../lib/errors';
import type { AppContext } from '../types';

const DAY_MS = 86_400_000;
const utcDay = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
const monthOf = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

export interface RevenueRange {
  from: string;
  to: string;
  group: RevenueGroup;
  centerId: number | null;
}

/** The query as a range: real dates, the end not before the start, at most a year by day or five years by month (a 400 naming the field otherwise). */
export function revenueRange(query: Static<typeof RevenueQuery>): RevenueRange {
  if (!isIsoDate(query.from)) throw invalid({ from: REVENUE_TEXT.from });
  if (!isIsoDate(query.to)) throw invalid({ to: REVENUE_TEXT.to });
  if (query.to < query.from) throw invalid({ to: REVENUE_TEXT.order });
  const group = query.group ?? 'day';
  if (group === 'day' && (utcDay(query.to) - utcDay(query.from)) / DAY_MS + 1 > REVENUE_LIMITS.maxDays) throw invalid({ to: REVENUE_TEXT.tooManyDays });
  if (group === 'month' && monthIndex(query.to) - monthIndex(query.from) + 1 > REVENUE_LIMITS.maxMonths) throw invalid({ to: REVENUE_TEXT.tooManyMonths });
  return { from: query.from, to: query.to, group, centerId: query.center_id || null };
}

/** Every period of the range, in order: its days, or its months (the first and last in part). */
function periodsOf(range: RevenueRange): string[] {
  if (range.group === 'month') {
    const first = monthIndex(range.from);
    return Array.from({ length: monthIndex(range.to) - first + 1 }, (_, i) => monthOf(first + i));
  }
  const first = utcDay(range.from);
  const count = (utcDay(range.to) - first) / DAY_MS + 1;
  return Array.from({ length: count }, (_, i) => new Date(first + i * DAY_MS).toISOString().slice(0, 10));
}

/** The period of an operator date column (the literal arguments keep the SELECT and GROUP BY expressions the same). */
const periodSql = (column: PgColumn, group: RevenueGroup) =>
  group === 'month' ? sql<string>`substr(${column}, 1, 7)` : sql<string>`${column}`;

const ZERO: RevenueAmounts = { cash: 0, transfer: 0, card: 0, collected: 0, credit_used: 0, refunds: 0, net: 0 };

interface Group {
  period: string;
  /** 0: a class without a centre. */
  centerId: number;
  cash: number;
  transfer: number;
  card: number;
  creditUsed: number;
  refunds: number;
}

/** Payments not voided of the range in reach, summed per period, centre (of the receipt) and method. */
async function paymentGroups(db: Queryable, actor: Actor, range: RevenueRange): Promise<Group[]> {
  const period = periodSql(payments.paidOn, range.group);
  const scope = policy(actor).where('Order');
  const byMethod = (method: string) => sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.method} = ${method}), 0)::bigint`;
  const rows = await db
    .select({ period, centerId: payments.receiptCenterId, cash: byMethod('cash'), transfer: byMethod('transfer'), card: byMethod('card'), credit: byMethod('credit') })
    .from(payments)
    .where(
      and(
        isNull(payments.voidedAt),
        gte(payments.paidOn, range.from),
        lte(payments.paidOn, range.to),
        // (an administrator's report reads the payments alone: no order is joined when every one is in reach)
        scope ? exists(sql`(select 1 from ${orders} where ${orders.orderId} = ${payments.orderId} and ${scope})`) : undefined,
        range.centerId ? eq(payments.receiptCenterId, range.centerId) : undefined,
      ),
    )
    .groupBy(period, payments.receiptCenterId);
  return rows.map((row) => ({
    period: row.period,
    centerId: row.centerId,
    cash: Number(row.cash),
    transfer: Number(row.transfer),
    card: Number(row.card),
    creditUsed: Number(row.credit),
    refunds: 0,
  }));
}

/** Money given back in the range, in reach (an order of the refund's enrolment is), summed per period and centre. */
async function refundGroups(db: Queryable, actor: Actor, range: RevenueRange): Promise<Group[]> {
  const period = periodSql(refunds.refundedOn, range.group);
  const scope = policy(actor).where('Order');
  const rows = await db
    .select({ period, centerId: refunds.centerId, amount: sql<string>`coalesce(sum(${refunds.amount}), 0)::bigint` })
    .from(refunds)
    .where(
      and(
        eq(refunds.kind, 'refund'),
        gte(refunds.refundedOn, range.from),
        lte(refunds.refundedOn, range.to),
        scope ? exists(sql`(select 1 from ${orders} where ${orders.enrollmentId} = ${refunds.enrollmentId} and ${scope})`) : undefined,
        range.centerId ? eq(refunds.centerId, range.centerId) : undefined,
      ),
    )
    .groupBy(period, refunds.centerId);
  return rows.map((row) => ({ period: row.period, centerId: row.centerId, cash: 0, transfer: 0, card: 0, creditUsed: 0, refunds: Number(row.amount) }));
}

/** What orders not cancelled owe now, in reach, per centre of their class. */
async function owedByCentre(db: Queryable, actor: Actor, range: RevenueRange): Promise<Map<number, number>> {
  const centre = sql<number>`coalesce(${classes.centerId}, 0)`;
  const rows = await db
    .select({ centerId: centre, owed: sql<string>`coalesce(sum(${orders.amount} - ${orders.paidAmount}), 0)::bigint` })
    .from(orders)
    .innerJoin(classes, eq(classes.classId, orders.classId))
    // (the debts' condition, word for word: the index of the orders that owe answers both)
    .where(and(ne(orders.status, 'cancelled'), sql`(${orders.amount} - ${orders.paidAmount}) > 0`, policy(actor).where('Order'), range.centerId ? eq(classes.centerId, range.centerId) : undefined))
    .groupBy(centre);
  return new Map(rows.map((row) => [Number(row.centerId), Number(row.owed)]));
}

/** Adds a group's figures to an amounts record (collected and net follow from the others). */
function add(into: RevenueAmounts, group: Group): void {
  into.cash += group.cash;
  into.transfer += group.transfer;
  into.card += group.card;
  into.collected += group.cash + group.transfer + group.card;
  into.credit_used += group.creditUsed;
  into.refunds += group.refunds;
  into.net = into.collected - into.refunds;
}

/** GET /learning/order/revenue: the range's periods, the centres, the totals and what is owed now. */
export async function revenueReport(ctx: AppContext, actor: Actor, query: Static<typeof RevenueQuery>): Promise<RevenueReport> {
  const { db } = ctx.database;
  const range = revenueRange(query);
  const [paid, refunded, owed] = await Promise.all([paymentGroups(db, actor, range), refundGroups(db, actor, range), owedByCentre(db, actor, range)]);
  const groups = [...paid, ...refunded];

  const rows = new Map<string, RevenueRow>(periodsOf(range).map((period) => [period, { period, ...ZERO }]));
  const byCentre = new Map<number, RevenueAmounts & { owed: number }>();
  const centreOf = (id: number) => byCentre.get(id) ?? byCentre.set(id, { ...ZERO, owed: 0 }).get(id)!;
  const totals = { ...ZERO };
  for (const group of groups) {
    const row = rows.get(group.period);
    if (row) add(row, group);
    add(centreOf(group.centerId), group);
    add(totals, group);
  }
  for (const [id, sum] of owed) centreOf(id).owed = sum;

  const ids = [...byCentre.keys()].filter((id) => id > 0);
  const names = new Map(
    ids.length ? (await db.select({ id: centers.centerId, name: centers.name }).from(centers).where(inArray(centers.centerId, ids))).map((c) => [c.id, c.name]) : [],
  );
  const centreRows: RevenueCenter[] = [...byCentre.entries()]
    .map(([id, sums]) => ({ center: id > 0 ? { center_id: id, name: names.get(id) ?? `#${id}` } : null, ...sums }))
    // by name, the classes without a centre last
    .sort((a, b) => (a.center === null ? 1 : b.center === null ? -1 : a.center.name.localeCompare(b.center.name, 'vi')));

  return {
    from: range.from,
    to: range.to,
    group: range.group,
    center_id: range.centerId,
    rows: [...rows.values()],
    centers: centreRows,
    totals,
    owed: [...owed.values()].reduce((sum, value) => sum + value, 0),
  };
}
