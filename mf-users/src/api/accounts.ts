/**
 * Account calls every feature of this remote shares (teachers, students, staff accounts) and their
 * react-query hooks. Each feature keys its queries under ['users', <type>] and builds its own params.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import { operatorToday } from '@trungtam/shared/operatorDate';
import type {
  ApiData,
  ListResult,
  StaffCreateRequest,
  StaffCreateResponse,
  UpdatePasswordRequest,
  User,
  UserType,
  UserUpdateRequest,
} from '@trungtam/shared/contracts';

/** The query-key root of one account type's lists. */
export const accountKeys = {
  all: (type: UserType) => ['users', type] as const,
};

/** Spec point 7: the created-at range starts at 1970-01-01 00:00:00 unless chosen. */
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

/** The params of a plain account list: newest (id DESC) first, with roles, by type, status (0 = all), search and the default created-at range. */
export function accountListParams(type: UserType, filters: { search: string; status: number }, page: number, limit: number): URLSearchParams {
  const search = filters.search.trim();
  const params = new URLSearchParams({
    limit: String(limit),
    page: String(page),
    sort_column: 'id',
    sort_type: 'DESC',
    relationships: 'roles',
    type,
    status: String(Number(filters.status) || 0),
  });
  if (search) params.set('search', search);
  return appendCreatedAtRange(params);
}

/** GET /user/list with the given params (a URLSearchParams keeps repeated keys such as created_at). */
export async function getAccounts(params: Record<string, unknown> | URLSearchParams): Promise<ListResult<User>> {
  const response = await api.get<ApiData<ListResult<User>>>('/user/list', { params });
  const data = response.data.data;
  return { rows: data?.rows ?? [], total_rows: data?.total_rows ?? 0, total_pages: data?.total_pages ?? 0 };
}

/** POST /auth/register by staff: the new account (response data.data). */
export async function createAccount(body: StaffCreateRequest): Promise<User> {
  const response = await api.post<ApiData<StaffCreateResponse>>('/auth/register', body);
  return response.data.data.data;
}

export async function updateAccount(body: UserUpdateRequest): Promise<unknown> {
  const response = await api.put('/user/update', body);
  return response.data;
}

export async function deleteAccount(id: number): Promise<void> {
  await api.delete(`/user/delete/${id}`);
}

export async function updateAccountPassword(body: UpdatePasswordRequest): Promise<void> {
  await api.put('/user/update-password', body);
}

/** One page of accounts. Fetch errors are ignored (the empty state shows). */
export function useAccountList(queryKey: QueryKey, params: Record<string, unknown> | URLSearchParams, enabled = true) {
  return useQuery({ queryKey, queryFn: () => getAccounts(params), placeholderData: keepPreviousData, enabled });
}

/** Create; the new account goes on top of the first page (`firstPageKey`) at once, then the lists refresh. */
export function useCreateAccount(type: UserType, firstPageKey: QueryKey, pageSize: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    onSuccess: (user) => {
      if (user && typeof user.id === 'number') {
        queryClient.setQueryData<ListResult<User>>(firstPageKey, (old) =>
          old
            ? {
                ...old,
                rows: [user, ...old.rows.filter((row) => row.id !== user.id)].slice(0, pageSize),
                total_rows: old.total_rows + 1,
              }
            : old,
        );
      }
      void queryClient.invalidateQueries({ queryKey: accountKeys.all(type) });
    },
  });
}

function useInvalidating<TVariables, TResult>(type: UserType, mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: accountKeys.all(type) });
    },
  });
}

export const useUpdateAccount = (type: UserType) => useInvalidating(type, updateAccount);
export const useDeleteAccount = (type: UserType) => useInvalidating(type, deleteAccount);
export const useUpdateAccountPassword = (type: UserType) => useInvalidating(type, updateAccountPassword);
