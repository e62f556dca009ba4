/**
 * Classes (write side): create, update and delete a class together with its sessions, and the preview
 * of the sessions a class's fields give (session-plan.ts). Each write is one transaction that locks the
 * teacher's and the room's calendars, plans again, refuses any clash left without a choice (409), then
 * writes the class, its sessions and the audit entry.
 *
 * Editing a running class regenerates only its future sessions without attendance (and only when what
 * generates them changed: pattern, start date, course item, teacher, room or centre, or new choices were
 * sent); sessions that have taken place, sessions with attendance and make-up sessions stay.
 * A substitute set for a regenerated session stays with the same occurrence: the new session on the same date
 * starting at the same time (hour and minute; its duration, room or teacher may have changed), when the
 * substitute is free at its new time and no choice gave it to another teacher. Otherwise the substitute is
 * dropped (the session goes to the class's teacher): the answer lists each with the reason, and the
 * substitute is notified.
 * Deleting a class is refused once attendance was taken or while students are active in it; otherwise
 * the class is removed with its sessions.
 */
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { ClashResolution, ClassUpdateResult, DroppedSubstitute, LearningClass, SchedulePreview } from '@trungtam/shared/contracts/learning';
import { CLASS_TEXT } from '@trungtam/shared/schemas/learning';
import { SUBSTITUTE_TEXT } from '@trungtam/shared/schemas/schedules';
import { isIsoDate } from '@trungtam/shared/operatorDate';
import type { AppContext } from '../types';
import type { Queryable } from '../db/client';
import { classes, classSchedules, enrollments, productItems, users } from '../db/schema';
import { policy, type Actor } from '../access/access';
import { accountReferenceProblems, assertAccountReferences, centreReference, centresInReach, REFERENCE_TEXT, roomsInReach, type AccountRow } from '../access/references';
import { conflict, invalid, notFound, TEXT } from '../lib/errors';
import type { ClassCreateBody, ClassPreviewBody, ClassUpdateBody } from '@trungtam/shared/schemas/learning';
import { writeAudit, type AuditContext } from '../factory/audit';
import { findClass, showClass, type ClassRow } from './classes';
import { notifyUsers } from './notifications';
import { substituteCalendar, substituteClash } from './substitutes';
import {
  assertResolutionDates,
  enrolledStudents,
  loadCalendar,
  lockCalendars,
  lockTeacherCalendar,
  operatorMinute,
  parsePattern,
  planSessions,
  planWindow,
  WEEKDAY_NAMES,
  type Calendar,
  type ExistingSession,
  type Plan,
  type PlannedSlot,
  type PlanInput,
} from './session-plan';

type PreviewBody = Static<typeof ClassPreviewBody>;
type CreateBody = Static<typeof ClassCreateBody>;
type UpdateBody = Static<typeof ClassUpdateBody>;

const WRITE_TEXT = {
  itemNotFound: 'Gói khoá học không tồn tại',
  itemOfAnotherCourse: 'Gói khoá học không thuộc khoá học đã chọn',
  teacherLocked: 'Giáo viên đã bị khoá',
  affairLocked: 'Giáo vụ đã bị khoá',
  roomOfAnotherCenter: 'Phòng học không thuộc trung tâm đã chọn',
  startDate: CLASS_TEXT.startDate,
  reassignOnly: 'Chỉ cách xử lý "đổi phòng / giáo viên" mới chọn phòng hoặc giáo viên khác',
  reassignNothing: 'Đổi phòng / giáo viên cần chọn phòng học hoặc giáo viên',
} as const;

const INSERT_BATCH = 500;

/** What generates a class's sessions, checked against the database (400 naming the field otherwise). */
interface Generation {
  input: PlanInput;
  productId: number;
}

/** An active account of `type` in the actor's reach (references.ts): the neutral refusal otherwise, or `locked`'s for one in reach but locked. */
const activeAccount = (field: string, id: number, type: AccountRow['type'], missing: string, locked: string) => ({
  field,
  id,
  missing,
  check: (account: AccountRow) => (account.type !== type ? missing : account.status !== 1 ? locked : undefined),
});

/**
 * The fields checked against the database (400 naming the field otherwise): the teacher, the centre and
 * the room must be within the actor's reach (a preview shows their calendars; a write puts them in the class).
 */
