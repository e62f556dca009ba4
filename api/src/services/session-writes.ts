/**
 * One class session: its detail (who takes part, the attendance taken, its make-ups), adding one (an
 * extra session, or a make-up session for absent students), moving one, cancelling one, and taking
 * its attendance. Adding and moving are clash-checked like generated sessions (session-plan.ts) and
 * refused with a 409 that names the clashes; moving and cancelling notify the teacher and the students
 * in the same transaction.
 *
 * Attendance records each participant present, absent or excused, marks the session taken and
 * recomputes the lessons learned of each participant's enrolment from the records (enrollments.ts), so
 * that saving twice never counts twice.
 */
import { and, asc, eq, inArray, lte, ne } from 'drizzle-orm';
import type { Static } from 'typebox';
import { can } from '@trungtam/shared/permissions';
import type { ClassSchedule, ScheduleDetail } from '@trungtam/shared/contracts/schedules';
import { isIsoDate, operatorToday } from '@trungtam/shared/operatorDate';
import { SCHEDULE_TEXT } from '@trungtam/shared/schemas/schedules';
import type { AppContext } from '../types';
import type { Queryable } from '../db/client';
import { attendances, classSchedules, enrollments, makeupStudents, rooms, users } from '../db/schema';
import { policy, type Actor, type SessionRow } from '../access/access';
import { classReference, REACHABLE, reference, roomReference } from '../access/references';
import { conflict, invalid, notFound } from '../lib/errors';
import type { AttendanceBody, ScheduleCreateBody, ScheduleMoveBody } from '@trungtam/shared/schemas/schedules';
import { writeAudit, type AuditContext } from '../factory/audit';
import { findClass } from './classes';
import { settleRoll } from './lesson-ledger';
import { enqueueAbsenceNotices, enqueueLowBalanceNotices, enqueueScheduleChange } from './family-events';
import { keepCancelledSession } from './calendar-feeds';
import { notifyUsers } from './notifications';
import { toDto, withRelations, type Row } from './schedules';
import { clashesOf, loadCalendar, lockCalendars, WEEKDAY_NAMES, type TimeSlot } from './session-plan';

export const SESSION_TEXT = {
  notFound: 'Buổi học không tồn tại',
  attended: 'Buổi học đã điểm danh: không thể dời hoặc huỷ',
  notYet: 'Buổi học chưa diễn ra: chưa thể điểm danh',
  roomOfAnotherCenter: 'Phòng học không thuộc trung tâm của lớp',
  makeupOfAnotherClass: 'Buổi học bù phải thuộc cùng lớp với buổi bị vắng',
  studentsOnlyForMakeup: 'Chỉ buổi học bù mới chọn học viên',
  notAParticipant: 'Học viên không thuộc buổi học này',
  duplicateStudent: 'Mỗi học viên chỉ điểm danh một lần',
  movedTitle: 'Đổi lịch học',
  cancelledTitle: 'Huỷ buổi học',
  makeupTitle: 'Lịch học bù',
} as const;

// ---------------------------------------------------------------- reading

export async function findSession(db: Queryable, id: number): Promise<Row> {
  const [row] = await db.select().from(classSchedules).where(eq(classSchedules.scheduleId, id));
  if (!row) throw notFound(SESSION_TEXT.notFound);
  return row;
}

/** Who takes part in a session: a make-up session's students, otherwise the class's students on its date. */
export async function participantsOf(db: Queryable, row: Row): Promise<Array<{ user_id: number; name: string; enrollment_id: number | null }>> {
  if (row.makeupOf !== null || (await hasMakeupStudents(db, row.scheduleId))) {
    const listed = await db
      .select({ user_id: users.id, name: users.name })
      .from(makeupStudents)
      .innerJoin(users, eq(users.id, makeupStudents.userId))
      .where(eq(makeupStudents.scheduleId, row.scheduleId))
      .orderBy(asc(users.name));
    const enrolled = await enrollmentIds(db, row.classId, listed.map((p) => p.user_id));
    return listed.map((p) => ({ ...p, enrollment_id: enrolled.get(p.user_id) ?? null }));
  }
  return classParticipants(db, row.classId, row.scheduleDate);
}

/**
 * The students of a class's regular session on `date`: its enrolments that are not removed and count by
 * then (a student enrolled later is not on the roll of a session held before, nor charged for it).
 */
