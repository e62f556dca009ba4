/**
 * The centres and rooms, and the course catalogue (product types, teaching methods, variant groups,
 * variants, discounts), as data sources of the kit and as the choices the screens of several areas offer
 * (the settings area's forms; the learning area's class and course forms, filters and session forms;
 * the competition area's events and their graders), with the active accounts of a type and the centre a
 * giáo vụ is tied to. One declaration, so that every area reads and refreshes the same cached lists.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type { ApiData, Center, ListResult, ProductType, Room, User, Variant, VariantGroup, TeachingMethod } from '@trungtam/shared/contracts';
import type { Discount } from '@trungtam/shared/contracts/learning';
import { isAdministrator } from '@trungtam/shared/permissions';
import { choices, createDataSource, crudPaths, undoablePaths, type Choices } from '@trungtam/shared/resource';
import { useCurrentUser } from '@trungtam/shared/session';
import { PAGE_SIZES } from '@trungtam/shared/validation';

export const centers = createDataSource<Center>({ key: ['centers'], paths: crudPaths('/learning/center'), id: (center) => center.center_id });
export const rooms = createDataSource<Room>({ key: ['rooms'], paths: undoablePaths('/learning/room'), id: (room) => room.room_id });
export const productTypes = createDataSource<ProductType>({ key: ['product-types'], paths: undoablePaths('/product/product-type'), id: (row) => row.id });
export const teachingMethods = createDataSource<TeachingMethod>({ key: ['teachingMethods'], paths: undoablePaths('/product/vendor'), id: (row) => row.id });
// a group's delete and restore take its variants along
export const variantGroups = createDataSource<VariantGroup>({ key: ['variant-groups'], paths: undoablePaths('/product/variant-group'), id: (row) => row.id, refreshes: [['variants']] });
export const variants = createDataSource<Variant>({ key: ['variants'], paths: undoablePaths('/product/variant'), id: (row) => row.id });

/**
 * The discount calls: GET /discounts, GET /discounts/{id}, POST /discounts, PUT /discounts, DELETE /discounts/{discount_id},
 * POST /discounts/bulk-delete and /discounts/restore (a delete can be undone).
 */
export const discounts = createDataSource<Discount>({
  key: ['discounts'],
  paths: { list: '/discounts', show: (id) => `/discounts/${id}`, create: '/discounts', update: '/discounts', remove: (id) => `/discounts/${id}`,
    bulkRemove: '/discounts/bulk-delete',
    restore: '/discounts/restore',
  },
  id: (discount) => discount.discount_id,
});

/** Every record, by name (limit 1000, the size of every unpaged list). */
export const ALL_BY_NAME = { limit: PAGE_SIZES.fullAccounts, page: 1, sort_column: 'name', sort_type: 'ASC' } as const;

/** Every centre the user may see (a giáo vụ of a centre: that one). `enabled: false` for a user who may not list them. */
export function useCenterChoices({ enabled = true }: { enabled?: boolean } = {}): Choices<Center> {
  const list = centers.useList(ALL_BY_NAME, { enabled });
  return choices(list.data?.rows ?? [], (center) => center.center_id, (center) => center.name);
}

/** Active accounts of a type (teachers, academic-affairs staff), newest first, unpaged (limit 1000). */
export function useAccountChoices(type: 'teacher' | 'academic_affair', { enabled = true }: { enabled?: boolean } = {}): Choices<User> {
  const params = { limit: PAGE_SIZES.fullAccounts, page: 1, type, status: 1, sort_column: 'id', sort_type: 'DESC' };
  const list = useQuery({
    queryKey: ['lookup', type, params],
    queryFn: async () => (await api.get<ApiData<ListResult<User>>>('/user/list', { params })).data.data.rows,
    staleTime: 60_000,
    enabled,
  });
  return choices(list.data ?? [], (user) => user.id, (user) => user.name);
}

/** The centre a giáo vụ's work is limited to (their forms start on it); null for everyone else. */
export function useOwnCenter(): number | null {
  const me = useCurrentUser();
  return me && me.type === 'academic_affair' && !isAdministrator(me) && me.center_id ? me.center_id : null;
}
