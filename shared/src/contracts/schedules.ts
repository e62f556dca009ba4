/** HTTP contract of class sessions (`/learning/class-schedule`). Change with the API's schemas. */
import type { ListQuery, ListResult } from '../contracts';

export interface ScheduleClassRef {
  class_id: number;
  class_name: string;
  class_type: string;
}

export interface ScheduleCenterRef {
  center_id: number;
  name: string;
}

/** One taught session. */
export interface ClassSchedule {
  schedule_id: number;
  class_id: number;
  /** YYYY-MM-DD. */
  schedule_date: string;
  /** English weekday name ('Monday'). */
  schedule_date_text: string;
  schedule_hour: number;
  schedule_minute: number;
  duration: number;
  teacher_id: number | null;
  academic_affair_id: number | null;
  room_id: number | null;
  center_id: number | null;
  student_id: number | null;
  is_attendance: 0 | 1;
  /** With `relationships=class`. */
  class?: ScheduleClassRef | null;
  /** With `relationships=center`. */
  center?: ScheduleCenterRef | null;
}

export const SCHEDULE_RELATIONSHIPS = ['class', 'center'] as const;
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
  relationships?: ScheduleRelationship[];
}

export type ScheduleList = ListResult<ClassSchedule>;