function classParticipants(db: Queryable, classId: number, date: string) {
  return db
    .select({ user_id: users.id, name: users.name, enrollment_id: enrollments.enrollmentId })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(and(eq(enrollments.classId, classId), ne(enrollments.status, 3), lte(enrollments.startDate, date)))
    .orderBy(asc(users.name));
}

async function hasMakeupStudents(db: Queryable, scheduleId: number): Promise<boolean> {
  const [row] = await db.select({ id: makeupStudents.userId }).from(makeupStudents).where(eq(makeupStudents.scheduleId, scheduleId)).limit(1);
  return !!row;
}

async function enrollmentIds(db: Queryable, classId: number, userIds: number[]): Promise<Map<number, number>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ userId: enrollments.userId, id: enrollments.enrollmentId })
    .from(enrollments)
    .where(and(eq(enrollments.classId, classId), inArray(enrollments.userId, userIds), ne(enrollments.status, 3)));
  return new Map(rows.map((r) => [r.userId, r.id]));
}

/** The session as the access policy sees it, with whether the actor takes part (a student's access). */
export async function asPolicyRow(db: Queryable, actor: Actor, row: Row): Promise<SessionRow> {
  if (actor.type !== 'student') return row;
  const takesPart = row.makeupOf !== null
    ? (await db.select({ id: makeupStudents.userId }).from(makeupStudents).where(and(eq(makeupStudents.scheduleId, row.scheduleId), eq(makeupStudents.userId, actor.id))).limit(1)).length > 0
    : (await db.select({ id: enrollments.enrollmentId }).from(enrollments).where(and(eq(enrollments.classId, row.classId), eq(enrollments.userId, actor.id), eq(enrollments.status, 1))).limit(1)).length > 0;
  return { ...row, actorEnrolled: takesPart };
}

export async function showSession(ctx: AppContext, actor: Actor, id: number): Promise<ScheduleDetail> {
  const { db } = ctx.database;
  const row = await findSession(db, id);
  const subject = await asPolicyRow(db, actor, row);
  const access = policy(actor);
  access.assert('LearningClassSchedule', 'read', subject);
  return detailOf(db, actor, row, subject);
}

async function detailOf(db: Queryable, actor: Actor, row: Row, subject: SessionRow): Promise<ScheduleDetail> {
  const access = policy(actor);
  const [[session], participants, attendance, makeups] = await Promise.all([
    withRelations(db, [row], new Set(['class', 'center', 'room', 'teacher'])),
    participantsOf(db, row),
    db.select({ user_id: attendances.userId, status: attendances.status, note: attendances.note }).from(attendances).where(eq(attendances.scheduleId, row.scheduleId)),
    db
      .select({ schedule_id: classSchedules.scheduleId, schedule_date: classSchedules.scheduleDate, schedule_hour: classSchedules.scheduleHour, schedule_minute: classSchedules.scheduleMinute })
      .from(classSchedules)
      .where(eq(classSchedules.makeupOf, row.scheduleId))
      .orderBy(asc(classSchedules.scheduleDate)),
  ]);
  // a student sees themselves only
  const own = <T extends { user_id: number }>(list: T[]) => (actor.type === 'student' ? list.filter((p) => p.user_id === actor.id) : list);
  return {
    ...session,
    makeups,
    participants: own(participants),
    attendance: own(attendance),
    can_take_attendance: can(actor, 'LearningClassSchedule', 'UpdateAttendance') && access.can('ScheduleAttendance', 'update', subject),
    can_edit: can(actor, 'LearningClassSchedule', 'Update') && access.can('LearningClassSchedule', 'update', subject),
  };
}

// ---------------------------------------------------------------- clash check of one session

const hhmm = (hour: number, minute: number) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
const dmy = (date: string) => date.split('-').reverse().join('/');
const when = (slot: { date: string; hour: number; minute: number }) => `${dmy(slot.date)} ${hhmm(slot.hour, slot.minute)}`;

