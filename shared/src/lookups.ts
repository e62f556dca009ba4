/**
 * The centres and rooms as resources of the kit, and as the choices the screens of several areas offer
 * (the settings area's rooms form; the learning area's class form, filters and session forms). One
 * declaration, so that every area reads and refreshes the same cached lists.
 */
import type { Center, Room } from '@trungtam/shared/contracts';
import { choices, createResource, crudPaths, type Choices } from '@trungtam/shared/resource';
import { PAGE_SIZES } from '@trungtam/shared/validation';

export const centers = createResource<Center>({ key: ['centers'], paths: crudPaths('/learning/center'), id: (center) => center.center_id });
export const rooms = createResource<Room>({ key: ['rooms'], paths: crudPaths('/learning/room'), id: (room) => room.room_id });

/** Every record, by name (the spec's full-list size). */
export const ALL_BY_NAME = { limit: PAGE_SIZES.fullAccounts, page: 1, sort_column: 'name', sort_type: 'ASC' } as const;

/** Every centre the user may see (a giáo vụ of a centre: that one). `enabled: false` for a user who may not list them. */
export function useCenterChoices({ enabled = true }: { enabled?: boolean } = {}): Choices<Center> {
  const list = centers.useList(ALL_BY_NAME, { enabled });
  return choices(list.data?.rows ?? [], (center) => center.center_id, (center) => center.name);
}
