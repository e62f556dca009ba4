/**
 * An enrolment's money when it ends or moves, and the student's credit: an over-payment kept as credit
 * and credit spent on another order (and given back by a void); cancelling with a refund or a credit,
 * pro rata of the lessons left; a transfer carrying the lessons (converted by price) and the orders; a
 * renewal whose lessons come at once or once paid, as the centre says. Each balance equals its lines.
 */
import { and, eq } from 'drizzle-orm';
import type { Discount, LearningClass } from '@trungtam/shared/contracts/learning';
import { PAYMENT_TEXT, proposedRefund, SETTLEMENT_TEXT, transferredLessons } from '@trungtam/shared/contracts/payments';
import { operatorToday } from '@trungtam/shared/operatorDate';
import { ledgerSums } from '../src/db/ledger';
import { enrollments, lessonLedger, orders, refunds } from '../src/db/schema';
import { call, setUpTestApp } from './helpers';

const ctx = setUpTestApp();
const db = () => ctx.t.database.db;
let classes: LearningClass[];
let discounts: Discount[];
let seq = 0;

beforeAll(async () => {
  classes = (await call(ctx.t.app, 'GET', '/learning/class/list?limit=1000&page=1&relationships=product_item', ctx.tok.admin)).json().data.rows;
  discounts = (await call(ctx.t.app, 'GET', '/discounts?page=1&limit=100', ctx.tok.admin)).json().data.rows;
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: Record<string, unknown>, token = ctx.tok.admin) => call(ctx.t.app, method, url, token, body);
const classesOf = (centerId: number) => classes.filter((c) => c.center_id === centerId && c.product_item);
const discountOf = (cls: LearningClass, percent?: number) => {
  const allowed = discounts.filter((d) => cls.product_item!.product!.discount_ids.includes(d.discount_id));
  return (percent === undefined ? allowed : allowed.filter((d) => d.discount_percent === percent))[0] ?? allowed[0];
};

/** A new student of centre `centerId` enrolled in `cls` (no discount when the course allows one of 0 %). */
async function enrolled(cls: LearningClass) {
  seq += 1;
  const student = (
    await api('POST', '/auth/register', {
      email: `hv.settle${seq}@trungtam.vn`, name: `Học viên ${seq}`, password: 'matkhau123', type: 'student', phone_number: '0900000000', roles: [{ id: 4 }], center_id: cls.center_id,
    })
  ).json().data.data.id as number;
  const created = await api('POST', '/learning/class-enrollment/create', { user_id: student, class_id: cls.class_id, discount_id: discountOf(cls, 0).discount_id });
  expect(created.statusCode).toBe(201);
  const enrollmentId = created.json().data.enrollment_id as number;
  const [order] = await db().select().from(orders).where(eq(orders.enrollmentId, enrollmentId));
  return { student, enrollmentId, order };
}

const pay = (orderId: number, amount: number, extra: Record<string, unknown> = {}, token = ctx.tok.admin) =>
  api('POST', '/learning/order/payment/create', { order_id: orderId, amount, method: 'cash', ...extra }, token);
const credit = async (userId: number) => (await api('GET', `/learning/order/credit/${userId}`)).json().data as { balance: number; lines: Array<{ kind: string; amount: number; balance_after: number }> };

/** Marks `n` lessons learned on the enrolment's ledger, as rolls would. */
async function learn(enrollmentId: number, n: number) {
  await db().insert(lessonLedger).values({ enrollmentId, kind: 'attended', lessons: -n, occurredOn: operatorToday() });
}

/** The enrolment's cached counts equal the sums of its lines. */
async function expectBalanced(enrollmentId: number) {
  const [row] = await db().select().from(enrollments).where(eq(enrollments.enrollmentId, enrollmentId));
  const sums = (await ledgerSums(db(), [enrollmentId])).get(enrollmentId)!;
  expect({ total: row.totalLesson, learned: row.totalLessonLearned }).toEqual({ total: sums.total, learned: sums.learned });
  return sums;
}

describe("a student's credit", () => {
  it('keeps an over-payment as credit only when staff say so, spends it on another order, and a void gives it back or takes it back', async () => {
    const cls = classesOf(1)[0];
    const first = await enrolled(cls);
    const refused = await pay(first.order.orderId, first.order.amount + 500_000);
    expect([refused.statusCode, refused.json().error.fields]).toEqual([400, { amount: PAYMENT_TEXT.overpaid(first.order.amount) }]);
    expect((await pay(first.order.orderId, 1, { excess_as_credit: 'yes' })).statusCode).toBe(400);

    const over = await pay(first.order.orderId, first.order.amount + 500_000, { excess_as_credit: true });
    expect(over.statusCode).toBe(201);
    expect(over.json().data).toMatchObject({ status: 'paid', paid_amount: first.order.amount, owed: 0, student_credit: 500_000 });
    expect(over.json().data.payments[0]).toMatchObject({ amount: first.order.amount + 500_000, credit_amount: 500_000 });
    expect(await credit(first.student)).toMatchObject({ balance: 500_000, lines: [{ kind: 'overpayment', amount: 500_000, balance_after: 500_000 }] });

    // the same student's next class is paid in part from the credit, never beyond it nor beyond what is owed
    const second = await enrolled(classesOf(1).find((c) => c.class_id !== cls.class_id)!);
    expect(second.student).not.toBe(first.student);
    await db().update(orders).set({ userId: first.student }).where(eq(orders.orderId, second.order.orderId));
    const tooMuch = await pay(second.order.orderId, 600_000, { method: 'credit' });
    expect(tooMuch.json().error.fields).toEqual({ amount: PAYMENT_TEXT.creditNotEnough(500_000) });
    const used = await pay(second.order.orderId, 200_000, { method: 'credit' });
    expect(used.json().data).toMatchObject({ paid_amount: 200_000, student_credit: 300_000 });
    expect((await credit(first.student)).balance).toBe(300_000);

    // voiding the over-payment would take back 500,000 of which only 300,000 is left: refused
    const overPayment = over.json().data.payments[0].payment_id;
    const voidOver = await api('POST', '/learning/order/payment/void', { payment_id: overPayment, reason: 'Thu nhầm' });
    expect([voidOver.statusCode, voidOver.json().error.message]).toEqual([409, PAYMENT_TEXT.creditSpent]);
    // voiding the credit payment gives the credit back; then the over-payment can be voided
    const creditPayment = used.json().data.payments[0].payment_id;
    expect((await api('POST', '/learning/order/payment/void', { payment_id: creditPayment, reason: 'Nhầm đơn' })).json().data).toMatchObject({ paid_amount: 0, student_credit: 500_000 });
    expect((await api('POST', '/learning/order/payment/void', { payment_id: overPayment, reason: 'Thu nhầm' })).json().data).toMatchObject({ paid_amount: 0, student_credit: 0 });
    expect((await credit(first.student)).lines.map((line) => [line.kind, line.amount])).toEqual([
      ['overpayment', 500_000],
      ['applied', -200_000],
      ['voided', 200_000],
      ['voided', -500_000],
    ]);
  });

  it('spends credit once when two payments from it arrive at once', async () => {
    const a = await enrolled(classesOf(1)[0]);
    await pay(a.order.orderId, a.order.amount + 300_000, { excess_as_credit: true });
    const b = await enrolled(classesOf(1)[1]);
    await db().update(orders).set({ userId: a.student }).where(eq(orders.orderId, b.order.orderId));
    const results = await Promise.all([1, 2].map(() => pay(b.order.orderId, 300_000, { method: 'credit' })));
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 400]);
    expect((await credit(a.student)).balance).toBe(0);
  });
});

