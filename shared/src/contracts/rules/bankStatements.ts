/**
 * Bank statement reconciliation: the lines' statuses and problems, the upload's limits and the Vietnamese
 * texts, checked by the forms and the API. A leaf module (it imports nothing of the contracts or the
 * schemas), as the other rules files.
 */

/** What became of a statement line: a payment recorded from it by its reference (matched) or by staff (assigned), ignored by staff, or waiting (unmatched). */
export const STATEMENT_LINE_STATUSES = ['matched', 'assigned', 'ignored', 'unmatched'] as const;
export type StatementLineStatus = (typeof STATEMENT_LINE_STATUSES)[number];

export const STATEMENT_LINE_STATUS_LABELS: Record<StatementLineStatus, string> = {
  matched: 'Đã khớp',
  assigned: 'Đã gán',
  ignored: 'Bỏ qua',
  unmatched: 'Chưa khớp',
};

/** Why a line was not recorded by itself. */
export const STATEMENT_LINE_PROBLEMS = ['unknown_reference', 'no_reference', 'over_owed', 'order_paid', 'order_cancelled', 'several_references', 'date'] as const;
export type StatementLineProblem = (typeof STATEMENT_LINE_PROBLEMS)[number];

export const STATEMENT_LINE_PROBLEM_LABELS: Record<StatementLineProblem, string> = {
  unknown_reference: 'Mã thanh toán không khớp đơn hàng nào',
  no_reference: 'Nội dung không có mã thanh toán',
  over_owed: 'Số tiền lớn hơn số còn phải thu',
  order_paid: 'Đơn hàng đã thu đủ',
  order_cancelled: 'Đơn hàng đã huỷ',
  several_references: 'Nội dung có nhiều mã thanh toán',
  date: 'Ngày giao dịch sau hôm nay hoặc trước ngày tạo đơn',
};

/** The bank key of a statement from a bank that is not on the NAPAS list. */
export const OTHER_BANK_KEY = 'other';

export const BANK_STATEMENT_LIMITS = {
  /** Bytes of one uploaded statement (xlsx or csv). */
  fileBytesMax: 5 * 1024 * 1024,
  /** Transaction lines one statement may hold. */
  linesMax: 10_000,
  /** Lines a preview shows under the header. */
  previewRows: 10,
  /** A column's name as remembered for a bank. */
  columnMax: 100,
  reasonMax: 255,
  /** A line's description as kept. */
  descriptionMax: 500,
} as const;

export const BANK_STATEMENT_TEXT = {
  bankKey: 'Ngân hàng là mã BIN 6 chữ số của danh sách NAPAS, hoặc "other"',
  centre: 'Trung tâm không tồn tại',
  column: 'Cần chọn cột từ dòng tiêu đề của tệp',
  columnNotFound: (column: string) => `Tệp không có cột "${column}" ở dòng tiêu đề`,
  columnsDistinct: 'Ba cột ngày, số tiền và nội dung phải khác nhau',
  fileRequired: 'Cần chọn tệp sao kê (.xlsx hoặc .csv)',
  fileInvalid: 'Tệp không phải là tệp sao kê Excel (.xlsx) hay CSV hợp lệ',
  fileTooLarge: 'Tệp lớn nhất là 5 MB',
  fileUnpackedTooLarge: 'Tệp chứa quá nhiều dữ liệu: khi giải nén, một tệp nhập có nhiều nhất 6 MB',
  fileOldExcel: 'Tệp Excel 97–2003 (.xls) không được hỗ trợ: hãy lưu lại dạng .xlsx hoặc .csv',
  fileEncoding: 'Tệp CSV phải được lưu với bảng mã UTF-8',
  fileCsvBroken: (line: number) => `Tệp CSV không đọc được ở dòng ${line} (dấu ngoặc kép không khớp?)`,
  fileFormula: (cell: string) => `Tệp có ô công thức (${cell}): hãy lưu sao kê dạng giá trị rồi tải lên lại`,
  fileEmpty: 'Tệp không có dòng tiêu đề hay dòng giao dịch nào',
  fileTooMany: 'Một sao kê có nhiều nhất 10.000 dòng giao dịch',
  fileNoLines: 'Không đọc được dòng giao dịch nào: kiểm tra lại cột ngày và cột số tiền đã chọn',
  lineFrom: (bank: string, row: number) => `Sao kê ${bank} dòng ${row}`,
  lineDecided: 'Dòng sao kê này đã được ghi nhận thanh toán',
  lineOrder: 'Cần nhập mã đơn hàng hoặc mã thanh toán (TT…)',
  lineReference: 'Mã thanh toán không hợp lệ',
  reason: 'Lý do bỏ qua là bắt buộc',
  reasonLength: 'Lý do dài nhất là 255 kí tự',
  imported: (matched: number, unmatched: number) => `Đã nhập sao kê: ${matched} dòng khớp đơn hàng, ${unmatched} dòng cần xử lý`,
} as const;
