/** Choices the account forms of this remote need: the roles of a guard and the centres. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type { ApiData, Center, ListResult, Role, UserType } from '@trungtam/shared/contracts';
import { PAGE_SIZES } from '@trungtam/shared/validation';

/** Lists arrive as { rows, ... }; accept a bare array too. */
function rowsOf<T>(data: ListResult<T> | T[] | undefined | null): T[] {
  if (!data) return [];
  return Array.isArray(data) ? data : (data.rows ?? []);
}

/** GET /system/role/list: the roles an account of `guard` may hold (limit 500, id DESC, with permissions). */
export async function getRoles(guard: UserType): Promise<Role[]> {
  const response = await api.get<ApiData<ListResult<Role> | Role[]>>('/system/role/list', {
    params: {
      limit: PAGE_SIZES.roleFetch,
      page: 1,
      sort_column: 'id',
      sort_type: 'DESC',
      relationships: 'permissions',
      guard_name: guard,
    },
  });
  return rowsOf(response.data.data).filter((role) => role.guard_name === guard);
}

/** GET /learning/center/list: every centre, for the optional centre choice. */
export async function getCenters(): Promise<Center[]> {
  const response = await api.get<ApiData<ListResult<Center> | Center[]>>('/learning/center/list', {
    params: { limit: PAGE_SIZES.fullAccounts, page: 1 },
  });
  return rowsOf(response.data.data);
}

export const lookupKeys = {
  roles: (guard: UserType) => ['roles', 'list', guard] as const,
  centers: ['centers', 'list'] as const,
};

export function useRoles(guard: UserType, enabled = true) {
  return useQuery({ queryKey: lookupKeys.roles(guard), queryFn: () => getRoles(guard), enabled, staleTime: 5 * 60_000 });
}

export function useCenters(enabled = true) {
  return useQuery({ queryKey: lookupKeys.centers, queryFn: getCenters, enabled, staleTime: 5 * 60_000 });
}
