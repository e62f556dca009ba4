/**
 * /assets/students: the student accounts. Filters and page live in the URL (a reload or a shared link
 * shows the same list); export, create/edit, class enrolment, password change and delete.
 */
import type { User } from '@trungtam/shared/contracts';
import { can } from '@trungtam/shared/permissions';
import { useCurrentUser } from '@trungtam/shared/session';
import { Button } from '@trungtam/shared/ui';
import { MESSAGES } from '@trungtam/shared/validation';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AccountDialogs, AccountListLayout } from '../../../components/AccountListLayout';
import { PlusIcon } from '../../../components/icons';
import { useDeleteStudent, useStudents, useUpdateStudentPassword } from '../api/students';
import type { StudentFilters } from '../types';
import { STUDENTS_PAGE_SIZE, filtersFromSearch, searchFromFilters } from '../utils/filters';
import { EnrollmentModal } from './EnrollmentModal';
import { ExportButton } from './ExportButton';
import { StudentFilter } from './StudentFilter';
import { StudentFormModal } from './StudentFormModal';
import { StudentsTable } from './StudentsTable';

type FormTarget = { mode: 'create' } | { mode: 'edit'; student: User } | null;

export const STUDENTS_PAGE_TEXTS = {
  title: 'Danh sách học viên',
  add: 'Thêm học viên',
} as const;

export interface StudentsPageProps {
  formDelayMs?: number;
}

export function StudentsPage({ formDelayMs }: StudentsPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { filters, page } = useMemo(() => filtersFromSearch(searchParams), [searchParams]);
  const setView = useCallback(
    (next: StudentFilters, nextPage: number) => setSearchParams(searchFromFilters(next, nextPage)),
    [setSearchParams],
  );
  const me = useCurrentUser();
  const mayEnrol = can(me, 'LearningClassEnrollments', 'GetAll');

  const [formTarget, setFormTarget] = useState<FormTarget>(null);
  const [passwordTarget, setPasswordTarget] = useState<User | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<User | null>(null);
  const [enrolTarget, setEnrolTarget] = useState<User | null>(null);

  const students = useStudents(filters, page);
  const deleteStudent = useDeleteStudent();
  const updatePassword = useUpdateStudentPassword();
  const rows = students.data?.rows ?? [];
  const totalRows = students.data?.total_rows ?? 0;
  const totalPages = students.data?.total_pages ?? 0;

  useEffect(() => {
    if (students.data && !students.isPlaceholderData && totalPages > 0 && page > totalPages) setView(filters, totalPages);
  }, [students.data, students.isPlaceholderData, totalPages, page, filters, setView]);

  return (
    <AccountListLayout
      title={STUDENTS_PAGE_TEXTS.title}
      countText={`${totalRows} học viên`}
      toolbar={
        <>
          <StudentFilter value={filters} onApply={(next) => setView(next, 1)} />
          <ExportButton filters={filters} />
          <Button size="sm" colorPalette="blue" onClick={() => setFormTarget({ mode: 'create' })}>
            <PlusIcon />
            {STUDENTS_PAGE_TEXTS.add}
          </Button>
        </>
      }
      table={
        <StudentsTable
          rows={rows}
          loading={students.isPending}
          onClassList={mayEnrol ? setEnrolTarget : undefined}
          onChangePassword={setPasswordTarget}
          onEdit={(student) => setFormTarget({ mode: 'edit', student })}
          onDelete={setDeleteTarget}
        />
      }
      page={page}
      pageSize={STUDENTS_PAGE_SIZE}
      totalRows={totalRows}
      totalPages={totalPages}
      onPageChange={(next) => setView(filters, next)}
      fetching={students.isFetching}
    >
      <StudentFormModal
        open={formTarget !== null}
        student={formTarget?.mode === 'edit' ? formTarget.student : null}
        filters={filters}
        delayMs={formDelayMs}
        onClose={() => setFormTarget(null)}
        onSaved={(mode) => {
          if (mode === 'create' && page !== 1) setView(filters, 1);
        }}
      />
      <EnrollmentModal student={enrolTarget} onClose={() => setEnrolTarget(null)} delayMs={formDelayMs} />
      <AccountDialogs
        passwordTarget={passwordTarget}
        deleteTarget={deleteTarget}
        onClosePassword={() => setPasswordTarget(null)}
        onCloseDelete={() => setDeleteTarget(null)}
        updatePassword={(payload) => updatePassword.mutateAsync(payload)}
        deleteAccount={(id) => deleteStudent.mutateAsync(id)}
        passwordSuccessMessage={MESSAGES.passwordUpdated}
        delayMs={formDelayMs}
      />
    </AccountListLayout>
  );
}
