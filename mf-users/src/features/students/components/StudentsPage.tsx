/**
 * /assets/students: the student accounts. Filters and page live in the URL (a reload or a shared link
 * shows the same list); export, create/edit, class enrolment, password change and delete.
 */
import type { User } from '@trungtam/shared/contracts';
import { can } from '@trungtam/shared/permissions';
import { useCurrentUser } from '@trungtam/shared/session';
import { MESSAGES } from '@trungtam/shared/validation';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AccountDialogs, AccountListLayout, AddAccountButton } from '../../../components/AccountListLayout';
import { useAccountListPage, type ListView } from '../../../hooks/useAccountListPage';
import { useDeleteStudent, useStudents, useUpdateStudentPassword } from '../api/students';
import type { StudentFilters } from '../types';
import { STUDENTS_PAGE_SIZE, filtersFromSearch, searchFromFilters } from '../utils/filters';
import { EnrollmentModal } from './EnrollmentModal';
import { ExportButton } from './ExportButton';
import { StudentFilter } from './StudentFilter';
import { StudentFormModal } from './StudentFormModal';
import { StudentsTable } from './StudentsTable';

export const STUDENTS_PAGE_TEXTS = {
  title: 'Danh sách học viên',
  add: 'Thêm học viên',
} as const;

export interface StudentsPageProps {
  formDelayMs?: number;
}

/** The list's filter and page, held by the URL's search params. */
function useUrlListView(): ListView<StudentFilters> {
  const [searchParams, setSearchParams] = useSearchParams();
  const { filters, page } = useMemo(() => filtersFromSearch(searchParams), [searchParams]);
  const setView = useCallback(
    (next: StudentFilters, nextPage: number) => setSearchParams(searchFromFilters(next, nextPage)),
    [setSearchParams],
  );
  return { filters, page, setView };
}

export function StudentsPage({ formDelayMs }: StudentsPageProps) {
  const view = useUrlListView();
  const students = useStudents(view.filters, view.page);
  const list = useAccountListPage(view, students);
  const me = useCurrentUser();
  const mayEnrol = can(me, 'LearningClassEnrollments', 'GetAll');
  const [enrolTarget, setEnrolTarget] = useState<User | null>(null);
  const deleteStudent = useDeleteStudent();
  const updatePassword = useUpdateStudentPassword();

  return (
    <AccountListLayout
      title={STUDENTS_PAGE_TEXTS.title}
      heading={list.heading}
      countText={`${list.totalRows} học viên`}
      toolbar={
        <>
          <StudentFilter value={list.filters} onApply={list.applyFilters} />
          {list.may.export && <ExportButton filters={list.filters} />}
          {list.may.create && <AddAccountButton label={STUDENTS_PAGE_TEXTS.add} onClick={list.openCreate} />}
        </>
      }
      table={<StudentsTable {...list.tableProps} onClassList={mayEnrol ? setEnrolTarget : undefined} />}
      pageSize={STUDENTS_PAGE_SIZE}
      {...list.pagination}
    >
      <StudentFormModal
        open={list.form.open}
        student={list.form.account}
        filters={list.filters}
        delayMs={formDelayMs}
        onClose={list.form.onClose}
        onSaved={list.form.onSaved}
      />
      <EnrollmentModal student={enrolTarget} onClose={() => setEnrolTarget(null)} delayMs={formDelayMs} />
      <AccountDialogs
        {...list.dialogs}
        updatePassword={(payload) => updatePassword.mutateAsync(payload)}
        deleteAccount={(id) => deleteStudent.mutateAsync(id)}
        passwordSuccessMessage={MESSAGES.passwordUpdated}
        delayMs={formDelayMs}
      />
    </AccountListLayout>
  );
}
