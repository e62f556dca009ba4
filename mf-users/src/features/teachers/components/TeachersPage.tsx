/** /assets/teachers: the teacher accounts, with filter, create/edit, password change and delete. */
import type { User } from '@trungtam/shared/contracts';
import {
  Box,
  Button,
  Card,
  ChangePasswordModal,
  ConfirmDelete,
  Flex,
  HStack,
  Heading,
  PaginationBar,
  Text,
} from '@trungtam/shared/ui';
import { MESSAGES } from '@trungtam/shared/validation';
import { useEffect, useState } from 'react';
import {
  TEACHERS_PAGE_SIZE,
  useDeleteTeacher,
  useTeachers,
  useUpdateTeacherPassword,
} from '../api/teachers';
import { DEFAULT_TEACHER_FILTERS, type TeacherFilters } from '../types';
import { PlusIcon } from './icons';
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
    <Box>
      <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} gap="4" wrap="wrap" mb="5">
        <Box>
          <Heading as="h1" size="lg">
            {TEACHERS_PAGE_TEXTS.title}
          </Heading>
          <Text color="fg.muted">{totalRows} tài khoản giáo viên</Text>
        </Box>
        <HStack gap="2">
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
        </HStack>
      </Flex>

      <Card.Root>
        <Card.Body p="0">
          <TeachersTable
            rows={rows}
            loading={teachers.isPending}
            onChangePassword={setPasswordTarget}
            onEdit={(teacher) => setFormTarget({ mode: 'edit', teacher })}
            onDelete={setDeleteTarget}
          />
        </Card.Body>
        <Card.Footer px="5" py="0" borderTopWidth="1px">
          <Box width="full">
            <PaginationBar
              page={page}
              pageSize={TEACHERS_PAGE_SIZE}
              totalRows={totalRows}
              totalPages={totalPages}
              onPageChange={setPage}
              disabled={teachers.isFetching}
            />
          </Box>
        </Card.Footer>
      </Card.Root>

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

      <ChangePasswordModal
        open={passwordTarget !== null}
        accountId={passwordTarget?.id}
        delayMs={formDelayMs}
        onClose={() => setPasswordTarget(null)}
        onSubmit={(payload) => updatePassword.mutateAsync(payload)}
        successMessage={MESSAGES.passwordUpdated}
      />

      <ConfirmDelete
        open={deleteTarget !== null}
        onClose={() => setDeleteTarget(null)}
        onConfirm={() => (deleteTarget ? deleteTeacher.mutateAsync(deleteTarget.id) : Promise.resolve())}
      />
    </Box>
  );
}