describe('cancelling an enrolment', () => {
  it('proposes what was paid pro rata of the lessons left, and records a refund of that or of another amount with a reason', async () => {
    const cls = classesOf(1)[0];
    const { enrollmentId, order, student } = await enrolled(cls);
    await pay(order.orderId, 1_000_000);
    await learn(enrollmentId, 3);
    const preview = (await api('GET', `/learning/class-enrollment/cancel-preview/${enrollmentId}`)).json().data;
    const total = cls.product_item!.total_lesson;
    expect(preview).toMatchObject({ total_lesson: total, lessons_left: total - 3, paid: 1_000_000, proposed_amount: Math.floor((1_000_000 * (total - 3)) / total) });
    expect(preview.proposed_amount).toBe(proposedRefund(1_000_000, total - 3, total));

    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ amount: 1_000_001 }, 'amount', SETTLEMENT_TEXT.amount(1_000_000)],
      [{ amount: preview.proposed_amount - 1 }, 'reason', SETTLEMENT_TEXT.reason],
      [{ amount: -1 }, 'amount', PAYMENT_TEXT.amount],
      [{ amount: 1.5 }, 'amount', PAYMENT_TEXT.amount],
      [{ amount: '100' }, 'amount', PAYMENT_TEXT.amount],
      [{ settlement: 'cash' }, 'settlement', SETTLEMENT_TEXT.kind],
      [{ method: 'card' }, 'method', SETTLEMENT_TEXT.method],
    ];
    for (const [fields, field, message] of cases) {
      const res = await api('POST', '/learning/class-enrollment/cancel', { enrollment_id: enrollmentId, settlement: 'refund', amount: preview.proposed_amount, method: 'cash', ...fields });
      expect([res.statusCode, res.json().error.fields?.[field]]).toEqual([400, message]);
    }
    expect((await db().select().from(refunds).where(eq(refunds.enrollmentId, enrollmentId))).length).toBe(0);

    const done = await api('POST', '/learning/class-enrollment/cancel', { enrollment_id: enrollmentId, settlement: 'refund', amount: 500_000, method: 'transfer', reason: 'Thoả thuận với phụ huynh' });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({
      status: 3,
      refund: { kind: 'refund', method: 'transfer', amount: 500_000, proposed_amount: preview.proposed_amount, lessons_unused: total - 3, reason: 'Thoả thuận với phụ huynh' },
    });
    const [after] = await db().select().from(orders).where(eq(orders.orderId, order.orderId));
    expect(after.status).toBe('cancelled');
    expect((await expectBalanced(enrollmentId)).remaining).toBe(0);
    // a refund is money given back, not credit
    expect((await credit(student)).balance).toBe(0);
    expect((await api('POST', '/learning/class-enrollment/cancel', { enrollment_id: enrollmentId, settlement: 'credit', amount: 0 })).statusCode).toBe(409);
  });

  it("the spec's removal keeps the proposal as the student's credit; nothing paid, nothing recorded", async () => {
    const cls = classesOf(1)[0];
    const paid = await enrolled(cls);
    await pay(paid.order.orderId, paid.order.amount);
    expect((await api('DELETE', `/learning/class-enrollment/${paid.enrollmentId}`)).json().data).toEqual({ enrollment_id: paid.enrollmentId, status: 3 });
    expect(await credit(paid.student)).toMatchObject({ balance: paid.order.amount, lines: [{ kind: 'cancellation', amount: paid.order.amount }] });

    const unpaid = await enrolled(cls);
    const res = await api('POST', '/learning/class-enrollment/cancel', { enrollment_id: unpaid.enrollmentId, settlement: 'refund', amount: 0 });
    expect(res.json().data).toMatchObject({ status: 3, refund: null });
    expect((await api('GET', `/learning/order/debts?limit=100&class_id=${cls.class_id}`)).json().data.rows.map((row: { order_id: number }) => row.order_id)).not.toContain(unpaid.order.orderId);
  });
});

