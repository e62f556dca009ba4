/**
 * The operator's insights (/learning/insights/… and their /export): the filters every section shares and
 * each section's answer. The API validates and serialises with them, the screen takes its types from them.
 */
import { Type } from 'typebox';
import { INSIGHT_TEXT } from '../contracts/rules/insights';
import { IdFilter, Nullable, Text } from './builders';

const isoDate = (message: string) => Text(10, { pattern: '^\\d{4}-\\d{2}-\\d{2}$', messages: { default: message, required: message } });

/** The filters of every section: operator dates, both ends included (default: the last 8 weeks); 0 or absent: every one. */
export const InsightQuery = Type.Object({
  from: Type.Optional(isoDate(INSIGHT_TEXT.from)),
  to: Type.Optional(isoDate(INSIGHT_TEXT.to)),
  center_id: Type.Optional(IdFilter(INSIGHT_TEXT.centerId)),
  product_id: Type.Optional(IdFilter(INSIGHT_TEXT.productId)),
  teacher_id: Type.Optional(IdFilter(INSIGHT_TEXT.teacherId)),
});

/** Students marked on sessions whose roll was taken, how many of them present, present ÷ marked (null: none marked). */
const rate = {
  marked: Type.Integer(),
  present: Type.Integer(),
  rate: Nullable(Type.Number()),
};

export const AttendanceWeekSchema = Type.Object({
  /** The Monday of the week, YYYY-MM-DD; every week of the period has its row. */
  week_start: Type.String(),
  ...rate,
});

/** The sessions of the row whose roll was taken in the period and filters (marked or not): the schedules list's total for them. */
const sessions = Type.Integer();

export const AttendanceClassSchema = Type.Object({ class_id: Type.Integer(), class_name: Type.String(), sessions, ...rate });

export const AttendanceTeacherSchema = Type.Object({ teacher_id: Type.Integer(), name: Type.String(), sessions, ...rate });

/** `absences`: the sessions (roll taken) in which the student was marked absent, not excused. */
export const AbsentStudentSchema = Type.Object({ student_id: Type.Integer(), name: Type.String(), absences: Type.Integer() });

export const AttendanceInsightSchema = Type.Object({
  /** The period read (the defaults filled in). */
  from: Type.String(),
  to: Type.String(),
  center_id: Nullable(Type.Integer()),
  product_id: Nullable(Type.Integer()),
  teacher_id: Nullable(Type.Integer()),
  /** The whole period. */
  totals: Type.Object(rate),
  weeks: Type.Array(AttendanceWeekSchema),
  /** The classes with students marked in the period, the lowest rate first (on screen the first INSIGHT_LIMITS.rowsListed). */
  classes: Type.Array(AttendanceClassSchema),
  /** How many classes had students marked (the list may hold fewer). */
  classes_total: Type.Integer(),
  /** The teachers who taught those sessions, the lowest rate first (on screen the first INSIGHT_LIMITS.rowsListed). */
  teachers: Type.Array(AttendanceTeacherSchema),
  teachers_total: Type.Integer(),
  /** The students marked absent (not excused) most often in the period, the most first. */
  absent_students: Type.Array(AbsentStudentSchema),
});

export const MoneyMonthSchema = Type.Object({
  /** YYYY-MM; every month of the period has its row (the first and last in part). */
  month: Type.String(),
  /** Collected by method (payments not voided, by the day paid; a payment from a student's credit is no money collected). */
  cash: Type.Integer(),
  transfer: Type.Integer(),
  card: Type.Integer(),
  collected: Type.Integer(),
});

export const MoneyCourseSchema = Type.Object({
  /** null: classes without a course. */
  product_id: Nullable(Type.Integer()),
  name: Type.String(),
  collected: Type.Integer(),
});

export const MoneyInsightSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  center_id: Nullable(Type.Integer()),
  months: Type.Array(MoneyMonthSchema),
  /** The period's collected money. */
  collected: Type.Integer(),
  /** What orders not cancelled owe now, and the part past its due date: the debts screen's totals for the centre. */
  owed: Type.Integer(),
  overdue: Type.Integer(),
  /** The period's collected money per course of the paid order's class, the most first. */
  courses: Type.Array(MoneyCourseSchema),
});

/**
 * Capacity (GET /learning/insights/capacity). Rooms: only the centre narrows them (a room is no course's and
 * no teacher's); a room counts while in use (not deleted, active); a session counts in its room.
 */
export const CapacityCellSchema = Type.Object({
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: Type.Integer(),
  /** The hour of the day the cell covers, from hour:00 to hour+1:00. */
  hour: Type.Integer(),
  /** Minutes of the period's sessions held in the centre's rooms within that hour of that weekday (a session over several hours split among them). */
  booked_minutes: Type.Integer(),
  /** The centre's rooms in use × the period's dates on that weekday × 60. */
  available_minutes: Type.Integer(),
  /** booked ÷ available (null: nothing available, e.g. no such weekday in the period). */
  occupancy: Nullable(Type.Number()),
});

