/**
 * The choices the course form and filters offer: product types, teaching methods, variant groups and
 * variants, discounts. A list is asked for only when the user's role may read it: a refused call would
 * be a security event in the audit log.
 */
import type { ProductType, Variant, VariantGroup, Vendor } from '@trungtam/shared/contracts';
import type { Discount } from '@trungtam/shared/contracts/learning';
import { can, type Resource as PermissionResource } from '@trungtam/shared/permissions';
import { createResource } from '@trungtam/shared/resource';
import { useCurrentUser } from '@trungtam/shared/session';
import { PAGE_SIZES } from '@trungtam/shared/validation';

const productTypes = createResource<ProductType>({ key: ['product-types'], paths: { list: '/product/product-type/list' }, id: (row) => row.id });
const vendors = createResource<Vendor>({ key: ['vendors'], paths: { list: '/product/vendor/list' }, id: (row) => row.id });
const variantGroups = createResource<VariantGroup>({ key: ['variant-groups'], paths: { list: '/product/variant-group/list' }, id: (row) => row.id });
const variants = createResource<Variant>({ key: ['variants'], paths: { list: '/product/variant/list' }, id: (row) => row.id });
const discounts = createResource<Discount>({ key: ['discounts'], paths: { list: '/discounts' }, id: (row) => row.discount_id });

const ALL_BY_NAME = { limit: PAGE_SIZES.fullAccounts, page: 1, sort_column: 'name', sort_type: 'ASC' } as const;
const ALL_BY_ID = { limit: PAGE_SIZES.fullAccounts, page: 1, sort_column: 'id', sort_type: 'ASC' } as const;

export interface Choice {
  value: number;
  label: string;
}

export interface CourseFormChoices {
  /** Whether the user may list them (otherwise the lists are empty and their filters are not offered). */
  mayListTypes: boolean;
  mayListVendors: boolean;
  types: Choice[];
  vendors: Choice[];
  groups: VariantGroup[];
  variants: Variant[];
  discounts: Discount[];
}

function useMay(resource: PermissionResource): boolean {
  return can(useCurrentUser(), resource, 'GetAll');
}

const named = (rows: Array<{ id: number; name: string }>): Choice[] => rows.map((row) => ({ value: row.id, label: row.name }));

export function useCourseFormChoices(): CourseFormChoices {
  const mayListTypes = useMay('ProductType');
  const mayListVendors = useMay('Vendor');
  const mayListGroups = useMay('VariantGroup');
  const mayListVariants = useMay('Variant');
  const mayListDiscounts = useMay('ProductDiscount');
  const typeList = productTypes.useList(ALL_BY_NAME, { enabled: mayListTypes });
  const vendorList = vendors.useList(ALL_BY_NAME, { enabled: mayListVendors });
  const groupList = variantGroups.useList(ALL_BY_ID, { enabled: mayListGroups });
  const variantList = variants.useList(ALL_BY_ID, { enabled: mayListVariants });
  // spec: the discount list is page, limit=100, sort_column=discount_id, sort_type=DESC
  const discountList = discounts.useList({ page: 1, limit: PAGE_SIZES.discounts, sort_column: 'discount_id', sort_type: 'DESC' }, { enabled: mayListDiscounts });
  return {
    mayListTypes,
    mayListVendors,
    types: named(typeList.data?.rows ?? []),
    vendors: named(vendorList.data?.rows ?? []),
    groups: groupList.data?.rows ?? [],
    variants: variantList.data?.rows ?? [],
    discounts: discountList.data?.rows ?? [],
  };
}
