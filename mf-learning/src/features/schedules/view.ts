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

export interface ScheduleScreen extends ScheduleFilters {
  view: ScheduleViewName;
  /** A date of the week or month shown (default: the operator's today). */
  date: string;
}

/**
 * The URL's codecs: the filters, `view` (left out when it is the default: the list on a phone, else the
 * week) and `date` (left out when it is today).
 */
export function scheduleCodecs(defaultView: ScheduleViewName): FilterCodecs<ScheduleScreen> {
  return { ...SCHEDULE_FILTERS, view: oneOfParam('view', SCHEDULE_VIEWS, defaultView), date: dateParam('date', operatorToday) };
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

/**
 * GET /learning/class-schedule for a range: `schedule_date` twice (start, end), the filters other than 0,
 * the four relationships repeated, sorted by date (ascending unless the list's header says otherwise).
 */
export function scheduleListParams(
  range: DateRange,
  filters: ScheduleFilters,
  { limit, page, sort }: { limit: number; page: number; sort?: ListSort | null },
): URLSearchParams {
  const params = new URLSearchParams({ limit: String(limit), page: String(page), sort_column: sort?.column ?? 'schedule_date', sort_type: sort?.direction ?? 'ASC' });
  params.append('schedule_date', range.start);
  params.append('schedule_date', range.end);
  for (const name of Object.keys(SCHEDULE_FILTERS) as Array<keyof ScheduleFilters>) {
    if (filters[name]) params.set(name, String(filters[name]));
  }
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
