/**
 * Class enrolments. Creating one writes the enrolment AND its order in one transaction; removing one
 * (status 3) cancels its orders in the same transaction, with what was paid for the lessons left given
 * back (services/settlements, as transfers and renewals). A student holds at most one active enrolment
 * per class (a partial unique index settles concurrent requests: exactly one wins, the other gets 409).
 */
import { and, eq, gt, inArray, isNull, lte, min, ne, or, sql, type SQL } from 'drizzle-orm';
import { dayjs, isIsoDate, operatorInstant, operatorToday } from '@trungtam/shared/operatorDate';
import type { Static } from 'typebox';
import { ENROLLMENT_STATUS } from '@trungtam/shared/contracts';
import { ENROLLMENT_RELATIONSHIPS, ENROLLMENT_TEXT, type Enrollment, type EnrollmentStatus } from '@trungtam/shared/contracts/learning';
import { MESSAGES } from '@trungtam/shared/validation';
import type { AppContext } from '../types';
import type { Queryable } from '../db/client';
import { appendLines, endedOnFor, recountEnrollments } from '../db/ledger';
import { recountOrders } from '../db/payments';
import { attendances, centers, classSchedules, classes, discounts, enrollments, orders, productDiscounts, productItems, users } from '../db/schema';
import { policy, type Actor } from '../access/access';
import { can } from '@trungtam/shared/permissions';
import { accountsInReach, classReference, REFERENCE_TEXT, type AccountRow } from '../access/references';
import { conflict, invalid, notFound, TEXT } from '../lib/errors';
import { isUniqueViolation } from '../lib/db-errors';
import { listResult, paging, relationships, sortBy } from '../lib/list';
import { distinctIds, loadById } from '../lib/relations';
import type { EnrollmentCreateBody, EnrollmentListQuery, EnrollmentUpdateBody } from '@trungtam/shared/schemas/learning';
import { findActiveUser } from './accounts';
import { findClass, isEnrolled, type ClassRow } from './classes';
import { notifyUsers } from './notifications';
import { writeAudit, type AuditContext } from '../factory/audit';

type EnrollmentRow = typeof enrollments.$inferSelect;

export const ENROLLMENT_SORT_COLUMNS = {
  enrollment_id: enrollments.enrollmentId,
  created_at: enrollments.createdAt,
  status: enrollments.status,
};

function toEnrollmentDto(row: EnrollmentRow): Enrollment {
  return {
    enrollment_id: row.enrollmentId,
    class_id: row.classId,
    user_id: row.userId,
    status: row.status as EnrollmentStatus,
    total_lesson: row.totalLesson,
    total_lesson_learned: row.totalLessonLearned,
    total_lesson_promote: row.totalLessonPromote,
    total_discount_percent: row.totalDiscountPercent,
    discount_id: row.discountId,
    start_date: row.startDate,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Each enrolment's order to pay next (the oldest that owes, else the latest not cancelled) and what its orders owe. */
async function withOrders(db: Queryable, dtos: Enrollment[]): Promise<void> {
  const ids = dtos.map((dto) => dto.enrollment_id);
  const rows = ids.length
    ? await db
        .select({ orderId: orders.orderId, enrollmentId: orders.enrollmentId, owed: sql<number>`greatest(${orders.amount} - ${orders.paidAmount}, 0)::bigint` })
        .from(orders)
        .where(and(inArray(orders.enrollmentId, ids), ne(orders.status, 'cancelled')))
    : [];
  const byEnrollment = new Map<number, Array<{ id: number; owed: number }>>();
  for (const row of rows) byEnrollment.set(row.enrollmentId, [...(byEnrollment.get(row.enrollmentId) ?? []), { id: row.orderId, owed: Number(row.owed) }]);
  for (const dto of dtos) {
    const list = byEnrollment.get(dto.enrollment_id);
    if (!list) {
      dto.order = null;
      continue;
    }
    // the oldest order that owes (due first); when none owes, the latest
    const owing = list.filter((order) => order.owed > 0).sort((a, b) => a.id - b.id);
    const next = owing[0] ?? [...list].sort((a, b) => b.id - a.id)[0];
    dto.order = { order_id: next.id, owed: list.reduce((sum, order) => sum + order.owed, 0) };
  }
}

async function withRelations(db: Queryable, rows: EnrollmentRow[], wanted: Set<string>): Promise<Enrollment[]> {
  const dtos = rows.map(toEnrollmentDto);
  if (rows.length === 0) return dtos;
  if (wanted.has('class')) {
    const byId = await loadById(
      distinctIds(rows, (r) => r.classId),
      (ids) =>
        db
          .select({ classId: classes.classId, className: classes.className, threshold: centers.lowBalanceThreshold })
          .from(classes)
          .leftJoin(centers, eq(centers.centerId, classes.centerId))
          .where(inArray(classes.classId, ids)),
      (c) => c.classId,
    );
    dtos.forEach((dto) => {
      const c = byId.get(dto.class_id);
      // a class without a centre runs out at the default threshold
      dto.class = c ? { class_id: c.classId, class_name: c.className, low_balance_threshold: c.threshold ?? 2 } : null;
    });
  }
  if (wanted.has('user')) {
    const byId = await loadById(
      distinctIds(rows, (r) => r.userId),
      (ids) => db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, ids)),
      (u) => u.id,
    );
    dtos.forEach((dto) => {
      dto.user = byId.get(dto.user_id) ?? null;
    });
  }
  return dtos;
}

