/**
 * /assets/students: the student accounts. Filters and page live in the URL (a reload or a shared link
 * shows the same list); export, create/edit, class enrolment, the student's guardians and the messages
 * sent to them, password change and delete.
 */
import type { User } from '@trungtam/shared/contracts';
import { can } from '@trungtam/shared/permissions';
import { useCurrentUser } from '@trungtam/shared/session';
import { MESSAGES } from '@trungtam/shared/validation';
import { lazyDialog, useUrlListView } from '@trungtam/shared/resource';
import { ExportButton } from '@trungtam/shared/ui/list';
import { useState } from 'react';
import { AccountListScreen } from '../../common/AccountListScreen';
import { useAccountListPage } from '../../common/useAccountListPage';
import { useAccountBulk } from '../../common/accountBulk';
import { useDeleteStudent, useStudents, useUpdateStudentPassword } from './api';
import { StudentFamilyDialog } from './familyDialog';
import { familyPermissions } from './familyPermissions';
import { exportFileName, STUDENT_FILTERS, STUDENTS_PAGE_SIZE, studentExportParams, studentListParams } from './filters';
import { StudentFilter } from './StudentFilter';
import { StudentsTable } from './StudentsTable';

// the forms: their code (Formik, yup) downloads apart from the list (lazyParts.tsx in the resource kit)
const StudentFormModal = lazyDialog('StudentFormModal', () => import('./StudentFormModal').then((m) => m.StudentFormModal));
const EnrollmentModal = lazyDialog(
  'EnrollmentModal',
  () => import('./EnrollmentModal').then((m) => m.EnrollmentModal),
  (props) => props.student !== null,
);

export const STUDENTS_PAGE_TEXTS = {
  title: 'Danh sách học viên',
  add: 'Thêm học viên',
} as const;

export interface StudentsPageProps {
  formDelayMs?: number;
}

export function StudentsPage({ formDelayMs }: StudentsPageProps) {
  const view = useUrlListView(STUDENT_FILTERS);
  const students = useStudents(view.filters, view.page);
  const list = useAccountListPage(view, students);
  const me = useCurrentUser();
  const mayEnrol = can(me, 'LearningClassEnrollments', 'GetAll');
  const [enrolTarget, setEnrolTarget] = useState<User | null>(null);
  const family = familyPermissions(me);
  const [familyTarget, setFamilyTarget] = useState<User | null>(null);
  const deleteStudent = useDeleteStudent();
  const updatePassword = useUpdateStudentPassword();
  const bulk = useAccountBulk({
    type: 'student',
    rows: list.rowsState.rows,
    totalRows: list.totalRows,
    params: studentListParams(view.filters, 1),
    resetKey: JSON.stringify([view.filters, view.page]),
    exportParams: studentExportParams(view.filters),
    exportFileName: exportFileName(),
  });

  return (
    <AccountListScreen
      title={STUDENTS_PAGE_TEXTS.title}
      countText={`${list.totalRows} học viên`}
      addLabel={STUDENTS_PAGE_TEXTS.add}
      list={list}
      filter={<StudentFilter value={list.filters} onApply={list.applyFilters} />}
      tools={list.may.export && <ExportButton path="/user/export" params={studentExportParams(list.filters)} fileName={exportFileName()} />}
      bulkBar={bulk.bar}
      table={
        <StudentsTable
          selection={bulk.selection}
          {...list.rowsState}
          {...list.handlers}
          onClassList={mayEnrol ? setEnrolTarget : undefined}
          onGuardians={family.guardians || family.messages ? setFamilyTarget : undefined}
        />
      }
      pageSize={STUDENTS_PAGE_SIZE}
      form={
        <StudentFormModal
          open={list.form.open}
          student={list.form.record}
          filters={list.filters}
          delayMs={formDelayMs}
          onClose={list.form.onClose}
          onSaved={list.form.onSaved}
        />
      }
      updatePassword={(payload) => updatePassword.mutateAsync(payload)}
      deleteAccount={(id) => deleteStudent.mutateAsync(id)}
      passwordSuccessMessage={MESSAGES.passwordUpdated}
      delayMs={formDelayMs}
    >
      <EnrollmentModal student={enrolTarget} onClose={() => setEnrolTarget(null)} delayMs={formDelayMs} />
      <StudentFamilyDialog student={familyTarget} onClose={() => setFamilyTarget(null)} delayMs={formDelayMs} />
    </AccountListScreen>
  );
}
