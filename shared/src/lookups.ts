/**
 * The centres and rooms as resources of the kit, and as the choices the screens of several areas offer
 * (the settings area's rooms form, the learning area's filters). One declaration, so that every area
 * reads and refreshes the same cached lists.
 */
import type { Center, Room } from '@trungtam/shared/contracts';
import { choices, createResource, crudPaths, type Choices } from '@trungtam/shared/resource';
import { PAGE_SIZES } from '@trungtam/shared/validation';

export const centers = createResource<Center>({ key: ['centers'], paths: crudPaths('/learning/center'), id: (center) => center.center_id });
export const rooms = createResource<Room>({ key: ['rooms'], paths: crudPaths('/learning/room'), id: (room) => room.room_id });

/** Every record, by name (the spec's full-list size). */
const ALL = { limit: PAGE_SIZES.fullAccounts, page: 1, sort_column: 'name', sort_type: 'ASC' } as const;

/** Every centre the user may see (a giáo vụ of a centre: that one). `enabled: false` for a user who may not list them. */
export function useCenterChoices({ enabled = true }: { enabled?: boolean } = {}): Choices<Center> {
  const list = centers.useList(ALL, { enabled });
  return choices(list.data?.rows ?? [], (center) => center.center_id, (center) => center.name);
}

/** The rooms of one centre, or of every centre the user may see when `centerId` is 0. */
export function useRoomChoices({ centerId = 0, enabled = true }: { centerId?: number; enabled?: boolean } = {}): Choices<Room> {
  const list = rooms.useList({ ...ALL, center_id: centerId || undefined }, { enabled });
  return choices(list.data?.rows ?? [], (room) => room.room_id, (room) => room.name);
}
