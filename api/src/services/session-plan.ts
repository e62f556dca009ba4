/**
 * Session generation: the sessions a class's weekly pattern gives, and every clash they have.
 *
 * The pattern (class_schedule, JSON text) is a list of weekly slots: weekday (0 Sunday … 6 Saturday),
 * start time and duration. From the start date, each day's slots are taken in order until the course
 * item's number of lessons is placed. Dates are calendar dates of the operator ('YYYY-MM-DD'): nothing
 * here depends on the server's time zone; "now" (which sessions of a running class are past) is the
 * operator's clock.
 *
 * A session clashes when its teacher, its room or one of the class's enrolled students is busy at an
 * overlapping time in another session, or when it falls on a holiday of its centre (or of every
 * centre). For each clash staff choose (resolutions, named by the slot the pattern gave):
 * - skip: the slot is left out and the course runs one slot longer (the skipped slot does not count);
 * - move: the session takes place at `to` instead (the preview proposes the next free day at the same time);
 * - keep: it stays where it is, clash and all;
 * - reassign: it stays at its time, in another room and / or with another teacher (the preview proposes a
 *   room of the centre big enough and free then, a teacher of the centre free then).
 * A clash without a choice (or a move whose target clashes) is unresolved: the writes refuse the plan.
 *
 * The same planner serves the preview (which writes nothing) and the writes (which plan again inside
 * their transaction, so that a clash that appeared since the preview is refused, not double booked).
 */
import { and, asc, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { Value } from 'typebox/value';
import type { ClashResolution, PreviewSession, SchedulePreview, WeeklySlot } from '@trungtam/shared/contracts/learning';
import type { Clash } from '@trungtam/shared/contracts/schedules';
import { CLASS_TEXT, PATTERN_MAX_SLOTS } from '@trungtam/shared/schemas/learning';
import { isIsoDate, operatorNow } from '@trungtam/shared/operatorDate';
import type { Queryable } from '../db/client';
import { classes, classSchedules, enrollments, holidays, makeupStudents, rooms, users } from '../db/schema';
import { invalid } from '../lib/errors';
import { WeeklyPatternSchema } from '@trungtam/shared/schemas/learning';
import { addDays, hhmm, occurrences, startOf, weekdayOf, type TimeSlot } from '../lib/weekly-pattern';

export { occurrences, type TimeSlot };

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** How many following days the planner tries when it proposes a free slot for a clash. */
const PROPOSAL_DAYS = 28;

// ---------------------------------------------------------------- the pattern

/** The weekly pattern of `text` (class_schedule), sorted by weekday and time; a 400 on class_schedule when invalid. */
export function parsePattern(text: string): WeeklySlot[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid({ class_schedule: CLASS_TEXT.pattern });
  }
  if (!Array.isArray(value) || value.length === 0) throw invalid({ class_schedule: CLASS_TEXT.pattern });
  if (value.length > PATTERN_MAX_SLOTS) throw invalid({ class_schedule: CLASS_TEXT.patternTooLong });
  if (!Value.Check(WeeklyPatternSchema, value)) throw invalid({ class_schedule: CLASS_TEXT.pattern });
  const slots = [...(value as WeeklySlot[])].sort((a, b) => a.weekday - b.weekday || startOf(a) - startOf(b));
  for (const slot of slots) if (startOf(slot) + slot.duration > 24 * 60) throw invalid({ class_schedule: CLASS_TEXT.patternPastMidnight });
  for (let i = 1; i < slots.length; i += 1) {
    const [a, b] = [slots[i - 1], slots[i]];
    if (a.weekday === b.weekday && startOf(a) + a.duration > startOf(b)) throw invalid({ class_schedule: CLASS_TEXT.patternOverlap });
  }
  return slots;
}

const keyOf = (slot: { date: string; hour: number; minute: number }) => `${slot.date} ${slot.hour}:${slot.minute}`;
const overlaps = (a: TimeSlot, b: TimeSlot) => a.date === b.date && startOf(a) < startOf(b) + b.duration && startOf(b) < startOf(a) + a.duration;
const timeRange = (slot: TimeSlot) => `${hhmm(startOf(slot))}–${hhmm(startOf(slot) + slot.duration)}`;

// ---------------------------------------------------------------- who is busy when

/** Another session that holds the teacher, the room or a student. */
interface BusySession extends TimeSlot {
  scheduleId: number;
  classId: number;
  className: string;
  teacherId: number | null;
  roomId: number | null;
}

