/**
 * /assets/students: the student accounts. Filters and page live in the URL (a reload or a shared link
 * shows the same list), sorted by name, created or last login from the headers (in the URL too); export, create/edit, class enrolment, the student's guardians and the messages
 * sent to them, password change and delete.
 */
import type { User } from '@trungtam/shared/contracts';
import { can } from '@trungtam/shared/permissions';
import { useCurrentUser } from '@trungtam/shared/session';
import { MESSAGES } from '@trungtam/shared/validation';
import { CalendarFeedDialog, lazyDialog, useUrlListView, type CalendarFeedTarget } from '@trungtam/shared/resource';
import { ConfirmDelete, ExportButton } from '@trungtam/shared/ui/list';
import { ACCOUNT_STATUS } from '@trungtam/shared/contracts';
import { useState } from 'react';
import { AccountImportTool } from '../../common/AccountImportTool';
import { AccountListScreen } from '../../common/AccountListScreen';
import { useAccountListPage } from '../../common/useAccountListPage';
import { useAccountBulk } from '../../common/accountBulk';
import { useDeleteStudent, useStudents, useUpdateStudentPassword } from './api';
import { StudentFamilyDialog } from './familyDialog';
import { familyPermissions } from './familyPermissions';
import { exportFileName, STUDENT_FILTERS, STUDENTS_PAGE_SIZE, studentExportParams, studentListParams } from './filters';
import { StudentFilter } from './StudentFilter';
import { StudentsTable } from './StudentsTable';
import { APPROVAL_TEXTS, useRejectAccount } from './approval';

// the forms: their code (Formik, yup) downloads apart from the list (lazyParts.tsx in the resource kit)
const StudentFormModal = lazyDialog('StudentFormModal', () => import('./StudentFormModal').then((m) => m.StudentFormModal));
const ApproveDialog = lazyDialog('ApproveDialog', () => import('./ApproveDialog').then((m) => m.ApproveDialog), (props) => props.student !== null);
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
  const students = useStudents(view.filters, view.page, view.sort);
  const list = useAccountListPage(view, students);
  const me = useCurrentUser();
  const mayEnrol = can(me, 'LearningClassEnrollments', 'GetAll');
  const [enrolTarget, setEnrolTarget] = useState<User | null>(null);
  const family = familyPermissions(me);
  const [familyTarget, setFamilyTarget] = useState<User | null>(null);
  // the student whose calendar feed is shown (staff who may read the account)
  const [feedOf, setFeedOf] = useState<CalendarFeedTarget | null>(null);
  const deleteStudent = useDeleteStudent();
  const updatePassword = useUpdateStudentPassword();
  // the "Chờ duyệt" queue: self-registered accounts waiting for approval (status 2)
  const mayApprove = can(me, 'User', 'Update');
  const mayReject = can(me, 'User', 'Delete');
  const [approveTarget, setApproveTarget] = useState<User | null>(null);
  const [rejectTarget, setRejectTarget] = useState<User | null>(null);
  const rejectAccount = useRejectAccount();
  const showingQueue = list.filters.status === ACCOUNT_STATUS.PENDING;
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
      tools={
        <>
          <button
            type="button"
            className="kit-button kit-button--outline"
            aria-pressed={showingQueue}
            onClick={() => list.applyFilters({ ...list.filters, status: showingQueue ? 0 : ACCOUNT_STATUS.PENDING })}
          >
            {APPROVAL_TEXTS.queue}
          </button>
          {list.may.create && list.may.update && <AccountImportTool type="student" />}
          {list.may.export && <ExportButton path="/user/export" params={studentExportParams(list.filters)} fileName={exportFileName()} />}
        </>
      }
      bulkBar={bulk.bar}
      table={
        <StudentsTable
          selection={bulk.selection}
          {...list.rowsState}
          {...list.handlers}
          sort={list.sort}
          onSort={list.toggleSort}
          onClassList={mayEnrol ? setEnrolTarget : undefined}
          onGuardians={family.guardians || family.messages ? setFamilyTarget : undefined}
          onFeed={can(me, 'User', 'GetOne') ? (student) => setFeedOf({ kind: 'user', id: student.id, name: student.name }) : undefined}
          onApprove={mayApprove ? setApproveTarget : undefined}
          onReject={mayReject ? setRejectTarget : undefined}
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
      <CalendarFeedDialog target={feedOf} onClose={() => setFeedOf(null)} />
      <ApproveDialog student={approveTarget} onClose={() => setApproveTarget(null)} delayMs={formDelayMs} />
      <ConfirmDelete
        open={rejectTarget !== null}
        onClose={() => setRejectTarget(null)}
        onConfirm={() => rejectAccount.mutateAsync({ user_id: rejectTarget?.id ?? 0 })}
        message={APPROVAL_TEXTS.rejectQuestion(rejectTarget?.name ?? '')}
        description={APPROVAL_TEXTS.rejectDescription}
        confirmLabel={APPROVAL_TEXTS.reject}
        successMessage={APPROVAL_TEXTS.rejected}
        failureMessage={APPROVAL_TEXTS.rejectFailed}
      />
    </AccountListScreen>
  );
}
