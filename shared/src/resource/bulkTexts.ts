/** The bulk actions' texts (BulkBar, its result dialog). */
import { BULK_LIMIT } from '@trungtam/shared/contracts';

export const BULK_BAR_TEXTS = {
  region: 'Thao tác với các dòng đã chọn',
  chosen: (count: number, noun: string) => `Đã chọn ${count} ${noun}`,
  allChosen: (count: number, noun: string) => `Đã chọn tất cả ${count} ${noun} khớp bộ lọc`,
  selectPage: 'Chọn cả trang',
  selectAll: (count: number) => `Chọn tất cả ${count} kết quả`,
  overLimit: `Mỗi lần thao tác tối đa ${BULK_LIMIT} dòng: hãy lọc hẹp hơn để chọn tất cả`,
  clear: 'Bỏ chọn',
  outcome: (succeeded: number, refused: number) => `${succeeded} dòng thành công, ${refused} dòng bị từ chối:`,
  refusals: 'Các dòng bị từ chối',
  refusedSuffix: (refused: number) => ` · ${refused} dòng bị từ chối`,
  close: 'Đóng',
  failed: 'Có lỗi với hệ thống, mời bạn thử lại sau',
  undone: (count: number) => `Đã hoàn tác ${count} dòng`,
  undoPartly: (count: number, refused: number) => `Đã hoàn tác ${count} dòng, ${refused} dòng không hoàn tác được`,
  deleteConfirm: (count: number, noun: string) => `Xoá ${count} ${noun}? Không thể hoàn tác.`,
  deleted: (count: number, noun: string) => `Đã xoá ${count} ${noun}`,
  delete: 'Xoá',
} as const;
