/**
 * What "Hôm nay" shows, as pure functions: the list call of the operator's today, and the day's sessions
 * in the order a teacher works through them (those not over yet by start time, the next first; then those
 * finished, the latest first). Times are the operator's wall clock, so nothing depends on the browser's zone.
 */
import type { AttendanceStatus, ClassSchedule } from '@trungtam/shared/contracts/schedules';
import { SCHEDULE_LIST_RELATIONSHIPS } from '../schedules/view';

/** The most sessions of one day listed (an administrator of a large operator: the rest are named as left out). */
export const TODAY_LIMIT = 200;

/** GET /learning/class-schedule for one date, with the class, centre, room and teacher of each session. */
export function todayParams(date: string): URLSearchParams {
  const params = new URLSearchParams({ limit: String(TODAY_LIMIT), page: '1', sort_column: 'schedule_date', sort_type: 'ASC' });
  params.append('schedule_date', date);
  params.append('schedule_date', date);
  for (const relation of SCHEDULE_LIST_RELATIONSHIPS) params.append('relationships', relation);
  return params;
}

const startOf = (s: Pick<ClassSchedule, 'schedule_hour' | 'schedule_minute'>) => s.schedule_hour * 60 + s.schedule_minute;
const endOf = (s: Pick<ClassSchedule, 'schedule_hour' | 'schedule_minute' | 'duration'>) => startOf(s) + s.duration;

export type SessionPhase = 'upcoming' | 'running' | 'finished';

/** Where a session of today is at `nowMinutes` (minutes since the operator's midnight). */
export function phaseOf(session: ClassSchedule, nowMinutes: number): SessionPhase {
  if (endOf(session) <= nowMinutes) return 'finished';
  return startOf(session) <= nowMinutes ? 'running' : 'upcoming';
}

/** Today's sessions split: those not over (running, then upcoming, by start), then those over (latest first). */
export function orderOfDay(sessions: ClassSchedule[], nowMinutes: number): { next: ClassSchedule[]; finished: ClassSchedule[] } {
  const byStart = [...sessions].sort((a, b) => startOf(a) - startOf(b) || a.schedule_id - b.schedule_id);
  return {
    next: byStart.filter((s) => phaseOf(s, nowMinutes) !== 'finished'),
    finished: byStart.filter((s) => phaseOf(s, nowMinutes) === 'finished').reverse(),
  };
}

/** A roll's marks: a status by student id, or '' for a student not marked yet. */
export type RollMarks = Record<number, AttendanceStatus | ''>;

/** "Tất cả có mặt": everyone not marked is present; the exceptions already marked stay. */
export function everyonePresent(marks: RollMarks): Record<number, AttendanceStatus> {
  return Object.fromEntries(Object.entries(marks).map(([id, status]) => [id, status || 'present'])) as Record<number, AttendanceStatus>;
}

/** Whether every student of the roll is marked. */
export const isComplete = (marks: RollMarks): marks is Record<number, AttendanceStatus> => Object.values(marks).every((status) => status !== '');
