/**
 * How audit entries read: their actions, resources and fields in Vietnamese. The actions and resources
 * are keyed by the API's catalogue (AUDIT_ACTIONS, AUDIT_OWN_RESOURCES and the permission resources), so
 * one added there without a label here fails the typecheck; only an entry older than the catalogue could
 * show a name as it is stored.
 */
import type { AuditAction, AuditResource } from '@trungtam/shared/contracts';
import { PERMISSION_RESOURCE_LABELS } from '@trungtam/shared/permissions';

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Thêm',
  update: 'Sửa',
  delete: 'Xoá',
  import: 'Nhập từ file',
  register: 'Đăng ký tài khoản',
  login: 'Đăng nhập',
  'login.failed': 'Đăng nhập thất bại',
  logout: 'Đăng xuất',
  'password.update': 'Đặt mật khẩu',
  'password.change': 'Đổi mật khẩu',
  'password.forgot': 'Yêu cầu cấp lại mật khẩu',
  'password.reset': 'Đặt lại mật khẩu',
  'profile.update': 'Cập nhật hồ sơ',
  'session.end': 'Kết thúc phiên đăng nhập',
  'session.end_all': 'Đăng xuất mọi thiết bị',
  'notification.send': 'Gửi thông báo',
  'notification.read-all': 'Đánh dấu đã đọc tất cả',
  finalize: 'Chốt điểm vòng thi',
  release: 'Phát hành bản dựng',
  rollout: 'Phát hành thử nghiệm',
  promote: 'Đưa lên ổn định',
  rollback: 'Quay lại bản trước',
  enable: 'Bật khu vực',
  disable: 'Tắt khu vực',
  restore: 'Khôi phục (hoàn tác xoá)',
  'access.denied': 'Bị từ chối truy cập',
  rate_limited: 'Vượt quá số lần thử',
  approve: 'Duyệt',
  reject: 'Từ chối',
};

/** The permission resources, plus the audit log's own names (declared resources, routes, areas). */
export const AUDIT_RESOURCE_LABELS: Record<AuditResource, string> = {
  ...PERMISSION_RESOURCE_LABELS,
  Role: 'Quyền tài khoản',
  Center: 'Trung tâm',
  Room: 'Phòng học',
  Holiday: 'Ngày nghỉ',
  Discount: 'Khuyến mại',
  Notification: 'Thông báo',
  Competition: 'Cuộc thi',
  Topic: 'Môn thi',
  ExamineeType: 'Nhóm thí sinh',
  Round: 'Vòng thi',
  Examinee: 'Thí sinh',
  ExamineePoint: 'Điểm thi',
  RemoteArea: 'Khu vực',
  Route: 'Đường dẫn API',
  Guardian: 'Phụ huynh',
  FamilyMessage: 'Tin gửi phụ huynh',
  CalendarFeed: 'Lịch đăng ký (iCal)',
  SelfSignup: 'Tự đăng ký tài khoản',
  SavedView: 'Chế độ xem đã lưu',
};

export const AUDIT_FIELD_LABELS: Record<string, string> = {
  id: 'ID',
  name: 'Tên',
  email: 'Email',
  phone_number: 'Số điện thoại',
  phoneNumber: 'Số điện thoại',
  status: 'Trạng thái',
  type: 'Loại tài khoản',
  guard_name: 'Loại tài khoản',
  guardName: 'Loại tài khoản',
  permissions: 'Quyền (id)',
  center_id: 'Trung tâm (id)',
  centerId: 'Trung tâm (id)',
  roleId: 'Quyền tài khoản (id)',
  address: 'Địa chỉ',
  reason: 'Lý do',
  created_at: 'Tạo lúc',
  createdAt: 'Tạo lúc',
  updated_at: 'Cập nhật lúc',
  updatedAt: 'Cập nhật lúc',
  deleted_accounts: 'Tài khoản đã xoá được chuyển (id)',
  moved_to_role: 'Chuyển sang quyền (id)',
};

export const actionLabel = (action: string) => (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
export const resourceLabel = (resource: string) => (AUDIT_RESOURCE_LABELS as Record<string, string>)[resource] ?? resource;
export const fieldLabel = (field: string) => AUDIT_FIELD_LABELS[field] ?? field;

/** The options of a filter select: every known name, with its label, by label. */
export const labelOptions = (labels: Record<string, string>) =>
  Object.entries(labels)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'vi'));
