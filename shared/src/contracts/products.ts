/**
 * HTTP contract of courses (products, `/product/list|create|show|update|delete`): the record, and the
 * limits and texts the form and the API share. The records are the API's own schemas (schemas/products),
 * taken here as types.
 */
import type { Static } from 'typebox';
import type { ProductItemRecord, ProductRecord } from '../schemas/products';

export * from './rules/products';

/** A course as the API answers it: its items, its allowed discounts, and the names of its type and teaching method. */
export type Product = Static<typeof ProductRecord>;
/** One item of a course: a package of lessons at a price (VND). */
export type ProductItem = Static<typeof ProductItemRecord>;
