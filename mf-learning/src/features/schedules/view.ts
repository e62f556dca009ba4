/**
 * What the schedules screen shows, kept in the URL: the view (week, month or list), the date it shows
 * and the filters. Pure functions: the range a view covers, the list call of a range, a session's start
 * and end. Dates are the operator's calendar dates ('YYYY-MM-DD'); a session's time is the operator's
 * wall-clock time, so nothing here depends on the browser's time zone.
 */
import type { ClassSchedule, ScheduleRelationship } from '@trungtam/shared/contracts/schedules';
import { formatDate, formatTime, vietnameseWeekday } from '@trungtam/shared/format';
import { dayjs, operatorIsoWeek, operatorToday, type DateRange } from '@trungtam/shared/operatorDate';
import { dateParam, intParam, oneOfParam, type FilterCodecs, type ListSort } from '@trungtam/shared/resource';
import { SCHEDULES_TEXTS } from './texts';

export const SCHEDULE_VIEWS = ['week', 'month', 'list'] as const;
export type ScheduleViewName = (typeof SCHEDULE_VIEWS)[number];

/** The filters of the list call (0: all). */
export interface ScheduleFilters {
  class_id: number;
  teacher_id: number;
  center_id: number;
  room_id: number;
}

export const SCHEDULE_FILTERS: FilterCodecs<ScheduleFilters> = {
  class_id: intParam('class_id'),
  teacher_id: intParam('teacher_id'),
  center_id: intParam('center_id'),
  room_id: intParam('room_id'),
};

/**
 * What the list alone narrows by (the calendar ignores them; switching to it drops them): a period of its
 * own instead of the week of `date` (`from`, `to`, either end open), whether the roll was taken, the
 * sessions a student was marked absent in (not excused), a course. The operations overview's rows open the
 * list with them.
 */
export interface ScheduleListFilters {
  from: string;
  to: string;
  /** '1': roll taken, '0': not yet, '': every session. */
  attendance_taken: '' | '1' | '0';
  absent_student_id: number;
  product_id: number;
}

export const ATTENDANCE_TAKEN = ['', '1', '0'] as const;

export const SCHEDULE_LIST_FILTERS: FilterCodecs<ScheduleListFilters> = {
  from: dateParam('from', () => '', 'period'),
  to: dateParam('to', () => '', 'period'),
  attendance_taken: oneOfParam('attendance_taken', ATTENDANCE_TAKEN, ''),
  absent_student_id: intParam('absent_student_id'),
  product_id: intParam('product_id'),
};

export const NO_LIST_FILTERS: ScheduleListFilters = { from: '', to: '', attendance_taken: '', absent_student_id: 0, product_id: 0 };

export interface ScheduleScreen extends ScheduleFilters, ScheduleListFilters {
  view: ScheduleViewName;
  /** A date of the week or month shown (default: the operator's today). */
  date: string;
}

/**
 * The URL's codecs: the filters, `view` (left out when it is the default: the list on a phone, else the
 * week), `date` (left out when it is today), then the list's own filters (left out when not set).
 */
export function scheduleCodecs(defaultView: ScheduleViewName): FilterCodecs<ScheduleScreen> {
  return { ...SCHEDULE_FILTERS, view: oneOfParam('view', SCHEDULE_VIEWS, defaultView), date: dateParam('date', operatorToday), ...SCHEDULE_LIST_FILTERS };
}

/** The list's own filters, out of the screen's state. */
export function listFiltersOf(screen: ScheduleListFilters): ScheduleListFilters {
  return { from: screen.from, to: screen.to, attendance_taken: screen.attendance_taken, absent_student_id: screen.absent_student_id, product_id: screen.product_id };
}

/** Why the list's period cannot be asked for (its end before its start), or null. */
export function listPeriodProblem({ from, to }: Pick<ScheduleListFilters, 'from' | 'to'>): string | null {
  return from && to && from > to ? SCHEDULES_TEXTS.periodReversed : null;
}

