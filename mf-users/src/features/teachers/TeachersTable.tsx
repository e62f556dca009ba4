/** The teacher accounts table: name, email with status, phone, bank, type, created, last login, actions; name, created and last login sort the list. */
import type { User } from '@trungtam/shared/contracts';
import { Tag } from '@trungtam/shared/ui/list';
import { CellLines, CellNote, type Column } from '@trungtam/shared/resource';
import { AccountNameCell, accountRowActions, EmailStatusCell, type AccountRowHandlers } from '../../common/AccountCells';
import { AccountTable, CREATED_COLUMN, LAST_LOGIN_COLUMN, PHONE_COLUMN, rowButtonsColumn, type AccountTableState } from '../../common/accountColumns';

export const TEACHER_TYPE_LABEL = 'Giáo viên';

const teacherColumns = (handlers: AccountRowHandlers): Column<User>[] => [
  { header: 'Tài khoản', cell: (user) => <AccountNameCell user={user} />, sortKey: 'name' },
  { header: 'Email', cell: (user) => <EmailStatusCell user={user} /> },
  PHONE_COLUMN,
  {
    header: 'Ngân hàng',
    cell: (user) => (
      <CellLines>
        <span>{user.banking_name || '-'}</span>
        {user.banking_number && <CellNote>{user.banking_number}</CellNote>}
      </CellLines>
    ),
  },
  {
    header: 'Loại tài khoản',
    cell: () => <Tag palette="purple">{TEACHER_TYPE_LABEL}</Tag>,
  },
  CREATED_COLUMN,
  LAST_LOGIN_COLUMN,
  rowButtonsColumn(accountRowActions(handlers)),
];

export type TeachersTableProps = AccountRowHandlers & AccountTableState;

export function TeachersTable({ rows, loading, failed, onRetry, sort, onSort, selection, ...handlers }: TeachersTableProps) {
  return <AccountTable label="Danh sách giáo viên" columns={teacherColumns(handlers)} {...{ rows, loading, failed, onRetry, sort, onSort, selection }} />;
}