/**
 * The list: by user_id or class_id, newest first by default. Removed enrolments (status 3) leave the
 * list (the row disappears) unless `status=3` is asked for.
 */
export async function listEnrollments(ctx: AppContext, actor: Actor, query: Static<typeof EnrollmentListQuery>) {
  const { db } = ctx.database;
  const wanted = relationships(query.relationships, ENROLLMENT_RELATIONSHIPS);
  const order = sortBy(query, ENROLLMENT_SORT_COLUMNS, 'enrollment_id', enrollments.enrollmentId);
  const p = paging(query);
  const cls = query.class_id ? ((await findClass(db, query.class_id)) ?? null) : null;
  const access = policy(actor);
  access.assertList('LearningClassEnrollments', {
    userId: query.user_id,
    cls: cls && { ...cls, actorEnrolled: await isEnrolled(db, actor.id, cls.classId) },
  });
  const conditions: (SQL | undefined)[] = [access.where('LearningClassEnrollments')];
  if (query.user_id) conditions.push(eq(enrollments.userId, query.user_id));
  if (query.class_id) conditions.push(eq(enrollments.classId, query.class_id));
  conditions.push(query.status ? eq(enrollments.status, query.status) : ne(enrollments.status, ENROLLMENT_STATUS.REMOVED));
  // attendance of a session: the enrolments that count on its day, those started by then (staff entering a
  // running class date the enrolment back to take its past rolls) and not removed before it
  if (query.date) {
    const endOfDay = operatorInstant(query.date, true);
    if (!endOfDay) throw invalid({ date: TEXT.dateRange });
    conditions.push(lte(enrollments.startDate, query.date));
    conditions.push(or(ne(enrollments.status, ENROLLMENT_STATUS.REMOVED), gt(enrollments.updatedAt, endOfDay)));
  }
  const where = and(...conditions);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(enrollments).where(where);
  const rows = await db.select().from(enrollments).where(where).orderBy(...order).limit(p.limit).offset(p.offset);
  const dtos = await withRelations(db, rows, wanted);
  // the money only for staff who may see payments (a teacher sees none of it)
  if (can(actor, 'Payment', 'GetAll')) await withOrders(db, dtos);
  return listResult(dtos, Number(count), p);
}

interface Priced {
  cls: ClassRow;
  item: typeof productItems.$inferSelect;
  discount: typeof discounts.$inferSelect;
}

/** The class's course item and a discount the course allows. */
async function priceFor(db: Queryable, cls: ClassRow, discountId: number): Promise<Priced> {
  if (!cls.productItemId) throw invalid({ class_id: TEXT.classHasNoCourse });
  const [item] = await db.select().from(productItems).where(eq(productItems.productItemId, cls.productItemId));
  if (!item) throw invalid({ class_id: TEXT.classHasNoCourse });
  const [discount] = await db.select().from(discounts).where(and(eq(discounts.discountId, discountId), isNull(discounts.deletedAt)));
  if (!discount || discount.status !== 1) throw invalid({ discount_id: TEXT.discountNotFound });
  const [allowed] = await db
    .select()
    .from(productDiscounts)
    .where(and(eq(productDiscounts.productId, item.productId), eq(productDiscounts.discountId, discountId)));
  if (!allowed) throw invalid({ discount_id: TEXT.discountNotAllowed });
  return { cls, item, discount };
}

function lessonCounts(courseTotal: number, promote: number, learned: number) {
  const total = courseTotal + promote;
  if (!Number.isInteger(learned) || learned < 0 || learned > total) throw invalid({ total_lesson_learned: MESSAGES.lessonsLearnedRange });
  const status: EnrollmentStatus = learned >= total ? ENROLLMENT_STATUS.COMPLETED : ENROLLMENT_STATUS.ACTIVE;
  return { total, status };
}

export const amountOf = (price: number, percent: number) => Math.round((price * (100 - percent)) / 100);

