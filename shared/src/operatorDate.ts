/**
 * The operator's calendar: "today", the ISO week and the ends of a date range are the operator's
 * (Asia/Ho_Chi_Minh unless configured), whatever the zone of the browser or of the server. The API and
 * every front end use these helpers, so a date typed in a filter means the same day on both sides.
 * Pure TypeScript (dayjs and Intl only): the API imports it too.
 */
import dayjs, { type ConfigType, type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import isoWeek from 'dayjs/plugin/isoWeek';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { isIsoDate } from './isoDate';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);
dayjs.extend(isoWeek);

export const DEFAULT_OPERATOR_TIME_ZONE = 'Asia/Ho_Chi_Minh';

let operatorZone = DEFAULT_OPERATOR_TIME_ZONE;

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Sets the operator's zone (the API reads OPERATOR_TIME_ZONE at start-up). Throws for an unknown zone. */
export function setOperatorTimeZone(zone: string): void {
  if (!isTimeZone(zone)) throw new Error(`Unknown time zone: ${zone}`);
  operatorZone = zone;
}

export function operatorTimeZone(): string {
  return operatorZone;
}

/** The present moment on the operator's clock. */
export function operatorNow(): Dayjs {
  return dayjs().tz(operatorZone);
}

/** An instant (Date, ISO string with an offset, epoch ms) on the operator's clock; null when invalid. */
export function inOperatorZone(value: ConfigType): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const instant = dayjs(value);
  return instant.isValid() ? instant.tz(operatorZone) : null;
}

/** The operator's date today, 'YYYY-MM-DD'. */
export function operatorToday(): string {
  return operatorNow().format('YYYY-MM-DD');
}

export { isIsoDate };

export interface DateRange {
  /** Monday (or the first day), 'YYYY-MM-DD'. */
  start: string;
  /** Sunday (or the last day), 'YYYY-MM-DD'. */
  end: string;
}

/** The ISO week (Monday to Sunday) holding the operator's date of `value` (default: today). */
export function operatorIsoWeek(value?: ConfigType): DateRange {
  const day = typeof value === 'string' && isIsoDate(value) ? dayjs(value, 'YYYY-MM-DD', true) : (inOperatorZone(value ?? new Date()) ?? operatorNow());
  // work on the calendar date alone, so the week does not depend on the runtime's own zone
  const date = dayjs(day.format('YYYY-MM-DD'), 'YYYY-MM-DD', true);
  return { start: date.startOf('isoWeek').format('YYYY-MM-DD'), end: date.endOf('isoWeek').format('YYYY-MM-DD') };
}

/**
 * The instant of an operator-local 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm[:ss]'. A bare date is the start of
 * that day, or its last millisecond with `endOfDay`. Null when the text is not a real date and time.
 */
export function operatorInstant(text: string, endOfDay = false): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!match || !isIsoDate(match[1])) return null;
  const [, date, hour, minute, second] = match;
  if (hour === undefined) {
    const start = dayjs.tz(`${date} 00:00:00`, 'YYYY-MM-DD HH:mm:ss', operatorZone);
    return (endOfDay ? start.add(1, 'day').subtract(1, 'millisecond') : start).toDate();
  }
  const h = Number(hour);
  const m = Number(minute);
  const s = Number(second ?? 0);
  if (h > 23 || m > 59 || s > 59) return null;
  const instant = dayjs.tz(`${date} ${hour}:${minute}:${second ?? '00'}`, 'YYYY-MM-DD HH:mm:ss', operatorZone);
  // the end of a range takes in the whole of its last second
  return (endOfDay ? instant.add(999, 'millisecond') : instant).toDate();
}

export { dayjs };
