import { and, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '@trungtam/shared/validation';
import type { Discount, Enrollment, LearningClass } from '@trungtam/shared/contracts/learning';
import { auditLogs, enrollments, notifications, orders } from '../src/db/schema';
import { REFERENCE_TEXT } from '../src/access/references';
import { TEXT } from '../src/lib/errors';
import { call, setUpTestApp } from './helpers';

const ctx = setUpTestApp();
let classes: LearningClass[];
let discounts: Discount[];
let hnClass: LearningClass;
let hcmClass: LearningClass;
let allowed: Discount;
let notAllowed: Discount;
let seq = 0;

/** A fresh student of a centre (1 = Hà Nội, the academic-affairs demo user's centre). */
async function newStudent(centerId = 1): Promise<number> {
  seq += 1;
  const res = await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.admin, {
    email: `hv.enrol${seq}@trungtam.vn`, name: `Học viên ${seq}`, password: 'matkhau123', type: 'student',
    phone_number: '0900000000', roles: [{ id: 4 }], center_id: centerId,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.data.id;
}

const enrol = (body: Record<string, unknown>, token = ctx.tok.admin) => call(ctx.t.app, 'POST', '/learning/class-enrollment/create', token, body);
const body = (userId: number, over: Record<string, unknown> = {}) => ({
  user_id: userId, class_id: hnClass.class_id, discount_id: allowed.discount_id, total_lesson_promote: 2, total_lesson_learned: 0, ...over,
});

beforeAll(async () => {
  const res = await call(ctx.t.app, 'GET', '/learning/class/list?limit=1000&page=1&sort_column=class_id&sort_type=DESC&relationships=room&relationships=academic_affair&relationships=product_item', ctx.tok.admin);
  expect(res.statusCode).toBe(200);
  classes = res.json().data.rows;
  hnClass = classes.find((c) => c.center_id === 1 && c.product_item)!;
  hcmClass = classes.find((c) => c.center_id === 2 && c.product_item)!;
  const d = await call(ctx.t.app, 'GET', '/discounts?page=1&limit=100&sort_column=discount_id&sort_type=DESC', ctx.tok.admin);
  expect(d.statusCode).toBe(200);
  discounts = d.json().data.rows;
  const ids = hnClass.product_item!.product!.discount_ids;
  allowed = discounts.filter((x) => ids.includes(x.discount_id)).sort((a, b) => b.discount_percent - a.discount_percent)[0];
  notAllowed = discounts.find((x) => !ids.includes(x.discount_id))!;
});

describe('GET /learning/class/list and /learning/class/show/{id}', () => {
  it('gives the enrolment choices with room and centre, academic affair and product item', () => {
    expect(hnClass.room).toMatchObject({ room_id: expect.any(Number), center: { center_id: 1, name: expect.any(String) } });
    expect(hnClass.academic_affair).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    expect(hnClass.product_item).toMatchObject({ total_lesson: expect.any(Number), price: expect.any(Number), product: { discount_ids: expect.any(Array) } });
    expect(classes.map((c) => c.class_id)).toEqual([...classes.map((c) => c.class_id)].sort((a, b) => b - a));
  });

  it('scopes the list: academic affairs to their centre, a teacher to their own classes', async () => {
    const affair = await call(ctx.t.app, 'GET', '/learning/class/list?limit=1000', ctx.tok.academicAffair);
    expect(affair.json().data.rows.length).toBeGreaterThan(0);
    expect(affair.json().data.rows.every((c: LearningClass) => c.center_id === 1)).toBe(true);
    const me = (await call(ctx.t.app, 'GET', '/user/get-by-token', ctx.tok.teacher)).json().data;
    const teacher = await call(ctx.t.app, 'GET', '/learning/class/list?limit=1000&teacher_id=0', ctx.tok.teacher);
    expect(teacher.json().data.rows.length).toBeGreaterThan(0);
    expect(teacher.json().data.rows.every((c: LearningClass) => c.teacher_id === me.id)).toBe(true);
    expect((await call(ctx.t.app, 'GET', `/learning/class/show/${hcmClass.class_id}`, ctx.tok.academicAffair)).statusCode).toBe(403);
    expect((await call(ctx.t.app, 'GET', `/learning/class/show/${hnClass.class_id}?relationships=product_item`, ctx.tok.academicAffair)).json().data.product_item.total_lesson).toBe(hnClass.product_item!.total_lesson);
    expect((await call(ctx.t.app, 'GET', '/learning/class/list?relationships=students', ctx.tok.admin)).statusCode).toBe(400);
  });

  it("names each row's teacher for whoever may see the class, a teacher and a student too (no accounts list needed)", async () => {
    const admin = (await call(ctx.t.app, 'GET', '/learning/class/list?limit=1000&relationships=teacher', ctx.tok.admin)).json().data.rows as LearningClass[];
    const names = new Map(
      ((await call(ctx.t.app, 'GET', '/user/list?type=teacher&limit=1000&page=1', ctx.tok.admin)).json().data.rows as Array<{ id: number; name: string }>).map((u) => [u.id, u.name]),
    );
    expect(admin.length).toBeGreaterThan(0);
    for (const row of admin) expect(row.teacher).toEqual(row.teacher_id ? { id: row.teacher_id, name: names.get(row.teacher_id) } : null);
    for (const token of [ctx.tok.teacher, ctx.tok.student]) {
      expect((await call(ctx.t.app, 'GET', '/user/list?type=teacher&limit=10&page=1', token)).statusCode).toBe(403);
      const res = await call(ctx.t.app, 'GET', '/learning/class/list?limit=1000&relationships=teacher&relationships=room&relationships=product_item', token);
      expect(res.statusCode).toBe(200);
      const rows = res.json().data.rows as LearningClass[];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.teacher).toEqual({ id: row.teacher_id, name: names.get(row.teacher_id!) });
    }
    // asked for, or not: without it the row has none
    expect(admin[0]).toHaveProperty('teacher');
    expect((await call(ctx.t.app, 'GET', '/learning/class/list?limit=1', ctx.tok.admin)).json().data.rows[0]).not.toHaveProperty('teacher');
  });
});

describe('GET /discounts', () => {
  it('lists discounts newest first and shows one', async () => {
    expect(discounts.length).toBeGreaterThan(1);
    expect(discounts[0].discount_id).toBeGreaterThan(discounts[1].discount_id);
    const one = await call(ctx.t.app, 'GET', `/discounts/${allowed.discount_id}`, ctx.tok.academicAffair);
    expect(one.json().data).toMatchObject({ discount_id: allowed.discount_id, discount_percent: allowed.discount_percent });
    expect((await call(ctx.t.app, 'GET', '/discounts/99999', ctx.tok.admin)).statusCode).toBe(404);
    expect((await call(ctx.t.app, 'GET', '/discounts', ctx.tok.teacher)).statusCode).toBe(403);
  });
});

describe('POST /learning/class-enrollment/create', () => {
  it('writes the enrolment, its order and the student notification in one go', async () => {
    const student = await newStudent();
    const res = await enrol(body(student), ctx.tok.academicAffair);
    expect(res.statusCode).toBe(201);
    const created: Enrollment = res.json().data;
    const item = hnClass.product_item!;
    expect(created).toMatchObject({
      user_id: student, class_id: hnClass.class_id, status: 1, total_lesson: item.total_lesson + 2,
      total_lesson_promote: 2, total_lesson_learned: 0, total_discount_percent: allowed.discount_percent, discount_id: allowed.discount_id,
      class: { class_name: hnClass.class_name },
    });
    const [order] = await ctx.t.database.db.select().from(orders).where(eq(orders.enrollmentId, created.enrollment_id));
    expect(order).toMatchObject({
      userId: student, classId: hnClass.class_id, listPrice: item.price, discountPercent: allowed.discount_percent,
      amount: Math.round((item.price * (100 - allowed.discount_percent)) / 100), status: 'pending',
    });
    const notes = await ctx.t.database.db.select().from(notifications).where(eq(notifications.userId, student));
    expect(notes).toHaveLength(1);
    expect(notes[0].message).toContain(hnClass.class_name);
    const audit = await ctx.t.database.db.select().from(auditLogs).where(and(eq(auditLogs.resource, 'LearningClassEnrollments'), eq(auditLogs.resourceId, String(created.enrollment_id))));
    expect(audit).toHaveLength(1);

    const list = await call(ctx.t.app, 'GET', `/learning/class-enrollment/list?user_id=${student}&limit=10&page=1&sort_column=enrollment_id&sort_type=DESC&relationships=class`, ctx.tok.academicAffair);
    expect(list.json().data.rows).toEqual([expect.objectContaining({ enrollment_id: created.enrollment_id, class: { class_id: hnClass.class_id, class_name: hnClass.class_name, low_balance_threshold: 2 } })]);
  });

  it('writes nothing when any part of the enrolment fails (one transaction)', async () => {
    const student = await newStudent();
    // the last write of the transaction (the student's notification) fails
    await ctx.t.database.db.execute(sql.raw(`CREATE FUNCTION refuse_notification() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'notification store down'; END $$`));
    await ctx.t.database.db.execute(sql.raw('CREATE TRIGGER refuse_notification BEFORE INSERT ON notification FOR EACH ROW EXECUTE FUNCTION refuse_notification()'));
    const res = await enrol(body(student));
    await ctx.t.database.db.execute(sql.raw('DROP TRIGGER refuse_notification ON notification'));
    await ctx.t.database.db.execute(sql.raw('DROP FUNCTION refuse_notification()'));
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('INTERNAL');
    expect(await ctx.t.database.db.select().from(enrollments).where(eq(enrollments.userId, student))).toHaveLength(0);
    expect(await ctx.t.database.db.select().from(orders).where(eq(orders.userId, student))).toHaveLength(0);
    expect((await enrol(body(student))).statusCode).toBe(201);
  });

  it('refuses a second active enrolment of the same student in the same class with 409', async () => {
    const student = await newStudent();
    expect((await enrol(body(student))).statusCode).toBe(201);
    const again = await enrol(body(student, { total_lesson_promote: 0 }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'CONFLICT', message: TEXT.enrollmentDuplicate });
    const rows = await ctx.t.database.db.select().from(enrollments).where(eq(enrollments.userId, student));
    expect(rows).toHaveLength(1);
    expect(await ctx.t.database.db.select().from(orders).where(eq(orders.userId, student))).toHaveLength(1);
  });

  it('lets exactly one of two concurrent enrolments of the same student into the same class win', async () => {
    const student = await newStudent();
    const [a, b] = await Promise.all([enrol(body(student)), enrol(body(student, { total_lesson_promote: 1 }))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(await ctx.t.database.db.select().from(enrollments).where(eq(enrollments.userId, student))).toHaveLength(1);
    expect(await ctx.t.database.db.select().from(orders).where(eq(orders.userId, student))).toHaveLength(1);
    expect(await ctx.t.database.db.select().from(notifications).where(eq(notifications.userId, student))).toHaveLength(1);
  });

  it('validates class, discount and lesson counts', async () => {
    const student = await newStudent();
    const missing = await enrol({ user_id: student, class_id: 0, discount_id: 0 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toMatchObject({ class_id: MESSAGES.enrollmentClassRequired, discount_id: MESSAGES.enrollmentDiscountRequired });
    const wrongDiscount = await enrol(body(student, { discount_id: notAllowed.discount_id }));
    expect(wrongDiscount.statusCode).toBe(400);
    expect(wrongDiscount.json().error.fields).toEqual({ discount_id: TEXT.discountNotAllowed });
    const total = hnClass.product_item!.total_lesson + 2;
    const tooMany = await enrol(body(student, { total_lesson_learned: total + 1 }));
    expect(tooMany.json().error.fields).toEqual({ total_lesson_learned: MESSAGES.lessonsLearnedRange });
    const fraction = await enrol(body(student, { total_lesson_learned: 1.5 }));
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().error.fields).toEqual({ total_lesson_learned: MESSAGES.lessonsLearnedRange });
    const negative = await enrol(body(student, { total_lesson_learned: -1 }));
    expect(negative.statusCode).toBe(400);
    const teacherAccount = (await call(ctx.t.app, 'GET', '/user/get-by-token', ctx.tok.teacher)).json().data.id;
    const notStudent = await enrol(body(teacherAccount));
    expect(notStudent.json().error.fields).toEqual({ user_id: TEXT.notAStudent });
    expect(await ctx.t.database.db.select().from(enrollments).where(eq(enrollments.userId, student))).toHaveLength(0);
    expect(await ctx.t.database.db.select().from(orders).where(eq(orders.userId, student))).toHaveLength(0);
  });

  it('completes an enrolment whose learned lessons reach the total', async () => {
    const student = await newStudent();
    const total = hnClass.product_item!.total_lesson + 2;
    const res = await enrol(body(student, { total_lesson_learned: total }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ status: 2, total_lesson_learned: total, total_lesson: total });
  });

  it('lets only staff enrol, and academic affairs only within their centre', async () => {
    const student = await newStudent();
    expect((await enrol(body(student), ctx.tok.teacher)).statusCode).toBe(403);
    expect((await enrol(body(student), ctx.tok.student)).statusCode).toBe(403);
    expect(await ctx.t.database.db.select().from(enrollments).where(eq(enrollments.userId, student))).toHaveLength(0);
  });

  it("answers another centre's class as a missing one: the same 400 on class_id, and nothing enrolled", async () => {
    const student = await newStudent();
    const discount = hcmClass.product_item!.product!.discount_ids[0];
    for (const classId of [hcmClass.class_id, 2_000_000_000]) {
      const res = await enrol(body(student, { class_id: classId, discount_id: discount }), ctx.tok.academicAffair);
      expect({ classId, answer: [res.statusCode, res.json().error.fields] }).toEqual({ classId, answer: [400, { class_id: REFERENCE_TEXT.class }] });
    }
    expect(await ctx.t.database.db.select().from(enrollments).where(eq(enrollments.userId, student))).toHaveLength(0);
  });

  it("answers another centre's student as a missing one: the same 400, and nothing enrolled", async () => {
    const hcmStudent = await newStudent(2);
    const outside = await enrol(body(hcmStudent), ctx.tok.academicAffair);
    const missing = await enrol(body(2_000_000_000), ctx.tok.academicAffair);
    for (const res of [outside, missing]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ user_id: REFERENCE_TEXT.student });
    }
    expect(await ctx.t.database.db.select().from(enrollments).where(eq(enrollments.userId, hcmStudent))).toHaveLength(0);
    // an administrator reaches every centre
    expect((await enrol(body(hcmStudent, { class_id: hcmClass.class_id, discount_id: hcmClass.product_item!.product!.discount_ids[0] }))).statusCode).toBe(201);
  });
});

describe('GET /learning/class-enrollment/list scoping', () => {
  it('gives teachers and students 403 for someone else, and students only their own rows', async () => {
    const student = await newStudent();
    expect((await enrol(body(student))).statusCode).toBe(201);
    expect((await call(ctx.t.app, 'GET', `/learning/class-enrollment/list?user_id=${student}`, ctx.tok.student)).statusCode).toBe(403);
    expect((await call(ctx.t.app, 'GET', `/learning/class-enrollment/list?user_id=${student}`, ctx.tok.teacher)).statusCode).toBe(403);
    const own = await call(ctx.t.app, 'GET', '/learning/class-enrollment/list?limit=100', ctx.tok.student);
    const me = (await call(ctx.t.app, 'GET', '/user/get-by-token', ctx.tok.student)).json().data.id;
    expect(own.statusCode).toBe(200);
    expect(own.json().data.rows.length).toBeGreaterThan(0);
    expect(own.json().data.rows.every((r: Enrollment) => r.user_id === me)).toBe(true);
    const other = await call(ctx.t.app, 'GET', `/learning/class-enrollment/list?class_id=${hcmClass.class_id}`, ctx.tok.teacher);
    expect(other.statusCode).toBe(403);
    const affairOther = await call(ctx.t.app, 'GET', `/learning/class-enrollment/list?class_id=${hcmClass.class_id}&limit=100`, ctx.tok.academicAffair);
    expect(affairOther.json().data.rows).toEqual([]);
  });
});

describe('PUT /learning/class-enrollment/update and DELETE /learning/class-enrollment/{id}', () => {
  it('updates bonus and discount (repricing the pending order) but never the class', async () => {
    const student = await newStudent();
    const created: Enrollment = (await enrol(body(student))).json().data;
    const zero = discounts.find((x) => x.discount_percent === 0)!;
    const res = await call(ctx.t.app, 'PUT', '/learning/class-enrollment/update', ctx.tok.academicAffair, {
      enrollment_id: created.enrollment_id, class_id: hnClass.class_id, discount_id: zero.discount_id, total_lesson_promote: 4,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 1, total_lesson: hnClass.product_item!.total_lesson + 4, total_lesson_promote: 4, total_discount_percent: 0 });
    const [order] = await ctx.t.database.db.select().from(orders).where(eq(orders.enrollmentId, created.enrollment_id));
    expect(order).toMatchObject({ discountPercent: 0, amount: hnClass.product_item!.price });
    const other = classes.find((c) => c.center_id === 1 && c.class_id !== hnClass.class_id)!;
    const move = await call(ctx.t.app, 'PUT', '/learning/class-enrollment/update', ctx.tok.admin, { enrollment_id: created.enrollment_id, class_id: other.class_id, discount_id: zero.discount_id });
    expect(move.statusCode).toBe(400);
    expect(move.json().error.fields).toEqual({ class_id: TEXT.enrollmentClassLocked });
    expect((await call(ctx.t.app, 'PUT', '/learning/class-enrollment/update', ctx.tok.teacher, { enrollment_id: created.enrollment_id, discount_id: zero.discount_id })).statusCode).toBe(403);
  });

  it('removes: status 3 returned, the order cancelled, the row gone from the list', async () => {
    const student = await newStudent();
    const created: Enrollment = (await enrol(body(student))).json().data;
    expect((await call(ctx.t.app, 'DELETE', `/learning/class-enrollment/${created.enrollment_id}`, ctx.tok.student)).statusCode).toBe(403);
    const res = await call(ctx.t.app, 'DELETE', `/learning/class-enrollment/${created.enrollment_id}`, ctx.tok.academicAffair);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ enrollment_id: created.enrollment_id, status: 3 });
    const [order] = await ctx.t.database.db.select().from(orders).where(eq(orders.enrollmentId, created.enrollment_id));
    expect(order.status).toBe('cancelled');
    const list = await call(ctx.t.app, 'GET', `/learning/class-enrollment/list?user_id=${student}`, ctx.tok.admin);
    expect(list.json().data.rows).toEqual([]);
    expect((await call(ctx.t.app, 'DELETE', `/learning/class-enrollment/${created.enrollment_id}`, ctx.tok.admin)).statusCode).toBe(409);
    // once removed, the student may be enrolled in that class again
    expect((await enrol(body(student))).statusCode).toBe(201);
  });
});
