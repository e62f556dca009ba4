/**
 * The competition area's statuses, limits, score arithmetic and texts, checked by the forms and the API.
 * A leaf module (it imports nothing of the contracts or the schemas): the request schemas build on it and
 * the contracts re-export it, so neither imports the other's values.
 */

/** An event's status: 1 draft, 2 registration open, 3 running, 4 finished. */
export const COMPETITION_STATUS = { DRAFT: 1, REGISTRATION: 2, RUNNING: 3, FINISHED: 4 } as const;
export type CompetitionStatus = (typeof COMPETITION_STATUS)[keyof typeof COMPETITION_STATUS];

export const COMPETITION_STATUS_LABELS: Record<CompetitionStatus, string> = {
  1: 'Nháp',
  2: 'Đang mở đăng ký',
  3: 'Đang thi',
  4: 'Đã kết thúc',
};

export const COMPETITION_LIMITS = {
  nameMax: 255,
  descriptionMax: 2000,
  schoolMax: 255,
  contactMax: 255,
  commentMax: 1000,
  /** Rounds of one event are ordered 1 … 50. */
  roundOrderMax: 50,
  /** The highest a round's maximum score may be. */
  maxScoreMax: 10_000,
  /** A round's score step when none is given: quarter points (7, 7.25, 7.5 …). */
  scoreStepDefault: 0.25,
  /** The smallest step: scores, steps and pass marks have at most two decimals. */
  scoreStepMin: 0.01,
  /** Grader assignments (subject, teacher) of one event. */
  gradersMax: 200,
  /** Scores one PUT /competition/scoring/update may carry. */
  scoresPerUpdateMax: 500,
  /** Rows one import file may hold. */
  importRowsMax: 2000,
  /** Bytes of one import file. */
  importBytesMax: 5 * 1024 * 1024,
} as const;

/**
 * A score, a step or a pass mark in hundredths (7.25 → 725), exactly; null when it has more than two
 * decimals. A JSON number of at most two decimals is the double nearest that decimal, and so is
 * hundredths / 100 (a correctly rounded division): the comparison is exact, not a tolerance.
 */
export function toHundredths(value: number): number | null {
  const hundredths = Math.round(value * 100);
  return Number.isSafeInteger(hundredths) && hundredths / 100 === value ? hundredths : null;
}

/** A score as Vietnamese write it: a comma for the decimal mark, no trailing zeros (7,25; 7,5; 8). */
export const formatScore = (value: number): string => String(value).replace('.', ',');

/**
 * A typed score, pass mark or step: digits with a comma or a dot as the decimal mark ('7,5', '7.25');
 * undefined when the text is not such a number (a sign, letters, a thousands separator).
 */
export function parseScoreText(text: string): number | undefined {
  const match = /^(\d{1,5})(?:[.,](\d{1,6}))?$/.exec(text.trim());
  return match ? Number(`${match[1]}.${match[2] ?? '0'}`) : undefined;
}

/** Why `score` cannot be given in a round of this maximum and step (the range first, then the step), or null. */
export function scoreProblem(score: number, round: { max_score: number; score_step: number }): string | null {
  if (!(score >= 0 && score <= round.max_score)) return COMPETITION_TEXT.scoreRange(round.max_score);
  const hundredths = toHundredths(score);
  const step = toHundredths(round.score_step) ?? 1;
  return hundredths === null || hundredths % step !== 0 ? COMPETITION_TEXT.scoreStep(round.score_step) : null;
}

