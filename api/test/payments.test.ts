/**
 * Orders' payments: partial and whole payments in cash, by transfer or card; receipt numbers of each
 * centre's series without gaps, also under payments at once; bad amounts refused with nothing written;
 * void instead of delete; the receipt PDF; the VietQR code of what is owed; each within the caller's reach.
 */
import { and, asc, eq } from 'drizzle-orm';
import { PAYMENT_TEXT } from '@trungtam/shared/contracts/payments';
import { CENTER_TEXT } from '@trungtam/shared/schemas/settings';
import { operatorToday } from '@trungtam/shared/operatorDate';
import ExcelJS from 'exceljs';
import { classes, orders, payments, users } from '../src/db/schema';
import { cellKinds } from './support/xlsxCells';
import { checkVietQr } from '../src/lib/vietqr';
import { call, setUpTestApp } from './helpers';
import { unpaidOrder as unpaidOrderOf } from './support/orders';

const ctx = setUpTestApp();
const db = () => ctx.t.database.db;

const show = (orderId: number, token = ctx.tok.admin) => call(ctx.t.app, 'GET', `/learning/order/show/${orderId}`, token);
const pay = (body: Record<string, unknown>, token = ctx.tok.admin) => call(ctx.t.app, 'POST', '/learning/order/payment/create', token, body);
const voidOne = (body: Record<string, unknown>, token = ctx.tok.admin) => call(ctx.t.app, 'POST', '/learning/order/payment/void', token, body);

const unpaidOrder = (centerId: number, amount?: number) => unpaidOrderOf(db(), centerId, amount);

/** Every receipt number of a centre's series for a year, in order. */
const seriesOf = async (centerId: number, year: number) =>
  (await db().select({ seq: payments.receiptSeq }).from(payments).where(and(eq(payments.receiptCenterId, centerId), eq(payments.receiptYear, year))).orderBy(asc(payments.receiptSeq))).map((row) => row.seq);

const year = Number(operatorToday().slice(0, 4));

