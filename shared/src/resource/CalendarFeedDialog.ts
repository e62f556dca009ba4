/**
 * "Lịch đăng ký (iCal)" of a class, a room or a student, opened from its row by staff who may read it:
 * its private calendar URL, which Google Calendar, an iPhone or Outlook subscribe to (GET /calendar/feed
 * with the kind and id; the API checks the reach). A closed dialog draws nothing and needs no code: the
 * dialog, with the QR code, downloads once the page has settled or when first opened
 * (CalendarFeedDialogContent.tsx), not with the list.
 */
import { lazyDialog } from '../ui/lazyParts';

/** Whose feed: a class, a room, or a student's account (the API also gives a teacher's). */
export type CalendarFeedKind = 'class' | 'room' | 'user';

/** How each kind is named: alone ("của lớp") and before its name ("lớp GT-01"; a room's name says "Phòng" itself). */
const NOUN: Record<CalendarFeedKind, { alone: string; named: (name: string) => string }> = {
  class: { alone: 'lớp', named: (name) => `lớp ${name}` },
  room: { alone: 'phòng', named: (name) => name },
  user: { alone: 'học viên', named: (name) => name },
};
const SUBJECT: Record<CalendarFeedKind, string> = {
  class: 'Các buổi học của lớp',
  room: 'Các buổi học trong phòng',
  user: 'Các buổi học của học viên',
};

export const CALENDAR_FEED_DIALOG_TEXTS = {
  title: 'Lịch đăng ký (iCal)',
  intro: (kind: CalendarFeedKind) => `${SUBJECT[kind]} trong ứng dụng lịch (Google Calendar, iPhone, Outlook): buổi mới, buổi đổi giờ và buổi nghỉ tự cập nhật.`,
  url: (kind: CalendarFeedKind) => `Đường dẫn lịch của ${NOUN[kind].alone}`,
  qr: (kind: CalendarFeedKind, name: string) => `Mã QR của đường dẫn lịch ${NOUN[kind].named(name)}`,
  private: (kind: CalendarFeedKind) => `Ai có đường dẫn này cũng xem được lịch của ${NOUN[kind].alone}.`,
  rotateQuestion: (kind: CalendarFeedKind, name: string) => `Tạo đường dẫn mới cho lịch ${NOUN[kind].named(name)}?`,
  close: 'Đóng',
} as const;

/** The class, room or account whose feed is shown. */
export interface CalendarFeedTarget {
  kind: CalendarFeedKind;
  id: number;
  /** Its name, under the title. */
  name: string;
}

export interface CalendarFeedDialogProps {
  /** Whose feed; null closes the dialog. */
  target: CalendarFeedTarget | null;
  onClose: () => void;
}

export const CalendarFeedDialog = lazyDialog<CalendarFeedDialogProps>(
  'CalendarFeedDialog',
  () => import('./CalendarFeedDialogContent').then((m) => m.CalendarFeedDialog),
  (props) => props.target !== null,
);
