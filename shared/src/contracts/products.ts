/**
 * HTTP contract of courses (the spec's products, `/product/list|create|show|update|delete`): the record,
 * the write body, the list query, and the limits and texts the form and the API share. The records and
 * bodies are the API's own schemas (schemas/products), taken here as types.
 */
import type { Static } from 'typebox';
import type { ListQuery } from '../contracts';
import type { ProductCreateBody, ProductItemRecord, ProductItemWrite, ProductRecord, ProductUpdateBody } from '../schemas/products';

/** A course's status, as the settings area's two-state statuses: 1 on sale, 2 no longer sold. */
export const PRODUCT_STATUS = { ACTIVE: 1, INACTIVE: 2 } as const;

/** The limits of a course and of its items (spec point 5: the form and the API check the same). */
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
  vendorRequired: 'Hình thức học cần được chọn',
  vendorNotFound: 'Hình thức học không tồn tại',
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

/** A course as the API answers it: its items, its allowed discounts, and the names of its type and teaching method. */
export type Product = Static<typeof ProductRecord>;
/** One item of a course: a package of lessons at a price (VND). */
export type ProductItem = Static<typeof ProductItemRecord>;

/** POST /product/create: the whole course with its items. */
export type ProductCreateRequest = Static<typeof ProductCreateBody>;
/** PUT /product/update: the whole course; items without product_item_id are added, the ones left out deleted. */
export type ProductUpdateRequest = Static<typeof ProductUpdateBody>;
export type ProductItemRequest = Static<typeof ProductItemWrite>;

export const PRODUCT_SORT_COLUMNS = ['product_id', 'name', 'status', 'created_at', 'product_type_id', 'vendor_id'] as const;

/** GET /product/list: search looks in the name; 0 (or absent) means all. */
export interface ProductListQuery extends ListQuery {
  sort_column?: (typeof PRODUCT_SORT_COLUMNS)[number];
  product_type_id?: number;
  vendor_id?: number;
  status?: number;
}
