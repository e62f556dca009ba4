/**
 * The reports' range texts.
 * A leaf module (it imports nothing of the contracts or the schemas): the request schemas build on it and
 * the contracts re-export it, so neither imports the other's values.
 */

export const REPORT_TEXT = {
  range: 'created_at: ngày bắt đầu và ngày kết thúc (YYYY-MM-DD HH:mm:ss)',
  rangeOrder: 'Ngày bắt đầu phải trước ngày kết thúc',
} as const;