describe('transferring an enrolment', () => {
  it('carries the lessons left (converted by price) and the orders to the new class in one step, and takes the student off the old roll', async () => {
    const [from, to] = classesOf(1);
    const { enrollmentId, order, student } = await enrolled(from);
    await pay(order.orderId, 700_000);
    await learn(enrollmentId, 2);
    const left = from.product_item!.total_lesson - 2;
    const preview = await api('GET', `/learning/class-enrollment/transfer-preview?enrollment_id=${enrollmentId}&class_id=${to.class_id}`);
    expect(preview.statusCode).toBe(200);
    const sameItem = from.product_item!.product_item_id === to.product_item!.product_item_id;
    const lessonsIn = transferredLessons(left, { price: order.listPrice, lessons: order.lessons! }, { price: to.product_item!.price, lessons: to.product_item!.total_lesson }, sameItem);
    expect(preview.json().data).toMatchObject({ lessons_left: left, lessons_in: lessonsIn, same_item: sameItem, owed: order.amount - 700_000, from: { class_id: from.class_id }, to: { class_id: to.class_id } });

    expect((await api('POST', '/learning/class-enrollment/transfer', { enrollment_id: enrollmentId, class_id: from.class_id })).json().error.fields).toEqual({ class_id: SETTLEMENT_TEXT.transferSameClass });
    const moved = await api('POST', '/learning/class-enrollment/transfer', { enrollment_id: enrollmentId, class_id: to.class_id });
    expect(moved.statusCode).toBe(200);
    const { enrollment_id: newId } = moved.json().data;
    expect((await expectBalanced(enrollmentId)).remaining).toBe(0);
    expect((await expectBalanced(newId)).remaining).toBe(lessonsIn);
    const [opened] = await db().select().from(enrollments).where(eq(enrollments.enrollmentId, newId));
    expect(opened).toMatchObject({ classId: to.class_id, userId: student, status: 1, totalDiscountPercent: 0, startDate: operatorToday() });
    // the money moved with the lessons: the order, what was paid and what is owed
    const [carried] = await db().select().from(orders).where(eq(orders.orderId, order.orderId));
    expect(carried).toMatchObject({ enrollmentId: newId, classId: to.class_id, paidAmount: 700_000, status: 'pending' });
    // today's roll of the old class no longer lists the student; the new class's does
    const roll = async (classId: number) =>
      (await api('GET', `/learning/class-enrollment/list?class_id=${classId}&date=${operatorToday()}&limit=100`)).json().data.rows.map((row: { user_id: number }) => row.user_id);
    expect(await roll(from.class_id)).not.toContain(student);
    expect(await roll(to.class_id)).toContain(student);
    expect((await api('POST', '/learning/class-enrollment/transfer', { enrollment_id: enrollmentId, class_id: to.class_id })).statusCode).toBe(409);
  });

  it('converts by price between course items, rounding down', () => {
    expect(transferredLessons(10, { price: 2_000_000, lessons: 20 }, { price: 3_000_000, lessons: 20 }, false)).toBe(6);
    expect(transferredLessons(10, { price: 2_000_000, lessons: 20 }, { price: 3_000_000, lessons: 20 }, true)).toBe(10);
    expect(transferredLessons(0, { price: 1, lessons: 1 }, { price: 1, lessons: 1 }, false)).toBe(0);
  });
});

