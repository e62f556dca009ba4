/**
 * Substitute teachers: another teacher teaches one session, or every session of a class in a date range.
 *
 * The substitute becomes the session's teacher (class_schedule.teacher_id), so everything that follows a
 * session's teacher follows them: the clash checks, their calendar, dashboard and feed, who takes the roll,
 * and the payroll line (paid to the one who taught). The replaced teacher is kept in original_teacher_id
 * (with who set it and when): the payroll line names both, the replaced teacher's feed shows the session
 * cancelled. Naming the replaced teacher again gives the session back.
 *
 * Rules: staff of the session's centre (the LearningClassSchedule update rule); the substitute an active
 * teacher within the actor's reach; not a session whose roll is taken (it has been taught and paid: a
 * session earlier today without its roll may still be given to who taught it); the substitute free at that
 * time, by the same clash rule as everywhere (session-plan.ts). The students' families are told (a schedule
 * change), both teachers get a notification, and each change is audited.
 */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { dayjs, isIsoDate } from '@trungtam/shared/operatorDate';
import type { ClassSchedule, SubstituteRangeRequest, SubstituteRangeResult, SubstituteRequest, SubstituteResult } from '@trungtam/shared/contracts/schedules';
import { SCHEDULE_TEXT, SUBSTITUTE_TEXT } from '@trungtam/shared/schemas/schedules';
import type { AppContext } from '../types';
import type { Queryable } from '../db/client';
import { classes, classSchedules, users } from '../db/schema';
import { policy, type Actor } from '../access/access';
import { accountReferenceProblems, classReference, REFERENCE_TEXT } from '../access/references';
import { conflict, invalid } from '../lib/errors';
import { writeAudit, type AuditContext } from '../factory/audit';
import { enqueueScheduleChange } from './family-events';
import { notifyUsers } from './notifications';
import { toDto, type Row } from './schedules';
import { asPolicyRow, findSession, participantsOf } from './session-writes';
import { clashesOf, loadCalendar, lockTeacherCalendar, type Calendar, type TimeSlot } from './session-plan';

/** The longest range one request may cover. */
const MAX_RANGE_DAYS = 366;

const hhmm = (hour: number, minute: number) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
const dmy = (date: string) => date.split('-').reverse().join('/');

interface Teacher {
  id: number;
  name: string;
}

/** The substitute: an active teacher account within the actor's reach (the neutral 400 on teacher_id otherwise). */
async function substituteTeacher(db: Queryable, actor: Actor, teacherId: number): Promise<Teacher> {
  const problems = await accountReferenceProblems(db, actor, [
    {
      field: 'teacher_id',
      id: teacherId,
      missing: REFERENCE_TEXT.teacher,
      check: (account) => (account.type !== 'teacher' ? REFERENCE_TEXT.teacher : account.status !== 1 ? 'Tài khoản giáo viên đang bị khoá' : undefined),
    },
  ]);
  if (Object.keys(problems).length) throw invalid(problems);
  const [row] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, teacherId));
  return row;
}

/** Why `row` cannot go to `teacher` (null: it can), by `calendar` (the substitute's sessions around it). */
function refusalOf(row: Row, teacher: Teacher, calendar: Calendar): string | null {
  if (row.isAttendance === 1) return SUBSTITUTE_TEXT.attended;
  if (row.teacherId === teacher.id) return SUBSTITUTE_TEXT.sameTeacher;
  const slot = { date: row.scheduleDate, hour: row.scheduleHour, minute: row.scheduleMinute, duration: row.duration };
  return substituteClash(slot, calendar, row.scheduleId);
}

/**
 * Why a substitute cannot teach at `slot` (null: they can), by their `calendar`: only their own sessions count
 * (the room and the students are the session's, not theirs); `exceptScheduleId`, the session itself.
 */
export function substituteClash(slot: TimeSlot, calendar: Calendar, exceptScheduleId?: number): string | null {
  const clashes = clashesOf(slot, calendar).filter((clash) => clash.kind === 'teacher' && clash.schedule_id !== exceptScheduleId);
  return clashes.length ? `${SUBSTITUTE_TEXT.clash}: ${clashes.map((clash) => clash.message).join('; ')}` : null;
}

/** A substitute's calendar between two dates (their sessions; no room, no student). */
export function substituteCalendar(tx: Queryable, teacherId: number, centerId: number | null, from: string, to: string): Promise<Calendar> {
  return loadCalendar(tx, { teacherId, roomId: 0, centerId: centerId ?? 0, students: [] }, from, to);
}