/** Everything the clash checks need for one plan, loaded once for its whole window. */
export interface Calendar {
  teacherBusy: BusySession[];
  roomBusy: BusySession[];
  /** Sessions each enrolled student of the class attends elsewhere. */
  studentBusy: Map<number, BusySession[]>;
  studentNames: Map<number, string>;
  /** Holidays of the centre and of every centre, by date. */
  holidays: Map<string, string>;
  /**
   * The other rooms of the centre big enough for the students (smallest first) and the other active teachers
   * of the centre (by name), with their sessions: what a clash of the room or of the teacher is offered
   * instead, and the calendars of the rooms and teachers a resolution names. Empty unless asked for.
   */
  rooms: Array<{ id: number; name: string; busy: BusySession[] }>;
  teachers: Array<{ id: number; name: string; busy: BusySession[] }>;
}

export interface PlanInput {
  teacherId: number;
  roomId: number;
  centerId: number;
  startDate: string;
  pattern: WeeklySlot[];
  totalLesson: number;
  resolutions?: ClashResolution[];
}

const busyColumns = {
  scheduleId: classSchedules.scheduleId,
  classId: classSchedules.classId,
  className: classes.className,
  date: classSchedules.scheduleDate,
  hour: classSchedules.scheduleHour,
  minute: classSchedules.scheduleMinute,
  duration: classSchedules.duration,
  teacherId: classSchedules.teacherId,
  roomId: classSchedules.roomId,
};

/** Whose calendars a plan or a session is checked against, and what does not count as busy. */
export interface CalendarOwners {
  teacherId: number;
  roomId: number;
  centerId: number;
  /** The students who take part (a class's enrolled students; a make-up session's students). */
  students: Array<{ id: number; name: string }>;
  /** A class being planned: its own sessions are not busy (they are being replaced). */
  exceptClassId?: number;
  /** A session being moved: it is not busy with itself. */
  exceptScheduleId?: number;
  /**
   * Load the alternatives (Calendar.rooms, .teachers): these rooms and teachers (a resolution's, checked for
   * reach by the caller), and with `ofCentre` every other room and teacher of the centre (the preview's proposals).
   */
  alternatives?: { roomIds: number[]; teacherIds: number[]; ofCentre: boolean };
}

/** Loads who is busy between `start` and `end` (both included) for the teacher, the room and the students. */
export async function loadCalendar(db: Queryable, owners: CalendarOwners, start: string, end: string): Promise<Calendar> {
  const inWindow = and(gte(classSchedules.scheduleDate, start), lte(classSchedules.scheduleDate, end));
  const others = and(
    owners.exceptClassId ? ne(classSchedules.classId, owners.exceptClassId) : undefined,
    owners.exceptScheduleId ? ne(classSchedules.scheduleId, owners.exceptScheduleId) : undefined,
  );
  const sessions = (where: ReturnType<typeof and>) =>
    db.select(busyColumns).from(classSchedules).innerJoin(classes, eq(classes.classId, classSchedules.classId)).where(and(inWindow, others, where));
  const ids = owners.students.map((s) => s.id);
  const [teacherBusy, roomBusy, dayOffs, byClass, byMakeup] = await Promise.all([
    sessions(eq(classSchedules.teacherId, owners.teacherId)),
    sessions(eq(classSchedules.roomId, owners.roomId)),
    db
      .select({ date: holidays.date, name: holidays.name })
      .from(holidays)
      .where(and(or(eq(holidays.centerId, owners.centerId), isNull(holidays.centerId)), gte(holidays.date, start), lte(holidays.date, end))),
    // the students' classes' regular sessions, and the make-up sessions they attend
    ids.length
      ? db
          .select({ ...busyColumns, userId: enrollments.userId })
          .from(enrollments)
          .innerJoin(classSchedules, eq(classSchedules.classId, enrollments.classId))
          .innerJoin(classes, eq(classes.classId, classSchedules.classId))
          // (only the sessions from the day each enrolment counts)
          .where(and(inArray(enrollments.userId, ids), eq(enrollments.status, 1), lte(enrollments.startDate, classSchedules.scheduleDate), isNull(classSchedules.makeupOf), inWindow, others))
      : [],
    ids.length
      ? db
          .select({ ...busyColumns, userId: makeupStudents.userId })
          .from(makeupStudents)
          .innerJoin(classSchedules, eq(classSchedules.scheduleId, makeupStudents.scheduleId))
          .innerJoin(classes, eq(classes.classId, classSchedules.classId))
          .where(and(inArray(makeupStudents.userId, ids), inWindow, others))
      : [],
  ]);
  const wanted = owners.alternatives && (owners.alternatives.ofCentre || owners.alternatives.roomIds.length > 0 || owners.alternatives.teacherIds.length > 0);
  const { rooms: altRooms, teachers: altTeachers } = wanted && owners.alternatives ? await loadAlternatives(db, owners, owners.alternatives, sessions) : { rooms: [], teachers: [] };
  const studentBusy = new Map<number, BusySession[]>();
  for (const { userId, ...session } of [...byClass, ...byMakeup]) {
    const list = studentBusy.get(userId) ?? [];
    list.push(session);
    studentBusy.set(userId, list);
  }
  const holidaysByDate = new Map<string, string>();
  for (const h of dayOffs) holidaysByDate.set(h.date, holidaysByDate.has(h.date) ? `${holidaysByDate.get(h.date)}, ${h.name}` : h.name);
  return { teacherBusy, roomBusy, studentBusy, studentNames: new Map(owners.students.map((s) => [s.id, s.name])), holidays: holidaysByDate, rooms: altRooms, teachers: altTeachers };
}