/** 409 naming every clash of `slot` for the teacher, the room and the students. */
async function assertFree(
  db: Queryable,
  slot: TimeSlot,
  owners: { teacherId: number | null; roomId: number; centerId: number | null; students: Array<{ id: number; name: string }>; exceptScheduleId?: number },
  refusal: string,
): Promise<void> {
  if (owners.teacherId) await lockCalendars(db, owners.teacherId, owners.roomId);
  const calendar = await loadCalendar(db, { ...owners, teacherId: owners.teacherId ?? 0, centerId: owners.centerId ?? 0 }, slot.date, slot.date);
  const clashes = clashesOf(slot, calendar);
  if (clashes.length) {
    const message = `${refusal}: ${clashes.map((c) => c.message).join('; ')}`;
    throw conflict(message, { schedule_date: message });
  }
}

/** The session's room: one within the actor's reach (the neutral 400 otherwise) and of the class's centre. */
async function roomFor(db: Queryable, actor: Actor, roomId: number, centerId: number | null): Promise<number> {
  const room = await roomReference(db, actor, 'room_id', roomId);
  if (room.centerId !== centerId) throw invalid({ room_id: SESSION_TEXT.roomOfAnotherCenter });
  return room.roomId;
}

function assertDate(date: string): void {
  if (!isIsoDate(date)) throw invalid({ schedule_date: SCHEDULE_TEXT.date });
}

function assertWithinDay(hour: number, minute: number, duration: number): void {
  if (hour * 60 + minute + duration > 24 * 60) throw invalid({ duration: 'Buổi học phải kết thúc trong ngày' });
}

// ---------------------------------------------------------------- add (extra or make-up)

export async function createSession(ctx: AppContext, actor: Actor, body: Static<typeof ScheduleCreateBody>, audit: AuditContext): Promise<ClassSchedule> {
  const { db } = ctx.database;
  assertDate(body.schedule_date);
  // a class out of the actor's reach is answered as a missing one (references.ts)
  const cls = await classReference(db, actor, 'class_id', body.class_id);
  const access = policy(actor);
  access.assert('LearningClassSchedule', 'create', { teacherId: cls.teacherId, centerId: cls.centerId, studentId: null });
  const roomId = await roomFor(db, actor, body.room_id ?? cls.roomId ?? 0, cls.centerId);
  const duration = body.duration ?? 90;
  assertWithinDay(body.schedule_hour, body.schedule_minute, duration);

  let students: Array<{ id: number; name: string }>;
  if (body.makeup_of !== undefined) {
    const missed = await reference(db, actor, REACHABLE.session, 'makeup_of', body.makeup_of);
    if (missed.classId !== cls.classId) throw invalid({ makeup_of: SESSION_TEXT.makeupOfAnotherClass });
    if (!body.student_ids?.length) throw invalid({ student_ids: SCHEDULE_TEXT.studentsRequired });
    const allowed = new Map((await participantsOf(db, missed)).map((p) => [p.user_id, p.name]));
    const ids = [...new Set(body.student_ids)];
    if (ids.some((id) => !allowed.has(id))) throw invalid({ student_ids: SESSION_TEXT.notAParticipant });
    students = ids.map((id) => ({ id, name: allowed.get(id)! }));
  } else {
    if (body.student_ids !== undefined) throw invalid({ student_ids: SESSION_TEXT.studentsOnlyForMakeup });
    students = (await classParticipants(db, cls.classId, body.schedule_date)).map((p) => ({ id: p.user_id, name: p.name }));
  }
  const slot = { date: body.schedule_date, hour: body.schedule_hour, minute: body.schedule_minute, duration };

  let messaged = false;
  const created = await db.transaction(async (tx) => {
    await assertFree(tx, slot, { teacherId: cls.teacherId, roomId, centerId: cls.centerId, students }, 'Không thể thêm buổi học');
    const [row] = await tx
      .insert(classSchedules)
      .values({
        classId: cls.classId,
        scheduleDate: slot.date,
        scheduleDateText: WEEKDAY_NAMES[new Date(`${slot.date}T00:00:00Z`).getUTCDay()],
        scheduleHour: slot.hour,
        scheduleMinute: slot.minute,
        duration,
        teacherId: cls.teacherId,
        academicAffairId: cls.academicAffairId,
        roomId,
        centerId: cls.centerId,
        studentId: cls.classType === 'solo' && students.length === 1 ? students[0].id : null,
        makeupOf: body.makeup_of ?? null,
      })
      .returning();
    if (body.makeup_of !== undefined) {
      await tx.insert(makeupStudents).values(students.map((s) => ({ scheduleId: row.scheduleId, userId: s.id })));
      await notifyUsers(tx, [...students.map((s) => s.id), ...(cls.teacherId ? [cls.teacherId] : [])], {
        name: SESSION_TEXT.makeupTitle,
        message: `Lớp ${cls.className} có buổi học bù ${when(slot)}.`,
      });
      messaged = (await enqueueScheduleChange(tx, ctx.outbox.channelNames, row, { kind: 'makeup' }, students.map((s) => s.id))) > 0;
    }
    await writeAudit(tx, audit, { action: 'create', resource: 'LearningClassSchedule', resourceId: row.scheduleId, after: { session: row, students: students.map((s) => s.id) } });
    return row;
  });
  if (messaged) ctx.outbox.nudge();
  return toDto(created);
}

