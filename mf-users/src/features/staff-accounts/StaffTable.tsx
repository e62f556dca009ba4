/** The staff accounts table: account, email with status, phone, type, last login, actions. */
import type { User } from '@trungtam/shared/contracts';
import { Tag } from '@trungtam/shared/ui/list';
import { DataTable, type Column, type RowSelection, type RowsState } from '@trungtam/shared/resource';
import { AccountNameCell, accountRowActions, EmailStatusCell, type AccountRowHandlers } from '../../common/AccountCells';
import { accountName, accountRowId, LAST_LOGIN_COLUMN, PHONE_COLUMN, rowButtonsColumn } from '../../common/accountColumns';
import type { StaffType } from './types';
import { STAFF_TYPE_LABELS } from './payload';

const staffColumns = (handlers: AccountRowHandlers): Column<User>[] => [
  { header: 'Tài khoản', cell: (user) => <AccountNameCell user={user} /> },
  { header: 'Email', cell: (user) => <EmailStatusCell user={user} /> },
  PHONE_COLUMN,
  {
    header: 'Loại tài khoản',
    cell: (user) => (
      <Tag palette={user.type === 'administrator' ? 'red' : 'orange'}>{STAFF_TYPE_LABELS[user.type as StaffType] ?? user.type}</Tag>
    ),
  },
  LAST_LOGIN_COLUMN,
  rowButtonsColumn(accountRowActions(handlers)),
];

export function StaffTable({ rows, loading, failed, onRetry, selection, ...handlers }: AccountRowHandlers & RowsState<User> & { selection?: RowSelection }) {
  return <DataTable label="Danh sách tài khoản giáo vụ" selection={selection} rowLabel={accountName} columns={staffColumns(handlers)} rowId={accountRowId} rows={rows} loading={loading} failed={failed} onRetry={onRetry} />;
}