/** The student to enrol: an account within the actor's reach (the neutral 400 otherwise), and a student's. */
async function studentFor(db: Queryable, actor: Actor, userId: number): Promise<AccountRow> {
  const student = (await accountsInReach(db, actor, [userId])).get(userId);
  if (!student) throw invalid({ user_id: REFERENCE_TEXT.student });
  if (student.type !== 'student') throw invalid({ user_id: TEXT.notAStudent });
  return student;
}

export async function createEnrollment(
  ctx: AppContext,
  actor: Actor,
  body: Static<typeof EnrollmentCreateBody>,
  audit: AuditContext,
  /** An open transaction to write in (an approval's), else the database. */
  db: Queryable = ctx.database.db,
): Promise<Enrollment> {
  const student = await studentFor(db, actor, body.user_id);
  // a class out of the actor's reach is answered as a missing one (references.ts)
  const cls = await classReference(db, actor, 'class_id', body.class_id);
  policy(actor).assert('LearningClassEnrollments', 'create', { student, cls });
  const { item, discount } = await priceFor(db, cls, body.discount_id);
  const promote = body.total_lesson_promote ?? 0;
  const learned = body.total_lesson_learned ?? 0;
  const { total, status } = lessonCounts(item.totalLesson, promote, learned);
  if (await hasActive(db, student.id, cls.classId)) {
    throw conflict(TEXT.enrollmentDuplicate, { class_id: TEXT.enrollmentDuplicate });
  }
  let created: EnrollmentRow;
  try {
    created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(enrollments)
        .values({
          classId: cls.classId,
          userId: student.id,
          status,
          // all its lessons already learned: it ends the day it is entered
          endedOn: endedOnFor(status, { status: ENROLLMENT_STATUS.ACTIVE, endedOn: null }),
          totalLesson: total,
          totalLessonLearned: learned,
          startDate: startDateOf(body.start_date, cls) ?? operatorToday(),
          totalLessonPromote: promote,
          totalDiscountPercent: discount.discountPercent,
          discountId: discount.discountId,
        })
        .returning();
      const [order] = await tx
        .insert(orders)
        .values({
          enrollmentId: row.enrollmentId,
          userId: student.id,
          classId: cls.classId,
          productItemId: item.productItemId,
          listPrice: item.price,
          discountPercent: discount.discountPercent,
          amount: amountOf(item.price, discount.discountPercent),
          status: 'pending',
          dueDate: await dueDateOf(tx, cls.centerId),
          lessons: item.totalLesson,
        })
        .returning();
      // a free course (a 100 % discount) is paid as it is made
      await recountOrders(tx, [order.orderId]);
      // the purchase and the bonus as ledger lines; lessons learned before (a class already running) as an opening line
      await appendLines(tx, [
        { enrollmentId: row.enrollmentId, kind: 'purchased', lessons: item.totalLesson, orderId: order.orderId, occurredOn: row.startDate, actorId: actor.id },
        { enrollmentId: row.enrollmentId, kind: 'bonus', lessons: promote, occurredOn: row.startDate, actorId: actor.id },
        { enrollmentId: row.enrollmentId, kind: 'opening', lessons: -learned, occurredOn: row.startDate, actorId: actor.id },
      ]);
      await recountEnrollments(tx, [row.enrollmentId]);
      await notifyUsers(tx, [student.id], {
        name: TEXT.enrollmentNotified,
        message: `Bạn đã được xếp vào lớp ${cls.className}.`,
      });
      await writeAudit(tx, audit, { action: 'create', resource: 'LearningClassEnrollments', resourceId: row.enrollmentId, after: { enrollment: row, order } });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(TEXT.enrollmentDuplicate, { class_id: TEXT.enrollmentDuplicate });
    throw error;
  }
  return (await withRelations(db, [created], new Set(['class'])))[0];
}

/**
 * The date from which an enrolment counts, as staff set it (undefined when not sent): a real date, not
 * after today on the operator's clock, nor before the class starts (today is always allowed, for a class
 * that starts later).
 */
function startDateOf(sent: string | undefined, cls: ClassRow): string | undefined {
  if (sent === undefined) return undefined;
  if (!isIsoDate(sent)) throw invalid({ start_date: ENROLLMENT_TEXT.startDate });
  const today = operatorToday();
  if (sent > today) throw invalid({ start_date: ENROLLMENT_TEXT.startAfterToday });
  if (cls.startDate && sent < cls.startDate && sent < today) throw invalid({ start_date: ENROLLMENT_TEXT.startBeforeClass(cls.startDate) });
  return sent;
}

/** The date of the first session of the class with the student's attendance recorded, if any. */
async function firstRollOn(db: Queryable, classId: number, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ date: min(classSchedules.scheduleDate) })
    .from(attendances)
    .innerJoin(classSchedules, eq(classSchedules.scheduleId, attendances.scheduleId))
    .where(and(eq(classSchedules.classId, classId), eq(attendances.userId, userId)));
  return row?.date ?? null;
}