/** The centre's other rooms (big enough, smallest first) and active teachers (by name), and the named ones, each with its sessions in the window. */
async function loadAlternatives(
  db: Queryable,
  owners: CalendarOwners,
  named: { roomIds: number[]; teacherIds: number[]; ofCentre: boolean },
  sessions: (where: ReturnType<typeof and>) => PromiseLike<BusySession[]>,
): Promise<Pick<Calendar, 'rooms' | 'teachers'>> {
  const seats = owners.students.length;
  const [roomRows, teacherRows] = await Promise.all([
    db
      .select({ id: rooms.roomId, name: rooms.name, capacity: rooms.capacity })
      .from(rooms)
      .where(
        and(
          ne(rooms.roomId, owners.roomId),
          or(
            named.ofCentre ? and(eq(rooms.centerId, owners.centerId), eq(rooms.status, 1), or(isNull(rooms.capacity), gte(rooms.capacity, seats))) : sql`false`,
            named.roomIds.length ? inArray(rooms.roomId, named.roomIds) : sql`false`,
          ),
        ),
      )
      .orderBy(sql`${rooms.capacity} asc nulls last`, asc(rooms.name), asc(rooms.roomId)),
    db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(
        and(
          ne(users.id, owners.teacherId),
          or(
            named.ofCentre ? and(eq(users.centerId, owners.centerId), eq(users.type, 'teacher'), eq(users.status, 1), isNull(users.deletedAt)) : sql`false`,
            named.teacherIds.length ? inArray(users.id, named.teacherIds) : sql`false`,
          ),
        ),
      )
      .orderBy(asc(users.name), asc(users.id)),
  ]);
  const [roomBusy, teacherBusy] = await Promise.all([
    roomRows.length ? sessions(inArray(classSchedules.roomId, roomRows.map((r) => r.id))) : [],
    teacherRows.length ? sessions(inArray(classSchedules.teacherId, teacherRows.map((t) => t.id))) : [],
  ]);
  return {
    rooms: roomRows.map((room) => ({ id: room.id, name: room.name, busy: roomBusy.filter((b) => b.roomId === room.id) })),
    teachers: teacherRows.map((teacher) => ({ id: teacher.id, name: teacher.name, busy: teacherBusy.filter((b) => b.teacherId === teacher.id) })),
  };
}

/** The calendar of a session held in another room and / or by another teacher (loaded among the alternatives: the writes check a resolution's reach first). */
function reassigned(calendar: Calendar, to: { roomId?: number; teacherId?: number }): Calendar {
  const roomBusy = to.roomId === undefined ? calendar.roomBusy : (calendar.rooms.find((r) => r.id === to.roomId)?.busy ?? []);
  const teacherBusy = to.teacherId === undefined ? calendar.teacherBusy : (calendar.teachers.find((t) => t.id === to.teacherId)?.busy ?? []);
  return { ...calendar, roomBusy, teacherBusy };
}

/** The students actively enrolled in a class. */
export async function enrolledStudents(db: Queryable, classId: number): Promise<Array<{ id: number; name: string }>> {
  return db
    .select({ id: users.id, name: users.name })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(and(eq(enrollments.classId, classId), eq(enrollments.status, 1)));
}