/** Gives `row` to `teacher` inside `tx`: the row, both teachers' notifications, the families' message, the audit entry. Whether a message was queued. */
async function applySubstitute(ctx: AppContext, tx: Queryable, actor: Actor, row: Row, teacher: Teacher, className: string, audit: AuditContext): Promise<{ after: Row; messaged: boolean }> {
  const original = row.originalTeacherId ?? row.teacherId;
  const backToOriginal = teacher.id === original;
  const now = new Date();
  const [after] = await tx
    .update(classSchedules)
    .set({
      teacherId: teacher.id,
      originalTeacherId: backToOriginal ? null : original,
      substituteSetBy: backToOriginal ? null : actor.id,
      substituteSetAt: backToOriginal ? null : now,
      updatedAt: now,
    })
    .where(eq(classSchedules.scheduleId, row.scheduleId))
    .returning();
  const when = `${dmy(row.scheduleDate)} ${hhmm(row.scheduleHour, row.scheduleMinute)}`;
  await notifyUsers(tx, [...new Set([teacher.id, ...(row.teacherId ? [row.teacherId] : [])])], {
    name: SUBSTITUTE_TEXT.title,
    message: backToOriginal
      ? `Buổi học lớp ${className} ${when}: giáo viên ${teacher.name} dạy lại như lịch ban đầu.`
      : `Buổi học lớp ${className} ${when}: giáo viên ${teacher.name} dạy thay.`,
  });
  await writeAudit(tx, audit, { action: 'update', resource: 'LearningClassSchedule', resourceId: row.scheduleId, before: row, after });
  const students = (await participantsOf(tx, row)).map((p) => p.user_id);
  const written = await enqueueScheduleChange(
    tx,
    ctx.outbox.channelNames,
    row,
    { kind: 'teacher', teacherName: teacher.name, substitute: !backToOriginal, stamp: `${teacher.id}-${now.getTime()}` },
    students,
  );
  return { after, messaged: written > 0 };
}

async function classNameOf(db: Queryable, classId: number): Promise<string> {
  const [row] = await db.select({ name: classes.className }).from(classes).where(eq(classes.classId, classId));
  return row?.name ?? '';
}

// ---------------------------------------------------------------- one session

/** POST /learning/class-schedule/substitute. A refusal is a 409 (roll taken, clash) or a 400 (same teacher). */
export async function substituteSession(ctx: AppContext, actor: Actor, body: SubstituteRequest, audit: AuditContext): Promise<ClassSchedule> {
  const { db } = ctx.database;
  const before = await findSession(db, body.schedule_id);
  const access = policy(actor);
  access.assert('LearningClassSchedule', 'read', await asPolicyRow(db, actor, before));
  access.assert('LearningClassSchedule', 'update', before);
  const teacher = await substituteTeacher(db, actor, body.teacher_id);
  const className = await classNameOf(db, before.classId);
  let messaged = false;
  const after = await db.transaction(async (tx) => {
    await lockTeacherCalendar(tx, teacher.id);
    const [row] = await tx.select().from(classSchedules).where(eq(classSchedules.scheduleId, before.scheduleId)).for('update');
    const refusal = refusalOf(row, teacher, await substituteCalendar(tx, teacher.id, row.centerId, row.scheduleDate, row.scheduleDate));
    if (refusal === SUBSTITUTE_TEXT.sameTeacher) throw invalid({ teacher_id: refusal });
    if (refusal) throw conflict(refusal, { teacher_id: refusal });
    const done = await applySubstitute(ctx, tx, actor, row, teacher, className, audit);
    messaged = done.messaged;
    return done.after;
  });
  if (messaged) ctx.outbox.nudge();
  return toDto(after);
}

// ---------------------------------------------------------------- a date range of a class

/** POST /learning/class-schedule/substitute-range: each session of the class in the range set, or refused with its reason. */
export async function substituteRange(ctx: AppContext, actor: Actor, body: SubstituteRangeRequest, audit: AuditContext): Promise<SubstituteRangeResult> {
  const { db } = ctx.database;
  if (!isIsoDate(body.from)) throw invalid({ from: SCHEDULE_TEXT.date });
  if (!isIsoDate(body.to)) throw invalid({ to: SCHEDULE_TEXT.date });
  if (body.from > body.to) throw invalid({ to: SUBSTITUTE_TEXT.range });
  if (dayjs(body.to).diff(dayjs(body.from), 'day') > MAX_RANGE_DAYS) throw invalid({ to: SUBSTITUTE_TEXT.rangeTooLong });
  // a class out of reach is answered as a missing one
  const cls = await classReference(db, actor, 'class_id', body.class_id);
  policy(actor).assert('LearningClassSchedule', 'update', { teacherId: cls.teacherId, centerId: cls.centerId, studentId: null });
  const teacher = await substituteTeacher(db, actor, body.teacher_id);

  let messaged = false;
  const results = await db.transaction(async (tx) => {
    await lockTeacherCalendar(tx, teacher.id);
    const sessions = await tx
      .select()
      .from(classSchedules)
      .where(and(eq(classSchedules.classId, cls.classId), gte(classSchedules.scheduleDate, body.from), lte(classSchedules.scheduleDate, body.to)))
      .orderBy(asc(classSchedules.scheduleDate), asc(classSchedules.scheduleHour), asc(classSchedules.scheduleMinute), asc(classSchedules.scheduleId))
      .for('update');
    if (!sessions.length) throw invalid({ from: SUBSTITUTE_TEXT.noSessions });
    const calendar = await substituteCalendar(tx, teacher.id, sessions[0].centerId, body.from, body.to);
    const out: SubstituteResult[] = [];
    for (const row of sessions) {
      const refusal = refusalOf(row, teacher, calendar);
      if (!refusal) {
        const done = await applySubstitute(ctx, tx, actor, row, teacher, cls.className, audit);
        messaged ||= done.messaged;
      }
      out.push({ schedule_id: row.scheduleId, schedule_date: row.scheduleDate, schedule_hour: row.scheduleHour, schedule_minute: row.scheduleMinute, status: refusal ? 'refused' : 'set', reason: refusal });
    }
    return out;
  });
  if (messaged) ctx.outbox.nudge();
  const set = results.filter((r) => r.status === 'set').length;
  return { set, refused: results.length - set, sessions: results };
}
