/**
 * The operator's insights (/learning/insights/…): their default period, range limit and Vietnamese texts,
 * checked by the screen and the API. A leaf module (it imports nothing of the contracts or the schemas).
 */

export const INSIGHT_LIMITS = {
  /** The period shown when none is asked for: the last 8 weeks (the current one included). */
  defaultWeeks: 8,
  /** The longest period: a year, a leap one included. */
  maxDays: 366,
  /** The students listed as the most absent. */
  topAbsent: 10,
  /** The classes and the teachers listed on screen: the lowest rates, the fullest classes (every one counted; the export lists all). */
  rowsListed: 50,
} as const;

export const INSIGHT_TEXT = {
  from: 'from: ngày bắt đầu có thật, dạng YYYY-MM-DD',
  to: 'to: ngày kết thúc có thật, dạng YYYY-MM-DD',
  order: 'Ngày kết thúc không được trước ngày bắt đầu',
  tooLong: `Khoảng thời gian được tối đa ${INSIGHT_LIMITS.maxDays} ngày: hãy chọn khoảng ngắn hơn`,
  centerId: 'center_id: mã trung tâm là số',
  productId: 'product_id: mã khoá học là số',
  teacherId: 'teacher_id: mã giáo viên là số',
} as const;
