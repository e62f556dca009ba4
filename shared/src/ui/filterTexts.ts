/** The filter dropdown's texts (FilterDropdown.tsx, FilterPopover.tsx). */
export const FILTER_TEXTS = {
  trigger: 'Bộ lọc',
  title: 'Tuỳ chọn lọc',
  reset: 'Đặt lại',
  apply: 'Áp dụng',
} as const;