// ---------------------------------------------------------------- move

export async function moveSession(ctx: AppContext, actor: Actor, body: Static<typeof ScheduleMoveBody>, audit: AuditContext): Promise<ClassSchedule> {
  const { db } = ctx.database;
  assertDate(body.schedule_date);
  const before = await findSession(db, body.schedule_id);
  const access = policy(actor);
  access.assert('LearningClassSchedule', 'read', await asPolicyRow(db, actor, before));
  access.assert('LearningClassSchedule', 'update', before);
  if (before.isAttendance === 1) throw conflict(SESSION_TEXT.attended);
  const roomId = await roomFor(db, actor, body.room_id ?? before.roomId ?? 0, before.centerId);
  const duration = body.duration ?? before.duration;
  assertWithinDay(body.schedule_hour, body.schedule_minute, duration);
  const slot = { date: body.schedule_date, hour: body.schedule_hour, minute: body.schedule_minute, duration };
  const participants = await participantsOf(db, before);
  const students = participants.map((p) => ({ id: p.user_id, name: p.name }));
  const cls = await findClass(db, before.classId);

  let messaged = false;
  const moved = await db.transaction(async (tx) => {
    await assertFree(tx, slot, { teacherId: before.teacherId, roomId, centerId: before.centerId, students, exceptScheduleId: before.scheduleId }, 'Không thể dời buổi học');
    const [row] = await tx
      .update(classSchedules)
      .set({
        scheduleDate: slot.date,
        scheduleDateText: WEEKDAY_NAMES[new Date(`${slot.date}T00:00:00Z`).getUTCDay()],
        scheduleHour: slot.hour,
        scheduleMinute: slot.minute,
        duration,
        roomId,
        updatedAt: new Date(),
      })
      .where(eq(classSchedules.scheduleId, before.scheduleId))
      .returning();
    const roomChanged = roomId !== before.roomId ? `, phòng ${(await tx.select({ name: rooms.name }).from(rooms).where(eq(rooms.roomId, roomId)))[0]?.name ?? ''}` : '';
    await notifyUsers(tx, [...students.map((s) => s.id), ...(before.teacherId ? [before.teacherId] : [])], {
      name: SESSION_TEXT.movedTitle,
      message: `Buổi học lớp ${cls?.className ?? ''} ${when({ date: before.scheduleDate, hour: before.scheduleHour, minute: before.scheduleMinute })} chuyển sang ${when(slot)}${roomChanged}.`,
    });
    await writeAudit(tx, audit, { action: 'update', resource: 'LearningClassSchedule', resourceId: row.scheduleId, before, after: row });
    const room = roomChanged ? roomChanged.slice(', phòng '.length) : null;
    messaged = (await enqueueScheduleChange(tx, ctx.outbox.channelNames, before, { kind: 'moved', to: slot, room }, students.map((s) => s.id))) > 0;
    return row;
  });
  if (messaged) ctx.outbox.nudge();
  return toDto(moved);
}

// ---------------------------------------------------------------- cancel

