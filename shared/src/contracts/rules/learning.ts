/**
 * The class types, the enrolment's start-date texts and the order statuses, checked by the forms and the API.
 * A leaf module (it imports nothing of the contracts or the schemas): the request schemas build on it and
 * the contracts re-export it, so neither imports the other's values.
 */

export const CLASS_TYPES = ['solo', 'collective', 'group'] as const;
export type ClassType = (typeof CLASS_TYPES)[number];

/** Enrolment status: 1 active, 2 course completed, 3 removed/cancelled. */
export type EnrollmentStatus = 1 | 2 | 3;

/** 'YYYY-MM-DD' as the screens write it, DD/MM/YYYY. */
const dmy = (iso: string) => iso.split('-').reverse().join('/');

/** The date from which an enrolment counts ("Tính từ ngày"): its bounds, checked by the API and the form. */
export const ENROLLMENT_TEXT = {
  startDate: 'Tính từ ngày phải là một ngày có thật, dạng YYYY-MM-DD',
  startAfterToday: 'Tính từ ngày không được sau hôm nay',
  startBeforeClass: (classStart: string) => `Tính từ ngày không được trước ngày lớp bắt đầu (${dmy(classStart)})`,
  startAfterAttendance: (firstRoll: string) => `Học viên đã được điểm danh buổi ${dmy(firstRoll)}: tính từ ngày không được sau ngày đó`,
} as const;

export const ORDER_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

// ---------------------------------------------------------------- the lesson ledger

/**
 * What changed an enrolment's lessons, one kind per ledger line. Credit kinds make its total (bought,
 * given, adjusted, moved in or out); consumption kinds make its lessons learned (sessions attended or
 * charged, the lessons learned before the ledger, corrections of either). Lessons left = total − learned
 * = the sum of every line.
 */
export const LEDGER_KINDS = [
  'purchased',
  'bonus',
  'renewal',
  'adjustment',
  'transfer_in',
  'transfer_out',
  'cancelled',
  'opening',
  'attended',
  'makeup_attended',
  'absence_charged',
  'roll_corrected',
  'learned_corrected',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const LEDGER_CONSUMPTION_KINDS: readonly LedgerKind[] = ['opening', 'attended', 'makeup_attended', 'absence_charged', 'roll_corrected', 'learned_corrected'];

/** How each kind reads in the "Lịch sử buổi học" dialog. */
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  purchased: 'Mua khoá học',
  bonus: 'Tặng buổi',
  renewal: 'Gia hạn',
  adjustment: 'Điều chỉnh',
  transfer_in: 'Chuyển đến từ lớp khác',
  transfer_out: 'Chuyển sang lớp khác',
  cancelled: 'Huỷ đăng ký (buổi chưa học được hoàn hoặc ghi vào tiền dư)',
  opening: 'Đã học trước khi có sổ buổi học',
  attended: 'Có mặt',
  makeup_attended: 'Học bù',
  absence_charged: 'Vắng không phép (tính buổi)',
  roll_corrected: 'Sửa điểm danh',
  learned_corrected: 'Sửa số buổi đã học',
};

/** A staff adjustment of an enrolment's lessons: its bounds and texts, checked by the form and the API. */
export const LESSON_ADJUSTMENT_LIMITS = { maxLessons: 1000, reasonMax: 255 } as const;
export const LEDGER_TEXT = {
  adjustmentLessons: `Số buổi điều chỉnh là số nguyên khác 0, từ -${LESSON_ADJUSTMENT_LIMITS.maxLessons} đến ${LESSON_ADJUSTMENT_LIMITS.maxLessons}`,
  adjustmentReason: 'Lý do điều chỉnh là bắt buộc',
  adjustmentReasonLength: `Lý do dài nhất là ${LESSON_ADJUSTMENT_LIMITS.reasonMax} kí tự`,
  adjustmentBelowLearned: 'Sau điều chỉnh, tổng số buổi không được ít hơn số buổi đã học',
  enrollmentRemoved: 'Học viên đã bị xoá khỏi lớp: không điều chỉnh được số buổi',
} as const;
