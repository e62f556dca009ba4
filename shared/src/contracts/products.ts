/**
 * HTTP contract of courses (products, `/product/list|create|show|update|delete`): the record,
 * the write body, the list query, and the limits and texts the form and the API share. The records and
 * bodies are the API's own schemas (schemas/products), taken here as types.
 */
import type { Static } from 'typebox';
import type { ListQuery } from '../contracts';
import type { ProductCreateBody, ProductItemRecord, ProductItemWrite, ProductRecord, ProductUpdateBody } from '../schemas/products';

export * from './rules/products';

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