export async function hasActive(db: Queryable, userId: number, classId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: enrollments.enrollmentId })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.classId, classId), eq(enrollments.status, ENROLLMENT_STATUS.ACTIVE)))
    .limit(1);
  return !!row;
}

/** When an order made today is due: the centre's payment_due_days later (7 for a class without a centre). */
export async function dueDateOf(db: Queryable, centerId: number | null): Promise<string> {
  const [centre] = centerId ? await db.select({ days: centers.paymentDueDays }).from(centers).where(eq(centers.centerId, centerId)) : [];
  return dayjs(operatorToday(), 'YYYY-MM-DD')
    .add(centre?.days ?? 7, 'day')
    .format('YYYY-MM-DD');
}

/** The enrolment with its student and class, after the access check of `verb` on it. */
export async function enrollmentInReach(db: Queryable, actor: Actor, enrollmentId: number, verb: 'read' | 'update' | 'delete') {
  const [row] = await db.select().from(enrollments).where(eq(enrollments.enrollmentId, enrollmentId));
  if (!row) throw notFound();
  const student = await findActiveUser(db, row.userId);
  const cls = await findClass(db, row.classId);
  if (!student || !cls) throw notFound();
  policy(actor).assert('LearningClassEnrollments', verb, { student, cls });
  return { row, student, cls };
}

export async function updateEnrollment(
  ctx: AppContext,
  actor: Actor,
  body: Static<typeof EnrollmentUpdateBody>,
  audit: AuditContext,
): Promise<Enrollment> {
  const { db } = ctx.database;
  const { row, cls } = await enrollmentInReach(db, actor, body.enrollment_id, 'update');
  if (body.class_id && body.class_id !== row.classId) throw invalid({ class_id: TEXT.enrollmentClassLocked });
  if (body.user_id && body.user_id !== row.userId) throw invalid({ user_id: TEXT.enrollmentClassLocked });
  if (row.status === ENROLLMENT_STATUS.REMOVED) throw conflict(TEXT.enrollmentRemoved);
  const { discount } = await priceFor(db, cls, body.discount_id);
  const promote = body.total_lesson_promote ?? row.totalLessonPromote;
  const learned = body.total_lesson_learned ?? row.totalLessonLearned;
  // the lessons bought stay what the ledger holds (a course item changed since does not change them)
  const { total, status } = lessonCounts(row.totalLesson - row.totalLessonPromote, promote, learned);
  const startDate = body.start_date !== undefined && body.start_date !== row.startDate ? startDateOf(body.start_date, cls) : undefined;
  if (startDate) {
    const firstRoll = await firstRollOn(db, row.classId, row.userId);
    if (firstRoll && startDate > firstRoll) throw invalid({ start_date: ENROLLMENT_TEXT.startAfterAttendance(firstRoll) });
  }
  const updated = await db.transaction(async (tx) => {
    const [next] = await tx
      .update(enrollments)
      .set({
        status,
        endedOn: endedOnFor(status, row),
        totalLesson: total,
        totalLessonLearned: learned,
        ...(startDate ? { startDate } : {}),
        totalLessonPromote: promote,
        totalDiscountPercent: discount.discountPercent,
        discountId: discount.discountId,
        updatedAt: new Date(),
      })
      .where(eq(enrollments.enrollmentId, row.enrollmentId))
      .returning();
    // a changed bonus or count of lessons learned is a ledger line of its own
    await appendLines(tx, [
      { enrollmentId: row.enrollmentId, kind: 'bonus', lessons: promote - row.totalLessonPromote, actorId: actor.id },
      { enrollmentId: row.enrollmentId, kind: 'learned_corrected', lessons: row.totalLessonLearned - learned, actorId: actor.id },
    ]);
    await recountEnrollments(tx, [row.enrollmentId]);
    // A changed discount reprices the order that is not paid yet.
    await tx
      .update(orders)
      .set({ discountPercent: discount.discountPercent, amount: sql`round(${orders.listPrice} * (100 - ${discount.discountPercent}) / 100.0)`, updatedAt: new Date() })
      .where(and(eq(orders.enrollmentId, row.enrollmentId), eq(orders.status, 'pending')));
    // what was paid may now reach the new amount
    const repriced = await tx.select({ id: orders.orderId }).from(orders).where(eq(orders.enrollmentId, row.enrollmentId));
    await recountOrders(tx, repriced.map((order) => order.id));
    await writeAudit(tx, audit, { action: 'update', resource: 'LearningClassEnrollments', resourceId: row.enrollmentId, before: row, after: next });
    return next;
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw conflict(TEXT.enrollmentDuplicate, { class_id: TEXT.enrollmentDuplicate });
    throw error;
  });
  return (await withRelations(db, [updated], new Set(['class'])))[0];
}
