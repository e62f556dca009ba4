/** The teacher accounts' calls and their react-query hooks (the shell's shared QueryClient). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type {
  ApiData,
  ListResult,
  StaffCreateRequest,
  StaffCreateResponse,
  UpdatePasswordRequest,
  User,
  UserUpdateRequest,
} from '@trungtam/shared/contracts';
import { PAGE_SIZES } from '@trungtam/shared/validation';
import type { TeacherFilters } from '../types';

export const TEACHERS_PAGE_SIZE = PAGE_SIZES.teachers;

export const teacherKeys = {
  all: ['users', 'teacher'] as const,
  list: (filters: TeacherFilters, page: number) => ['users', 'teacher', 'list', { ...filters, page }] as const,
};

/** GET /user/list for teachers: 50 a page, newest (id DESC) first, with roles. */
export async function getTeachers(filters: TeacherFilters, page: number): Promise<ListResult<User>> {
  const search = filters.search.trim();
  const response = await api.get<ApiData<ListResult<User>>>('/user/list', {
    params: {
      limit: TEACHERS_PAGE_SIZE,
      page,
      sort_column: 'id',
      sort_type: 'DESC',
      relationships: 'roles',
      type: 'teacher',
      status: Number(filters.status) || 0,
      ...(search ? { search } : {}),
    },
  });
  const data = response.data.data;
  return { rows: data?.rows ?? [], total_rows: data?.total_rows ?? 0, total_pages: data?.total_pages ?? 0 };
}

export async function createTeacher(body: StaffCreateRequest): Promise<User> {
  const response = await api.post<ApiData<StaffCreateResponse>>('/auth/register', body);
  return response.data.data.data;
}

export async function updateTeacher(body: UserUpdateRequest): Promise<unknown> {
  const response = await api.put('/user/update', body);
  return response.data;
}

export async function deleteTeacher(id: number): Promise<void> {
  await api.delete(`/user/delete/${id}`);
}

export async function updateTeacherPassword(body: UpdatePasswordRequest): Promise<void> {
  await api.put('/user/update-password', body);
}

/** One page of teachers. Fetch errors are ignored (the empty state shows). */
export function useTeachers(filters: TeacherFilters, page: number) {
  return useQuery({
    queryKey: teacherKeys.list(filters, page),
    queryFn: () => getTeachers(filters, page),
    placeholderData: keepPreviousData,
  });
}

/** Create; the new account goes on top of the first page at once, then the list refreshes. */
export function useCreateTeacher(filters: TeacherFilters) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeacher,
    onSuccess: (user) => {
      if (user && typeof user.id === 'number') {
        queryClient.setQueryData<ListResult<User>>(teacherKeys.list(filters, 1), (old) =>
          old
            ? {
                ...old,
                rows: [user, ...old.rows.filter((row) => row.id !== user.id)].slice(0, TEACHERS_PAGE_SIZE),
                total_rows: old.total_rows + 1,
              }
            : old,
        );
      }
      void queryClient.invalidateQueries({ queryKey: teacherKeys.all });
    },
  });
}

function useInvalidatingMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teacherKeys.all });
    },
  });
}

export const useUpdateTeacher = () => useInvalidatingMutation(updateTeacher);
export const useDeleteTeacher = () => useInvalidatingMutation(deleteTeacher);
export const useUpdateTeacherPassword = () => useInvalidatingMutation(updateTeacherPassword);
