/**
 * The API resources of the settings area (paths of the spec and of domain.md), declared once: each
 * screen, and every form that offers one of them as a choice, takes its data hooks from here.
 */
import type { Center, ProductType, Room, Variant, VariantGroup, Vendor } from '@trungtam/shared/contracts';
import type { Discount } from '@trungtam/shared/contracts/learning';
import { createResource, type ResourcePaths } from '@trungtam/shared/resource';

/** The five paths of the spec's dominant shape: /{base}/list, create, show/{id}, update, delete/{id}. */
const crudPaths = (base: string): ResourcePaths => ({
  list: `${base}/list`,
  show: (id) => `${base}/show/${id}`,
  create: `${base}/create`,
  update: `${base}/update`,
  remove: (id) => `${base}/delete/${id}`,
});

export const centers = createResource<Center>({ key: ['centers'], paths: crudPaths('/learning/center'), id: (center) => center.center_id });
export const rooms = createResource<Room>({ key: ['rooms'], paths: crudPaths('/learning/room'), id: (room) => room.room_id });
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