async function resolveGeneration(db: Queryable, actor: Actor, body: PreviewBody & { product_id?: number }): Promise<Generation> {
  if (!isIsoDate(body.start_date)) throw invalid({ start_date: WRITE_TEXT.startDate });
  assertResolutionDates(body.resolutions);
  const pattern = parsePattern(body.class_schedule);
  const [[item], teacherProblems, centres, rooms] = await Promise.all([
    db.select().from(productItems).where(eq(productItems.productItemId, body.product_item_id)),
    accountReferenceProblems(db, actor, [activeAccount('teacher_id', body.teacher_id, 'teacher', REFERENCE_TEXT.teacher, WRITE_TEXT.teacherLocked)]),
    centresInReach(db, actor, [body.center_id]),
    roomsInReach(db, actor, [body.room_id]),
  ]);
  if (!item) throw invalid({ product_item_id: WRITE_TEXT.itemNotFound });
  if (body.product_id !== undefined && item.productId !== body.product_id) throw invalid({ product_item_id: WRITE_TEXT.itemOfAnotherCourse });
  if (teacherProblems.teacher_id) throw invalid(teacherProblems);
  if (!centres.has(body.center_id)) throw invalid({ center_id: REFERENCE_TEXT.center });
  const room = rooms.get(body.room_id);
  if (!room) throw invalid({ room_id: REFERENCE_TEXT.room });
  if (room.centerId !== body.center_id) throw invalid({ room_id: WRITE_TEXT.roomOfAnotherCenter });
  await assertReassignments(db, actor, body.resolutions ?? [], body.center_id);
  return {
    productId: item.productId,
    input: {
      teacherId: body.teacher_id,
      roomId: body.room_id,
      centerId: body.center_id,
      startDate: body.start_date,
      pattern,
      totalLesson: item.totalLesson,
      resolutions: body.resolutions,
    },
  };
}

/**
 * A reassigned session's room and teacher: a reassign names at least one; a room of the class's centre in
 * the actor's reach; an active teacher in reach (400 on resolutions otherwise).
 */
async function assertReassignments(db: Queryable, actor: Actor, resolutions: ClashResolution[], centerId: number): Promise<void> {
  const reassigns = resolutions.filter((r) => r.action === 'reassign');
  if (resolutions.some((r) => r.action !== 'reassign' && (r.room_id !== undefined || r.teacher_id !== undefined))) throw invalid({ resolutions: WRITE_TEXT.reassignOnly });
  if (!reassigns.length) return;
  if (reassigns.some((r) => r.room_id === undefined && r.teacher_id === undefined)) throw invalid({ resolutions: WRITE_TEXT.reassignNothing });
  const roomIds = [...new Set(reassigns.flatMap((r) => (r.room_id !== undefined ? [r.room_id] : [])))];
  const teacherIds = [...new Set(reassigns.flatMap((r) => (r.teacher_id !== undefined ? [r.teacher_id] : [])))];
  const found = await roomsInReach(db, actor, roomIds);
  for (const id of roomIds) {
    const room = found.get(id);
    if (!room) throw invalid({ resolutions: REFERENCE_TEXT.room });
    if (room.centerId !== centerId) throw invalid({ resolutions: WRITE_TEXT.roomOfAnotherCenter });
  }
  const problems = await accountReferenceProblems(
    db,
    actor,
    teacherIds.map((id) => activeAccount('resolutions', id, 'teacher', REFERENCE_TEXT.teacher, WRITE_TEXT.teacherLocked)),
  );
  if (problems.resolutions) throw invalid(problems);
}

/** Locks the calendars of the rooms and teachers a plan's sessions are reassigned to (beside the class's own). */
async function lockReassigned(db: Queryable, input: PlanInput): Promise<void> {
  const reassigns = (input.resolutions ?? []).filter((r) => r.action === 'reassign');
  const teacherIds = [...new Set(reassigns.flatMap((r) => (r.teacher_id !== undefined && r.teacher_id !== input.teacherId ? [r.teacher_id] : [])))].sort((a, b) => a - b);
  const roomIds = [...new Set(reassigns.flatMap((r) => (r.room_id !== undefined && r.room_id !== input.roomId ? [r.room_id] : [])))].sort((a, b) => a - b);
  for (const id of teacherIds) await lockTeacherCalendar(db, id);
  for (const id of roomIds) await lockCalendars(db, input.teacherId, id);
}

