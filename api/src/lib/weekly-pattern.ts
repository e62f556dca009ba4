/**
 * A class's weekly pattern in time: the slots it gives from a start date, on the operator's calendar dates
 * ('YYYY-MM-DD', whatever the server's time zone). The planner (services/session-plan.ts) and the demo
 * data's sessions both take them from here.
 */
import type { WeeklySlot } from '@trungtam/shared/contracts/learning';
import { dayjs } from '@trungtam/shared/operatorDate';

/** How far the planner looks for slots (a course that cannot be placed within it is refused). */
const HORIZON_DAYS = 3 * 366;

/** A session's place in time: a date and minutes from its midnight. */
export interface TimeSlot {
  date: string;
  hour: number;
  minute: number;
  duration: number;
}

/** Minutes from midnight of a slot's start. */
export const startOf = (slot: { hour: number; minute: number }) => slot.hour * 60 + slot.minute;
/** 'HH:mm' of minutes from midnight. */
export const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
/** The calendar date `days` after `date`. */
export const addDays = (date: string, days: number) => dayjs(date, 'YYYY-MM-DD', true).add(days, 'day').format('YYYY-MM-DD');
/** The weekday of a calendar date (0 Sunday … 6 Saturday). */
export const weekdayOf = (date: string) => dayjs(date, 'YYYY-MM-DD', true).day();

/**
 * The pattern's slots from `from` on, in order, lazily (the caller stops when it has enough). `notBefore`
 * (an operator-local 'YYYY-MM-DD HH:mm') drops the slots that start earlier: a running class's past.
 */
export function* occurrences(pattern: WeeklySlot[], from: string, notBefore?: string): Generator<TimeSlot> {
  for (let day = 0; day < HORIZON_DAYS; day += 1) {
    const date = addDays(from, day);
    const weekday = weekdayOf(date);
    for (const slot of pattern) {
      if (slot.weekday !== weekday) continue;
      const occurrence = { date, hour: slot.hour, minute: slot.minute, duration: slot.duration };
      if (notBefore && `${date} ${hhmm(startOf(occurrence))}` < notBefore) continue;
      yield occurrence;
    }
  }
}
