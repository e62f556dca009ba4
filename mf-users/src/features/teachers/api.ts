/** The teacher accounts: 50 a page, newest (id DESC) first or by a header's sort, with roles; filters and sort kept in the URL. */
import type { ListSort } from '@trungtam/shared/resource';
import { PAGE_SIZES } from '@trungtam/shared/validation';
import { ACCOUNTS, accountListParams, useUpdateAccountPassword } from '../../common/accounts';
import type { TeacherFilters } from './types';

export const TEACHERS_PAGE_SIZE = PAGE_SIZES.teachers;

const teacherParams = (filters: TeacherFilters, page: number, sort: ListSort | null = null) => accountListParams('teacher', filters, page, TEACHERS_PAGE_SIZE, sort);

export const useTeachers = (filters: TeacherFilters, page: number, sort: ListSort | null = null) => ACCOUNTS.teacher.useList(teacherParams(filters, page, sort));
export const useCreateTeacher = (filters: TeacherFilters) =>
  ACCOUNTS.teacher.useCreate({ firstPageKey: ACCOUNTS.teacher.keys.list(teacherParams(filters, 1)), pageSize: TEACHERS_PAGE_SIZE });
export const useUpdateTeacher = () => ACCOUNTS.teacher.useUpdate();
export const useDeleteTeacher = () => ACCOUNTS.teacher.useRemove();
export const useUpdateTeacherPassword = () => useUpdateAccountPassword('teacher');