/** The class's giáo vụ, if one is given: an active giáo vụ account within the actor's reach. */
async function assertAffair(db: Queryable, actor: Actor, affairId: number | null | undefined): Promise<number | null> {
  if (!affairId) return null;
  await assertAccountReferences(db, actor, [activeAccount('academic_affair_id', affairId, 'academic_affair', REFERENCE_TEXT.academicAffair, WRITE_TEXT.affairLocked)]);
  return affairId;
}

/** A session to be regenerated that a substitute teaches (teacherId, replacing originalTeacherId). */
type SubstitutedSession = typeof classSchedules.$inferSelect & { teacherId: number; originalTeacherId: number };

/**
 * A running class's sessions that stay: taken place (before `now`), attendance taken. Make-up sessions are not
 * the pattern's. The others are replaceable; `substituted`, those of them a substitute teaches.
 */
async function keptSessions(db: Queryable, classId: number, now: string): Promise<{ kept: ExistingSession[]; replaceable: number[]; substituted: SubstitutedSession[] }> {
  const rows = await db
    .select()
    .from(classSchedules)
    .where(and(eq(classSchedules.classId, classId), isNull(classSchedules.makeupOf)))
    .orderBy(asc(classSchedules.scheduleDate), asc(classSchedules.scheduleHour), asc(classSchedules.scheduleMinute));
  const kept: ExistingSession[] = [];
  const replaceable: number[] = [];
  const substituted: SubstitutedSession[] = [];
  for (const row of rows) {
    const slot = { scheduleId: row.scheduleId, date: row.scheduleDate, hour: row.scheduleHour, minute: row.scheduleMinute, duration: row.duration };
    const startsAt = `${row.scheduleDate} ${String(row.scheduleHour).padStart(2, '0')}:${String(row.scheduleMinute).padStart(2, '0')}`;
    if (row.isAttendance === 1 || startsAt < now) kept.push(slot);
    else {
      replaceable.push(row.scheduleId);
      if (row.originalTeacherId !== null && row.teacherId !== null) substituted.push({ ...row, teacherId: row.teacherId, originalTeacherId: row.originalTeacherId });
    }
  }
  return { kept, replaceable, substituted };
}

/**
 * Plans with a calendar loaded for the plan's window (inside the caller's transaction for the writes).
 * `classId`: the class being edited, whose enrolled students must be free and whose own sessions are not busy.
 */
async function plan(db: Queryable, input: PlanInput, classId: number | null, existing: ExistingSession[], notBefore?: string, proposals = false): Promise<Plan> {
  const from = notBefore && notBefore.slice(0, 10) > input.startDate ? notBefore.slice(0, 10) : input.startDate;
  const window = planWindow(input, existing, from);
  const students = classId ? await enrolledStudents(db, classId) : [];
  const named = (pick: (r: ClashResolution) => number | undefined) => (input.resolutions ?? []).flatMap((r) => (r.action === 'reassign' && pick(r) !== undefined ? [pick(r)!] : []));
  // the centre's free rooms and teachers are the preview's proposals; a write needs only the ones chosen
  const alternatives = { roomIds: named((r) => r.room_id), teacherIds: named((r) => r.teacher_id), ofCentre: proposals };
  const calendar = await loadCalendar(db, { ...input, students, exceptClassId: classId ?? undefined, alternatives }, window.start, window.end);
  return planSessions(input, calendar, existing, notBefore);
}

function refuseUnresolved(result: Plan): void {
  if (result.unresolved === 0) return;
  const first = result.sessions.find((s) => s.state === 'new' && s.clashes.length > 0 && s.resolution !== 'keep')!;
  const [y, m, d] = first.schedule_date.split('-');
  const when = `${d}/${m}/${y} ${String(first.schedule_hour).padStart(2, '0')}:${String(first.schedule_minute).padStart(2, '0')}`;
  const more = result.unresolved > 1 ? ` (và ${result.unresolved - 1} buổi khác)` : '';
  const message = `Lịch học có ${result.unresolved} buổi bị trùng chưa được xử lý: ${when} — ${first.clashes[0].message}${more}. Hãy xem trước lịch và chọn bỏ qua, dời, đổi phòng / giáo viên hoặc giữ cho từng buổi.`;
  throw conflict(message, { class_schedule: message });
}

