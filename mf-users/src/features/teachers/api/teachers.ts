/** The teacher accounts' list query; writes go through the remote's shared account calls. */
import type { ListResult, User } from '@trungtam/shared/contracts';
import { PAGE_SIZES } from '@trungtam/shared/validation';
import {
  accountKeys,
  accountListParams,
  getAccounts,
  useAccountList,
  useCreateAccount,
  useDeleteAccount,
  useUpdateAccount,
  useUpdateAccountPassword,
} from '../../../api/accounts';
import type { TeacherFilters } from '../types';

export const TEACHERS_PAGE_SIZE = PAGE_SIZES.teachers;

export const teacherKeys = {
  all: accountKeys.all('teacher'),
  list: (filters: TeacherFilters, page: number) => ['users', 'teacher', 'list', { ...filters, page }] as const,
};

const teacherParams = (filters: TeacherFilters, page: number) => accountListParams('teacher', filters, page, TEACHERS_PAGE_SIZE);

/** GET /user/list for teachers: 50 a page, newest (id DESC) first, with roles. */
export function getTeachers(filters: TeacherFilters, page: number): Promise<ListResult<User>> {
  return getAccounts(teacherParams(filters, page));
}

export const useTeachers = (filters: TeacherFilters, page: number) =>
  useAccountList(teacherKeys.list(filters, page), teacherParams(filters, page));
export const useCreateTeacher = (filters: TeacherFilters) =>
  useCreateAccount('teacher', teacherKeys.list(filters, 1), TEACHERS_PAGE_SIZE);
export const useUpdateTeacher = () => useUpdateAccount('teacher');
export const useDeleteTeacher = () => useDeleteAccount('teacher');
export const useUpdateTeacherPassword = () => useUpdateAccountPassword('teacher');