/** Every clash of `slot` in `calendar`. */
export function clashesOf(slot: TimeSlot, calendar: Calendar): Clash[] {
  const found: Clash[] = [];
  const holiday = calendar.holidays.get(slot.date);
  if (holiday) found.push({ kind: 'holiday', message: `Ngày nghỉ: ${holiday}`, schedule_id: null, class_id: null, user_id: null });
  for (const other of calendar.teacherBusy) {
    if (overlaps(slot, other)) {
      found.push({ kind: 'teacher', message: `Giáo viên đã dạy lớp ${other.className} lúc ${timeRange(other)}`, schedule_id: other.scheduleId, class_id: other.classId, user_id: other.teacherId });
    }
  }
  for (const other of calendar.roomBusy) {
    if (overlaps(slot, other)) {
      found.push({ kind: 'room', message: `Phòng học đã được lớp ${other.className} dùng lúc ${timeRange(other)}`, schedule_id: other.scheduleId, class_id: other.classId, user_id: null });
    }
  }
  for (const [userId, sessions] of calendar.studentBusy) {
    const other = sessions.find((s) => overlaps(slot, s));
    if (other) {
      const name = calendar.studentNames.get(userId) ?? `#${userId}`;
      found.push({ kind: 'student', message: `Học viên ${name} đang học lớp ${other.className} lúc ${timeRange(other)}`, schedule_id: other.scheduleId, class_id: other.classId, user_id: userId });
    }
  }
  return found;
}

// ---------------------------------------------------------------- the plan

/** A kept session of the class being edited (it has taken place, or its attendance is taken). */
export interface ExistingSession extends TimeSlot {
  scheduleId: number;
}

/** A session to write: where and when, and the room or teacher it is reassigned to (otherwise the class's). */
export interface PlannedSlot extends TimeSlot {
  roomId?: number;
  teacherId?: number;
}

export interface Plan extends SchedulePreview {
  /** The sessions to write (state new), where they take place. */
  toWrite: PlannedSlot[];
}

const OWN_CLASH: Omit<Clash, 'message'> = { kind: 'teacher', schedule_id: null, class_id: null, user_id: null };

/**
 * Plans the sessions of `input` with `calendar` (which must cover the plan's window: see planWindow).
 * `existing`: the kept sessions of a running class (counted, listed, never moved); `notBefore`: the
 * operator-local 'YYYY-MM-DD HH:mm' from which new sessions may be placed (a running class's future).
 */
export function planSessions(input: PlanInput, calendar: Calendar, existing: ExistingSession[] = [], notBefore?: string): Plan {
  const chosen = new Map((input.resolutions ?? []).map((r) => [keyOf(r), r]));
  const none = { proposal: null, room_proposal: null, teacher_proposal: null };
  const sessions: PreviewSession[] = existing.map((e) => ({
    ...slotFields(e, e),
    state: 'existing',
    resolution: null,
    clashes: [],
    ...none,
  }));
  const needed = Math.max(0, input.totalLesson - existing.length);
  const placed: PlannedSlot[] = [];
  const own = (slot: TimeSlot) => [...existing, ...placed].some((other) => overlaps(slot, other));

  if (needed > 0) {
    for (const slot of occurrences(input.pattern, input.startDate, notBefore)) {
      const resolution = chosen.get(keyOf(slot));
      if (resolution?.action === 'skip') {
        sessions.push({ ...slotFields(slot, slot), state: 'skipped', resolution: 'skip', clashes: clashesOf(slot, calendar), ...none });
        continue;
      }
      const target: PlannedSlot = resolution?.action === 'move' && resolution.to ? { ...resolution.to, duration: slot.duration } : { ...slot };
      let picked: Pick<PreviewSession, 'proposal' | 'room_proposal' | 'teacher_proposal'> = { ...none };
      let sessionCalendar = calendar;
      if (resolution?.action === 'reassign') {
        if (resolution.room_id !== undefined) target.roomId = resolution.room_id;
        if (resolution.teacher_id !== undefined) target.teacherId = resolution.teacher_id;
        sessionCalendar = reassigned(calendar, target);
        const room = calendar.rooms.find((r) => r.id === target.roomId);
        const teacher = calendar.teachers.find((t) => t.id === target.teacherId);
        picked = { proposal: null, room_proposal: room ? { room_id: room.id, name: room.name } : null, teacher_proposal: teacher ? { id: teacher.id, name: teacher.name } : null };
      }
      const clashes = clashesOf(target, sessionCalendar);
      if (own(target)) clashes.push({ ...OWN_CLASH, message: `Trùng giờ với một buổi khác của chính lớp này (${timeRange(target)})` });
      sessions.push({ ...slotFields(slot, target), state: 'new', resolution: resolution?.action ?? null, clashes, ...picked });
      placed.push(target);
      if (placed.length === needed) break;
    }
    if (placed.length < needed) throw invalid({ class_schedule: CLASS_TEXT.pattern });
  }

  // proposals: the next day at the same time that is free, once every session of the plan is placed; and for
  // a clash only another room or teacher can fix, a free one at the same time
  for (const session of sessions) {
    if (session.state !== 'new' || session.clashes.length === 0 || session.resolution) continue;
    const slot = { date: session.schedule_date, hour: session.schedule_hour, minute: session.schedule_minute, duration: session.duration };
    const kinds = new Set(session.clashes.map((c) => c.kind));
    const ownClash = session.clashes.some((c) => c.schedule_id === null && c.kind === 'teacher');
    if (!kinds.has('holiday') && !kinds.has('student') && !ownClash) {
      const free = (busy: BusySession[]) => !busy.some((other) => overlaps(slot, other));
      const room = kinds.has('room') ? calendar.rooms.find((r) => free(r.busy)) : undefined;
      const teacher = kinds.has('teacher') ? calendar.teachers.find((t) => free(t.busy)) : undefined;
      // offered only when it fixes every clash of the session
      if ((!kinds.has('room') || room) && (!kinds.has('teacher') || teacher)) {
        session.room_proposal = room ? { room_id: room.id, name: room.name } : null;
        session.teacher_proposal = teacher ? { id: teacher.id, name: teacher.name } : null;
      }
    }
    for (let day = 1; day <= PROPOSAL_DAYS; day += 1) {
      const candidate = { date: addDays(session.schedule_date, day), hour: session.schedule_hour, minute: session.schedule_minute, duration: session.duration };
      if (notBefore && `${candidate.date} ${hhmm(startOf(candidate))}` < notBefore) continue;
      if (clashesOf(candidate, calendar).length === 0 && !own(candidate)) {
        session.proposal = { date: candidate.date, hour: candidate.hour, minute: candidate.minute };
        break;
      }
    }
  }

  const unresolved = sessions.filter((s) => s.state === 'new' && s.clashes.length > 0 && s.resolution !== 'keep').length;
  return { total_lesson: input.totalLesson, sessions, unresolved, toWrite: placed };
}

