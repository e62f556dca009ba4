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

export const AttendanceClassSchema = Type.Object({ class_id: Type.Integer(), class_name: Type.String(), ...rate });

export const AttendanceTeacherSchema = Type.Object({ teacher_id: Type.Integer(), name: Type.String(), ...rate });

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
  /** The classes with students marked in the period, the lowest rate first. */
  classes: Type.Array(AttendanceClassSchema),
  /** The teachers who taught those sessions, the lowest rate first. */
  teachers: Type.Array(AttendanceTeacherSchema),
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
  /**
   * "Sắp hết buổi": the total of GET /learning/class-enrollment/low-balance for the same centre (active
   * enrolments now, whatever the period; the course and teacher filters do not narrow it).
   */
  low_balance: Type.Integer(),
});
