/**
 * The API resources of the settings area (paths of the spec and of domain.md), declared once: each
 * screen, and every form that offers one of them as a choice, takes its data hooks from here.
 */
import type { ProductType, Variant, VariantGroup, Vendor } from '@trungtam/shared/contracts';
import type { Discount } from '@trungtam/shared/contracts/learning';
import { createResource, crudPaths } from '@trungtam/shared/resource';

// the centres and rooms are declared in @trungtam/shared/lookups: the learning area offers them too
export const productTypes = createResource<ProductType>({ key: ['product-types'], paths: crudPaths('/product/product-type'), id: (row) => row.id });
export const vendors = createResource<Vendor>({ key: ['vendors'], paths: crudPaths('/product/vendor'), id: (row) => row.id });
export const variantGroups = createResource<VariantGroup>({ key: ['variant-groups'], paths: crudPaths('/product/variant-group'), id: (row) => row.id });
export const variants = createResource<Variant>({ key: ['variants'], paths: crudPaths('/product/variant'), id: (row) => row.id });

/** The spec's discount calls: GET /discounts, GET /discounts/{id}, POST /discounts, PUT /discounts, DELETE /discounts/{discount_id}. */
export const discounts = createResource<Discount>({
  key: ['discounts'],
  paths: { list: '/discounts', show: (id) => `/discounts/${id}`, create: '/discounts', update: '/discounts', remove: (id) => `/discounts/${id}` },
  id: (discount) => discount.discount_id,
});
