/** The Vietnamese texts of the notification settings screen, and how a message's target reads. */
import { NOTIFICATION_LIMITS, type NotificationTarget, type NotificationTargetKind, type NotificationTargetType } from '@trungtam/shared/contracts/notifications';

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
  nameRequired: 'Tiêu đề thông báo không được để trống',
  nameMax: `Tiêu đề thông báo dài nhất là ${NOTIFICATION_LIMITS.name} kí tự`,
  messageRequired: 'Nội dung thông báo không được để trống',
  messageMax: `Nội dung thông báo dài nhất là ${NOTIFICATION_LIMITS.message} kí tự`,
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

/** The texts of "Gửi phụ huynh": a message of the centre to the guardians of a class, a centre or chosen students. */
export const FREE_MESSAGE_TEXTS = {
  open: 'Gửi phụ huynh',
  title: 'Gửi tin cho phụ huynh',
  intro: 'Tin được gửi ngay tới phụ huynh của từng học viên, qua kênh mỗi phụ huynh chọn (anh chị em chung phụ huynh chỉ nhận một tin).',
  recipients: 'Người nhận',
  content: 'Nội dung tin',
  target: 'Gửi tới phụ huynh của',
  targetClass: 'Học viên đang học một lớp',
  targetCenter: 'Mọi học viên của một trung tâm',
  targetStudents: 'Những học viên được chọn',
  classSearch: 'Tìm lớp theo tên',
  classField: 'Lớp',
  classPlaceholder: 'Chọn lớp',
  classNone: 'Không tìm thấy lớp phù hợp',
  center: 'Trung tâm',
  centerPlaceholder: 'Chọn trung tâm',
  studentSearch: 'Tìm học viên theo tên, email, số điện thoại',
  students: 'Học viên nhận tin',
  studentPlaceholder: 'Chọn học viên',
  studentNone: 'Không tìm thấy học viên phù hợp',
  studentAdd: 'Thêm',
  studentRemove: (label: string) => `Bỏ ${label}`,
  studentsEmpty: 'Chưa chọn học viên nào',
  subject: 'Tiêu đề',
  text: 'Nội dung',
  // (the API's own words for a target left out)
  classRequired: 'Chọn lớp nhận tin',
  centerRequired: 'Chọn trung tâm nhận tin',
  studentsRequired: 'Chọn học viên nhận tin',
  studentsMax: 'Chọn từ 1 đến 500 học viên',
  send: 'Gửi tin',
  cancel: 'Huỷ',
  close: 'Đóng',
  counting: 'Đang đếm số học viên...',
  centerQuestion: (center: string, students: number) => `Gửi tin tới phụ huynh của ${students} học viên của ${center}?`,
  centerUncounted: (center: string) => `Gửi tin tới phụ huynh của mọi học viên của ${center}?`,
  centerEffect: 'Tin được gửi ngay và không thể thu hồi.',
  nobody: 'Trung tâm chưa có học viên nào để gửi tin',
  result: (queued: number, students: number, withoutContact: number) =>
    `Đã xếp ${queued} tin cho phụ huynh của ${students} học viên${withoutContact ? `; ${withoutContact} học viên chưa có liên hệ` : ''}.`,
  withoutContactHelp: 'Học viên chưa có liên hệ không nhận được tin: hãy thêm phụ huynh cho học viên ở màn hình Học viên.',
  sendAnother: 'Soạn tin khác',
  failed: 'Có lỗi với hệ thống, mời bạn thử lại sau',
} as const;
