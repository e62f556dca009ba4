/** The Vietnamese texts of the notification settings screen, and how a message's target reads. */
import type { NotificationTarget, NotificationTargetKind, NotificationTargetType } from '@trungtam/shared/contracts/notifications';

export const NOTIFICATION_SETTINGS_TEXTS = {
  title: 'Cài đặt thông báo',
  count: (n: number) => `${n} thông báo`,
  add: 'Soạn thông báo',
  table: 'Danh sách thông báo đã soạn',
  name: 'Tiêu đề',
  message: 'Nội dung',
  target: 'Người nhận',
  status: 'Trạng thái',
  reach: 'Đã nhận / đã đọc',
  createdAt: 'Ngày tạo',
  draft: 'Nháp',
  sent: 'Đã gửi',
  sentAt: (when: string) => `lúc ${when}`,
  reachText: (recipients: number, read: number) => `${recipients} người nhận · ${read} đã đọc`,
  search: 'Tìm theo tiêu đề, nội dung',
  allStatuses: 'Tất cả',
  send: 'Gửi',
  toFamilies: 'Gửi phụ huynh',
  // the form
  contentSection: 'Nội dung thông báo',
  sentReadOnly: 'Thông báo đã gửi: chỉ xem, không thể sửa hay xoá.',
  targetSection: 'Người nhận',
  kind: 'Gửi tới',
  kindPlaceholder: 'Chọn đối tượng nhận',
  type: 'Loại tài khoản',
  typePlaceholder: 'Chọn loại tài khoản',
  center: 'Trung tâm',
  centerPlaceholder: 'Chọn trung tâm',
  everyCenter: 'Tất cả trung tâm',
  user: 'Tài khoản nhận',
  userPlaceholder: 'Chọn tài khoản',
  userSearch: 'Tìm tài khoản theo tên, email, số điện thoại',
  userNone: 'Không tìm thấy tài khoản phù hợp',
  kindRequired: 'Cần chọn đối tượng nhận',
  typeRequired: 'Cần chọn loại tài khoản nhận',
  centerRequired: 'Cần chọn trung tâm nhận',
  userRequired: 'Cần chọn tài khoản nhận',
  createTitle: 'Soạn thông báo',
  editTitle: 'Sửa thông báo nháp',
  viewTitle: 'Xem thông báo đã gửi',
  createSubmit: 'Lưu nháp',
  editSubmit: 'Lưu thay đổi',
  created: 'Bạn đã lưu thông báo nháp thành công',
  updated: 'Bạn đã cập nhật thông báo thành công',
  failed: 'Có lỗi của hệ thống, mời bạn thử lại',
  // sending
  counting: 'Đang đếm số người nhận...',
  sendQuestion: (name: string, count: number) => `Gửi thông báo "${name}" tới ${count} người? Sau khi gửi, thông báo không thể sửa hay xoá.`,
  sendUncounted: (name: string) => `Gửi thông báo "${name}"? Sau khi gửi, thông báo không thể sửa hay xoá.`,
  nobody: (name: string) => `Thông báo "${name}" hiện không có người nhận nào.`,
  sendSuccess: 'Bạn đã gửi thông báo thành công',
  sendFailed: 'Có lỗi với hệ thống, mời bạn thử lại sau',
} as const;

export const TARGET_KIND_LABELS: Record<NotificationTargetKind, string> = {
  type: 'Theo loại tài khoản',
  center: 'Mọi người của một trung tâm',
  user: 'Một tài khoản',
  all: 'Tất cả tài khoản',
};

/** A type target in a sentence ('Tất cả giáo viên'). */
export const TARGET_TYPE_LABELS: Record<NotificationTargetType, string> = {
  teacher: 'Tất cả giáo viên',
  student: 'Tất cả học viên',
  academic_affair: 'Tất cả giáo vụ',
};

/** The account types a type target offers (the select's labels). */
export const TARGET_TYPE_OPTIONS: Array<{ value: NotificationTargetType; label: string }> = [
  { value: 'teacher', label: 'Giáo viên' },
  { value: 'student', label: 'Học viên' },
  { value: 'academic_affair', label: 'Giáo vụ' },
];

/** Whom a message goes to, as a person reads it: 'Tất cả giáo viên – Trung tâm Hà Nội', 'Nguyễn Văn A'. */
export function describeTarget(target: NotificationTarget | undefined): string {
  if (!target) return '-';
  const center = target.center_id ? (target.center_name ?? `Trung tâm #${target.center_id}`) : null;
  switch (target.kind) {
    case 'user':
      return target.user_name ?? `Tài khoản #${target.user_id}`;
    case 'center':
      return center ?? '-';
    case 'type': {
      const group = target.type ? TARGET_TYPE_LABELS[target.type] : TARGET_KIND_LABELS.type;
      return center ? `${group} – ${center}` : group;
    }
    case 'all':
      return center ? `${TARGET_KIND_LABELS.all} – ${center}` : TARGET_KIND_LABELS.all;
  }
}
