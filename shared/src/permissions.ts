/**
 * The permission catalogue and the one `can()` used by the API, the shell and every remote.
 * Pure TypeScript: no React, no browser APIs, so the API imports it as well. Which permission opens
 * which route is the route registry's (routes.ts, from deploy/remotes.json).
 */

export const USER_TYPES = ['administrator', 'academic_affair', 'teacher', 'student'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const PERMISSION_RESOURCES = [
  'ProductDiscount',
  'Product',
  'User',
  'LearningClassEnrollments',
  'LearningClass',
  'LearningClassSchedule',
  'LearningCenter',
  'LearningRoom',
  'Vendor',
  'ProductType',
  'NotificationSetting',
  'VariantGroup',
  'Variant',
  'System',
  'LearningCompetition',
  'LearningCompetitionExamineePoint',
  'Order',
  'PayrollTimesheet',
  'LessonAdjustment',
  'Payment',
  'BankStatement',
  'EnrollmentTransfer',
  'MessageTemplate',
  'Insight',
] as const;
export type PermissionResource = (typeof PERMISSION_RESOURCES)[number];

export const COMMON_ACTIONS = ['GetAll', 'GetOne', 'Create', 'Update', 'Delete', 'Export'] as const;
export const SYSTEM_ACTIONS = [
  'GetAllRole',
  'CreateRole',
  'UpdateRole',
  'DeleteRole',
  'GetAuditLog',
  'ManageAreas',
] as const;
export const SCHEDULE_ACTIONS = ['UpdateAttendance'] as const;
export type Action =
  | (typeof COMMON_ACTIONS)[number]
  | (typeof SYSTEM_ACTIONS)[number]
  | (typeof SCHEDULE_ACTIONS)[number];

/**
 * How the catalogue reads in Vietnamese: its resources and actions (the roles screen's matrix, the audit
 * log). A resource or an action added above without its label here fails the typecheck.
 */
export const PERMISSION_RESOURCE_LABELS: Record<PermissionResource, string> = {
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
  LessonAdjustment: 'Điều chỉnh số buổi học',
  Payment: 'Thu tiền',
  BankStatement: 'Sao kê ngân hàng',
  EnrollmentTransfer: 'Chuyển lớp',
  MessageTemplate: 'Mẫu tin gửi phụ huynh',
  Insight: 'Tổng quan vận hành',
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

export interface PermissionKey {
  resource: PermissionResource;
  action: Action;
}

/**
 * One entry of the catalogue. `id` is permanent: roles store permission ids, so an entry keeps its id
 * for ever, whatever is added around it.
 */
export interface CatalogueEntry extends PermissionKey {
  id: number;
}

/**
 * Every (resource, action) pair with its permanent integer id (the API seeds them as is).
 *
 * The ids are written out, not derived from the position: inserting a resource or an action in the lists
 * above must not renumber what roles already hold. To add a permission, append an entry at the end with
 * the next unused id; never change, reuse or renumber an existing id (shared/test/permissions.test.ts
 * pins every id and fails if one moves).
 */
export const PERMISSION_CATALOGUE: readonly CatalogueEntry[] = [
  { id: 1, resource: 'ProductDiscount', action: 'GetAll' },
  { id: 2, resource: 'ProductDiscount', action: 'GetOne' },
  { id: 3, resource: 'ProductDiscount', action: 'Create' },
  { id: 4, resource: 'ProductDiscount', action: 'Update' },
  { id: 5, resource: 'ProductDiscount', action: 'Delete' },
  { id: 6, resource: 'ProductDiscount', action: 'Export' },
  { id: 7, resource: 'Product', action: 'GetAll' },
  { id: 8, resource: 'Product', action: 'GetOne' },
  { id: 9, resource: 'Product', action: 'Create' },
  { id: 10, resource: 'Product', action: 'Update' },
  { id: 11, resource: 'Product', action: 'Delete' },
  { id: 12, resource: 'Product', action: 'Export' },
  { id: 13, resource: 'User', action: 'GetAll' },
  { id: 14, resource: 'User', action: 'GetOne' },
  { id: 15, resource: 'User', action: 'Create' },
  { id: 16, resource: 'User', action: 'Update' },
  { id: 17, resource: 'User', action: 'Delete' },
  { id: 18, resource: 'User', action: 'Export' },
  { id: 19, resource: 'LearningClassEnrollments', action: 'GetAll' },
  { id: 20, resource: 'LearningClassEnrollments', action: 'GetOne' },
  { id: 21, resource: 'LearningClassEnrollments', action: 'Create' },
  { id: 22, resource: 'LearningClassEnrollments', action: 'Update' },
  { id: 23, resource: 'LearningClassEnrollments', action: 'Delete' },
  { id: 24, resource: 'LearningClassEnrollments', action: 'Export' },
  { id: 25, resource: 'LearningClass', action: 'GetAll' },
  { id: 26, resource: 'LearningClass', action: 'GetOne' },
  { id: 27, resource: 'LearningClass', action: 'Create' },
  { id: 28, resource: 'LearningClass', action: 'Update' },
  { id: 29, resource: 'LearningClass', action: 'Delete' },
  { id: 30, resource: 'LearningClass', action: 'Export' },
  { id: 31, resource: 'LearningClassSchedule', action: 'GetAll' },
  { id: 32, resource: 'LearningClassSchedule', action: 'GetOne' },
  { id: 33, resource: 'LearningClassSchedule', action: 'Create' },
  { id: 34, resource: 'LearningClassSchedule', action: 'Update' },
  { id: 35, resource: 'LearningClassSchedule', action: 'Delete' },
  { id: 36, resource: 'LearningClassSchedule', action: 'Export' },
  { id: 37, resource: 'LearningClassSchedule', action: 'UpdateAttendance' },
  { id: 38, resource: 'LearningCenter', action: 'GetAll' },
  { id: 39, resource: 'LearningCenter', action: 'GetOne' },
  { id: 40, resource: 'LearningCenter', action: 'Create' },
  { id: 41, resource: 'LearningCenter', action: 'Update' },
  { id: 42, resource: 'LearningCenter', action: 'Delete' },
  { id: 43, resource: 'LearningCenter', action: 'Export' },
  { id: 44, resource: 'LearningRoom', action: 'GetAll' },
  { id: 45, resource: 'LearningRoom', action: 'GetOne' },
  { id: 46, resource: 'LearningRoom', action: 'Create' },
  { id: 47, resource: 'LearningRoom', action: 'Update' },
  { id: 48, resource: 'LearningRoom', action: 'Delete' },
  { id: 49, resource: 'LearningRoom', action: 'Export' },
  { id: 50, resource: 'Vendor', action: 'GetAll' },
  { id: 51, resource: 'Vendor', action: 'GetOne' },
  { id: 52, resource: 'Vendor', action: 'Create' },
  { id: 53, resource: 'Vendor', action: 'Update' },
  { id: 54, resource: 'Vendor', action: 'Delete' },
  { id: 55, resource: 'Vendor', action: 'Export' },
  { id: 56, resource: 'ProductType', action: 'GetAll' },
  { id: 57, resource: 'ProductType', action: 'GetOne' },
  { id: 58, resource: 'ProductType', action: 'Create' },
  { id: 59, resource: 'ProductType', action: 'Update' },
  { id: 60, resource: 'ProductType', action: 'Delete' },
  { id: 61, resource: 'ProductType', action: 'Export' },
  { id: 62, resource: 'NotificationSetting', action: 'GetAll' },
  { id: 63, resource: 'NotificationSetting', action: 'GetOne' },
  { id: 64, resource: 'NotificationSetting', action: 'Create' },
  { id: 65, resource: 'NotificationSetting', action: 'Update' },
  { id: 66, resource: 'NotificationSetting', action: 'Delete' },
  { id: 67, resource: 'NotificationSetting', action: 'Export' },
  { id: 68, resource: 'VariantGroup', action: 'GetAll' },
  { id: 69, resource: 'VariantGroup', action: 'GetOne' },
  { id: 70, resource: 'VariantGroup', action: 'Create' },
  { id: 71, resource: 'VariantGroup', action: 'Update' },
  { id: 72, resource: 'VariantGroup', action: 'Delete' },
  { id: 73, resource: 'VariantGroup', action: 'Export' },
  { id: 74, resource: 'Variant', action: 'GetAll' },
  { id: 75, resource: 'Variant', action: 'GetOne' },
  { id: 76, resource: 'Variant', action: 'Create' },
  { id: 77, resource: 'Variant', action: 'Update' },
  { id: 78, resource: 'Variant', action: 'Delete' },
  { id: 79, resource: 'Variant', action: 'Export' },
  { id: 80, resource: 'System', action: 'GetAll' },
  { id: 81, resource: 'System', action: 'GetOne' },
  { id: 82, resource: 'System', action: 'Create' },
  { id: 83, resource: 'System', action: 'Update' },
  { id: 84, resource: 'System', action: 'Delete' },
  { id: 85, resource: 'System', action: 'Export' },
  { id: 86, resource: 'System', action: 'GetAllRole' },
  { id: 87, resource: 'System', action: 'CreateRole' },
  { id: 88, resource: 'System', action: 'UpdateRole' },
  { id: 89, resource: 'System', action: 'DeleteRole' },
  { id: 90, resource: 'System', action: 'GetAuditLog' },
  { id: 91, resource: 'System', action: 'ManageAreas' },
  { id: 92, resource: 'LearningCompetition', action: 'GetAll' },
  { id: 93, resource: 'LearningCompetition', action: 'GetOne' },
  { id: 94, resource: 'LearningCompetition', action: 'Create' },
  { id: 95, resource: 'LearningCompetition', action: 'Update' },
  { id: 96, resource: 'LearningCompetition', action: 'Delete' },
  { id: 97, resource: 'LearningCompetition', action: 'Export' },
  { id: 98, resource: 'LearningCompetitionExamineePoint', action: 'GetAll' },
  { id: 99, resource: 'LearningCompetitionExamineePoint', action: 'GetOne' },
  { id: 100, resource: 'LearningCompetitionExamineePoint', action: 'Create' },
  { id: 101, resource: 'LearningCompetitionExamineePoint', action: 'Update' },
  { id: 102, resource: 'LearningCompetitionExamineePoint', action: 'Delete' },
  { id: 103, resource: 'LearningCompetitionExamineePoint', action: 'Export' },
  { id: 104, resource: 'Order', action: 'GetAll' },
  { id: 105, resource: 'Order', action: 'GetOne' },
  { id: 106, resource: 'Order', action: 'Create' },
  { id: 107, resource: 'Order', action: 'Update' },
  { id: 108, resource: 'Order', action: 'Delete' },
  { id: 109, resource: 'Order', action: 'Export' },
  { id: 110, resource: 'PayrollTimesheet', action: 'GetAll' },
  { id: 111, resource: 'PayrollTimesheet', action: 'GetOne' },
  { id: 112, resource: 'PayrollTimesheet', action: 'Create' },
  { id: 113, resource: 'PayrollTimesheet', action: 'Update' },
  { id: 114, resource: 'PayrollTimesheet', action: 'Delete' },
  { id: 115, resource: 'PayrollTimesheet', action: 'Export' },
  // staff adjust an enrolment's lessons (± with a reason) only with this permission of its own
  { id: 116, resource: 'LessonAdjustment', action: 'Create' },
  // payments of orders: see them, take one (with its receipt), void one (Delete: a payment is never deleted), export
  { id: 117, resource: 'Payment', action: 'GetAll' },
  { id: 118, resource: 'Payment', action: 'Create' },
  { id: 119, resource: 'Payment', action: 'Delete' },
  { id: 120, resource: 'Payment', action: 'Export' },
  // bank statements: see them and their lines, upload one (its lines matched to orders), assign or ignore a line
  { id: 121, resource: 'BankStatement', action: 'GetAll' },
  { id: 122, resource: 'BankStatement', action: 'Create' },
  { id: 123, resource: 'BankStatement', action: 'Update' },
  // move a student to another class with their lessons and money
  { id: 124, resource: 'EnrollmentTransfer', action: 'Create' },
  // the texts of the messages to families (and their quiet window): see and preview them, write them
  { id: 125, resource: 'MessageTemplate', action: 'GetAll' },
  { id: 126, resource: 'MessageTemplate', action: 'Update' },
  // the operator's insights (attendance, money across the centres): read them and export them
  { id: 127, resource: 'Insight', action: 'GetAll' },
];

export function isKnownPermission(resource: string, action: string): resource is PermissionResource {
  return PERMISSION_CATALOGUE.some((p) => p.resource === resource && p.action === action);
}

export const ADMINISTRATOR_ROLE_NAME = 'Administrator';

/** The smallest shape `can()` needs: what both the API's user row and the session user provide. */
export interface PermissionSubject {
  type: UserType;
  roles: ReadonlyArray<{ name: string; permissions: ReadonlyArray<PermissionKey> }>;
}

/**
 * A check passes for a user whose role is named Administrator, or whose role's permissions hold
 * (resource, action). A missing user never passes.
 */
export function can(
  user: PermissionSubject | null | undefined,
  resource: PermissionResource,
  action: Action,
): boolean {
  if (!user) return false;
  return user.roles.some(
    (role) =>
      role.name === ADMINISTRATOR_ROLE_NAME ||
      role.permissions.some((p) => p.resource === resource && p.action === action),
  );
}

export function isAdministrator(user: PermissionSubject | null | undefined): boolean {
  return !!user && user.roles.some((role) => role.name === ADMINISTRATOR_ROLE_NAME);
}