export const COMPETITION_TEXT = {
  nameRequired: 'Tên cuộc thi không được để trống',
  nameMax: 'Tên cuộc thi dài nhất là 255 kí tự',
  duplicate: 'Cuộc thi tên này đã tồn tại',
  descriptionMax: 'Mô tả dài nhất là 2000 kí tự',
  startDate: 'Ngày bắt đầu không hợp lệ',
  endDate: 'Ngày kết thúc không hợp lệ',
  endBeforeStart: 'Ngày kết thúc phải sau hoặc bằng ngày bắt đầu',
  status: 'Trạng thái: 1 (nháp), 2 (đang mở đăng ký), 3 (đang thi) hoặc 4 (đã kết thúc)',
  centerNotFound: 'Trung tâm không tồn tại',
  graderNotTeacher: 'Giám khảo phải là tài khoản giáo viên',
  graderTwice: 'Giáo viên này đã được phân công chấm môn này',
  gradersMax: 'Một cuộc thi có nhiều nhất 200 phân công chấm thi',
  competitionRequired: 'Cuộc thi cần được chọn',
  competitionNotFound: 'Cuộc thi không tồn tại',
  eventHasScores: 'Cuộc thi đã có điểm thi: không thể xoá',

  topicNameRequired: 'Tên môn thi không được để trống',
  topicNameMax: 'Tên môn thi dài nhất là 255 kí tự',
  topicDuplicate: 'Môn thi tên này đã tồn tại',
  typeNameRequired: 'Tên nhóm thí sinh không được để trống',
  typeNameMax: 'Tên nhóm thí sinh dài nhất là 255 kí tự',
  typeDuplicate: 'Nhóm thí sinh tên này đã tồn tại',

  roundNameRequired: 'Tên vòng thi không được để trống',
  roundNameMax: 'Tên vòng thi dài nhất là 255 kí tự',
  roundOrder: 'Thứ tự vòng thi từ 1 đến 50',
  roundOrderTaken: 'Cuộc thi đã có vòng thi với thứ tự này',
  roundDate: 'Ngày thi không hợp lệ',
  maxScore: 'Điểm tối đa từ 1 đến 10000',
  passScore: 'Điểm đạt từ 0 đến điểm tối đa',
  passScoreDecimals: 'Điểm đạt có nhiều nhất 2 chữ số thập phân',
  scoreStepField: 'Bước điểm từ 0,01 đến điểm tối đa, nhiều nhất 2 chữ số thập phân',
  maxNotMultipleOfStep: 'Điểm tối đa phải là bội của bước điểm',
  stepBreaksScores: 'Đã có điểm không theo bước điểm mới',
  roundFinalized: 'Vòng thi đã chốt điểm: không thể thay đổi',
  maxBelowScores: 'Đã có điểm cao hơn điểm tối đa mới',
  roundMoved: 'Không thể chuyển vòng thi sang cuộc thi khác',

  examineeNameRequired: 'Họ tên thí sinh không được để trống',
  examineeNameMax: 'Họ tên dài nhất là 255 kí tự',
  birthDate: 'Ngày sinh không hợp lệ',
  schoolMax: 'Tên trường dài nhất là 255 kí tự',
  contactMax: 'Thông tin liên hệ dài nhất là 255 kí tự',
  topicRequired: 'Môn thi cần được chọn',
  topicNotFound: 'Môn thi không tồn tại',
  typeRequired: 'Nhóm thí sinh cần được chọn',
  typeNotFound: 'Nhóm thí sinh không tồn tại',
  studentNotFound: 'Học viên không tồn tại',
  studentTwice: 'Học viên này đã đăng ký môn thi này trong cuộc thi',
  competitionMoved: 'Không thể chuyển thí sinh sang cuộc thi khác',
  registrationClosed: 'Cuộc thi đã có vòng thi chốt điểm: không thể thêm thí sinh',
  examineeHasScores: 'Thí sinh đã có điểm thi: không thể xoá',

  importFileRequired: 'Cần chọn tệp Excel (.xlsx) để nhập',
  importFileInvalid: 'Tệp không phải là tệp Excel (.xlsx) hợp lệ',
  importEmpty: 'Tệp không có dòng thí sinh nào',
  importTooMany: 'Tệp có nhiều nhất 2000 dòng thí sinh',
  importTooLarge: 'Tệp lớn nhất là 5 MB',
  importUnpackedTooLarge: 'Tệp chứa quá nhiều dữ liệu: khi giải nén, một tệp nhập có nhiều nhất 6 MB',
  /** A cell holds a formula: an import takes values only. */
  importFormula: (cell: string) => `Ô ${cell} chứa công thức: tệp nhập chỉ được chứa giá trị`,
  /** The header row (row 1) lacks a column the rows need. */
  importColumnMissing: (column: string) => `Thiếu cột "${column}" ở dòng tiêu đề`,
  /** The same student and subject on an earlier row of the file. */
  importStudentTwiceInFile: (row: number) => `Học viên này đã có ở dòng ${row} với cùng môn thi`,
  importRefused: (refused: number) => `Có ${refused} dòng bị từ chối: chưa thí sinh nào được nhập`,
  importDone: (imported: number) => `Đã nhập ${imported} thí sinh`,

  scoreRange: (max: number) => `Điểm từ 0 đến ${max}`,
  /** A score between two steps of the round (7,3 when it marks by 0,25). */
  scoreStep: (step: number) => `Điểm chấm theo bước ${formatScore(step)}`,
  commentMax: 'Nhận xét dài nhất là 1000 kí tự',
  notInRound: 'Thí sinh không thi vòng này',
  notYourTopic: 'Bạn không được phân công chấm môn thi này',
  previousNotFinalized: 'Vòng thi trước chưa chốt điểm',
  alreadyFinalized: 'Vòng thi đã chốt điểm',
} as const;

/** The columns of the import template and of the examinee export, in order (the import reads them by header). */
export const EXAMINEE_SHEET_COLUMNS = {
  fullName: 'Họ và tên',
  birthDate: 'Ngày sinh (DD/MM/YYYY)',
  studentEmail: 'Email học viên',
  school: 'Trường',
  contact: 'Liên hệ',
  topic: 'Môn thi',
  type: 'Nhóm thí sinh',
} as const;
