/** The staff accounts table: account, email with status, phone, type, last login, actions. */
import type { User } from '@trungtam/shared/contracts';
import { Badge } from '@trungtam/shared/ui';
import { AccountNameCell, EmailStatusCell, type AccountRowHandlers } from '../../../components/AccountCells';
import { AccountTable, LAST_LOGIN_COLUMN, PHONE_COLUMN, rowButtonsColumn, type AccountColumn, type AccountRowsState } from '../../../components/AccountTable';
import type { StaffType } from '../types';
import { STAFF_TYPE_LABELS } from '../utils/payload';

const staffColumns = (handlers: AccountRowHandlers): AccountColumn[] => [
  { header: 'Tài khoản', cell: (user) => <AccountNameCell user={user} /> },
  { header: 'Email', cell: (user) => <EmailStatusCell user={user} /> },
  PHONE_COLUMN,
  {
    header: 'Loại tài khoản',
    cell: (user) => (
      <Badge colorPalette={user.type === 'administrator' ? 'red' : 'orange'} variant="subtle">
        {STAFF_TYPE_LABELS[user.type as StaffType] ?? user.type}
      </Badge>
    ),
  },
  LAST_LOGIN_COLUMN,
  rowButtonsColumn(handlers),
];

export function StaffTable({ rows, loading, failed, onRetry, ...handlers }: AccountRowHandlers & AccountRowsState) {
  return <AccountTable label="Danh sách tài khoản giáo vụ" columns={staffColumns(handlers)} rows={rows} loading={loading} failed={failed} onRetry={onRetry} />;
}
