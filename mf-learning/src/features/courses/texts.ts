/** The words of the course screen, and the limits and messages its form shares with the API. */
import { PRODUCT_LIMITS, PRODUCT_TEXT } from '@trungtam/shared/contracts/products';

export const COURSES_TEXTS = {
  title: 'Khoá học',
  count: (n: number) => `${n} khoá học`,
  add: 'Thêm khoá học',
  table: 'Danh sách khoá học',
  name: 'Tên khoá học',
  type: 'Loại sản phẩm',
  teachingMethod: 'Hình thức học',
  items: 'Gói khoá học',
  itemsSummary: (count: number, min: number, max: number) => `${count} gói · ${min === max ? `${min} buổi` : `${min}–${max} buổi`}`,
  noItems: 'Chưa có gói',
  status: 'Trạng thái',
  description: 'Mô tả',
  search: 'Tìm theo tên khoá học',
  allTypes: 'Tất cả loại sản phẩm',
  allTeachingMethods: 'Tất cả hình thức học',
  chooseType: 'Chọn loại sản phẩm',
  chooseTeachingMethod: 'Chọn hình thức học',
  discounts: 'Khuyến mại áp dụng',
  discountLabel: (name: string, percent: number) => `${name} (${percent}%)`,
  noDiscounts: 'Chưa có hình thức khuyến mại nào',
  itemsSection: 'Các gói của khoá học',
  item: (n: number) => `Gói ${n}`,
  itemName: 'Tên gói',
  variantNone: 'Không chọn',
  totalLesson: 'Số buổi',
  price: 'Học phí (VND)',
  addItem: 'Thêm gói',
  removeItem: (n: number) => `Xoá gói ${n}`,
  created: 'Bạn đã thêm khoá học thành công',
  updated: 'Bạn đã cập nhật khoá học thành công',
  limits: PRODUCT_LIMITS,
} as const;

/** The form's messages: the API's own (the form refuses what the API would). */
export const COURSE_MESSAGES = PRODUCT_TEXT;