/** Whether the list has a period of its own (one end set at least): it then replaces the week. */
export const hasListPeriod = ({ from, to }: Pick<ScheduleListFilters, 'from' | 'to'>) => !!(from || to);

/** The heading of the list's own period: '04/03/2026 – 22/03/2026', 'Từ 04/03/2026', 'Đến 22/03/2026'. */
export function periodTitle({ from, to }: Pick<ScheduleListFilters, 'from' | 'to'>): string {
  if (from && to) return `${formatDate(from)} – ${formatDate(to)}`;
  return from ? SCHEDULES_TEXTS.periodFrom(formatDate(from)) : SCHEDULES_TEXTS.periodTo(formatDate(to));
}

/** The filters alone, out of the screen's state. */
export function filtersOf(screen: ScheduleFilters): ScheduleFilters {
  return { class_id: screen.class_id, teacher_id: screen.teacher_id, center_id: screen.center_id, room_id: screen.room_id };
}

const day = (date: string) => dayjs(date, 'YYYY-MM-DD', true);

/**
 * The dates a view covers, both included: the ISO week (Monday to Sunday) of `date` for the week and the
 * list; for the month, the whole weeks holding its first and its last day, as the month grid shows them.
 */
export function visibleRange(view: ScheduleViewName, date: string): DateRange {
  if (view !== 'month') return operatorIsoWeek(date);
  const first = day(date).startOf('month');
  return { start: operatorIsoWeek(first.format('YYYY-MM-DD')).start, end: operatorIsoWeek(first.endOf('month').format('YYYY-MM-DD')).end };
}

/** The date `step` weeks (week, list) or months (month) away. */
export function shiftDate(view: ScheduleViewName, date: string, step: number): string {
  return day(date).add(step, view === 'month' ? 'month' : 'week').format('YYYY-MM-DD');
}

/** The heading of what is shown: 'Tháng 3/2026', or the week '02/03 – 08/03/2026'. */
export function rangeTitle(view: ScheduleViewName, date: string): string {
  if (view === 'month') return SCHEDULES_TEXTS.monthTitle(day(date).month() + 1, day(date).year());
  const { start, end } = visibleRange(view, date);
  const from = day(start);
  const to = day(end);
  return `${from.format(from.year() === to.year() ? 'DD/MM' : 'DD/MM/YYYY')} – ${to.format('DD/MM/YYYY')}`;
}

export const SCHEDULE_LIST_RELATIONSHIPS: ScheduleRelationship[] = ['class', 'center', 'room', 'teacher'];

/** The most sessions one call brings (the API's limit): the calendar asks for its whole range at once. */
export const CALENDAR_LIMIT = 1000;
export const LIST_PAGE_SIZE = 20;

/** The earliest date the list asks for when its period only has an end (before any session). */
export const EARLIEST_DATE = '1900-01-01';

/**
 * The dates the list asks for: its own period when one end is set (an open start reads from
 * EARLIEST_DATE, an open end as '': no bound), else the week of `date` (visibleRange).
 */
export function listRange(list: Pick<ScheduleListFilters, 'from' | 'to'>, date: string): DateRange {
  return hasListPeriod(list) ? { start: list.from || EARLIEST_DATE, end: list.to } : visibleRange('list', date);
}

/**
 * GET /learning/class-schedule for a range: `schedule_date` twice (start, end; once for a range without
 * an end), the filters other than 0 and the list's own filters set, the four relationships repeated,
 * sorted by date (ascending unless the list's header says otherwise).
 */
