/**
 * A course's statuses, limits and texts (the form and the API check the same).
 * A leaf module (it imports nothing of the contracts or the schemas): the request schemas build on it and
 * the contracts re-export it, so neither imports the other's values.
 */

/** A course's status, as the settings area's two-state statuses: 1 on sale, 2 no longer sold. */
export const PRODUCT_STATUS = { ACTIVE: 1, INACTIVE: 2 } as const;

/** The limits of a course and of its items (the form and the API check the same). */
export const PRODUCT_LIMITS = {
  nameMax: 255,
  descriptionMax: 2000,
  itemsMax: 50,
  variantsPerItemMax: 20,
  discountsMax: 100,
  totalLessonMin: 1,
  totalLessonMax: 1000,
  /** VND. */
  priceMin: 0,
  /** VND. */
  priceMax: 1_000_000_000,
} as const;

export const PRODUCT_TEXT = {
  nameRequired: 'Tên khoá học không được để trống',
  nameMax: 'Tên khoá học dài nhất là 255 kí tự',
  duplicate: 'Khoá học tên này đã tồn tại',
  typeRequired: 'Loại sản phẩm cần được chọn',
  typeNotFound: 'Loại sản phẩm không tồn tại',
  teachingMethodRequired: 'Hình thức học cần được chọn',
  teachingMethodNotFound: 'Hình thức học không tồn tại',
  descriptionMax: 'Mô tả dài nhất là 2000 kí tự',
  status: 'Trạng thái: 1 (đang mở bán) hoặc 2 (ngừng bán)',
  discountsRequired: 'Cần chọn ít nhất một hình thức khuyến mại (có thể chọn "Không khuyến mại")',
  discountsMax: 'Chọn nhiều nhất 100 hình thức khuyến mại',
  discountNotFound: 'Hình thức khuyến mại không tồn tại',
  itemsRequired: 'Khoá học cần ít nhất một gói',
  itemsMax: 'Khoá học có nhiều nhất 50 gói',
  itemNameRequired: 'Tên gói không được để trống',
  itemNameMax: 'Tên gói dài nhất là 255 kí tự',
  totalLesson: 'Số buổi từ 1 đến 1000',
  price: 'Học phí là số nguyên từ 0 đến 1.000.000.000 đồng',
  variantsMax: 'Mỗi gói có nhiều nhất 20 thuộc tính',
  variantNotFound: 'Thuộc tính không tồn tại',
  itemNotOfCourse: 'Gói này không thuộc khoá học',
  itemTwice: 'Gói này được gửi hai lần',
} as const;
