/**
 * Choices the learning forms and filters offer: centres, rooms, classes, teachers, academic-affairs
 * staff and courses with their items, each loaded once per screen (limit 1000, the size of every
 * unpaged list) and already narrowed by the API to what the user may see. Centres, rooms and accounts are the
 * shared declarations (the settings and competition areas offer them too).
 */
import { useQuery } from '@tanstack/react-query';
import type { Product } from '@trungtam/shared/contracts/products';
import { api } from '@trungtam/shared/api';
import type { ListResult, Room, User } from '@trungtam/shared/contracts';
import type { LearningClass } from '@trungtam/shared/contracts/learning';
import { ALL_BY_NAME, rooms } from '@trungtam/shared/lookups';
import { choices, type Choices } from '@trungtam/shared/resource';
import { PAGE_SIZES } from '@trungtam/shared/validation';
import { classes } from './dataSources';

export { useAccountChoices, useCenterChoices } from '@trungtam/shared/lookups';

/**
 * The centre a giáo vụ of one centre is kept to (the API reads and writes only theirs), or 0: every other
 * user, and a giáo vụ without a centre. Their centre filters offer that centre alone.
 */
export const ownCenterOf = (me: Pick<User, 'type' | 'center_id'> | null | undefined): number => (me?.type === 'academic_affair' && me.center_id ? me.center_id : 0);

const byName = <T extends { name: string }>(rows: T[], id: (row: T) => number) => choices(rows, id, (row) => row.name);

/** Whether a lookup is asked for: `enabled: false` for a user who may not list it (no refused call). */
interface LookupOptions {
  enabled?: boolean;
}

function useAll<T>(key: string, path: string, params: Record<string, unknown> = {}, { enabled = true }: LookupOptions = {}) {
  return useQuery({
    queryKey: ['lookup', key, params],
    queryFn: async () => (await api.get<{ data: ListResult<T> }>(path, { params: { limit: PAGE_SIZES.fullAccounts, page: 1, ...params } })).data.data.rows,
    staleTime: 60_000,
    enabled,
  });
}

/** Every room the user may see, and those of one centre. */
export function useRoomChoices({ enabled = true }: LookupOptions = {}): Choices<Room> & { ofCenter: (centerId: number) => Array<{ value: number; label: string }> } {
  const rows = rooms.useList(ALL_BY_NAME, { enabled }).data?.rows ?? [];
  return {
    ...byName(rows, (r) => r.room_id),
    ofCenter: (centerId) => rows.filter((r) => r.center_id === centerId).map((r) => ({ value: r.room_id, label: r.room_number ? `${r.name} (${r.room_number})` : r.name })),
  };
}

/** Every class the user may see, by name. */
export function useClassChoices(): Choices<LearningClass> {
  const rows = classes.useList({ limit: PAGE_SIZES.classFetch, page: 1, sort_column: 'class_name', sort_type: 'ASC' }).data?.rows ?? [];
  return choices(rows, (c) => c.class_id, (c) => c.class_name);
}

/** A course with the items a class is made of (GET /product/list). */
export type CourseChoice = Pick<Product, 'product_id' | 'name' | 'items'>;

export function useCourseChoices(options: LookupOptions = {}): Choices<CourseChoice> & { itemsOf: (productId: number) => Array<{ value: number; label: string }> } {
  const rows = useAll<CourseChoice>('courses', '/product/list', { sort_column: 'name', sort_type: 'ASC' }, options).data ?? [];
  return {
    ...byName(rows, (p) => p.product_id),
    itemsOf: (productId) =>
      (rows.find((p) => p.product_id === productId)?.items ?? []).map((item) => ({
        value: item.product_item_id,
        label: `${item.name ?? `Gói ${item.total_lesson} buổi`} — ${item.total_lesson} buổi`,
      })),
  };
}