describe('payments of an order', () => {
  it('takes partial payments until the amount is reached, each with the next receipt number of its centre, then refuses more', async () => {
    const order = await unpaidOrder(1);
    const before = await show(order.orderId);
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toMatchObject({ order_id: order.orderId, amount: order.amount, paid_amount: 0, owed: order.amount, status: 'pending', payments: [] });
    expect(before.json().data.reference).toMatch(/^TT[0-9A-Z]{9}$/);
    const seriesBefore = await seriesOf(1, year);

    const first = await pay({ order_id: order.orderId, amount: 1_000_000, method: 'cash', note: 'Đợt 1' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ paid_amount: 1_000_000, owed: order.amount - 1_000_000, status: 'pending' });
    const [payment] = first.json().data.payments;
    expect(payment).toMatchObject({ amount: 1_000_000, method: 'cash', paid_on: operatorToday(), note: 'Đợt 1', received_by: { name: 'Quản trị viên' }, voided_at: null });
    expect(payment.receipt_no).toBe(`PT-1-${year}-${String(seriesBefore.length + 1).padStart(5, '0')}`);

    const rest = await pay({ order_id: order.orderId, amount: order.amount - 1_000_000, method: 'transfer' });
    expect(rest.json().data).toMatchObject({ paid_amount: order.amount, owed: 0, status: 'paid', vietqr: null });
    const more = await pay({ order_id: order.orderId, amount: 1, method: 'card' });
    expect([more.statusCode, more.json().error.message]).toEqual([409, PAYMENT_TEXT.orderPaid]);
    expect(await seriesOf(1, year)).toEqual([...seriesBefore, seriesBefore.length + 1, seriesBefore.length + 2]);
  });

  it('refuses amounts that are not whole positive đồng, over what is owed or of the wrong type, and dates out of range, writing nothing', async () => {
    const order = await unpaidOrder(1);
    const count = async () => (await db().select().from(payments)).length;
    const written = await count();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ amount: 0 }, 'amount', PAYMENT_TEXT.amount],
      [{ amount: -50_000 }, 'amount', PAYMENT_TEXT.amount],
      [{ amount: 1500.5 }, 'amount', PAYMENT_TEXT.amount],
      [{ amount: '100000' }, 'amount', PAYMENT_TEXT.amount],
      [{ amount: 100_000_000_000 }, 'amount', PAYMENT_TEXT.amount],
      [{ amount: order.amount + 1 }, 'amount', PAYMENT_TEXT.overpaid(order.amount)],
      [{ amount: 100_000, method: 'bitcoin' }, 'method', PAYMENT_TEXT.method],
      [{ amount: 100_000, paid_on: '2026-02-30' }, 'paid_on', PAYMENT_TEXT.paidOn],
      [{ amount: 100_000, paid_on: '2999-01-01' }, 'paid_on', PAYMENT_TEXT.paidOnAfterToday],
      [{ amount: 100_000, paid_on: '2000-01-01' }, 'paid_on', PAYMENT_TEXT.paidOnBeforeOrder],
    ];
    for (const [fields, field, message] of cases) {
      const res = await pay({ order_id: order.orderId, method: 'cash', ...fields });
      expect([res.statusCode, res.json().error.fields?.[field]]).toEqual([400, message]);
    }
    expect(await count()).toBe(written);
    expect((await show(order.orderId)).json().data).toMatchObject({ paid_amount: 0, status: 'pending' });
  });

  it('voids a payment with its reason instead of deleting it: listed struck through, the order owes again, the series keeps its numbers', async () => {
    const order = await unpaidOrder(1);
    const paid = (await pay({ order_id: order.orderId, amount: order.amount, method: 'card' })).json().data;
    expect(paid.status).toBe('paid');
    const paymentId = paid.payments[0].payment_id;
    for (const reason of ['', '   ']) expect((await voidOne({ payment_id: paymentId, reason })).json().error.fields).toEqual({ reason: PAYMENT_TEXT.voidReason });
    const voided = await voidOne({ payment_id: paymentId, reason: 'Thu nhầm học viên' });
    expect(voided.statusCode).toBe(200);
    expect(voided.json().data).toMatchObject({ status: 'pending', paid_amount: 0, owed: order.amount });
    expect(voided.json().data.payments).toMatchObject([{ payment_id: paymentId, void_reason: 'Thu nhầm học viên', voided_by: { name: 'Quản trị viên' } }]);
    expect(voided.json().data.payments[0].voided_at).not.toBeNull();
    expect((await voidOne({ payment_id: paymentId, reason: 'Lần nữa' })).statusCode).toBe(409);
    // the receipt is still there, marked void
    const receipt = await call(ctx.t.app, 'GET', `/learning/order/payment/receipt/${paymentId}`, ctx.tok.admin);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // the next payment takes the next number: no gap, no reuse
    const series = await seriesOf(1, year);
    expect(series).toEqual(series.map((_, i) => i + 1));
  });

  it('never gives two payments at once the same receipt number, nor lets them take more than is owed', async () => {
    const order = await unpaidOrder(1);
    const results = await Promise.all([1, 2, 3].map(() => pay({ order_id: order.orderId, amount: order.amount, method: 'cash' })));
    // the first takes the whole amount; the others find the order paid
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
    const other = await unpaidOrder(1);
    const halves = await Promise.all([1, 2].map(() => pay({ order_id: other.orderId, amount: Math.floor(other.amount / 2), method: 'transfer' })));
    expect(halves.map((res) => res.statusCode)).toEqual([201, 201]);
    const series = await seriesOf(1, year);
    expect(series).toEqual(series.map((_, i) => i + 1));
  });

  it("shows a VietQR code of what is owed once the centre has a bank account: the NAPAS payload with a valid CRC, the account and the amount", async () => {
    const order = await unpaidOrder(1);
    expect((await show(order.orderId)).json().data.vietqr).toBeNull();
    const centre = (await call(ctx.t.app, 'GET', '/learning/center/show/1', ctx.tok.admin)).json().data;
    const withBank = (fields: Record<string, unknown>) => call(ctx.t.app, 'PUT', '/learning/center/update', ctx.tok.admin, { center_id: 1, name: centre.name, status: centre.status, ...fields });
    expect((await withBank({ bank_bin: '999999', bank_account_number: '0071000123456' })).json().error.fields).toEqual({ bank_bin: CENTER_TEXT.bank });
    expect((await withBank({ bank_bin: '970436' })).json().error.fields).toEqual({ bank_account_number: CENTER_TEXT.bankIncomplete });
    expect((await withBank({ bank_bin: '970436', bank_account_number: '0071000123456', bank_account_name: 'TRUNG TAM HA NOI' })).statusCode).toBe(200);

    await pay({ order_id: order.orderId, amount: 300_000, method: 'cash' });
    const detail = (await show(order.orderId)).json().data;
    const qr = checkVietQr(detail.vietqr);
    expect(qr).toMatchObject({ crcValid: true, bin: '970436', accountNumber: '0071000123456', amount: order.amount - 300_000, currency: '704', country: 'VN', purpose: detail.reference });
  });

  it('keeps each caller to their reach: a giáo vụ to their centre, no teacher or student', async () => {
    const own = await unpaidOrder(1);
    const elsewhere = await unpaidOrder(2);
    expect((await show(own.orderId, ctx.tok.academicAffair)).statusCode).toBe(200);
    expect((await pay({ order_id: own.orderId, amount: 100_000, method: 'cash' }, ctx.tok.academicAffair)).statusCode).toBe(201);
    expect((await show(elsewhere.orderId, ctx.tok.academicAffair)).statusCode).toBe(403);
    expect((await pay({ order_id: elsewhere.orderId, amount: 100_000, method: 'cash' }, ctx.tok.academicAffair)).statusCode).toBe(403);
    for (const token of [ctx.tok.teacher, ctx.tok.student]) {
      expect((await show(own.orderId, token)).statusCode).toBe(403);
      expect((await pay({ order_id: own.orderId, amount: 100_000, method: 'cash' }, token)).statusCode).toBe(403);
    }
    expect((await show(2_000_000)).statusCode).toBe(404);
  });
});

