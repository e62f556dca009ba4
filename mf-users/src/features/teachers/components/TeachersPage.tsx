/** /assets/teachers: the teacher accounts, with filter, create/edit, password change and delete. */
import { MESSAGES } from '@trungtam/shared/validation';
import { AccountDialogs, AccountListLayout, AddAccountButton } from '../../../components/AccountListLayout';
import { useAccountListPage, useStateListView } from '../../../hooks/useAccountListPage';
import { TEACHERS_PAGE_SIZE, useDeleteTeacher, useTeachers, useUpdateTeacherPassword } from '../api/teachers';
import { DEFAULT_TEACHER_FILTERS } from '../types';
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
  const view = useStateListView(DEFAULT_TEACHER_FILTERS);
  const teachers = useTeachers(view.filters, view.page);
  const list = useAccountListPage(view, teachers);
  const deleteTeacher = useDeleteTeacher();
  const updatePassword = useUpdateTeacherPassword();

  return (
    <AccountListLayout
      title={TEACHERS_PAGE_TEXTS.title}
      heading={list.heading}
      countText={`${list.totalRows} tài khoản giáo viên`}
      toolbar={
        <>
          <TeacherFilter value={list.filters} onApply={list.applyFilters} />
          {list.may.create && <AddAccountButton label={TEACHERS_PAGE_TEXTS.add} onClick={list.openCreate} />}
        </>
      }
      table={<TeachersTable {...list.tableProps} />}
      pageSize={TEACHERS_PAGE_SIZE}
      {...list.pagination}
    >
      <TeacherFormModal
        open={list.form.open}
        teacher={list.form.account}
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
    </AccountListLayout>
  );
}
