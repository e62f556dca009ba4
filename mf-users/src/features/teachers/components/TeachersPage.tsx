/** /assets/teachers: the teacher accounts, with filter, create/edit, password change and delete. */
import type { User } from '@trungtam/shared/contracts';
import { Button } from '@trungtam/shared/ui';
import { MESSAGES } from '@trungtam/shared/validation';
import { useEffect, useState } from 'react';
import { AccountDialogs, AccountListLayout } from '../../../components/AccountListLayout';
import { PlusIcon } from '../../../components/icons';
import { TEACHERS_PAGE_SIZE, useDeleteTeacher, useTeachers, useUpdateTeacherPassword } from '../api/teachers';
import { DEFAULT_TEACHER_FILTERS, type TeacherFilters } from '../types';
import { TeacherFilter } from './TeacherFilter';
import { TeacherFormModal } from './TeacherFormModal';
import { TeachersTable } from './TeachersTable';

type FormTarget = { mode: 'create' } | { mode: 'edit'; teacher: User } | null;

export const TEACHERS_PAGE_TEXTS = {
  title: 'Danh sách giáo viên',
  add: 'Thêm giáo viên',
} as const;

export interface TeachersPageProps {
  /** The waiting time of the forms before their call (spec: 1 second). */
  formDelayMs?: number;
}

export function TeachersPage({ formDelayMs }: TeachersPageProps) {
  const [filters, setFilters] = useState<TeacherFilters>(DEFAULT_TEACHER_FILTERS);
  const [page, setPage] = useState(1);
  const [formTarget, setFormTarget] = useState<FormTarget>(null);
  const [passwordTarget, setPasswordTarget] = useState<User | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<User | null>(null);

  const teachers = useTeachers(filters, page);
  const deleteTeacher = useDeleteTeacher();
  const updatePassword = useUpdateTeacherPassword();

  const rows = teachers.data?.rows ?? [];
  const totalRows = teachers.data?.total_rows ?? 0;
  const totalPages = teachers.data?.total_pages ?? 0;

  // after a deletion empties the last page, show the new last page
  useEffect(() => {
    if (teachers.data && totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [teachers.data, totalPages, page]);

  return (
    <AccountListLayout
      title={TEACHERS_PAGE_TEXTS.title}
      countText={`${totalRows} tài khoản giáo viên`}
      toolbar={
        <>
          <TeacherFilter
            value={filters}
            onApply={(next) => {
              setFilters(next);
              setPage(1);
            }}
          />
          <Button size="sm" colorPalette="blue" onClick={() => setFormTarget({ mode: 'create' })}>
            <PlusIcon />
            {TEACHERS_PAGE_TEXTS.add}
          </Button>
        </>
      }
      table={
        <TeachersTable
          rows={rows}
          loading={teachers.isPending}
          onChangePassword={setPasswordTarget}
          onEdit={(teacher) => setFormTarget({ mode: 'edit', teacher })}
          onDelete={setDeleteTarget}
        />
      }
      page={page}
      pageSize={TEACHERS_PAGE_SIZE}
      totalRows={totalRows}
      totalPages={totalPages}
      onPageChange={setPage}
      fetching={teachers.isFetching}
    >
      <TeacherFormModal
        open={formTarget !== null}
        teacher={formTarget?.mode === 'edit' ? formTarget.teacher : null}
        filters={filters}
        delayMs={formDelayMs}
        onClose={() => setFormTarget(null)}
        onSaved={(mode) => {
          // a new account is the newest: it is on top of the first page
          if (mode === 'create') setPage(1);
        }}
      />
      <AccountDialogs
        passwordTarget={passwordTarget}
        deleteTarget={deleteTarget}
        onClosePassword={() => setPasswordTarget(null)}
        onCloseDelete={() => setDeleteTarget(null)}
        updatePassword={(payload) => updatePassword.mutateAsync(payload)}
        deleteAccount={(id) => deleteTeacher.mutateAsync(id)}
        passwordSuccessMessage={MESSAGES.passwordUpdated}
        delayMs={formDelayMs}
      />
    </AccountListLayout>
  );
}