export async function cancelSession(ctx: AppContext, actor: Actor, id: number, audit: AuditContext): Promise<{ result: true }> {
  const { db } = ctx.database;
  const before = await findSession(db, id);
  const access = policy(actor);
  access.assert('LearningClassSchedule', 'read', await asPolicyRow(db, actor, before));
  access.assert('LearningClassSchedule', 'delete', before);
  if (before.isAttendance === 1) throw conflict(SESSION_TEXT.attended);
  const participants = await participantsOf(db, before);
  const cls = await findClass(db, before.classId);
  const messaged = await db.transaction(async (tx) => {
    // calendars subscribed to its feeds show it cancelled
    await keepCancelledSession(tx, before, before.makeupOf !== null ? participants.map((p) => p.user_id) : []);
    await tx.delete(classSchedules).where(eq(classSchedules.scheduleId, id));
    await notifyUsers(tx, [...participants.map((p) => p.user_id), ...(before.teacherId ? [before.teacherId] : [])], {
      name: SESSION_TEXT.cancelledTitle,
      message: `Buổi học lớp ${cls?.className ?? ''} ${when({ date: before.scheduleDate, hour: before.scheduleHour, minute: before.scheduleMinute })} đã bị huỷ.`,
    });
    await writeAudit(tx, audit, { action: 'delete', resource: 'LearningClassSchedule', resourceId: id, before });
    return enqueueScheduleChange(tx, ctx.outbox.channelNames, before, { kind: 'cancelled' }, participants.map((p) => p.user_id));
  });
  if (messaged) ctx.outbox.nudge();
  return { result: true };
}

// ---------------------------------------------------------------- attendance

/** A note as stored: trimmed, and an empty one none. */
const noteOf = (note: string | null | undefined) => (note === undefined ? undefined : note?.trim() || null);

export async function takeAttendance(ctx: AppContext, actor: Actor, body: Static<typeof AttendanceBody>, audit: AuditContext): Promise<ScheduleDetail> {
  const { db } = ctx.database;
  const row = await findSession(db, body.schedule_id);
  const subject = await asPolicyRow(db, actor, row);
  const access = policy(actor);
  access.assert('LearningClassSchedule', 'read', subject);
  access.assert('ScheduleAttendance', 'update', subject);
  if (row.scheduleDate > operatorToday()) throw conflict(SESSION_TEXT.notYet);
  const roll = await participantsOf(db, row);
  const participants = new Set(roll.map((p) => p.user_id));
  const seen = new Set<number>();
  for (const mark of body.attendance) {
    if (seen.has(mark.user_id)) throw invalid({ attendance: SESSION_TEXT.duplicateStudent });
    seen.add(mark.user_id);
    if (!participants.has(mark.user_id)) throw invalid({ attendance: `${SESSION_TEXT.notAParticipant} (#${mark.user_id})` });
  }

  const messaged = await db.transaction(async (tx) => {
    const before = await tx.select().from(attendances).where(eq(attendances.scheduleId, row.scheduleId));
    for (const mark of body.attendance) {
      await tx
        .insert(attendances)
        .values({ scheduleId: row.scheduleId, userId: mark.user_id, status: mark.status, note: noteOf(mark.note) ?? null })
        // a mark without a note (the schedules dialog's) keeps the one saved
        .onConflictDoUpdate({
          target: [attendances.scheduleId, attendances.userId],
          set: { status: mark.status, ...(mark.note !== undefined ? { note: noteOf(mark.note) } : {}), updatedAt: new Date() },
        });
    }
    await tx.update(classSchedules).set({ isAttendance: 1, updatedAt: new Date() }).where(eq(classSchedules.scheduleId, row.scheduleId));
    // what each mark costs, as lesson ledger lines of the students' enrolments in the class
    const enrolmentOf = new Map(roll.map((p) => [p.user_id, p.enrollment_id]));
    const marks = body.attendance.flatMap((mark) => {
      const enrollmentId = enrolmentOf.get(mark.user_id);
      return enrollmentId ? [{ enrollmentId, status: mark.status }] : [];
    });
    const crossings = await settleRoll(tx, row, marks, actor.id);
    await writeAudit(tx, audit, { action: 'update', resource: 'LearningClassSchedule', resourceId: row.scheduleId, before: { is_attendance: row.isAttendance, attendance: before }, after: { is_attendance: 1, attendance: body.attendance } });
    // the families of the students absent (or no longer absent), and of those now running out of lessons,
    // are told: rows of the outbox, sent by its worker
    const channels = ctx.outbox.channelNames;
    return (await enqueueAbsenceNotices(tx, channels, row, body.attendance)) + (await enqueueLowBalanceNotices(tx, channels, crossings));
  });
  if (messaged) ctx.outbox.nudge();
  return detailOf(db, actor, await findSession(db, row.scheduleId), subject);
}