describe('debts', () => {
  type Debt = { order_id: number; owed: number; overdue: boolean; due_date: string; days_overdue: number; center: { center_id: number } | null };
  const debts = (query: string, token = ctx.tok.admin) => call(ctx.t.app, 'GET', `/learning/order/debts?${query}`, token);

  /** What the orders owe, counted directly: not cancelled, amount over paid, in centre `centerId` when given. */
  async function owedDirectly(centerId?: number) {
    const rows = await db().select({ order: orders, centerId: classes.centerId }).from(orders).innerJoin(classes, eq(classes.classId, orders.classId));
    const owing = rows.filter(({ order, centerId: centre }) => order.status !== 'cancelled' && order.amount > order.paidAmount && (centerId === undefined || centre === centerId));
    return { count: owing.length, owed: owing.reduce((sum, { order }) => sum + order.amount - order.paidAmount, 0) };
  }

  it('lists the orders that owe, overdue first, with the total owed as counted from the orders; filters narrow it', async () => {
    const res = await debts('limit=100');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const direct = await owedDirectly();
    expect([data.total_rows, data.total_owed]).toEqual([direct.count, direct.owed]);
    const rows: Debt[] = data.rows;
    expect(rows.every((row) => row.owed > 0)).toBe(true);
    expect(rows.map((row) => row.due_date)).toEqual([...rows.map((row) => row.due_date)].sort());
    // the seed's unpaid orders of running classes are overdue: they come first, with their days late
    expect(rows[0]).toMatchObject({ overdue: true });
    expect(rows[0].days_overdue).toBeGreaterThan(0);
    expect(data.total_overdue).toBe(rows.filter((row) => row.overdue).reduce((sum, row) => sum + row.owed, 0));

    const hn = (await debts('limit=100&center_id=1')).json().data;
    expect(hn.total_owed).toBe((await owedDirectly(1)).owed);
    expect((hn.rows as Debt[]).every((row) => row.center?.center_id === 1)).toBe(true);
    expect((await debts('limit=100&center_id=1', ctx.tok.academicAffair)).json().data.total_owed).toBe(hn.total_owed);
    const late: Debt[] = (await debts('limit=100&overdue=1')).json().data.rows;
    expect(late.length).toBeGreaterThan(0);
    expect(late.every((row) => row.overdue)).toBe(true);
    const big: Debt[] = (await debts('limit=100&min_owed=4000000')).json().data.rows;
    expect(big.every((row) => row.owed >= 4_000_000)).toBe(true);
    const later: Debt[] = (await debts(`limit=100&due_from=${operatorToday()}`)).json().data.rows;
    expect(later.every((row) => row.due_date >= operatorToday() && !row.overdue)).toBe(true);
    for (const bad of ['overdue=2', 'min_owed=-1', 'due_from=2026-13-01', 'due_to=hôm nay', 'center_id=x', 'limit=0']) expect((await debts(bad)).statusCode).toBe(400);
    for (const token of [ctx.tok.teacher, ctx.tok.student]) expect((await debts('', token)).statusCode).toBe(403);
  });

  it('shows the totals as they are after every payment, void and new order (they are kept between requests)', async () => {
    const totals = async () => (await debts('limit=1&center_id=1')).json().data as { total_owed: number; total_rows: number };
    const before = await totals();
    const order = await unpaidOrder(1);
    expect(await totals()).toEqual(expect.objectContaining({ total_owed: before.total_owed + order.amount, total_rows: before.total_rows + 1 }));
    const paid = (await pay({ order_id: order.orderId, amount: 800_000, method: 'cash' })).json().data;
    expect((await totals()).total_owed).toBe(before.total_owed + order.amount - 800_000);
    await voidOne({ payment_id: paid.payments[0].payment_id, reason: 'Thu nhầm' });
    expect((await totals()).total_owed).toBe(before.total_owed + order.amount);
  });

  it('exports them as xlsx with the totals, a name that looks like a formula kept as text', async () => {
    const order = await unpaidOrder(1);
    await db().update(users).set({ name: '=HYPERLINK("http://x.example","Bấm")' }).where(eq(users.id, order.userId));
    const res = await call(ctx.t.app, 'GET', '/learning/order/debts/export?center_id=1', ctx.tok.admin);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    const hn = (await debts('limit=1&center_id=1')).json().data;
    expect(sheet.actualRowCount).toBe(1 + hn.total_rows + 2);
    const totalRow = sheet.getRow(1 + hn.total_rows + 1);
    expect(totalRow.getCell(8).value).toBe(hn.total_owed);
    const kinds = await cellKinds(res.rawPayload);
    expect([...kinds.values()].some((kind) => kind.formula)).toBe(false);
    // a giáo vụ's export, unfiltered, holds their centre's debts only
    const affair = await call(ctx.t.app, 'GET', '/learning/order/debts/export', ctx.tok.academicAffair);
    const affairBook = new ExcelJS.Workbook();
    await affairBook.xlsx.load(affair.rawPayload as unknown as ExcelJS.Buffer);
    expect(affairBook.worksheets[0].actualRowCount).toBe(1 + hn.total_rows + 2);
    expect((await call(ctx.t.app, 'GET', '/learning/order/debts/export', ctx.tok.teacher)).statusCode).toBe(403);
  });
});