export const CapacityRoomSchema = Type.Object({
  room_id: Type.Integer(),
  name: Type.String(),
  /** The room's sessions in the period (in reach): the schedules list of that room and period shows as many. */
  sessions: Type.Integer(),
  booked_minutes: Type.Integer(),
  /** booked ÷ the period's opening minutes (its days × the opening hours); null when the period has none. */
  occupancy: Nullable(Type.Number()),
});

export const CapacityCentreSchema = Type.Object({
  center_id: Type.Integer(),
  name: Type.String(),
  /** The centre's rooms in use. */
  rooms_in_use: Type.Integer(),
  /** Every weekday (Monday first) × every hour of `hours`. */
  cells: Type.Array(CapacityCellSchema),
  /** Its rooms in use, the most booked first. */
  rooms: Type.Array(CapacityRoomSchema),
});

export const TeacherHoursSchema = Type.Object({
  teacher_id: Type.Integer(),
  name: Type.String(),
  /** Hours taught this month (sessions whose roll was taken, by the teacher who taught them). */
  hours: Type.Number(),
  /** The mean monthly hours taught over the full months before. */
  usual_hours: Type.Number(),
  /** hours − usual_hours. */
  difference: Type.Number(),
  /** difference ÷ usual_hours (null: no usual hours). */
  difference_rate: Nullable(Type.Number()),
  /** Sessions taught this month. */
  sessions: Type.Integer(),
});

export const CapacityInsightSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  center_id: Nullable(Type.Integer()),
  product_id: Nullable(Type.Integer()),
  teacher_id: Nullable(Type.Integer()),
  /** The hours of the day the heat map covers: the opening hours, widened to any hour a session is held in. */
  hours: Type.Array(Type.Integer()),
  /** The opening hours a room's occupancy is measured against, every day of the period: [open, close). */
  open_hour: Type.Integer(),
  close_hour: Type.Integer(),
  /** The centres in reach (or the one chosen) with rooms in use, by name. */
  centres: Type.Array(CapacityCentreSchema),
  /** "This month": from the 1st of `to`'s month to `to`; "usual": the full months before it. */
  month_from: Type.String(),
  month_to: Type.String(),
  usual_from: Type.String(),
  usual_to: Type.String(),
  /** The teachers who taught this month or in the usual months, the largest relative difference first. */
  teachers: Type.Array(TeacherHoursSchema),
});

// ---------------------------------------------------------------- enrolment

/**
 * An enrolment is active on a day from its start_date on, until the day it ended (ended_on: completed or
 * removed; not active on that day's end). Read through its class: the filters are the class's centre,
 * course and teacher.
 */
export const EnrolmentMonthSchema = Type.Object({
  /** YYYY-MM; every month of the period has its row (the first and last in part). */
  month: Type.String(),
  /** Enrolments whose start date falls in the month (within the period). */
  started: Type.Integer(),
  /** Enrolments that ended (completed or removed) in the month (within the period). */
  ended: Type.Integer(),
  /** At the month's end (the period's end for the last month): the active enrolments and their distinct students. */
  active: Type.Integer(),
  students: Type.Integer(),
});

export const EnrolmentClassSchema = Type.Object({
  class_id: Type.Integer(),
  class_name: Type.String(),
  /** Its active enrolments at the period's end. */
  enrolled: Type.Integer(),
  /** The class's own capacity, else its room's; null: neither is set. */
  capacity: Nullable(Type.Integer()),
  /** Where the capacity comes from. */
  capacity_from: Nullable(Type.Union([Type.Literal('class'), Type.Literal('room')])),
  /** enrolled ÷ capacity (0.8 is 80 %, above 1 over capacity), 4 decimals; null without a capacity. */
  fill: Nullable(Type.Number()),
});

export const EnrolmentInsightSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  center_id: Nullable(Type.Integer()),
  product_id: Nullable(Type.Integer()),
  teacher_id: Nullable(Type.Integer()),
  /** At the period's end: active enrolments and distinct students; over the period: started and ended. */
  totals: Type.Object({ active: Type.Integer(), students: Type.Integer(), started: Type.Integer(), ended: Type.Integer() }),
  months: Type.Array(EnrolmentMonthSchema),
  /** The classes running (active, not deleted), the fullest first, those without a capacity last. */
  classes: Type.Array(EnrolmentClassSchema),
  /** How many classes are running (the list holds the first INSIGHT_LIMITS.rowsListed; the export all). */
  classes_total: Type.Integer(),
  /**
   * "Sắp hết buổi": the total of GET /learning/class-enrollment/low-balance for the same centre (active
   * enrolments now, whatever the period; the course and teacher filters do not narrow it).
   */
  low_balance: Type.Integer(),
});
