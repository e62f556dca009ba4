/**
 * "Lịch đăng ký (iCal)" of a class, opened from its row by whoever may read the class (LearningClass
 * GetOne): the class's private calendar URL, which Google Calendar, an iPhone or Outlook subscribe to.
 * A closed one draws nothing and needs no code: the dialog, with the QR code, downloads once the page has
 * settled or when first opened (lazyDialog, ClassFeedDialogContent.tsx), not with the list.
 */
import { lazyDialog } from '@trungtam/shared/resource';

export const CLASS_FEED_TEXTS = {
  title: 'Lịch đăng ký (iCal)',
  intro: 'Các buổi học của lớp trong ứng dụng lịch (Google Calendar, iPhone, Outlook): buổi mới, buổi đổi giờ và buổi nghỉ tự cập nhật.',
  url: 'Đường dẫn lịch của lớp',
  qr: (name: string) => `Mã QR của đường dẫn lịch lớp ${name}`,
  private: 'Ai có đường dẫn này cũng xem được lịch của lớp.',
  rotateQuestion: (name: string) => `Tạo đường dẫn mới cho lịch lớp ${name}?`,
  close: 'Đóng',
} as const;

/** The class whose feed is shown. */
export interface ClassFeedTarget {
  class_id: number;
  class_name: string;
}

export interface ClassFeedDialogProps {
  /** The class; null closes the dialog. */
  target: ClassFeedTarget | null;
  onClose: () => void;
}

export const ClassFeedDialog = lazyDialog<ClassFeedDialogProps>(
  'ClassFeedDialog',
  () => import('./ClassFeedDialogContent').then((m) => m.ClassFeedDialog),
  (props) => props.target !== null,
);
