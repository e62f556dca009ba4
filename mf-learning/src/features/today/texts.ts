/** The Vietnamese texts of "Hôm nay". */
export const TODAY_TEXTS = {
  title: 'Hôm nay',
  empty: 'Hôm nay không có buổi học nào',
  next: 'Sắp tới',
  finished: 'Đã kết thúc',
  running: 'Đang học',
  upcoming: 'Chưa bắt đầu',
  over: 'Đã xong',
  taken: 'Đã điểm danh',
  notTaken: 'Chưa điểm danh',
  makeup: 'Học bù',
  truncated: (shown: number, total: number) => `Đang hiển thị ${shown} trên ${total} buổi học: mở "Lịch học" để lọc theo trung tâm hoặc lớp.`,
  openRoll: (name: string, time: string) => `Điểm danh ${name}, ${time}`,
  // the roll
  back: '← Hôm nay',
  rollTitle: 'Điểm danh',
  retry: 'Thử lại',
  saving: 'Đang lưu...',
  restPresent: (left: number) => `Còn lại có mặt (${left}) · Lưu`,
  savedSummary: (present: number, absent: number, excused: number) => `Đã lưu: ${present} có mặt · ${absent} vắng · ${excused} có phép`,
  exceptionsBefore: 'Ai vắng hoặc có phép: chọn trước, rồi bấm nút trên để lưu (những người còn lại có mặt).',
  exceptionsAfter: 'Sửa một học viên: mỗi lần chọn được lưu ngay.',
} as const;