/** A session to write; a substitute carried over from the session it regenerates keeps who set it and when. */
interface WrittenSlot extends PlannedSlot {
  substituteSet?: { by: number | null; at: Date | null };
}

/**
 * The session rows of `slots` for `cls`; a slot taught by another teacher (a reassign, a substitute carried
 * over) is that teacher's as a substitute, set by `actor` now unless carried over.
 */
function sessionRows(cls: ClassRow, slots: WrittenSlot[], soloStudentId: number | null, actor: Actor) {
  const now = new Date();
  return slots.map((slot) => ({
    classId: cls.classId,
    scheduleDate: slot.date,
    scheduleDateText: WEEKDAY_NAMES[new Date(`${slot.date}T00:00:00Z`).getUTCDay()],
    scheduleHour: slot.hour,
    scheduleMinute: slot.minute,
    duration: slot.duration,
    teacherId: slot.teacherId ?? cls.teacherId,
    academicAffairId: cls.academicAffairId,
    roomId: slot.roomId ?? cls.roomId,
    centerId: cls.centerId,
    studentId: soloStudentId,
    isAttendance: 0,
    ...(slot.teacherId !== undefined && slot.teacherId !== cls.teacherId
      ? { originalTeacherId: cls.teacherId, substituteSetBy: slot.substituteSet ? slot.substituteSet.by : actor.id, substituteSetAt: slot.substituteSet ? slot.substituteSet.at : now }
      : {}),
  }));
}

const occurrenceKey = (slot: { date: string; hour: number; minute: number }) => `${slot.date} ${slot.hour}:${slot.minute}`;
const dmyHm = (s: { scheduleDate: string; scheduleHour: number; scheduleMinute: number }) =>
  `${s.scheduleDate.split('-').reverse().join('/')} ${String(s.scheduleHour).padStart(2, '0')}:${String(s.scheduleMinute).padStart(2, '0')}`;

/**
 * Carries the substitutes of the replaced sessions over to the regenerated ones (the rule in the header):
 * `slots` with the substitutes kept, and the ones dropped with the reason. The substitutes' calendars are
 * locked and read inside the caller's transaction, after the replaced sessions are gone.
 */
async function carrySubstitutes(tx: Queryable, cls: ClassRow, substituted: SubstitutedSession[], slots: PlannedSlot[]): Promise<{ slots: WrittenSlot[]; dropped: DroppedSubstitute[] }> {
  if (!substituted.length) return { slots, dropped: [] };
  const teacherIds = [...new Set(substituted.map((s) => s.teacherId))].sort((a, b) => a - b);
  for (const id of teacherIds) if (id !== cls.teacherId) await lockTeacherCalendar(tx, id);
  const names = new Map((await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, teacherIds))).map((u) => [u.id, u.name ?? '']));
  const byOccurrence = new Map(slots.map((slot, index) => [occurrenceKey(slot), index]));
  const dates = slots.map((slot) => slot.date).sort();
  const calendars = new Map<number, Calendar>();
  const calendarOf = async (teacherId: number) => {
    if (!calendars.has(teacherId)) calendars.set(teacherId, await substituteCalendar(tx, teacherId, cls.centerId, dates[0], dates[dates.length - 1]));
    return calendars.get(teacherId)!;
  };
  const written: WrittenSlot[] = [...slots];
  const dropped: DroppedSubstitute[] = [];
  for (const session of substituted) {
    const { teacherId } = session;
    const index = byOccurrence.get(occurrenceKey({ date: session.scheduleDate, hour: session.scheduleHour, minute: session.scheduleMinute }));
    const slot = index === undefined ? undefined : written[index];
    let reason: DroppedSubstitute['reason'] | null = null;
    let message = '';
    if (!slot) [reason, message] = ['slot_gone', SUBSTITUTE_TEXT.slotGone];
    else if (slot.teacherId !== undefined && slot.teacherId !== teacherId) [reason, message] = ['reassigned', SUBSTITUTE_TEXT.reassigned];
    else if (teacherId !== cls.teacherId) {
      const clash = substituteClash(slot, await calendarOf(teacherId));
      if (clash) [reason, message] = ['clash', clash];
      else written[index!] = { ...slot, teacherId, substituteSet: { by: session.substituteSetBy, at: session.substituteSetAt } };
    }
    if (reason) {
      dropped.push({
        schedule_date: session.scheduleDate,
        schedule_hour: session.scheduleHour,
        schedule_minute: session.scheduleMinute,
        teacher_id: teacherId,
        teacher_name: names.get(teacherId) ?? '',
        reason,
        message,
      });
    }
  }
  for (const d of dropped) {
    await notifyUsers(tx, [d.teacher_id], {
      name: SUBSTITUTE_TEXT.title,
      message: `Lớp ${cls.className} đổi lịch: buổi ${dmyHm({ scheduleDate: d.schedule_date, scheduleHour: d.schedule_hour, scheduleMinute: d.schedule_minute })} không còn do bạn dạy thay (${d.message}).`,
    });
  }
  return { slots: written, dropped };
}

