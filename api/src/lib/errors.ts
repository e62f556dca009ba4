import type { ApiErrorCode } from '@trungtam/shared/contracts';
import { BUILDER_TEXT } from '@trungtam/shared/schemas/builders';

/** An error the API answers with as `{ error: { code, message, fields? } }`. */
export class ApiError extends Error {
  /** Sent as the Retry-After header (a 429). */
  retryAfterSeconds?: number;

  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const TEXT = {
  unauthenticated: 'Phiên đăng nhập không hợp lệ hoặc đã hết hạn, vui lòng đăng nhập lại',
  accountLocked: 'Tài khoản đã bị khoá, vui lòng liên hệ quản trị viên',
  forbidden: 'Bạn không có quyền thực hiện thao tác này',
  notFound: 'Không tìm thấy dữ liệu yêu cầu',
  routeNotFound: 'Không tìm thấy đường dẫn yêu cầu',
  validation: 'Dữ liệu gửi lên không hợp lệ',
  invalidValue: BUILDER_TEXT.invalidValue,
  nulCharacter: BUILDER_TEXT.nulCharacter,
  fieldRequired: BUILDER_TEXT.fieldRequired,
  internal: 'Có lỗi của hệ thống, mời bạn thử lại',
  databaseUnavailable: 'Hệ thống tạm thời không kết nối được cơ sở dữ liệu, vui lòng thử lại sau giây lát',
  rateLimited: 'Bạn đã đăng nhập sai quá nhiều lần, vui lòng thử lại sau {after}',
  emailTaken: 'Tài khoản đã tồn tại, mời bạn nhập thông tin tài khoản khác.',
  wrongCurrentPassword: 'Mật khẩu hiện tại không chính xác',
  confirmMismatch: 'Mật khẩu xác nhận không khớp với mật khẩu mới',
  notOwnAccount: 'Bạn chỉ có thể đổi mật khẩu của chính tài khoản mình',
  resetTokenInvalid: 'Liên kết đặt lại mật khẩu không hợp lệ hoặc đã hết hạn',
  roleGuardMismatch: 'Quyền tài khoản không phù hợp với loại tài khoản',
  roleNotFound: 'Quyền tài khoản không tồn tại',
  onlyAdminManagesAdmin: 'Chỉ quản trị viên mới được thao tác trên tài khoản quản trị viên',
  cannotDeleteSelf: 'Bạn không thể xoá chính tài khoản của mình',
  typeNotAllowed: 'Bạn không được quản lý loại tài khoản này',
  centerNotAllowed: 'Bạn chỉ được quản lý tài khoản thuộc trung tâm của mình',
  sortColumn: 'Cột sắp xếp không hợp lệ',
  relationship: 'Quan hệ không hợp lệ',
  dateRange: 'Khoảng thời gian không hợp lệ (YYYY-MM-DD HH:mm:ss)',
  unknownPermission: 'Quyền không có trong danh mục',
  roleInUse: 'Quyền tài khoản đang được sử dụng, không thể xoá',
  adminRoleProtected: 'Không thể đổi tên, giảm quyền hoặc xoá quyền Administrator',
  roleNameTaken: 'Tên quyền đã tồn tại',
  classNotFound: 'Lớp học không tồn tại',
  classHasNoCourse: 'Lớp học chưa gắn với gói khoá học nên chưa thể xếp học viên',
  discountNotFound: 'Hình thức khuyến mại không tồn tại',
  discountNotAllowed: 'Hình thức khuyến mại không áp dụng cho khoá học của lớp này',
  notAStudent: 'Chỉ có thể xếp tài khoản học viên vào lớp',
  enrollmentDuplicate: 'Học viên đang học lớp này, không thể gán thêm lần nữa',
  enrollmentClassLocked: 'Không thể đổi lớp học khi cập nhật, hãy xoá học viên khỏi lớp rồi gán lớp mới',
  enrollmentRemoved: 'Học viên đã được xoá khỏi lớp này',
  enrollmentNotified: 'Bạn đã được xếp vào lớp học',
  notOwnNotifications: 'Bạn chỉ được xem và đánh dấu thông báo của chính mình',
  profileUpdateFailed: 'Có lỗi của hệ thống, mời bạn thử lại',
} as const;

export const unauthenticated = (message: string = TEXT.unauthenticated) =>
  new ApiError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message: string = TEXT.forbidden) => new ApiError(403, 'FORBIDDEN', message);
export const notFound = (message: string = TEXT.notFound) => new ApiError(404, 'NOT_FOUND', message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new ApiError(409, 'CONFLICT', message, fields);
/** 422: the request is well formed but what it names cannot be accepted (a build the shell cannot run). */
export const unprocessable = (message: string) => new ApiError(422, 'UNPROCESSABLE', message);
/** 503: something the answer depends on cannot be reached now. */
export const unavailable = (message: string) => new ApiError(503, 'UNAVAILABLE', message);
export const invalid = (fields: Record<string, string>, message: string = TEXT.validation) =>
  new ApiError(400, 'VALIDATION_FAILED', message, fields);
