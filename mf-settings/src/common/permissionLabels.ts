/**
 * How the permission catalogue reads in Vietnamese: its resources and actions. The roles screen's
 * matrix and the audit-log screen both use them; a resource or an action added to the catalogue
 * without a label here fails the typecheck (the records are keyed by the catalogue's own types).
 */
import type { Action, Resource } from '@trungtam/shared/permissions';

export const RESOURCE_LABELS: Record<Resource, string> = {
  ProductDiscount: 'Khuyến mại',
  Product: 'Khoá học',
  User: 'Tài khoản',
  LearningClassEnrollments: 'Xếp lớp học viên',
  LearningClass: 'Lớp học',
  LearningClassSchedule: 'Lịch học',
  LearningCenter: 'Trung tâm',
  LearningRoom: 'Phòng học',
  Vendor: 'Hình thức học',
  ProductType: 'Loại sản phẩm',
  NotificationSetting: 'Cài đặt thông báo',
  VariantGroup: 'Nhóm thuộc tính',
  Variant: 'Thuộc tính',
  System: 'Hệ thống',
  LearningCompetition: 'Cuộc thi',
  LearningCompetitionExamineePoint: 'Chấm thi',
  Order: 'Đơn hàng',
  PayrollTimesheet: 'Bảng công giáo viên',
};

export const ACTION_LABELS: Record<Action, string> = {
  GetAll: 'Xem danh sách',
  GetOne: 'Xem chi tiết',
  Create: 'Thêm',
  Update: 'Sửa',
  Delete: 'Xoá',
  Export: 'Xuất file',
  UpdateAttendance: 'Điểm danh',
  GetAllRole: 'Xem quyền tài khoản',
  CreateRole: 'Thêm quyền tài khoản',
  UpdateRole: 'Sửa quyền tài khoản',
  DeleteRole: 'Xoá quyền tài khoản',
  GetAuditLog: 'Xem nhật ký hệ thống',
  ManageAreas: 'Quản lý phân hệ',
};
