/** The teacher accounts table (spec point 2): name, email with status, phone, bank, type, last login, actions. */
import type { User } from '@trungtam/shared/contracts';
import { Badge, Stack, Text } from '@trungtam/shared/ui/core';
import { DataTable, type Column, type RowsState } from '@trungtam/shared/resource';
import { AccountNameCell, accountRowActions, EmailStatusCell, type AccountRowHandlers } from '../../../components/AccountCells';
import { accountRowId, LAST_LOGIN_COLUMN, PHONE_COLUMN, rowButtonsColumn } from '../../../components/accountColumns';

export const TEACHER_TYPE_LABEL = 'Giáo viên';

const teacherColumns = (handlers: AccountRowHandlers): Column<User>[] => [
  { header: 'Tài khoản', cell: (user) => <AccountNameCell user={user} /> },
  { header: 'Email', cell: (user) => <EmailStatusCell user={user} /> },
  PHONE_COLUMN,
  {
    header: 'Ngân hàng',
    cell: (user) => (
      <Stack gap="0">
        <Text>{user.banking_name || '-'}</Text>
        {user.banking_number && (
          <Text color="fg.muted" fontSize="xs">
            {user.banking_number}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    header: 'Loại tài khoản',
    cell: () => (
      <Badge colorPalette="purple" variant="subtle">
        {TEACHER_TYPE_LABEL}
      </Badge>
    ),
  },
  LAST_LOGIN_COLUMN,
  rowButtonsColumn(accountRowActions(handlers)),
];

export type TeachersTableProps = AccountRowHandlers & RowsState<User>;

export function TeachersTable({ rows, loading, failed, onRetry, ...handlers }: TeachersTableProps) {
  return <DataTable label="Danh sách giáo viên" columns={teacherColumns(handlers)} rowId={accountRowId} rows={rows} loading={loading} failed={failed} onRetry={onRetry} />;
}