function slotFields(slot: { date: string; hour: number; minute: number }, at: TimeSlot) {
  return {
    date: slot.date,
    hour: slot.hour,
    minute: slot.minute,
    schedule_date: at.date,
    schedule_date_text: WEEKDAY_NAMES[weekdayOf(at.date)],
    schedule_hour: at.hour,
    schedule_minute: at.minute,
    duration: at.duration,
  };
}

/**
 * The window of dates a plan may touch: from its start (or the first kept session) to far enough after
 * the last slot it can need, counting skipped slots, moves and the proposals' look-ahead.
 */
export function planWindow(input: PlanInput, existing: ExistingSession[], from: string): { start: string; end: string } {
  const perWeek = input.pattern.length;
  const weeks = Math.ceil(Math.max(1, input.totalLesson) / perWeek) + Math.ceil((input.resolutions?.length ?? 0) / perWeek) + 1;
  const moves = (input.resolutions ?? []).flatMap((r) => (r.to ? [r.to.date] : []));
  const firsts = [from, ...existing.map((e) => e.date), ...moves].sort();
  const lasts = [addDays(from, weeks * 7 + PROPOSAL_DAYS), ...moves].sort();
  return { start: firsts[0], end: lasts[lasts.length - 1] };
}

/** The operator's clock as 'YYYY-MM-DD HH:mm', the boundary between a running class's past and future. */
export function operatorMinute(): string {
  return operatorNow().format('YYYY-MM-DD HH:mm');
}

/** Whether a resolution's target date is a real date (the schema checks its shape only). */
export function assertResolutionDates(resolutions: ClashResolution[] | undefined): void {
  for (const r of resolutions ?? []) {
    if (!isIsoDate(r.date) || (r.to && !isIsoDate(r.to.date))) throw invalid({ resolutions: CLASS_TEXT.startDate });
  }
}

/** Serialises writers of one teacher's and one room's sessions (PostgreSQL advisory locks, released at commit). */
export async function lockCalendars(db: Queryable, teacherId: number, roomId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`teacher:${teacherId}`})), pg_advisory_xact_lock(hashtext(${`room:${roomId}`}))`);
}

/** Serialises writers of one teacher's sessions (a substitute being given sessions). */
export async function lockTeacherCalendar(db: Queryable, teacherId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`teacher:${teacherId}`}))`);
}
