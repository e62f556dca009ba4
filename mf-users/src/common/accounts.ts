/**
 * The accounts of every type as resources of the kit (GET /user/list, POST /auth/register by staff,
 * PUT /user/update, DELETE /user/delete/{id}), each type under its own query key ['users', type],
 * plus the list params every account screen sends and the staff password change.
 */
import { api } from '@trungtam/shared/api';
import type { StaffCreateRequest, StaffCreateResponse, UpdatePasswordRequest, User, UserType, UserUpdateRequest } from '@trungtam/shared/contracts';
import { operatorToday } from '@trungtam/shared/operatorDate';
import { createDataSource, type ListSort } from '@trungtam/shared/resource';

function accountResource(type: UserType) {
  return createDataSource<User, StaffCreateRequest, UserUpdateRequest>({
    key: ['users', type],
    paths: {
      list: '/user/list',
      show: (id) => `/user/show/${id}`,
      create: '/auth/register',
      update: '/user/update',
      remove: (id) => `/user/delete/${id}`,
    },
    id: (user) => user.id,
    // the staff create call answers { data: { data: <new account> } }
    createdRecord: (data) => (data as StaffCreateResponse | null)?.data ?? null,
  });
}

export const ACCOUNTS = {
  teacher: accountResource('teacher'),
  student: accountResource('student'),
  academic_affair: accountResource('academic_affair'),
  administrator: accountResource('administrator'),
} satisfies Record<UserType, unknown>;

/** The created-at range starts at 1970-01-01 00:00:00 unless chosen. */
export const CREATED_FROM_DEFAULT = '1970-01-01';

/**
 * The created_at range, given twice (start, end), as the operator's dates: the default end is the
 * operator's today at 23:59:59, whatever the browser's zone, so an account created tonight is listed.
 */
export function appendCreatedAtRange(params: URLSearchParams, from = CREATED_FROM_DEFAULT, to = operatorToday()): URLSearchParams {
  params.append('created_at', `${from || CREATED_FROM_DEFAULT} 00:00:00`);
  params.append('created_at', `${to || operatorToday()} 23:59:59`);
  return params;
}

/**
 * The params of a plain account list: the header's sort (`sort`, from the URL) or newest (id DESC) first, with
 * roles, by type, status (0 = all), search and the default created-at range.
 */
export function accountListParams(type: UserType, filters: { search: string; status: number }, page: number, limit: number, sort: ListSort | null = null): URLSearchParams {
  const search = filters.search.trim();
  const params = new URLSearchParams({
    limit: String(limit),
    page: String(page),
    sort_column: sort?.column ?? 'id',
    sort_type: sort?.direction ?? 'DESC',
    relationships: 'roles',
    type,
    status: String(Number(filters.status) || 0),
  });
  if (search) params.set('search', search);
  return appendCreatedAtRange(params);
}

/** PUT /user/update-password: staff setting another account's password. */
export async function updateAccountPassword(body: UpdatePasswordRequest): Promise<void> {
  await api.put('/user/update-password', body);
}

export const useUpdateAccountPassword = (type: UserType) => ACCOUNTS[type].useWrite(updateAccountPassword);

/** POST /user/end-sessions/{id}: signs the account out everywhere (its tokens are refused from the next request). */
export async function endAccountSessions(id: number): Promise<void> {
  await api.post(`/user/end-sessions/${id}`);
}
