/**
 * Choices the learning forms and filters offer: centres, rooms, teachers, academic-affairs staff and
 * courses with their items, each loaded once per screen (limit 1000, the spec's unpaged variants) and
 * already narrowed by the API to what the user may see.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type { Center, ListResult, Room, User } from '@trungtam/shared/contracts';
import { PAGE_SIZES } from '@trungtam/shared/validation';

export interface Choices<T> {
  rows: T[];
  /** The name of the record `id`, or '-' while unknown. */
  nameOf: (id: number | null | undefined) => string;
  options: Array<{ value: number; label: string }>;
}

function choices<T extends { name: string }>(rows: T[], id: (row: T) => number): Choices<T> {
  const names = new Map(rows.map((row) => [id(row), row.name]));
  return {
    rows,
    nameOf: (key) => (key ? (names.get(key) ?? `#${key}`) : '-'),
    options: rows.map((row) => ({ value: id(row), label: row.name })),
  };
}

function useAll<T>(key: string, path: string, params: Record<string, unknown> = {}) {
  return useQuery({
    queryKey: ['lookup', key, params],
    queryFn: async () => (await api.get<{ data: ListResult<T> }>(path, { params: { limit: PAGE_SIZES.fullAccounts, page: 1, ...params } })).data.data.rows,
    staleTime: 60_000,
  });
}

export function useCenterChoices(): Choices<Center> {
  return choices(useAll<Center>('centers', '/learning/center/list', { sort_column: 'name', sort_type: 'ASC' }).data ?? [], (c) => c.center_id);
}

export function useRoomChoices(): Choices<Room> & { ofCenter: (centerId: number) => Array<{ value: number; label: string }> } {
  const rows = useAll<Room>('rooms', '/learning/room/list', { sort_column: 'name', sort_type: 'ASC' }).data ?? [];
  return {
    ...choices(rows, (r) => r.room_id),
    ofCenter: (centerId) => rows.filter((r) => r.center_id === centerId).map((r) => ({ value: r.room_id, label: r.room_number ? `${r.name} (${r.room_number})` : r.name })),
  };
}

/** Active accounts of a type (teachers, academic-affairs staff), newest first as the spec's unpaged variant. */
export function useAccountChoices(type: 'teacher' | 'academic_affair'): Choices<User> {
  const rows = useAll<User>(type, '/user/list', { type, status: 1, sort_column: 'id', sort_type: 'DESC' }).data ?? [];
  return choices(rows, (u) => u.id);
}

/** A course with the items a class is made of (GET /product/list). */
export interface CourseChoice {
  product_id: number;
  name: string;
  items: Array<{ product_item_id: number; name: string | null; total_lesson: number; price: number }>;
}

export function useCourseChoices(): Choices<CourseChoice> & { itemsOf: (productId: number) => Array<{ value: number; label: string }> } {
  const rows = useAll<CourseChoice>('courses', '/product/list', { sort_column: 'name', sort_type: 'ASC' }).data ?? [];
  return {
    ...choices(rows, (p) => p.product_id),
    itemsOf: (productId) =>
      (rows.find((p) => p.product_id === productId)?.items ?? []).map((item) => ({
        value: item.product_item_id,
        label: `${item.name ?? `Gói ${item.total_lesson} buổi`} — ${item.total_lesson} buổi`,
      })),
  };
}