async function insertSessions(db: Queryable, rows: ReturnType<typeof sessionRows>): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) await db.insert(classSchedules).values(rows.slice(start, start + INSERT_BATCH));
}

/** The solo class's one student (its sessions carry them as student_id). */
async function soloStudent(db: Queryable, cls: ClassRow): Promise<number | null> {
  if (cls.classType !== 'solo') return null;
  const [row] = await db.select({ userId: enrollments.userId }).from(enrollments).where(and(eq(enrollments.classId, cls.classId), eq(enrollments.status, 1))).limit(1);
  return row?.userId ?? null;
}

async function findInReach(db: Queryable, actor: Actor, id: number): Promise<ClassRow> {
  const row = await findClass(db, id);
  if (!row) throw notFound(TEXT.classNotFound);
  policy(actor).assert('LearningClass', 'read', row);
  return row;
}

// ---------------------------------------------------------------- preview

export async function previewClassSchedule(ctx: AppContext, actor: Actor, body: PreviewBody): Promise<SchedulePreview> {
  const { db } = ctx.database;
  const current = body.class_id ? await findInReach(db, actor, body.class_id) : null;
  const { input } = await resolveGeneration(db, actor, body);
  const now = operatorMinute();
  const existing = current ? (await keptSessions(db, current.classId, now)).kept : [];
  const { toWrite: _written, ...preview } = await plan(db, input, current?.classId ?? null, existing, current ? now : undefined, true);
  return preview;
}

// ---------------------------------------------------------------- create

/** A create's or an update's class columns and what generates its sessions, checked against the database. */
async function resolveWrite(db: Queryable, actor: Actor, body: CreateBody) {
  const { input, productId } = await resolveGeneration(db, actor, body);
  if (body.product_id !== productId) throw invalid({ product_item_id: WRITE_TEXT.itemOfAnotherCourse });
  const values = {
    className: body.class_name.trim(),
    classType: body.class_type,
    teacherId: body.teacher_id,
    academicAffairId: await assertAffair(db, actor, body.academic_affair_id),
    centerId: body.center_id,
    roomId: body.room_id,
    productId,
    productItemId: body.product_item_id,
    teacherSalary: body.teacher_salary,
    // absent: unchanged on an update (null on a create)
    ...(body.capacity !== undefined ? { capacity: body.capacity } : {}),
    startDate: body.start_date,
    classSchedule: JSON.stringify(input.pattern),
  };
  return { input, values };
}

export async function createClass(ctx: AppContext, actor: Actor, body: CreateBody, audit: AuditContext): Promise<LearningClass> {
  const { db } = ctx.database;
  // the centre is a reference first (another centre's is answered as a missing one), then the policy's rule
  await centreReference(db, actor, 'center_id', body.center_id);
  policy(actor).assert('LearningClass', 'create', { teacherId: body.teacher_id, centerId: body.center_id });
  const { input, values } = await resolveWrite(db, actor, body);

  const created = await db.transaction(async (tx) => {
    await lockCalendars(tx, input.teacherId, input.roomId);
    await lockReassigned(tx, input);
    const result = await plan(tx, input, null, []);
    refuseUnresolved(result);
    const [row] = await tx.insert(classes).values(values).returning();
    await insertSessions(tx, sessionRows(row, result.toWrite, null, actor));
    await writeAudit(tx, audit, { action: 'create', resource: 'LearningClass', resourceId: row.classId, after: { class: row, sessions: result.toWrite.length } });
    return row;
  });
  return showClass(ctx, actor, created.classId, []);
}

// ---------------------------------------------------------------- update

