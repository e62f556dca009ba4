/**
 * The student accounts table: ID and name; email with status plus created date; source and
 * type; representative name and phone; last login; an action menu (class list, guardians, edit, change
 * password, delete).
 */
import type { User } from '@trungtam/shared/contracts';
import { Tag } from '@trungtam/shared/ui/list';
import { ListIcon, UsersIcon } from '@trungtam/shared/icons';
import { CellLines, CellNote, DataTable, type Column, type RowSelection, type RowsState } from '@trungtam/shared/resource';
import { AccountNameCell, EmailStatusCell, accountMenuActions, type AccountRowHandlers } from '../../common/AccountCells';
import { accountName, accountRowId, LAST_LOGIN_COLUMN, rowMenuColumn } from '../../common/accountColumns';
import { sourceLabel } from './sources';

export const STUDENT_TYPE_LABEL = 'Học viên';
export const CLASS_LIST_ACTION = 'Danh sách lớp';
export const GUARDIANS_ACTION = 'Phụ huynh';

export interface StudentsTableProps extends AccountRowHandlers, RowsState<User> {
  /** Rows chosen for the bulk actions (accountBulk.tsx). */
  selection?: RowSelection;
  /** Opens the enrolment modal; the action is hidden when not given. */
  onClassList?: (user: User) => void;
  /** Opens the student's guardians and the messages sent to them; the action is hidden when not given. */
  onGuardians?: (user: User) => void;
}

const studentColumns = ({ onClassList, onGuardians, ...handlers }: Omit<StudentsTableProps, keyof RowsState<User>>): Column<User>[] => [
  { header: 'ID / Học viên', cell: (user) => <AccountNameCell user={user} idFirst /> },
  { header: 'Email', cell: (user) => <EmailStatusCell user={user} withCreatedAt /> },
  {
    header: 'Nguồn / Loại',
    cell: (user) => (
      <CellLines spaced>
        <span>{sourceLabel(user.source)}</span>
        <Tag palette="teal">{STUDENT_TYPE_LABEL}</Tag>
      </CellLines>
    ),
  },
  {
    header: 'Người đại diện',
    cell: (user) => (
      <CellLines>
        <span>{user.reference_name || '-'}</span>
        {user.reference_phone && <CellNote>{user.reference_phone}</CellNote>}
      </CellLines>
    ),
  },
  LAST_LOGIN_COLUMN,
  rowMenuColumn([
    ...(onClassList ? [{ key: 'classes', label: CLASS_LIST_ACTION, icon: <ListIcon />, onSelect: onClassList }] : []),
    ...(onGuardians ? [{ key: 'guardians', label: GUARDIANS_ACTION, icon: <UsersIcon />, onSelect: onGuardians }] : []),
    ...accountMenuActions(handlers),
  ]),
];

export function StudentsTable({ rows, loading, failed, onRetry, selection, ...handlers }: StudentsTableProps) {
  return <DataTable label="Danh sách học viên" selection={selection} rowLabel={accountName} columns={studentColumns(handlers)} rowId={accountRowId} rows={rows} loading={loading} failed={failed} onRetry={onRetry} />;
}
