/** The students list and its export. Writes go through the kit's account resource. */
import { api } from '@trungtam/shared/api';
import { ACCOUNTS, useUpdateAccountPassword } from '../../../api/accounts';
import type { StudentFilters } from '../types';
import { STUDENTS_PAGE_SIZE, exportFileName, studentExportParams, studentListParams } from '../utils/filters';

export const useStudents = (filters: StudentFilters, page: number) => ACCOUNTS.student.useList(studentListParams(filters, page));
export const useCreateStudent = (filters: StudentFilters) =>
  ACCOUNTS.student.useCreate({ firstPageKey: ACCOUNTS.student.keys.list(studentListParams(filters, 1)), pageSize: STUDENTS_PAGE_SIZE });
export const useUpdateStudent = () => ACCOUNTS.student.useUpdate();
export const useDeleteStudent = () => ACCOUNTS.student.useRemove();
export const useUpdateStudentPassword = () => useUpdateAccountPassword('student');

/** GET /user/export with the list's filters, as a binary file; returns it with its download name. */
export async function exportStudents(filters: StudentFilters): Promise<{ blob: Blob; fileName: string }> {
  const response = await api.get<Blob>('/user/export', { params: studentExportParams(filters), responseType: 'blob' });
  return { blob: response.data, fileName: exportFileName() };
}

/** Hands a file to the browser as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
