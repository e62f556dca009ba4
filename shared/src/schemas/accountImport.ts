/**
 * Importing teachers and students from an xlsx file (README "Importing accounts"): the sheet's columns,
 * the limits and Vietnamese texts, and the answers of the dry run and the commit. Each row is checked with
 * the account form's own write schemas (schemas/users.ts), so these texts are only the file's and the
 * matching's; a field's message is the form's.
 */
import { Type, type Static } from 'typebox';

export const ACCOUNT_IMPORT_TYPES = ['teacher', 'student'] as const;
export type AccountImportType = (typeof ACCOUNT_IMPORT_TYPES)[number];

/** The header of each column (the template's first row; read trimmed, letter case aside, in any order). */
export const ACCOUNT_SHEET_COLUMNS = {
  name: 'Họ và tên',
  email: 'E-mail',
  phone: 'Số điện thoại',
  birthDate: 'Ngày sinh',
  address: 'Địa chỉ',
  bankingName: 'Ngân hàng',
  bankingNumber: 'Số tài khoản',
  certificate: 'Bằng cấp',
  about: 'Giới thiệu',
  source: 'Nguồn',
  guardianName: 'Người đại diện',
  guardianPhone: 'SĐT người đại diện',
  guardianEmail: 'E-mail người đại diện',
} as const;
export type AccountSheetColumn = keyof typeof ACCOUNT_SHEET_COLUMNS;

/** The columns of each type's template, in order. */
export const ACCOUNT_SHEET_LAYOUT: Record<AccountImportType, readonly AccountSheetColumn[]> = {
  teacher: ['name', 'email', 'phone', 'birthDate', 'address', 'bankingName', 'bankingNumber', 'certificate', 'about'],
  student: ['name', 'email', 'phone', 'birthDate', 'address', 'source', 'guardianName', 'guardianPhone', 'guardianEmail'],
};

export const ACCOUNT_IMPORT_LIMITS = {
  /** Rows one file may hold. */
  rowsMax: 2000,
  /** Bytes of one file. */
  bytesMax: 5 * 1024 * 1024,
} as const;

export const ACCOUNT_IMPORT_TEXT = {
  fileRequired: 'Cần chọn tệp Excel (.xlsx) để nhập',
  fileInvalid: 'Tệp không phải là tệp Excel (.xlsx) hợp lệ',
  fileEmpty: 'Tệp không có dòng tài khoản nào',
  fileTooMany: `Tệp có nhiều nhất ${ACCOUNT_IMPORT_LIMITS.rowsMax} dòng tài khoản`,
  fileTooLarge: 'Tệp lớn nhất là 5 MB',
  fileUnpackedTooLarge: 'Tệp chứa quá nhiều dữ liệu: khi giải nén, một tệp nhập có nhiều nhất 6 MB',
  fileFormula: (cell: string) => `Ô ${cell} chứa công thức: tệp nhập chỉ được chứa giá trị`,
  columnMissing: (column: string) => `Thiếu cột "${column}" ở dòng tiêu đề`,
  typeRequired: 'Loại tài khoản nhập là giáo viên hoặc học viên',
  planRequired: 'Cần kiểm tra tệp trước khi nhập',
  birthDate: 'Ngày sinh không hợp lệ (DD/MM/YYYY hoặc YYYY-MM-DD)',
  sourceUnknown: 'Nguồn không có trong danh sách',
  /** The e-mail is another type's account, or one out of the actor's reach: the same words as the form's. */
  emailOtherAccount: 'E-mail đã được dùng cho một tài khoản khác',
  phoneOtherAccount: 'Số điện thoại thuộc một tài khoản khác với e-mail của dòng',
  phoneSeveralAccounts: 'Số điện thoại trùng với nhiều tài khoản: hãy ghi e-mail của tài khoản cần cập nhật',
  emailTwiceInFile: (row: number) => `Trùng e-mail với dòng ${row} của tệp`,
  phoneTwiceInFile: (row: number) => `Trùng số điện thoại với dòng ${row} của tệp`,
  roleMissing: 'Chưa có vai trò cho loại tài khoản này',
  nothingToImport: 'Không có dòng hợp lệ nào để nhập',
  changed: 'Dữ liệu đã thay đổi từ lần kiểm tra trước: hãy xem lại kết quả rồi nhập lại',
  committed: (created: number, updated: number) => `Đã tạo ${created} và cập nhật ${updated} tài khoản`,
} as const;

export const ACCOUNT_IMPORT_OUTCOMES = ['create', 'update', 'refused', 'duplicate'] as const;
export type AccountImportOutcome = (typeof ACCOUNT_IMPORT_OUTCOMES)[number];

/** One row's result: 1-based sheet row (the header is row 1). */
export const AccountImportRow = Type.Object({
  row: Type.Integer(),
  outcome: Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('refused'), Type.Literal('duplicate')]),
  name: Type.String(),
  email: Type.String(),
  /** The account an update changes. */
  account_id: Type.Union([Type.Integer(), Type.Null()]),
  /** How the account an update changes was found. */
  matched_by: Type.Union([Type.Literal('email'), Type.Literal('phone'), Type.Null()]),
  errors: Type.Array(Type.String()),
});

export const AccountImportReport = Type.Object({
  type: Type.Union([Type.Literal('teacher'), Type.Literal('student')]),
  rows: Type.Array(AccountImportRow),
  counts: Type.Object({ create: Type.Integer(), update: Type.Integer(), refused: Type.Integer(), duplicate: Type.Integer() }),
  /** What the commit must still find (the rows' results): sent back with the commit. */
  plan: Type.String(),
});

export const AccountImportCheckResult = Type.Object({ data: AccountImportReport });
export const AccountImportCommitResult = Type.Object({
  data: Type.Object({ created: Type.Integer(), updated: Type.Integer(), message: Type.String() }),
});
/** The 409 of a commit whose file no longer gives the dry run's results: the new results, nothing written. */
export const AccountImportChanged = Type.Object({
  error: Type.Object({ code: Type.Literal('IMPORT_CHANGED'), message: Type.String(), report: AccountImportReport }),
});

export type AccountImportRowResult = Static<typeof AccountImportRow>;
export type AccountImportReportBody = Static<typeof AccountImportReport>;
export type AccountImportDone = Static<typeof AccountImportCommitResult>['data'];
