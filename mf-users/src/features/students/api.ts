/** The students list (its export is the kit's ExportButton). Writes go through the kit's account resource. */
import type { ListSort } from '@trungtam/shared/resource';
import { ACCOUNTS, useUpdateAccountPassword } from '../../common/accounts';
import type { StudentFilters } from './types';
import { STUDENTS_PAGE_SIZE, studentListParams } from './filters';

export const useStudents = (filters: StudentFilters, page: number, sort: ListSort | null = null) => ACCOUNTS.student.useList(studentListParams(filters, page, sort));
export const useCreateStudent = (filters: StudentFilters) =>
  ACCOUNTS.student.useCreate({ firstPageKey: ACCOUNTS.student.keys.list(studentListParams(filters, 1)), pageSize: STUDENTS_PAGE_SIZE });
export const useUpdateStudent = () => ACCOUNTS.student.useUpdate();
export const useDeleteStudent = () => ACCOUNTS.student.useRemove();
export const useUpdateStudentPassword = () => useUpdateAccountPassword('student');
