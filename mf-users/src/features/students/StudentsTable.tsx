/**
 * The student accounts table: ID and name; email with status plus created date; source and
 * type; representative name and phone; created; last login; an action menu (class list, guardians, edit, change
 * password, delete). Name, created and last login sort the list (the created date also stays under the
 * email, where a phone's card shows it).
 */
import type { User } from '@trungtam/shared/contracts';
import { Tag } from '@trungtam/shared/ui/list';
import { CalendarIcon, EditIcon, ListIcon, TrashIcon, UsersIcon } from '@trungtam/shared/icons';
import { CALENDAR_FEED_DIALOG_TEXTS, CellLines, CellNote, type Column } from '@trungtam/shared/resource';
import { AccountNameCell, EmailStatusCell, accountMenuActions, type AccountRowHandlers } from '../../common/AccountCells';
import { AccountTable, CREATED_COLUMN, LAST_LOGIN_COLUMN, rowMenuColumn, type AccountTableState } from '../../common/accountColumns';
import { sourceLabel } from './sources';
import { APPROVAL_TEXTS, isPending } from './approval';

export const STUDENT_TYPE_LABEL = 'Học viên';
export const CLASS_LIST_ACTION = 'Danh sách lớp';
export const GUARDIANS_ACTION = 'Phụ huynh';

export interface StudentsTableProps extends AccountRowHandlers, AccountTableState {
  /** Opens the enrolment modal; the action is hidden when not given. */
  onClassList?: (user: User) => void;
  /** Opens the student's guardians and the messages sent to them; the action is hidden when not given. */
  onGuardians?: (user: User) => void;
  /** Opens the student's private calendar URL (iCal: their sessions, for the family's phone); hidden when not given. */
  onFeed?: (user: User) => void;
  /** A self-registered account waiting for approval: approve it into a centre and a class, or reject it (shown on those rows only). */
  onApprove?: (user: User) => void;
  onReject?: (user: User) => void;
}

const studentColumns = ({ onClassList, onGuardians, onFeed, onApprove, onReject, ...handlers }: Omit<StudentsTableProps, keyof AccountTableState>): Column<User>[] => [
  { header: 'ID / Học viên', cell: (user) => <AccountNameCell user={user} idFirst />, sortKey: 'name' },
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
  CREATED_COLUMN,
  LAST_LOGIN_COLUMN,
  rowMenuColumn([
    ...(onApprove ? [{ key: 'approve', label: APPROVAL_TEXTS.approve, icon: <EditIcon />, onSelect: onApprove, hidden: (user: User) => !isPending(user) }] : []),
    ...(onReject ? [{ key: 'reject', label: APPROVAL_TEXTS.reject, icon: <TrashIcon />, onSelect: onReject, danger: true, hidden: (user: User) => !isPending(user) }] : []),
    ...(onClassList ? [{ key: 'classes', label: CLASS_LIST_ACTION, icon: <ListIcon />, onSelect: onClassList }] : []),
    ...(onGuardians ? [{ key: 'guardians', label: GUARDIANS_ACTION, icon: <UsersIcon />, onSelect: onGuardians }] : []),
    ...(onFeed ? [{ key: 'feed', label: CALENDAR_FEED_DIALOG_TEXTS.title, icon: <CalendarIcon />, onSelect: onFeed }] : []),
    ...accountMenuActions(handlers),
  ]),
];

export function StudentsTable({ rows, loading, failed, onRetry, sort, onSort, selection, ...handlers }: StudentsTableProps) {
  return <AccountTable label="Danh sách học viên" columns={studentColumns(handlers)} {...{ rows, loading, failed, onRetry, sort, onSort, selection }} />;
}
