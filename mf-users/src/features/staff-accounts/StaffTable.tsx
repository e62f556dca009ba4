/** The staff accounts table: account, email with status, phone, type, created, last login, actions; name, created and last login sort the list. */
import type { User } from '@trungtam/shared/contracts';
import { Tag } from '@trungtam/shared/ui/list';
import type { Column } from '@trungtam/shared/resource';
import { AccountNameCell, accountRowActions, EmailStatusCell, type AccountRowHandlers } from '../../common/AccountCells';
import { AccountTable, CREATED_COLUMN, LAST_LOGIN_COLUMN, PHONE_COLUMN, rowButtonsColumn, type AccountTableState } from '../../common/accountColumns';
import type { StaffType } from './types';
import { STAFF_TYPE_LABELS } from './payload';

const staffColumns = (handlers: AccountRowHandlers): Column<User>[] => [
  { header: 'Tài khoản', cell: (user) => <AccountNameCell user={user} />, sortKey: 'name' },
  { header: 'Email', cell: (user) => <EmailStatusCell user={user} /> },
  PHONE_COLUMN,
  {
    header: 'Loại tài khoản',
    cell: (user) => (
      <Tag palette={user.type === 'administrator' ? 'red' : 'orange'}>{STAFF_TYPE_LABELS[user.type as StaffType] ?? user.type}</Tag>
    ),
  },
  CREATED_COLUMN,
  LAST_LOGIN_COLUMN,
  rowButtonsColumn(accountRowActions(handlers)),
];

export function StaffTable({ rows, loading, failed, onRetry, sort, onSort, selection, ...handlers }: AccountRowHandlers & AccountTableState) {
  return <AccountTable label="Danh sách tài khoản giáo vụ" columns={staffColumns(handlers)} {...{ rows, loading, failed, onRetry, sort, onSort, selection }} />;
}