describe('renewing an enrolment', () => {
  it("adds the lessons once the renewal is paid under the centre's default rule, one renewal waiting at a time", async () => {
    const cls = classesOf(1)[0];
    const { enrollmentId } = await enrolled(cls);
    const before = await expectBalanced(enrollmentId);
    const renewed = await api('POST', '/learning/class-enrollment/renew', { enrollment_id: enrollmentId });
    expect(renewed.statusCode).toBe(201);
    const order = renewed.json().data;
    expect(order).toMatchObject({ kind: 'renewal', lessons: cls.product_item!.total_lesson, lessons_credited: false, status: 'pending', amount: cls.product_item!.price });
    expect((await expectBalanced(enrollmentId)).total).toBe(before.total);
    const again = await api('POST', '/learning/class-enrollment/renew', { enrollment_id: enrollmentId });
    expect([again.statusCode, again.json().error.message]).toEqual([409, SETTLEMENT_TEXT.renewPending]);

    await pay(order.order_id, 1_000);
    expect((await expectBalanced(enrollmentId)).total).toBe(before.total);
    const paid = await pay(order.order_id, order.amount - 1_000);
    expect(paid.json().data).toMatchObject({ status: 'paid', lessons_credited: true });
    expect((await expectBalanced(enrollmentId)).total).toBe(before.total + cls.product_item!.total_lesson);
    const lines = await db().select().from(lessonLedger).where(and(eq(lessonLedger.enrollmentId, enrollmentId), eq(lessonLedger.kind, 'renewal')));
    expect(lines).toMatchObject([{ lessons: cls.product_item!.total_lesson, orderId: order.order_id }]);
  });

  it("adds them at once where the centre says so", async () => {
    const cls = classesOf(2)[0];
    const centre = (await api('GET', `/learning/center/show/${cls.center_id}`)).json().data;
    const set = await api('PUT', '/learning/center/update', { center_id: centre.center_id, name: centre.name, status: centre.status, renewal_lessons_on: 'order' });
    expect([set.statusCode, set.json().data.renewal_lessons_on]).toEqual([200, 'order']);
    expect((await api('PUT', '/learning/center/update', { center_id: centre.center_id, name: centre.name, status: centre.status, renewal_lessons_on: 'later' })).statusCode).toBe(400);
    const { enrollmentId } = await enrolled(cls);
    const before = await expectBalanced(enrollmentId);
    const order = (await api('POST', '/learning/class-enrollment/renew', { enrollment_id: enrollmentId })).json().data;
    expect(order).toMatchObject({ lessons_credited: true, status: 'pending' });
    expect((await expectBalanced(enrollmentId)).total).toBe(before.total + cls.product_item!.total_lesson);
  });
});

