/** HTTP contract of class sessions (`/learning/class-schedule`). Change with the API's schemas. */
import type { Static } from 'typebox';
import type { AttendanceBody, ClashSchema, ScheduleCreateBody, ScheduleDetailSchema, ScheduleMoveBody, ScheduleSchema, SubstituteBody, SubstituteRangeBody, SubstituteRangeResultSchema, SubstituteResultSchema } from '../schemas/schedules';
import type { ListQuery, ListResult } from '../contracts';

export * from './rules/schedules';

/** One taught session. */
export type ClassSchedule = Static<typeof ScheduleSchema>;

export const SCHEDULE_RELATIONSHIPS = ['class', 'center', 'room', 'teacher'] as const;
export type ScheduleRelationship = (typeof SCHEDULE_RELATIONSHIPS)[number];
export const SCHEDULE_SORT_COLUMNS = ['schedule_date', 'schedule_id'] as const;

/**
 * `GET /learning/class-schedule`. `schedule_date` given twice: start and end (YYYY-MM-DD, both included).
 * The API limits the rows to the caller whatever the filters say: a teacher gets their own sessions, a
 * student the sessions of the classes they are actively enrolled in (or their own solo sessions), an
 * academic-affairs user those of their centre, an administrator every session.
 */
export interface ScheduleListQuery extends ListQuery {
  schedule_date?: [string, string];
  class_id?: number;
  teacher_id?: number;
  academic_affair_id?: number;
  center_id?: number;
  room_id?: number;
  student_id?: number;
  /** The sessions of the classes of this course. */
  product_id?: number;
  /** 1: only the sessions whose roll was taken; 0: only those not yet taken. */
  attendance_taken?: 0 | 1;
  /** The sessions in which this student was marked absent (not excused). */
  absent_student_id?: number;
  relationships?: ScheduleRelationship[];
}

export type ScheduleList = ListResult<ClassSchedule>;

/** GET /learning/class-schedule/{schedule_id}. */
export type ScheduleDetail = Static<typeof ScheduleDetailSchema>;

/** POST /learning/class-schedule: an extra or a make-up session. */
export type ScheduleCreateRequest = Static<typeof ScheduleCreateBody>;

/** PUT /learning/class-schedule: move one session. A clash is a 409 whose message names it. */
export type ScheduleMoveRequest = Static<typeof ScheduleMoveBody>;

/** PUT /learning/class-schedule/is-attendance. */
export type AttendanceRequest = Static<typeof AttendanceBody>;
export type AttendanceStatus = AttendanceRequest['attendance'][number]['status'];

export type Clash = Static<typeof ClashSchema>;

/** POST /learning/class-schedule/substitute: one session taught by another teacher. */
export type SubstituteRequest = Static<typeof SubstituteBody>;
/** POST /learning/class-schedule/substitute-range: every session of a class in a date range. */
export type SubstituteRangeRequest = Static<typeof SubstituteRangeBody>;
export type SubstituteResult = Static<typeof SubstituteResultSchema>;
export type SubstituteRangeResult = Static<typeof SubstituteRangeResultSchema>;

