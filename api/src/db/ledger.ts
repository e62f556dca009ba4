/**
 * The lesson ledger's writes and sums, beside the schema: every change of an enrolment's lessons is a
 * line with its signed change (schema.ts `lesson_ledger`), and an enrolment's lessons left are the sum of
 * its lines. Its total_lesson, total_lesson_learned and total_lesson_promote (the spec's fields, read by
 * every list) are the sums of its credit, consumption and bonus lines, recounted from the lines in the
 * transaction that writes them (`recountEnrollments`); a test recounts every enrolment and compares.
 * Lines are never changed or deleted: a correction adds a line. The rules that write lines (a roll, an
 * adjustment, a purchase) are in services/lesson-ledger.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { LEDGER_CONSUMPTION_KINDS, type LedgerKind } from '@trungtam/shared/contracts/learning';
import { operatorToday } from '@trungtam/shared/operatorDate';
import type { Queryable } from './client';
import { enrollments, lessonLedger } from './schema';

/** Enrolment status: completed once no lesson is left (a removed one stays removed). */
const ACTIVE = 1;
const COMPLETED = 2;
const REMOVED = 3;

/**
 * An enrolment's ended_on for a write that gives it `status`: null while active (a reactivated one has none);
 * the day it left status 1, kept when it moves between completed and removed; today when it leaves it now.
 */
export function endedOnFor(status: number, before: { status: number; endedOn: string | null }, today = operatorToday()): string | null {
  if (status === ACTIVE) return null;
  if (before.status !== ACTIVE && before.endedOn) return before.endedOn;
  return today;
}

export interface LedgerEntry {
  enrollmentId: number;
  kind: LedgerKind;
  lessons: number;
  occurredOn?: string;
  scheduleId?: number | null;
  orderId?: number | null;
  reason?: string | null;
  actorId?: number | null;
}

/** Writes `entries` (zero changes are left out); the caller recounts the enrolments afterwards. */
export async function appendLines(db: Queryable, entries: LedgerEntry[]): Promise<void> {
  const written = entries.filter((entry) => entry.lessons !== 0);
  if (!written.length) return;
  const today = operatorToday();
  await db.insert(lessonLedger).values(
    written.map((entry) => ({
      enrollmentId: entry.enrollmentId,
      kind: entry.kind,
      lessons: entry.lessons,
      occurredOn: entry.occurredOn ?? today,
      scheduleId: entry.scheduleId ?? null,
      orderId: entry.orderId ?? null,
      reason: entry.reason ?? null,
      actorId: entry.actorId ?? null,
    })),
  );
}

const consumptionList = sql.join(
  LEDGER_CONSUMPTION_KINDS.map((kind) => sql`${kind}`),
  sql`, `,
);
const isConsumption = sql`${lessonLedger.kind} in (${consumptionList})`;

/** Each enrolment's sums: credit (its total), learned (its consumption, as a positive count), bonus, and the balance. */
export async function ledgerSums(db: Queryable, enrollmentIds: number[]) {
  if (!enrollmentIds.length) return new Map<number, { total: number; learned: number; bonus: number; remaining: number }>();
  const rows = await db
    .select({
      enrollmentId: lessonLedger.enrollmentId,
      total: sql<number>`coalesce(sum(case when ${isConsumption} then 0 else ${lessonLedger.lessons} end), 0)::int`,
      learned: sql<number>`coalesce(-sum(case when ${isConsumption} then ${lessonLedger.lessons} else 0 end), 0)::int`,
      bonus: sql<number>`coalesce(sum(case when ${lessonLedger.kind} = 'bonus' then ${lessonLedger.lessons} else 0 end), 0)::int`,
    })
    .from(lessonLedger)
    .where(inArray(lessonLedger.enrollmentId, enrollmentIds))
    .groupBy(lessonLedger.enrollmentId);
  return new Map(rows.map((row) => [row.enrollmentId, { ...row, remaining: row.total - row.learned }]));
}

/**
 * Sets each enrolment's cached counts from its lines, and its status: completed when no lesson is left,
 * active again when a correction gives one back (a removed enrolment stays removed).
 */
export async function recountEnrollments(db: Queryable, enrollmentIds: number[]): Promise<void> {
  const ids = [...new Set(enrollmentIds)];
  if (!ids.length) return;
  const sums = await ledgerSums(db, ids);
  const rows = await db.select().from(enrollments).where(inArray(enrollments.enrollmentId, ids));
  for (const row of rows) {
    const sum = sums.get(row.enrollmentId) ?? { total: 0, learned: 0, bonus: 0, remaining: 0 };
    const status = row.status === REMOVED ? REMOVED : sum.learned >= sum.total ? COMPLETED : ACTIVE;
    if (row.totalLesson === sum.total && row.totalLessonLearned === sum.learned && row.totalLessonPromote === sum.bonus && row.status === status) continue;
    await db
      .update(enrollments)
      .set({ totalLesson: sum.total, totalLessonLearned: sum.learned, totalLessonPromote: sum.bonus, status, endedOn: endedOnFor(status, row), updatedAt: new Date() })
      .where(eq(enrollments.enrollmentId, row.enrollmentId));
  }
}
