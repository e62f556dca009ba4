/**
 * The choices the course form and filters offer: product types, teaching methods, variant groups and
 * variants, discounts (the shared declarations: the settings area edits them). A list is asked for only
 * when the user's role may read it: a refused call would be a security event in the audit log.
 */
import type { Variant, VariantGroup } from '@trungtam/shared/contracts';
import type { Discount } from '@trungtam/shared/contracts/learning';
import { ALL_BY_NAME, discounts, productTypes, variantGroups, variants, teachingMethods } from '@trungtam/shared/lookups';
import { can, type PermissionResource } from '@trungtam/shared/permissions';
import { choices, type Choices } from '@trungtam/shared/resource';
import { useCurrentUser } from '@trungtam/shared/session';
import { PAGE_SIZES } from '@trungtam/shared/validation';

const ALL_BY_ID = { ...ALL_BY_NAME, sort_column: 'id' } as const;

export interface CourseFormChoices {
  /** Whether the user may list them (otherwise they are not asked for, and their filters are not offered). */
  mayListTypes: boolean;
  mayListTeachingMethods: boolean;
  types: Choices<{ id: number; name: string }>;
  teachingMethods: Choices<{ id: number; name: string }>;
  groups: VariantGroup[];
  variants: Variant[];
  discounts: Discount[];
}

function useMay(resource: PermissionResource): boolean {
  return can(useCurrentUser(), resource, 'GetAll');
}

const byName = (rows: Array<{ id: number; name: string }>) => choices(rows, (row) => row.id, (row) => row.name);

export function useCourseFormChoices(): CourseFormChoices {
  const mayListTypes = useMay('ProductType');
  const mayListTeachingMethods = useMay('Vendor');
  const typeList = productTypes.useList(ALL_BY_NAME, { enabled: mayListTypes });
  const teachingMethodList = teachingMethods.useList(ALL_BY_NAME, { enabled: mayListTeachingMethods });
  const groupList = variantGroups.useList(ALL_BY_ID, { enabled: useMay('VariantGroup') });
  const variantList = variants.useList(ALL_BY_ID, { enabled: useMay('Variant') });
  // the discount list is page, limit=100, sort_column=discount_id, sort_type=DESC
  const discountList = discounts.useList({ page: 1, limit: PAGE_SIZES.discounts, sort_column: 'discount_id', sort_type: 'DESC' }, { enabled: useMay('ProductDiscount') });
  return {
    mayListTypes,
    mayListTeachingMethods,
    types: byName(typeList.data?.rows ?? []),
    teachingMethods: byName(teachingMethodList.data?.rows ?? []),
    groups: groupList.data?.rows ?? [],
    variants: variantList.data?.rows ?? [],
    discounts: discountList.data?.rows ?? [],
  };
}
