/** Product texts of the notification bell, the page and the dashboard card (Vietnamese in every language). */
export const NOTIFICATION_TEXTS = {
  empty: 'Chưa có thông báo',
  latestTitle: 'Thông báo mới nhất',
  pageTitle: 'Danh sách thông báo',
  name: 'Tiêu đề',
  message: 'Nội dung',
  createdAt: 'Ngày tạo',
  state: 'Trạng thái',
} as const;
