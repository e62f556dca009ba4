/**
 * The revenue report: payments of different days and methods summed per day and per month, voided ones
 * left out, a payment from a student's credit shown apart, refunds given back subtracted (a refund kept as
 * credit is no outflow), per centre; a giáo vụ reads their centre only, a teacher or a student nothing;
 * bad dates and ranges are a 400 naming the field; the xlsx export holds the periods, centres and totals.
 *
 * Its money lies in 2020 (paid_on and refunded_on written directly), where the demo data has none.
 */
import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { PaymentMethod } from '@trungtam/shared/contracts/payments';
import { REVENUE_TEXT } from '@trungtam/shared/contracts/revenue';
import { centers, classes, orders, payments, refunds } from '../src/db/schema';
import { insertPayment } from '../src/db/payments';
import { cellKinds } from './support/xlsxCells';
import { call, setUpTestApp } from './helpers';

const ctx = setUpTestApp();
const db = () => ctx.t.database.db;

type Amounts = { cash: number; transfer: number; card: number; collected: number; credit_used: number; refunds: number; net: number };
type Report = { rows: Array<Amounts & { period: string }>; centers: Array<Amounts & { center: { center_id: number; name: string } | null; owed: number }>; totals: Amounts; owed: number };

const revenue = (query: string, token = ctx.tok.admin) => call(ctx.t.app, 'GET', `/learning/order/revenue?${query}`, token);
const report = async (query: string, token = ctx.tok.admin): Promise<Report> => {
  const res = await revenue(query, token);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const amounts = (partial: Partial<Amounts>): Amounts => {
  const base = { cash: 0, transfer: 0, card: 0, credit_used: 0, refunds: 0, ...partial };
  const collected = base.cash + base.transfer + base.card;
  return { ...base, collected, net: collected - base.refunds };
};

/** The first order of a class of centre `centerId`, with its enrolment and student. */
async function orderOf(centerId: number) {
  const [row] = await db()
    .select({ order: orders })
    .from(orders)
    .innerJoin(classes, eq(classes.classId, orders.classId))
    .where(eq(classes.centerId, centerId))
    .orderBy(asc(orders.orderId))
    .limit(1);
  return row.order;
}

/** What orders not cancelled owe, counted directly from the orders (of centre `centerId` when given). */
async function owedDirectly(centerId?: number) {
  const rows = await db().select({ order: orders, centerId: classes.centerId }).from(orders).innerJoin(classes, eq(classes.classId, orders.classId));
  return rows
    .filter(({ order, centerId: centre }) => order.status !== 'cancelled' && (centerId === undefined || centre === centerId))
    .reduce((sum, { order }) => sum + Math.max(0, order.amount - order.paidAmount), 0);
}

const HN = 1;
const HCM = 2;

beforeAll(async () => {
  const hn = await orderOf(HN);
  const hcm = await orderOf(HCM);
  // 'credit' (paid from the student's credit) is a method of the ledger's payments, not yet of the payment form's
  const pay = (order: typeof hn, centerId: number, amount: number, method: PaymentMethod | 'credit', paidOn: string) =>
    insertPayment(db(), { orderId: order.orderId, amount, method: method as PaymentMethod, paidOn, centerId });
  await pay(hn, HN, 100_000, 'cash', '2020-02-28');
  await pay(hn, HN, 250_000, 'transfer', '2020-02-28');
  await pay(hcm, HCM, 300_000, 'card', '2020-02-29');
  // voided: not collected
  const voided = await pay(hn, HN, 50_000, 'cash', '2020-02-29');
  await db().update(payments).set({ voidedAt: new Date(), voidReason: 'Thu nhầm' }).where(eq(payments.paymentId, voided.paymentId));
  // paid from the student's credit: money already held, shown apart
  await pay(hn, HN, 70_000, 'credit', '2020-03-01');
  const refund = (order: typeof hn, centerId: number, kind: 'refund' | 'credit', amount: number, refundedOn: string) =>
    db()
      .insert(refunds)
      .values({ enrollmentId: order.enrollmentId, userId: order.userId, centerId, kind, method: kind === 'refund' ? 'cash' : null, lessonsUnused: 2, proposedAmount: amount, amount, refundedOn });
  await refund(hn, HN, 'refund', 40_000, '2020-03-01');
  await refund(hcm, HCM, 'refund', 20_000, '2020-03-02');
  // kept as the student's credit: no money left the centre
  await refund(hn, HN, 'credit', 999_000, '2020-03-01');
});

describe('revenue report', () => {
  it('sums each day per method, leaves voided payments out, shows credit apart and subtracts refunds, every day of the range listed', async () => {
    const data = await report('from=2020-02-27&to=2020-03-02&group=day');
    expect(data.rows.map((row) => row.period)).toEqual(['2020-02-27', '2020-02-28', '2020-02-29', '2020-03-01', '2020-03-02']);
    expect(data.rows).toEqual([
      { period: '2020-02-27', ...amounts({}) },
      { period: '2020-02-28', ...amounts({ cash: 100_000, transfer: 250_000 }) },
      { period: '2020-02-29', ...amounts({ card: 300_000 }) },
      { period: '2020-03-01', ...amounts({ credit_used: 70_000, refunds: 40_000 }) },
      { period: '2020-03-02', ...amounts({ refunds: 20_000 }) },
    ]);
    expect(data.totals).toEqual(amounts({ cash: 100_000, transfer: 250_000, card: 300_000, credit_used: 70_000, refunds: 60_000 }));
    expect(data.totals.net).toBe(590_000);
    expect(data.owed).toBe(await owedDirectly());
    const byCentre = Object.fromEntries(data.centers.map((row) => [row.center?.center_id ?? 0, row]));
    expect(byCentre[HN]).toMatchObject({ ...amounts({ cash: 100_000, transfer: 250_000, credit_used: 70_000, refunds: 40_000 }), owed: await owedDirectly(HN) });
    expect(byCentre[HCM]).toMatchObject({ ...amounts({ card: 300_000, refunds: 20_000 }), owed: await owedDirectly(HCM) });
  });

  it('groups by month, the first and last months in part, the empty ones listed', async () => {
    const data = await report('from=2020-01-15&to=2020-04-10&group=month');
    expect(data.rows).toEqual([
      { period: '2020-01', ...amounts({}) },
      { period: '2020-02', ...amounts({ cash: 100_000, transfer: 250_000, card: 300_000 }) },
      { period: '2020-03', ...amounts({ credit_used: 70_000, refunds: 60_000 }) },
      { period: '2020-04', ...amounts({}) },
    ]);
    // the range's ends bound it: the 29th alone holds the card payment
    expect((await report('from=2020-02-29&to=2020-02-29&group=month')).totals).toEqual(amounts({ card: 300_000 }));
  });

  it('narrows to one centre, and keeps a giáo vụ to their own centre whatever they ask', async () => {
    const hcm = await report('from=2020-02-27&to=2020-03-02&center_id=2');
    expect(hcm.totals).toEqual(amounts({ card: 300_000, refunds: 20_000 }));
    expect(hcm.centers.map((row) => row.center?.center_id)).toEqual([HCM]);
    expect(hcm.owed).toBe(await owedDirectly(HCM));

    const affair = await report('from=2020-02-27&to=2020-03-02', ctx.tok.academicAffair);
    expect(affair.totals).toEqual(amounts({ cash: 100_000, transfer: 250_000, credit_used: 70_000, refunds: 40_000 }));
    expect(affair.centers.map((row) => row.center?.center_id)).toEqual([HN]);
    expect(affair.owed).toBe(await owedDirectly(HN));
    const elsewhere = await report('from=2020-02-27&to=2020-03-02&center_id=2', ctx.tok.academicAffair);
    expect([elsewhere.totals, elsewhere.owed, elsewhere.centers]).toEqual([amounts({}), 0, []]);
  });

  it('refuses a teacher or a student', async () => {
    for (const token of [ctx.tok.teacher, ctx.tok.student]) {
      expect((await revenue('from=2020-02-27&to=2020-03-02', token)).statusCode).toBe(403);
      expect((await call(ctx.t.app, 'GET', '/learning/order/revenue/export?from=2020-02-27&to=2020-03-02', token)).statusCode).toBe(403);
    }
  });

  it('answers bad dates and ranges with a 400 naming the field, never a 500', async () => {
    const cases: Array<[string, string, string]> = [
      ['to=2020-03-02', 'from', REVENUE_TEXT.from],
      ['from=2020-03-02', 'to', REVENUE_TEXT.to],
      ['from=2020-02-30&to=2020-03-02', 'from', REVENUE_TEXT.from],
      ['from=2020-02-01&to=2020-13-01', 'to', REVENUE_TEXT.to],
      ['from=hôm nay&to=2020-03-02', 'from', REVENUE_TEXT.from],
      ['from=2020-03-02&to=2020-03-01', 'to', REVENUE_TEXT.order],
      ['from=2020-01-01&to=2021-01-01&group=day', 'to', REVENUE_TEXT.tooManyDays],
      ['from=2020-01-01&to=2025-01-01&group=month', 'to', REVENUE_TEXT.tooManyMonths],
      ['from=2020-01-01&to=2020-01-31&group=week', 'group', REVENUE_TEXT.group],
    ];
    for (const [query, field, message] of cases) {
      const res = await revenue(query);
      expect([query, res.statusCode, res.json().error.fields?.[field]]).toEqual([query, 400, message]);
    }
    expect((await revenue('from=2020-01-01&to=2020-01-31&center_id=x')).statusCode).toBe(400);
    // the longest ranges allowed: a leap year by day, five years by month
    expect((await report('from=2020-01-01&to=2020-12-31&group=day')).rows).toHaveLength(366);
    expect((await report('from=2020-01-01&to=2024-12-31&group=month')).rows).toHaveLength(60);
    const badExport = await call(ctx.t.app, 'GET', '/learning/order/revenue/export?from=2020-03-02&to=2020-03-01', ctx.tok.admin);
    expect([badExport.statusCode, badExport.json().error.fields]).toEqual([400, { to: REVENUE_TEXT.order }]);
  });

  it('exports the periods and the centres as xlsx, each with its totals row, text that looks like a formula kept as text', async () => {
    await db().update(centers).set({ name: '=HYPERLINK("http://x.example","Bấm")' }).where(eq(centers.centerId, HCM));
    const res = await call(ctx.t.app, 'GET', '/learning/order/revenue/export?from=2020-02-27&to=2020-03-02&group=day', ctx.tok.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="doanh-thu-2020-02-27-2020-03-02.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const [periods, centres] = book.worksheets;
    expect([periods.name, centres.name]).toEqual(['Theo ngày', 'Theo trung tâm']);
    const values = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(periods, 1)).toEqual(['Ngày', 'Tiền mặt (VND)', 'Chuyển khoản (VND)', 'Thẻ (VND)', 'Tổng thu (VND)', 'Hoàn tiền (VND)', 'Thực thu (VND)', 'Trừ vào số dư (VND)']);
    expect(periods.actualRowCount).toBe(1 + 5 + 1);
    expect(values(periods, 3)).toEqual(['28/02/2020', 100_000, 250_000, 0, 350_000, 0, 350_000, 0]);
    expect(values(periods, 7)).toEqual(['Tổng', 100_000, 250_000, 300_000, 650_000, 60_000, 590_000, 70_000]);
    const data = await report('from=2020-02-27&to=2020-03-02');
    expect(centres.actualRowCount).toBe(1 + data.centers.length + 1);
    expect(values(centres, 1 + data.centers.length + 1)).toEqual(['Tổng', 100_000, 250_000, 300_000, 650_000, 60_000, 590_000, 70_000, data.owed]);
    expect(centres.getColumn(1).values).toContain('=HYPERLINK("http://x.example","Bấm")');
    const kinds = await cellKinds(res.rawPayload, 2);
    expect([...kinds.values()].some((kind) => kind.formula)).toBe(false);

    // a giáo vụ's export holds their centre's money only
    const affair = await call(ctx.t.app, 'GET', '/learning/order/revenue/export?from=2020-01-01&to=2020-12-31&group=month', ctx.tok.academicAffair);
    const affairBook = new ExcelJS.Workbook();
    await affairBook.xlsx.load(affair.rawPayload as unknown as ExcelJS.Buffer);
    expect(affairBook.worksheets[0].name).toBe('Theo tháng');
    expect(values(affairBook.worksheets[0], 1 + 12 + 1)).toEqual(['Tổng', 100_000, 250_000, 0, 350_000, 40_000, 310_000, 70_000]);
    expect(affairBook.worksheets[1].actualRowCount).toBe(1 + 1 + 1);
  });
});
