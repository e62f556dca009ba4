/** /assets/teachers: the teacher accounts, with filter (kept in the URL), create/edit, password change and delete. */
import { AddButton, ListPage, useUrlListView } from '@trungtam/shared/resource';
import { MESSAGES } from '@trungtam/shared/validation';
import { AccountDialogs } from '../../../components/AccountDialogs';
import { useAccountListPage } from '../../../hooks/useAccountListPage';
import { TEACHER_FILTERS, TEACHERS_PAGE_SIZE, useDeleteTeacher, useTeachers, useUpdateTeacherPassword } from '../api/teachers';
import { TeacherFilter } from './TeacherFilter';
import { TeacherFormModal } from './TeacherFormModal';
import { TeachersTable } from './TeachersTable';

export const TEACHERS_PAGE_TEXTS = {
  title: 'Danh sách giáo viên',
  add: 'Thêm giáo viên',
} as const;

export interface TeachersPageProps {
  /** The waiting time of the forms before their call (spec: 1 second). */
  formDelayMs?: number;
}

export function TeachersPage({ formDelayMs }: TeachersPageProps) {
  const view = useUrlListView(TEACHER_FILTERS);
  const teachers = useTeachers(view.filters, view.page);
  const list = useAccountListPage(view, teachers);
  const deleteTeacher = useDeleteTeacher();
  const updatePassword = useUpdateTeacherPassword();

  return (
    <ListPage
      title={TEACHERS_PAGE_TEXTS.title}
      heading={list.heading}
      countText={`${list.totalRows} tài khoản giáo viên`}
      toolbar={
        <>
          <TeacherFilter value={list.filters} onApply={list.applyFilters} />
          {list.may.create && <AddButton label={TEACHERS_PAGE_TEXTS.add} onClick={list.openCreate} />}
        </>
      }
      table={<TeachersTable {...list.rowsState} {...list.handlers} />}
      pageSize={TEACHERS_PAGE_SIZE}
      {...list.pagination}
    >
      <TeacherFormModal
        open={list.form.open}
        teacher={list.form.record}
        filters={list.filters}
        delayMs={formDelayMs}
        onClose={list.form.onClose}
        onSaved={list.form.onSaved}
      />
      <AccountDialogs
        {...list.dialogs}
        updatePassword={(payload) => updatePassword.mutateAsync(payload)}
        deleteAccount={(id) => deleteTeacher.mutateAsync(id)}
        passwordSuccessMessage={MESSAGES.passwordUpdated}
        delayMs={formDelayMs}
      />
    </ListPage>
  );
}
