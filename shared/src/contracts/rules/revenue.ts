/**
 * The revenue report: its groupings, range limits and Vietnamese texts, checked by the screen and the API.
 * A leaf module (it imports nothing of the contracts or the schemas), as the other rules files.
 */

/** A row per operator day (YYYY-MM-DD) or per month (YYYY-MM). */
export const REVENUE_GROUPS = ['day', 'month'] as const;
export type RevenueGroup = (typeof REVENUE_GROUPS)[number];

export const REVENUE_LIMITS = {
  /** The longest range read day by day: a year, a leap one included. */
  maxDays: 366,
  /** The longest range read month by month: five years. */
  maxMonths: 60,
} as const;

export const REVENUE_TEXT = {
  from: 'from: ngày bắt đầu có thật, dạng YYYY-MM-DD',
  to: 'to: ngày kết thúc có thật, dạng YYYY-MM-DD',
  group: 'group: day (theo ngày) hoặc month (theo tháng)',
  order: 'Ngày kết thúc không được trước ngày bắt đầu',
  tooManyDays: `Xem theo ngày được tối đa ${REVENUE_LIMITS.maxDays} ngày: hãy chọn khoảng ngắn hơn hoặc xem theo tháng`,
  tooManyMonths: `Xem theo tháng được tối đa ${REVENUE_LIMITS.maxMonths / 12} năm (${REVENUE_LIMITS.maxMonths} tháng)`,
} as const;
