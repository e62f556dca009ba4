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

/** What the zone offset below reads of the runtime's Temporal (the browsers that have one). */
interface TemporalOffsets {
  Instant: { fromEpochMilliseconds(ms: number): { toZonedDateTimeISO(zone: string): { offsetNanoseconds: number } } };
}

/**
 * The zone's offset from UTC at `epochMs`, in whole minutes, from the runtime's Temporal; undefined
 * without one (Node, older browsers), or for an offset dayjs would misread (a historical one in seconds,
 * or under 16 minutes, which dayjs takes for hours). Temporal answers in about a millisecond: the date
 * library's zone support asks Intl, whose first date formatter costs 50 to 70 ms of a phone's start.
 */
function temporalOffsetMinutes(zone: string, epochMs: number): number | undefined {
  const temporal = (globalThis as { Temporal?: TemporalOffsets }).Temporal;
  if (!temporal) return undefined;
  try {
    const minutes = temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(zone).offsetNanoseconds / 60e9;
    return Number.isInteger(minutes) && (minutes === 0 || Math.abs(minutes) > 16) ? minutes : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `instant` as the operator's clock shows it: the same wall-clock fields (date, time, weekday) either
 * way. With the runtime's Temporal it carries the zone's offset at that instant, without the zone: for
 * showing it and reading its date, which is all the front ends do with it (arithmetic across a change of
 * the zone's offset would keep the old one).
 */
function onOperatorClock(instant: Dayjs): Dayjs {
  const offset = temporalOffsetMinutes(operatorZone, instant.valueOf());
  return offset === undefined ? instant.tz(operatorZone) : instant.utcOffset(offset);
}

/** Whether the operator's clock is read without Intl's date formatters here (the runtime has Temporal). */
export function operatorClockWithoutIntl(): boolean {
  return temporalOffsetMinutes(operatorZone, Date.now()) !== undefined;
}

/** The present moment on the operator's clock. */
export function operatorNow(): Dayjs {
  return onOperatorClock(dayjs());
}

/** An instant (Date, ISO string with an offset, epoch ms) on the operator's clock; null when invalid. */
export function inOperatorZone(value: ConfigType): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const instant = dayjs(value);
  return instant.isValid() ? onOperatorClock(instant) : null;
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