export function scheduleListParams(
  range: DateRange,
  filters: ScheduleFilters,
  { limit, page, sort }: { limit: number; page: number; sort?: ListSort | null },
  narrow: Partial<Pick<ScheduleListFilters, 'attendance_taken' | 'absent_student_id' | 'product_id'>> = {},
): URLSearchParams {
  const params = new URLSearchParams({ limit: String(limit), page: String(page), sort_column: sort?.column ?? 'schedule_date', sort_type: sort?.direction ?? 'ASC' });
  params.append('schedule_date', range.start);
  if (range.end) params.append('schedule_date', range.end);
  for (const name of Object.keys(SCHEDULE_FILTERS) as Array<keyof ScheduleFilters>) {
    if (filters[name]) params.set(name, String(filters[name]));
  }
  if (narrow.attendance_taken) params.set('attendance_taken', narrow.attendance_taken);
  if (narrow.absent_student_id) params.set('absent_student_id', String(narrow.absent_student_id));
  if (narrow.product_id) params.set('product_id', String(narrow.product_id));
  for (const relation of SCHEDULE_LIST_RELATIONSHIPS) params.append('relationships', relation);
  return params;
}

/** 'HH:mm – HH:mm' of a session (an end past midnight is shown as the clock reads it). */
export function timeRange(session: Pick<ClassSchedule, 'schedule_hour' | 'schedule_minute' | 'duration'>): string {
  const endMinutes = (session.schedule_hour * 60 + session.schedule_minute + session.duration) % (24 * 60);
  return `${formatTime(session.schedule_hour, session.schedule_minute)} – ${formatTime(Math.floor(endMinutes / 60), endMinutes % 60)}`;
}

/**
 * A session's start and end as wall-clock date-times without a zone ('2026-03-04T18:00:00'): the
 * calendar reads them in UTC, which keeps them as written whatever the browser's zone.
 */
export function sessionTimes(session: Pick<ClassSchedule, 'schedule_date' | 'schedule_hour' | 'schedule_minute' | 'duration'>): { start: string; end: string } {
  const start = dayjs.utc(`${session.schedule_date}T${formatTime(session.schedule_hour, session.schedule_minute)}:00Z`);
  const format = 'YYYY-MM-DDTHH:mm:ss';
  return { start: start.format(format), end: start.add(session.duration, 'minute').format(format) };
}

/** Sessions in the order of the day: by date, then start time (a page of the API is ordered by date only). */
export function byDateAndTime(direction: 'ASC' | 'DESC' = 'ASC') {
  const key = (s: ClassSchedule) => `${s.schedule_date} ${formatTime(s.schedule_hour, s.schedule_minute)}`;
  return (a: ClassSchedule, b: ClassSchedule) => (direction === 'ASC' ? 1 : -1) * key(a).localeCompare(key(b));
}

/** The hours the week grid covers: 07:00 to 21:00, widened to hold every session shown. */
export function slotBounds(sessions: ClassSchedule[]): { slotMinTime: string; slotMaxTime: string } {
  let min = 7;
  let max = 21;
  for (const s of sessions) {
    min = Math.min(min, s.schedule_hour);
    max = Math.max(max, Math.min(24, Math.ceil((s.schedule_hour * 60 + s.schedule_minute + s.duration) / 60)));
  }
  const hours = (h: number) => `${String(h).padStart(2, '0')}:00:00`;
  return { slotMinTime: hours(min), slotMaxTime: hours(max) };
}

/** The class of a session, by name. */
export const className = (session: ClassSchedule) => session.class?.class_name ?? SCHEDULES_TEXTS.unknownClass(session.class_id);

/** 'Thứ Tư, 04/03/2026'. */
export const dayText = (date: string) => `${vietnameseWeekday(date)}, ${formatDate(date)}`;

/** What a screen reader says of a session: class, day, time, room, make-up, attendance. */
export function describeSession(session: ClassSchedule): string {
  return SCHEDULES_TEXTS.eventLabel([
    className(session),
    `${vietnameseWeekday(session.schedule_date)} ${formatDate(session.schedule_date)}`,
    timeRange(session),
    ...(session.room ? [session.room.name] : []),
    ...(session.makeup_of ? [SCHEDULES_TEXTS.makeup] : []),
    session.is_attendance ? SCHEDULES_TEXTS.attended : SCHEDULES_TEXTS.notAttended,
  ]);
}