describe("an enrolment's order in the students' enrolments", () => {
  it('names the order to pay next and what is owed, for staff who see payments only', async () => {
    const cls = classesOf(1)[0];
    const { enrollmentId, order, student } = await enrolled(cls);
    await pay(order.orderId, 100_000);
    const list = async (token: string) =>
      (await api('GET', `/learning/class-enrollment/list?user_id=${student}&limit=10`, undefined, token)).json().data.rows.find((row: { enrollment_id: number }) => row.enrollment_id === enrollmentId);
    expect((await list(ctx.tok.admin)).order).toEqual({ order_id: order.orderId, owed: order.amount - 100_000 });
    expect((await list(ctx.tok.academicAffair)).order).toEqual({ order_id: order.orderId, owed: order.amount - 100_000 });
    const renewal = (await api('POST', '/learning/class-enrollment/renew', { enrollment_id: enrollmentId })).json().data;
    expect((await list(ctx.tok.admin)).order).toEqual({ order_id: order.orderId, owed: order.amount - 100_000 + renewal.amount });
    await pay(order.orderId, order.amount - 100_000);
    expect((await list(ctx.tok.admin)).order).toEqual({ order_id: renewal.order_id, owed: renewal.amount });
  });
});

describe('who may', () => {
  it('keeps a giáo vụ to their centre and teachers and students out', async () => {
    const own = await enrolled(classesOf(1)[0]);
    const other = await enrolled(classesOf(2)[0]);
    const aa = ctx.tok.academicAffair;
    expect((await api('GET', `/learning/class-enrollment/cancel-preview/${own.enrollmentId}`, undefined, aa)).statusCode).toBe(200);
    expect((await api('GET', `/learning/class-enrollment/cancel-preview/${other.enrollmentId}`, undefined, aa)).statusCode).toBe(403);
    expect((await api('POST', '/learning/class-enrollment/renew', { enrollment_id: other.enrollmentId }, aa)).statusCode).toBe(403);
    expect((await api('GET', `/learning/order/credit/${other.student}`, undefined, aa)).statusCode).toBe(403);
    expect((await api('GET', `/learning/class-enrollment/transfer-preview?enrollment_id=${own.enrollmentId}&class_id=${classesOf(2)[0].class_id}`, undefined, aa)).statusCode).toBe(400);
    for (const token of [ctx.tok.teacher, ctx.tok.student]) {
      expect((await api('GET', `/learning/class-enrollment/cancel-preview/${own.enrollmentId}`, undefined, token)).statusCode).toBe(403);
      expect((await api('POST', '/learning/class-enrollment/transfer', { enrollment_id: own.enrollmentId, class_id: classesOf(1)[1].class_id }, token)).statusCode).toBe(403);
      expect((await api('GET', `/learning/order/credit/${own.student}`, undefined, token)).statusCode).toBe(403);
    }
  });
});
