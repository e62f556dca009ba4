/**
 * The course form's rules: the API's write schema of a whole course (ProductCreateBody: its fields, its
 * discounts and its items, with their limits and messages), for the fields the form holds. Built apart
 * from the screen (lazySchema): the write schema's code downloads when the form first opens, not with
 * the list.
 */
import { yupFromSchema } from '@trungtam/shared/forms';
import { ProductCreateBody } from '@trungtam/shared/schemas/products';

export const courseSchema = yupFromSchema(ProductCreateBody, {
  fields: ['name', 'product_type_id', 'vendor_id', 'description', 'status', 'discount_ids', 'items'],
});
