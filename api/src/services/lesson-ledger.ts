/**
 * The rules that write lesson ledger lines (db/ledger holds the lines' writes and sums): what a saved roll
 * costs each student under the centre's rule, and an enrolment's lines read back with their balances.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import { ENROLLMENT_STATUS } from '@trungtam/shared/contracts';
import { LEDGER_CONSUMPTION_KINDS, LEDGER_TEXT, type EnrollmentLedger, type LedgerKind } from '@trungtam/shared/contracts/learning';
import type { LessonAdjustmentBody, LowBalanceQuery } from '@trungtam/shared/schemas/learning';
import type { LowBalanceRow } from '@trungtam/shared/contracts/learning';
import { policy, type Actor } from '../access/access';
import type { Queryable } from '../db/client';
import { appendLines, ledgerSums, recountEnrollments, type LedgerEntry } from '../db/ledger';
import { centers, classes, enrollments, lessonLedger, users } from '../db/schema';
import { writeAudit, type AuditContext } from '../factory/audit';
import { conflict, invalid, notFound } from '../lib/errors';
import { listResult, paging } from '../lib/list';
import type { AppContext } from '../types';
import { enrollmentInReach } from './enrollments';

/** A roll's mark of one student, as attendance stores it. */
export type RollStatus = 'present' | 'absent' | 'excused';

/**
 * The lines a saved roll writes: for each enrolment on it, the session's net change is made what the mark
 * costs (present −1, a make-up session as such; absent −1 only where the centre counts an absence without
 * notice; excused nothing). A first roll writes the mark's kind; a corrected one adds the difference as a
 * roll correction; saving the same roll again writes nothing.
 */
export async function settleRoll(
  db: Queryable,
  session: { scheduleId: number; classId: number; scheduleDate: string; makeupOf: number | null },
  marks: Array<{ enrollmentId: number; status: RollStatus }>,
  actorId: number,
): Promise<LowBalanceCrossing[]> {
  if (!marks.length) return [];
  const [rule] = await db
    .select({ absenceCostsLesson: centers.absenceCostsLesson, threshold: centers.lowBalanceThreshold })
    .from(classes)
    .leftJoin(centers, eq(centers.centerId, classes.centerId))
    .where(eq(classes.classId, session.classId));
  const absenceCosts = rule?.absenceCostsLesson ?? false;
  const ids = marks.map((mark) => mark.enrollmentId);
  const current = new Map(
    (
      await db
        .select({ enrollmentId: lessonLedger.enrollmentId, net: sql<number>`sum(${lessonLedger.lessons})::int`, lines: sql<number>`count(*)::int` })
        .from(lessonLedger)
        .where(and(eq(lessonLedger.scheduleId, session.scheduleId), inArray(lessonLedger.enrollmentId, ids)))
        .groupBy(lessonLedger.enrollmentId)
    ).map((row) => [row.enrollmentId, row]),
  );
  const entries: LedgerEntry[] = [];
  for (const mark of marks) {
    const { kind, cost } = costOf(mark.status, session.makeupOf !== null, absenceCosts);
    const before = current.get(mark.enrollmentId);
    const change = cost - (before?.net ?? 0);
    if (change === 0) continue;
    entries.push({
      enrollmentId: mark.enrollmentId,
      // the session's first line says what it was; a later one corrects it
      kind: before?.lines ? 'roll_corrected' : kind,
      lessons: change,
      occurredOn: session.scheduleDate,
      scheduleId: session.scheduleId,
      actorId,
    });
  }
  if (!entries.length) return [];
  const balances = () =>
    db
      .select({ enrollmentId: enrollments.enrollmentId, studentId: enrollments.userId, classId: enrollments.classId, status: enrollments.status, total: enrollments.totalLesson, learned: enrollments.totalLessonLearned })
      .from(enrollments)
      .where(inArray(enrollments.enrollmentId, entries.map((entry) => entry.enrollmentId)));
  const before = new Map((await balances()).map((row) => [row.enrollmentId, row.total - row.learned]));
  await appendLines(db, entries);
  await recountEnrollments(db, ids);
  // the enrolments this roll brought to their centre's threshold or below (their families are told)
  const threshold = rule?.threshold ?? DEFAULT_LOW_BALANCE_THRESHOLD;
  return (await balances()).flatMap((row) => {
    const left = row.total - row.learned;
    const was = before.get(row.enrollmentId) ?? left;
    return row.status === ENROLLMENT_STATUS.ACTIVE && was > threshold && left <= threshold
      ? [{ enrollmentId: row.enrollmentId, studentId: row.studentId, classId: row.classId, left, total: row.total, learned: row.learned }]
      : [];
  });
}