const GENERATION_FIELDS = ['startDate', 'productItemId', 'teacherId', 'roomId', 'centerId'] as const;

export async function updateClass(ctx: AppContext, actor: Actor, body: UpdateBody, audit: AuditContext): Promise<ClassUpdateResult> {
  const { db } = ctx.database;
  const before = await findInReach(db, actor, body.class_id);
  const access = policy(actor);
  // the class itself first (403 when out of reach), then the centre it is moved to: a reference (400 out of reach)
  access.assert('LearningClass', 'update', before, { teacherId: body.teacher_id });
  await centreReference(db, actor, 'center_id', body.center_id);
  access.assert('LearningClass', 'update', before, { teacherId: body.teacher_id, centerId: body.center_id });
  const { input, values: next } = await resolveWrite(db, actor, body);
  const affairId = next.academicAffairId;

  const patternChanged = JSON.stringify(parsePatternOrNull(before.classSchedule)) !== next.classSchedule;
  const regenerate = patternChanged || GENERATION_FIELDS.some((field) => before[field] !== next[field]) || (body.resolutions?.length ?? 0) > 0;

  const updated = await db.transaction(async (tx) => {
    let written = 0;
    let dropped: DroppedSubstitute[] = [];
    const [row] = await tx.update(classes).set({ ...next, updatedAt: new Date() }).where(eq(classes.classId, before.classId)).returning();
    if (regenerate) {
      await lockCalendars(tx, input.teacherId, input.roomId);
      await lockReassigned(tx, input);
      const now = operatorMinute();
      const { kept, replaceable, substituted } = await keptSessions(tx, before.classId, now);
      if (replaceable.length) await tx.delete(classSchedules).where(inArray(classSchedules.scheduleId, replaceable));
      const result = await plan(tx, input, before.classId, kept, now);
      refuseUnresolved(result);
      const carried = await carrySubstitutes(tx, row, substituted, result.toWrite);
      dropped = carried.dropped;
      await insertSessions(tx, sessionRows(row, carried.slots, await soloStudent(tx, row), actor));
      written = result.toWrite.length;
    } else if (before.academicAffairId !== affairId) {
      await tx
        .update(classSchedules)
        .set({ academicAffairId: affairId, updatedAt: new Date() })
        .where(and(eq(classSchedules.classId, before.classId), eq(classSchedules.isAttendance, 0)));
    }
    await writeAudit(tx, audit, {
      action: 'update',
      resource: 'LearningClass',
      resourceId: row.classId,
      before,
      after: { class: row, regenerated: regenerate ? written : null, ...(dropped.length ? { dropped_substitutes: dropped } : {}) },
    });
    return { row, dropped };
  });
  return { ...(await showClass(ctx, actor, updated.row.classId, [])), dropped_substitutes: updated.dropped };
}

function parsePatternOrNull(text: string) {
  try {
    return parsePattern(text);
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- delete

export async function deleteClass(ctx: AppContext, actor: Actor, id: number, audit: AuditContext): Promise<{ result: true }> {
  const { db } = ctx.database;
  const before = await findInReach(db, actor, id);
  policy(actor).assert('LearningClass', 'delete', before);
  const [[attended], [active]] = await Promise.all([
    db.select({ n: count() }).from(classSchedules).where(and(eq(classSchedules.classId, id), eq(classSchedules.isAttendance, 1))),
    db.select({ n: count() }).from(enrollments).where(and(eq(enrollments.classId, id), eq(enrollments.status, 1))),
  ]);
  if (Number(attended.n) > 0) throw conflict(`Lớp học đã điểm danh ${attended.n} buổi: không thể xoá (lịch sử học và bảng chấm công cần giữ lại)`);
  if (Number(active.n) > 0) throw conflict(`Lớp học còn ${active.n} học viên đang học: hãy xoá học viên khỏi lớp trước khi xoá lớp`);
  await db.transaction(async (tx) => {
    const removed = await tx.delete(classSchedules).where(eq(classSchedules.classId, id)).returning({ id: classSchedules.scheduleId });
    await tx.update(classes).set({ deletedAt: new Date() }).where(eq(classes.classId, id));
    await writeAudit(tx, audit, { action: 'delete', resource: 'LearningClass', resourceId: id, before: { class: before, sessions: removed.length } });
  });
  return { result: true };
}

