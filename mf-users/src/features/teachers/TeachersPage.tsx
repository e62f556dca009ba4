/** /assets/teachers: the teacher accounts, with filter and sort (name, created, last login; kept in the URL), create/edit, password change and delete. */
import { lazyDialog, useUrlListView } from '@trungtam/shared/resource';
import { MESSAGES } from '@trungtam/shared/validation';
import { AccountImportTool } from '../../common/AccountImportTool';
import { AccountListScreen } from '../../common/AccountListScreen';
import { useAccountListPage } from '../../common/useAccountListPage';
import { useAccountBulk } from '../../common/accountBulk';
import { accountListParams } from '../../common/accounts';
import { TEACHERS_PAGE_SIZE, useDeleteTeacher, useTeachers, useUpdateTeacherPassword } from './api';
import { TEACHER_FILTERS } from './types';
import { TeacherFilter } from './TeacherFilter';
import { TeachersTable } from './TeachersTable';

// the form: its code (Formik, yup) downloads apart from the list (lazyParts.tsx in the resource kit)
const TeacherFormModal = lazyDialog('TeacherFormModal', () => import('./TeacherFormModal').then((m) => m.TeacherFormModal));

export const TEACHERS_PAGE_TEXTS = {
  title: 'Danh sách giáo viên',
  add: 'Thêm giáo viên',
} as const;

export interface TeachersPageProps {
  /** The waiting time of the forms before their call (default 1 second). */
  formDelayMs?: number;
}

export function TeachersPage({ formDelayMs }: TeachersPageProps) {
  const view = useUrlListView(TEACHER_FILTERS);
  const teachers = useTeachers(view.filters, view.page, view.sort);
  const list = useAccountListPage(view, teachers);
  const deleteTeacher = useDeleteTeacher();
  const updatePassword = useUpdateTeacherPassword();
  const params = accountListParams('teacher', view.filters, 1, TEACHERS_PAGE_SIZE);
  const bulk = useAccountBulk({
    type: 'teacher',
    rows: list.rowsState.rows,
    totalRows: list.totalRows,
    params,
    resetKey: JSON.stringify([view.filters, view.page]),
    exportParams: params,
  });

  return (
    <AccountListScreen
      title={TEACHERS_PAGE_TEXTS.title}
      countText={`${list.totalRows} tài khoản giáo viên`}
      addLabel={TEACHERS_PAGE_TEXTS.add}
      list={list}
      filter={<TeacherFilter value={list.filters} onApply={list.applyFilters} />}
      tools={list.may.create && list.may.update && <AccountImportTool type="teacher" />}
      bulkBar={bulk.bar}
      table={<TeachersTable {...list.rowsState} {...list.handlers} selection={bulk.selection} sort={list.sort} onSort={list.toggleSort} />}
      pageSize={TEACHERS_PAGE_SIZE}
      form={
        <TeacherFormModal
          open={list.form.open}
          teacher={list.form.record}
          filters={list.filters}
          delayMs={formDelayMs}
          onClose={list.form.onClose}
          onSaved={list.form.onSaved}
        />
      }
      updatePassword={(payload) => updatePassword.mutateAsync(payload)}
      deleteAccount={(id) => deleteTeacher.mutateAsync(id)}
      passwordSuccessMessage={MESSAGES.passwordUpdated}
      delayMs={formDelayMs}
    />
  );
}
