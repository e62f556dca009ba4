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
