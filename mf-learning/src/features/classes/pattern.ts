/**
 * The weekly pattern of a class as the form edits it (weekday, start time 'HH:mm', duration in minutes)
 * and as the API stores it (class_schedule: JSON text of { weekday, hour, minute, duration }).
 */
import type { WeeklySlot } from '@trungtam/shared/contracts/learning';
import { formatTime, VIETNAMESE_WEEKDAYS } from '@trungtam/shared/format';

export interface SlotDraft {
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  /** 'HH:mm'. */
  time: string;
  /** Minutes. */
  duration: number | '';
}

/** Monday first, as the centre's week reads. */
export const WEEKDAY_OPTIONS = [1, 2, 3, 4, 5, 6, 0].map((weekday) => ({ value: weekday, label: VIETNAMESE_WEEKDAYS[weekday] }));

/** Short weekday names for the table (T2 … T7, CN). */
const SHORT_WEEKDAYS = ['CN', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7'];

export const NEW_SLOT: SlotDraft = { weekday: 1, time: '18:00', duration: 90 };

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isTime(text: string): boolean {
  return TIME.test(text);
}

/** The slots of a stored pattern, or none when the text is not one. */
export function parsePattern(text: string | null | undefined): WeeklySlot[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    if (!Array.isArray(value)) return [];
    return value.filter(
      (slot): slot is WeeklySlot =>
        !!slot && typeof slot === 'object' && [slot.weekday, slot.hour, slot.minute, slot.duration].every((n) => Number.isInteger(n)),
    );
  } catch {
    return [];
  }
}

export function toDrafts(text: string | null | undefined): SlotDraft[] {
  return parsePattern(text).map((slot) => ({ weekday: slot.weekday, time: formatTime(slot.hour, slot.minute), duration: slot.duration }));
}

/** class_schedule as the API takes it (JSON text). */
export function toPatternText(drafts: SlotDraft[]): string {
  return JSON.stringify(
    drafts.map((draft) => {
      const [hour, minute] = draft.time.split(':').map(Number);
      return { weekday: Number(draft.weekday), hour, minute, duration: Number(draft.duration) };
    }),
  );
}

/** "T2, T4 18:00 · T7 09:00 (90 phút)": the pattern in a table cell. */
export function patternSummary(text: string | null | undefined): string {
  const slots = [...parsePattern(text)].sort((a, b) => ((a.weekday + 6) % 7) - ((b.weekday + 6) % 7) || a.hour - b.hour || a.minute - b.minute);
  if (!slots.length) return '-';
  const byTime = new Map<string, string[]>();
  for (const slot of slots) {
    const key = `${formatTime(slot.hour, slot.minute)} (${slot.duration} phút)`;
    byTime.set(key, [...(byTime.get(key) ?? []), SHORT_WEEKDAYS[slot.weekday]]);
  }
  return [...byTime].map(([time, days]) => `${days.join(', ')} ${time}`).join(' · ');
}

/** A Vietnamese message for the first problem of the drafts, or null (the API checks the same). */
export function patternProblem(drafts: SlotDraft[]): string | null {
  if (!drafts.length) return 'Lịch trong tuần cần ít nhất một buổi: thứ, giờ bắt đầu và thời lượng';
  if (drafts.length > 14) return 'Lịch trong tuần có nhiều nhất 14 buổi';
  for (const draft of drafts) {
    if (!isTime(draft.time)) return 'Giờ bắt đầu có dạng HH:mm (ví dụ 18:00)';
    const duration = Number(draft.duration);
    if (draft.duration === '' || !Number.isInteger(duration) || duration < 15 || duration > 480) return 'Thời lượng từ 15 đến 480 phút';
    const [hour, minute] = draft.time.split(':').map(Number);
    if (hour * 60 + minute + duration > 24 * 60) return 'Buổi học phải kết thúc trong ngày';
  }
  const sorted = [...drafts].map((d) => ({ weekday: d.weekday, start: Number(d.time.slice(0, 2)) * 60 + Number(d.time.slice(3)), end: 0, duration: Number(d.duration) }));
  for (const a of sorted) a.end = a.start + a.duration;
  for (let i = 0; i < sorted.length; i += 1) {
    for (let j = i + 1; j < sorted.length; j += 1) {
      const [a, b] = [sorted[i], sorted[j]];
      if (a.weekday === b.weekday && a.start < b.end && b.start < a.end) return 'Hai buổi trong lịch tuần bị trùng giờ';
    }
  }
  return null;
}
