/**
 * Limits and validation messages, shared by the forms (yup) and the API (JSON schema), so that
 * the server refuses exactly what the forms refuse.
 */

export const LIMITS = {
  authField: { min: 3, max: 50 },
  accountPassword: { min: 7, max: 50 },
  accountEmail: { min: 7, max: 50 },
  accountName: { max: 255 },
  phone: { max: 20 },
  birthYearMin: 1900,
  /** The teacher and student extras of an account (each optional). */
  accountExtras: {
    banking_name: 255,
    banking_number: 64,
    about: 5000,
    certificate: 5000,
    information: 5000,
    reference_name: 255,
    reference_email: 255,
    address: 500,
  },
} as const;

/** The message of a text over its limit, the same on a form's field and in the API's answer. */
export const tooLongMessage = (max: number) => `Tối đa ${max} ký tự`;

/**
 * A Vietnamese phone number: `0` and nine digits, or `+84` and nine
 * digits. An account's phone and a student's representative's are checked with it, on the forms and in the API.
 */
export const PHONE_PATTERN = '^(0|\\+84)[0-9]{9}$';

/** The product's validation, error and success texts, verbatim. */
export const MESSAGES = {
  // auth forms (registration texts are in English)
  minSymbols: 'Minimum 3 symbols',
  maxSymbols: 'Maximum 50 symbols',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  wrongEmailFormat: 'Wrong email format',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordConfirmationRequired: 'Password confirmation is required',
  passwordMismatch: "Password and Confirm Password didn't match",
  acceptTerms: 'You must accept the terms and conditions',
  // login and forgot-password (Vietnamese empty messages)
  loginEmailRequired: 'Email không được để trống',
  loginPasswordRequired: 'Mật khẩu không được để trống',
  loginEmailFormat: 'Email chưa đúng định dạng',
  loginMin: 'Tối thiểu 3 ký tự',
  loginMax: 'Tối đa 50 ký tự',
  // account forms
  accountNameRequired: 'Tên tài khoản không được để trống',
  accountPasswordRequired: 'Mật khẩu tài khoản không được để trống',
  accountPasswordMin: 'Mật khẩu ngắn nhất là 7 kí tự',
  accountPasswordMax: 'Mật khẩu dài nhất là 50 kí tự',
  accountEmailFormat: 'Địa chỉ email chưa đúng định dạng',
  accountEmailRequired: 'Email tài khoản không được để trống',
  accountEmailMin: 'Email ngắn nhất là 7 kí tự',
  accountEmailMax: 'Email dài nhất là 50 kí tự',
  phoneRequired: 'Số điện thoại không được để trống',
  phoneFormat: 'Số điện thoại chưa đúng định dạng (0xxxxxxxxx hoặc +84xxxxxxxxx)',
  referencePhoneFormat: 'Số điện thoại người đại diện chưa đúng định dạng (0xxxxxxxxx hoặc +84xxxxxxxxx)',
  statusRequired: 'Trạng thái tài khoản cần được chọn',
  roleRequired: 'Cần phải nhập quyền tài khoản',
  // outcomes
  registrationFailed: 'Registration process has broken',
  loginFailed:
    'Thông tin đăng nhập không chính xác hoặc tài khoản đã bị khoá, vui lòng liên hệ quản trị viên',
  forgotPasswordStatusFailed: 'The login detail is incorrect',
  forgotPasswordFailed: 'Đã có lỗi xảy ra, vui lòng thử lại',
  // the email carries a link to set a new password (no password is sent)
  forgotPasswordSucceeded: 'Đường dẫn đặt mật khẩu mới đã được gửi, vui lòng kiểm tra email của bạn',
  accountCreateFailed: 'Tài khoản đã tồn tại, mời bạn nhập thông tin tài khoản khác.',
  accountUpdateFailed: 'Có lỗi của hệ thống, mời bạn thử lại',
  passwordUpdateFailed: 'Có lỗi của hệ thống, mời bạn thử lại',
  deleteFailed: 'Có lỗi với hệ thống, mời bạn thử lại sau',
  deleteConfirm: 'Bạn có chắc chắn muốn xóa?',
  deleted: 'Bạn đã xoá thành công',
  teacherCreated: 'Bạn đã khởi tạo giáo viên thành công',
  teacherUpdated: 'Bạn đã cập nhật giáo viên thành công',
  studentCreated: 'Bạn đã khởi tạo học viên thành công',
  studentUpdated: 'Bạn đã cập nhật học viên thành công',
  staffPasswordUpdated: 'Bạn đã cập nhật mật khẩu tài khoản giáo vụ thành công',
  passwordUpdated: 'Bạn đã cập nhật mật khẩu tài khoản thành công',
  // students and class enrolment
  birthDateInvalid: 'Ngày sinh không tồn tại, mời bạn chọn lại ngày, tháng, năm sinh',
  referenceEmailFormat: 'Email người đại diện chưa đúng định dạng',
  enrollmentClassRequired: 'Lớp học cần được chọn',
  enrollmentDiscountRequired: 'Hình thức khuyến mại cần được chọn',
  enrollmentAdded: 'Bạn đã gán học viên vào lớp thành công',
  enrollmentUpdated: 'Bạn đã cập nhật học viên vào lớp thành công',
  enrollmentSaveFailed: 'Có lỗi xảy ra mời bạn liên hệ quản trị hệ thống để hỗ trợ.',
  enrollmentRemoved: 'Bạn đã xoá học viên khỏi lớp thành công',
  enrollmentRemoveFailed: 'Có lỗi xảy ra, bạn cần liên hệ quản trị viên để kiểm tra',
  lessonsLearnedRange: 'Số buổi đã học phải là số nguyên từ 0 đến tổng số buổi',
  bonusLessonsRange: 'Số buổi tặng phải là số nguyên không âm',
  // change-password modal
  changePasswordTitle: 'Đổi mật khẩu tài khoản',
  changePasswordSubmit: 'Cập nhật mật khẩu tài khoản',
  pleaseWait: 'Vui lòng chờ trong giây lát...',
} as const;

/** Every form waits this long (waiting indicator shown) before it sends its request. */
export const FORM_SUBMIT_DELAY_MS = 1000;
/** Success and failure toasts stay this long. */
export const TOAST_DURATION_MS = 2000;

/** Page sizes of each list and fetch. */
export const PAGE_SIZES = {
  teachers: 50,
  students: 10,
  enrollmentHistory: 10,
  notificationBell: 10,
  notificationDropdown: 3,
  dashboardNotifications: 5,
  dashboardSchedules: 20,
  discounts: 100,
  roleFetch: 500,
  allRoles: 1000,
  fullAccounts: 1000,
  classFetch: 1000,
  export: 100,
} as const;

// RFC-5322-lite: what both yup's `email()` and the API accept.
export const EMAIL_PATTERN = "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$";
