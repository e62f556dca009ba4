/**
 * Courses (products): the record the API answers with and the body a create or an update
 * sends, the whole course with its items (the packages sold: lessons and price) and its allowed discounts.
 * The API validates with these schemas; the front ends take their types from them.
 */
import { Type } from 'typebox';
import { PRODUCT_LIMITS, PRODUCT_STATUS, PRODUCT_TEXT } from '../contracts/rules/products';
import { Id, IdFilter, Int, Nullable, Text, msgs } from './builders';

const L = PRODUCT_LIMITS;
const T = PRODUCT_TEXT;

export const ProductItemRecord = Type.Object({
  product_item_id: Type.Integer(),
  name: Nullable(Type.String()),
  /** The variants that describe the item (one per variant group in the screens), ascending. */
  variant_ids: Type.Array(Type.Integer()),
  total_lesson: Type.Integer(),
  /** VND, integer. */
  price: Type.Integer(),
});

export const ProductRecord = Type.Object({
  product_id: Type.Integer(),
  name: Type.String(),
  product_type_id: Nullable(Type.Integer()),
  /** The teaching method. */
  vendor_id: Nullable(Type.Integer()),
  description: Nullable(Type.String()),
  status: Type.Integer(),
  /** The discounts an enrolment in the course may take, ascending. */
  discount_ids: Type.Array(Type.Integer()),
  /** In the order they were added. */
  items: Type.Array(ProductItemRecord),
  /** For the table: the names of the product type and of the teaching method. */
  product_type_name: Nullable(Type.String()),
  vendor_name: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});

const requiredId = (message: string) => Id({ required: message, default: message });

/** One item of a write: with its id it is the existing item changed; without, a new one. */
export const ProductItemWrite = Type.Object({
  product_item_id: Type.Optional(Id(T.itemNotOfCourse)),
  name: Text(L.nameMax, { minLength: 1, pattern: '\\S', messages: { required: T.itemNameRequired, minLength: T.itemNameRequired, pattern: T.itemNameRequired, maxLength: T.itemNameMax } }),
  variant_ids: Type.Optional(Type.Array(Id(T.variantNotFound), { maxItems: L.variantsPerItemMax, ...msgs({ maxItems: T.variantsMax }) })),
  total_lesson: Int(L.totalLessonMin, L.totalLessonMax, { required: T.totalLesson, default: T.totalLesson }),
  price: Int(L.priceMin, L.priceMax, { required: T.price, default: T.price }),
});

/**
 * The fields of POST /product/create and PUT /product/update (with product_id): the whole course. Items
 * with a product_item_id are updated, the others added, and the course's items the body leaves out are
 * deleted (refused while a class or an order uses them).
 */
export const ProductWriteProps = {
  name: Text(L.nameMax, { minLength: 1, pattern: '\\S', messages: { required: T.nameRequired, minLength: T.nameRequired, pattern: T.nameRequired, maxLength: T.nameMax } }),
  product_type_id: requiredId(T.typeRequired),
  vendor_id: requiredId(T.teachingMethodRequired),
  description: Type.Optional(Nullable(Text(L.descriptionMax, { messages: { maxLength: T.descriptionMax } }))),
  status: Type.Optional(Type.Union([Type.Literal(PRODUCT_STATUS.ACTIVE), Type.Literal(PRODUCT_STATUS.INACTIVE)], msgs({ default: T.status }))),
  discount_ids: Type.Array(Id(T.discountNotFound), { minItems: 1, maxItems: L.discountsMax, ...msgs({ required: T.discountsRequired, minItems: T.discountsRequired, maxItems: T.discountsMax }) }),
  items: Type.Array(ProductItemWrite, { minItems: 1, maxItems: L.itemsMax, ...msgs({ required: T.itemsRequired, minItems: T.itemsRequired, maxItems: T.itemsMax }) }),
};

export const ProductCreateBody = Type.Object(ProductWriteProps);
export const ProductUpdateBody = Type.Object({ product_id: Id('product_id không hợp lệ'), ...ProductWriteProps });

/** The list filters beyond limit, page, sort and search (0: all). */
export const ProductListFilters = {
  product_type_id: IdFilter('product_type_id phải là số'),
  vendor_id: IdFilter('vendor_id phải là số'),
  status: Int(0, 2, 'status: 0 (tất cả), 1 hoặc 2'),
};
