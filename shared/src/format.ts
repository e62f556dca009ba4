/**
 * Date display: DD/MM/YYYY, DD/MM/YYYY kk:mm:ss, Vietnamese weekdays, ISO weeks.
 * An instant is shown on the operator's clock (see operatorDate), so every browser shows the same time.
 */
import dayjs, { type ConfigType, type Dayjs } from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import { inOperatorZone, operatorIsoWeek, type DateRange } from '@trungtam/shared/operatorDate';

dayjs.extend(advancedFormat);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY kk:mm:ss';
export const DATE_MINUTE_FORMAT = 'DD/MM/YYYY HH:mm';
export const INVALID_DATE_TEXT = '-';

function parse(value: ConfigType): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  // a bare date is read strictly: '2026-13-45' is invalid, not rolled over into 2027
  if (typeof value === 'string' && DATE_ONLY.test(value.trim())) {
    const date = dayjs(value.trim(), 'YYYY-MM-DD', true);
    return date.isValid() ? date : null;
  }
  return inOperatorZone(value);
}

/** 'DD/MM/YYYY', or '-' for a missing or invalid date. */
export function formatDate(value: ConfigType): string {
  return parse(value)?.format(DATE_FORMAT) ?? INVALID_DATE_TEXT;
}

/** 'DD/MM/YYYY kk:mm:ss' (hours 1–24), or '-' for a missing or invalid date. */
export function formatDateTime(value: ConfigType): string {
  return parse(value)?.format(DATE_TIME_FORMAT) ?? INVALID_DATE_TEXT;
}

/** 'DD/MM/YYYY HH:mm' (when something happened, to the minute), or '-' for a missing or invalid date. */
export function formatDateMinute(value: ConfigType): string {
  return parse(value)?.format(DATE_MINUTE_FORMAT) ?? INVALID_DATE_TEXT;
}

/** hour:minute as 'HH:mm'. */
export function formatTime(hour: number, minute: number): string {
  const pad = (n: number) => String(Math.max(0, Math.trunc(n) || 0)).padStart(2, '0');
  return `${pad(hour)}:${pad(minute)}`;
}

/** Sunday first, as `Date#getDay()` counts. */
export const VIETNAMESE_WEEKDAYS = [
  'Chủ Nhật',
  'Thứ Hai',
  'Thứ Ba',
  'Thứ Tư',
  'Thứ Năm',
  'Thứ Sáu',
  'Thứ Bảy',
] as const;

const ENGLISH_WEEKDAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];

/**
 * Vietnamese weekday of a date, or of an English weekday name ('Monday' → 'Thứ Hai', as the API's
 * schedule_date_text). '-' when neither.
 */
export function vietnameseWeekday(value: ConfigType): string {
  if (typeof value === 'string') {
    const index = ENGLISH_WEEKDAYS.indexOf(value.trim().toLowerCase());
    if (index >= 0) return VIETNAMESE_WEEKDAYS[index];
  }
  const date = parse(value);
  return date ? VIETNAMESE_WEEKDAYS[date.day()] : INVALID_DATE_TEXT;
}

export type WeekBounds = DateRange;

/** The ISO week (Monday to Sunday) holding the operator's date of `value` (default: today). */
export function isoWeekBounds(value?: ConfigType): WeekBounds {
  return operatorIsoWeek(value);
}

/**
 * The number formats, created on first use: creating one loads the locale's data, about 60 ms of a
 * phone-speed CPU for the two, which the dashboard's start-up (it formats no number) would otherwise pay.
 */
let numberFormats: { number: Intl.NumberFormat; vnd: Intl.NumberFormat } | undefined;
function formats() {
  numberFormats ??= {
    number: new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 2 }),
    vnd: new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND', maximumFractionDigits: 0 }),
  };
  return numberFormats;
}

/** A number as Vietnamese writes it: '.' between thousands, ',' before decimals (1.234.567,5). */
export function formatNumber(value: number): string {
  return formats().number.format(value);
}

/** An amount of đồng: '4.800.000 ₫'. */
export function formatVnd(value: number): string {
  return formats().vnd.format(value);
}

export { dayjs };