/** What a mark costs on the session: its kind and its change of the lessons left. */
function costOf(status: RollStatus, makeup: boolean, absenceCosts: boolean): { kind: LedgerKind; cost: number } {
  if (status === 'present') return { kind: makeup ? 'makeup_attended' : 'attended', cost: -1 };
  if (status === 'absent' && absenceCosts) return { kind: 'absence_charged', cost: -1 };
  return { kind: 'attended', cost: 0 };
}

/** An enrolment's lines in the order they were written, each with the balance after it. */
async function readLedger(db: Queryable, enrollmentId: number): Promise<EnrollmentLedger | undefined> {
  const [row] = await db
    .select({ enrollment: enrollments, className: classes.className, studentName: users.name })
    .from(enrollments)
    .leftJoin(classes, eq(classes.classId, enrollments.classId))
    .leftJoin(users, eq(users.id, enrollments.userId))
    .where(eq(enrollments.enrollmentId, enrollmentId));
  if (!row) return undefined;
  const lines = await db
    .select({ line: lessonLedger, actorName: users.name })
    .from(lessonLedger)
    .leftJoin(users, eq(users.id, lessonLedger.actorId))
    .where(eq(lessonLedger.enrollmentId, enrollmentId))
    .orderBy(asc(lessonLedger.lineId));
  let balance = 0;
  const consumption = new Set<string>(LEDGER_CONSUMPTION_KINDS);
  let total = 0;
  let learned = 0;
  const out = lines.map(({ line, actorName }) => {
    balance += line.lessons;
    if (consumption.has(line.kind)) learned -= line.lessons;
    else total += line.lessons;
    return {
      line_id: line.lineId,
      kind: line.kind as LedgerKind,
      lessons: line.lessons,
      balance_after: balance,
      occurred_on: line.occurredOn,
      schedule_id: line.scheduleId,
      order_id: line.orderId,
      reason: line.reason,
      actor: line.actorId !== null ? { id: line.actorId, name: actorName ?? '' } : null,
      created_at: line.createdAt.toISOString(),
    };
  });
  const { enrollment } = row;
  return {
    enrollment_id: enrollment.enrollmentId,
    class: row.className !== null ? { class_id: enrollment.classId, class_name: row.className } : null,
    user: row.studentName !== null ? { id: enrollment.userId, name: row.studentName } : null,
    total_lesson: total,
    total_lesson_learned: learned,
    remaining: balance,
    lines: out,
  };
}

/** GET /learning/class-enrollment/ledger/:enrollment_id: an enrolment the actor may read (a student: their own). */
export async function enrollmentLedger(ctx: AppContext, actor: Actor, enrollmentId: number): Promise<EnrollmentLedger> {
  const { db } = ctx.database;
  await enrollmentInReach(db, actor, enrollmentId, 'read');
  const ledger = await readLedger(db, enrollmentId);
  if (!ledger) throw notFound();
  return ledger;
}

/**
 * POST /learning/class-enrollment/adjust-lessons: staff add or take lessons (± with a reason) from an
 * enrolment they manage. Its total may not fall below the lessons already learned; a removed enrolment
 * is closed.
 */
export async function adjustLessons(ctx: AppContext, actor: Actor, body: Static<typeof LessonAdjustmentBody>, audit: AuditContext): Promise<EnrollmentLedger> {
  const { db } = ctx.database;
  const { row } = await enrollmentInReach(db, actor, body.enrollment_id, 'update');
  if (row.status === ENROLLMENT_STATUS.REMOVED) throw conflict(LEDGER_TEXT.enrollmentRemoved);
  if (body.lessons === 0) throw invalid({ lessons: LEDGER_TEXT.adjustmentLessons });
  const reason = body.reason.trim();
  await db.transaction(async (tx) => {
    const sums = (await ledgerSums(tx, [row.enrollmentId])).get(row.enrollmentId) ?? { total: 0, learned: 0 };
    if (sums.total + body.lessons < sums.learned) throw invalid({ lessons: LEDGER_TEXT.adjustmentBelowLearned });
    await appendLines(tx, [{ enrollmentId: row.enrollmentId, kind: 'adjustment', lessons: body.lessons, reason, actorId: actor.id }]);
    await recountEnrollments(tx, [row.enrollmentId]);
    await writeAudit(tx, audit, {
      action: 'update',
      resource: 'LessonAdjustment',
      resourceId: row.enrollmentId,
      before: { total_lesson: sums.total, total_lesson_learned: sums.learned },
      after: { lessons: body.lessons, reason },
    });
  });
  return (await readLedger(db, row.enrollmentId))!;
}

