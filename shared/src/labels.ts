/**
 * How codes read to a person: account status, account type, student source, class type, order status.
 * One place, so that a screen and the file exported from it say the same thing. Pure TypeScript: the API
 * imports it too.
 */
import { ACCOUNT_STATUS, STUDENT_SOURCES, type SelfSignupMode, type StudentSource, type UserType } from './contracts';
import type { ClassType, OrderStatus } from './contracts/learning';

export const ACCOUNT_STATUS_LABELS: Record<number, string> = {
  [ACCOUNT_STATUS.ACTIVE]: 'Hoạt động',
  [ACCOUNT_STATUS.PENDING]: 'Chờ duyệt',
  [ACCOUNT_STATUS.LOCKED]: 'Đã khoá',
};

export const SELF_SIGNUP_LABELS: Record<SelfSignupMode, string> = {
  open: 'Mở: tài khoản dùng được ngay',
  approval: 'Cần duyệt: tài khoản chờ nhân viên duyệt vào trung tâm và lớp',
  closed: 'Đóng: không nhận đăng ký',
};

export const USER_TYPE_LABELS: Record<UserType, string> = {
  administrator: 'Quản trị viên',
  academic_affair: 'Giáo vụ',
  teacher: 'Giáo viên',
  student: 'Học viên',
};

export const STUDENT_SOURCE_LABELS: Record<StudentSource, string> = {
  facebook: 'Facebook',
  direct: 'Trực tiếp',
  affliate: 'Affiliate',
  ads: 'Quảng cáo',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  other: 'Khác',
};

/** An empty source means unknown. */
export const UNKNOWN_SOURCE_LABEL = 'Chưa rõ';

export const studentSourceLabel = (source: string | null | undefined): string =>
  source && (STUDENT_SOURCES as readonly string[]).includes(source) ? STUDENT_SOURCE_LABELS[source as StudentSource] : UNKNOWN_SOURCE_LABEL;

/** Class types (solo, collective, group). */
export const CLASS_TYPE_LABELS: Record<ClassType, string> = {
  solo: 'Kèm 1-1',
  collective: 'Lớp tập thể',
  group: 'Lớp nhóm',
};

/** An order's status (pending, paid, cancelled). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Chờ thanh toán',
  paid: 'Đã thanh toán',
  cancelled: 'Đã huỷ',
};