/** An enrolment whose lessons left fell to its threshold or below. */
export interface LowBalanceCrossing {
  enrollmentId: number;
  studentId: number;
  classId: number;
  left: number;
  /** The enrolment's total and learned lessons after the change: with its id, what makes the crossing one. */
  total: number;
  learned: number;
}

/** A class without a centre takes the default threshold. */
const DEFAULT_LOW_BALANCE_THRESHOLD = 2;

const remaining = sql<number>`(${enrollments.totalLesson} - ${enrollments.totalLessonLearned})`;
const threshold = sql<number>`coalesce(${centers.lowBalanceThreshold}, ${DEFAULT_LOW_BALANCE_THRESHOLD})`;

/** The "Sắp hết buổi" rows (over enrolments joined with their class and its centre): active, in the actor's reach, lessons left at or below the threshold. */
function lowBalanceWhere(actor: Actor, query: Pick<Static<typeof LowBalanceQuery>, 'center_id' | 'class_id'>) {
  return and(
    policy(actor).where('LearningClassEnrollments'),
    eq(enrollments.status, ENROLLMENT_STATUS.ACTIVE),
    sql`${remaining} <= ${threshold}`,
    query.center_id ? eq(classes.centerId, query.center_id) : undefined,
    query.class_id ? eq(enrollments.classId, query.class_id) : undefined,
  );
}

/** How many rows GET /learning/class-enrollment/low-balance lists for this centre and class (its `total`). */
export async function lowBalanceCount(db: Queryable, actor: Actor, query: Pick<Static<typeof LowBalanceQuery>, 'center_id' | 'class_id'>): Promise<number> {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(enrollments)
    .innerJoin(classes, eq(classes.classId, enrollments.classId))
    .leftJoin(centers, eq(centers.centerId, classes.centerId))
    .where(lowBalanceWhere(actor, query));
  return Number(count);
}

/**
 * GET /learning/class-enrollment/low-balance ("Sắp hết buổi"): the active enrolments in the actor's reach
 * whose lessons left are at or below their centre's threshold, fewest left first; by centre and class.
 */
export async function lowBalanceList(ctx: AppContext, actor: Actor, query: Static<typeof LowBalanceQuery>) {
  const { db } = ctx.database;
  const p = paging(query);
  const where = lowBalanceWhere(actor, query);
  const from = () =>
    db
      .select({
        enrollmentId: enrollments.enrollmentId,
        userId: users.id,
        userName: users.name,
        phone: users.phoneNumber,
        email: users.email,
        classId: classes.classId,
        className: classes.className,
        centerId: centers.centerId,
        centerName: centers.name,
        total: enrollments.totalLesson,
        learned: enrollments.totalLessonLearned,
        threshold: sql<number>`${threshold}::int`,
      })
      .from(enrollments)
      .innerJoin(users, eq(users.id, enrollments.userId))
      .innerJoin(classes, eq(classes.classId, enrollments.classId))
      .leftJoin(centers, eq(centers.centerId, classes.centerId));
  const count = await lowBalanceCount(db, actor, query);
  const rows = await from().where(where).orderBy(asc(remaining), asc(enrollments.enrollmentId)).limit(p.limit).offset(p.offset);
  const out: LowBalanceRow[] = rows.map((row) => ({
    enrollment_id: row.enrollmentId,
    user: { id: row.userId, name: row.userName, phone_number: row.phone, email: row.email },
    class: { class_id: row.classId, class_name: row.className },
    center: row.centerId !== null && row.centerName !== null ? { center_id: row.centerId, name: row.centerName } : null,
    total_lesson: row.total,
    total_lesson_learned: row.learned,
    remaining: row.total - row.learned,
    threshold: row.threshold,
  }));
  return listResult(out, Number(count), p);
}
