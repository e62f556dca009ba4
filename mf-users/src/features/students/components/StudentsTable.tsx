/**
 * The student accounts table (spec point 2): ID and name; email with status plus created date; source and
 * type; representative name and phone; last login; an action menu (class list, edit, change password, delete).
 */
import type { User } from '@trungtam/shared/contracts';
import { Badge, Stack, Text } from '@trungtam/shared/ui/core';
import { ListIcon } from '@trungtam/shared/icons';
import { DataTable, type Column, type RowsState } from '@trungtam/shared/resource';
import { AccountNameCell, EmailStatusCell, accountMenuActions, type AccountRowHandlers } from '../../../components/AccountCells';
import { accountRowId, LAST_LOGIN_COLUMN, rowMenuColumn } from '../../../components/accountColumns';
import { sourceLabel } from '../utils/sources';

export const STUDENT_TYPE_LABEL = 'Học viên';
export const CLASS_LIST_ACTION = 'Danh sách lớp';

export interface StudentsTableProps extends AccountRowHandlers, RowsState<User> {
  /** Opens the enrolment modal; the action is hidden when not given. */
  onClassList?: (user: User) => void;
}

const studentColumns = ({ onClassList, ...handlers }: Omit<StudentsTableProps, keyof RowsState<User>>): Column<User>[] => [
  { header: 'ID / Học viên', cell: (user) => <AccountNameCell user={user} idFirst /> },
  { header: 'Email', cell: (user) => <EmailStatusCell user={user} withCreatedAt /> },
  {
    header: 'Nguồn / Loại',
    cell: (user) => (
      <Stack gap="1" align="flex-start">
        <Text>{sourceLabel(user.source)}</Text>
        <Badge colorPalette="teal" variant="subtle">
          {STUDENT_TYPE_LABEL}
        </Badge>
      </Stack>
    ),
  },
  {
    header: 'Người đại diện',
    cell: (user) => (
      <Stack gap="0">
        <Text>{user.reference_name || '-'}</Text>
        {user.reference_phone && (
          <Text color="fg.muted" fontSize="xs">
            {user.reference_phone}
          </Text>
        )}
      </Stack>
    ),
  },
  LAST_LOGIN_COLUMN,
  rowMenuColumn([
    ...(onClassList ? [{ key: 'classes', label: CLASS_LIST_ACTION, icon: <ListIcon />, onSelect: onClassList }] : []),
    ...accountMenuActions(handlers),
  ]),
];

export function StudentsTable({ rows, loading, failed, onRetry, ...handlers }: StudentsTableProps) {
  return <DataTable label="Danh sách học viên" columns={studentColumns(handlers)} rowId={accountRowId} rows={rows} loading={loading} failed={failed} onRetry={onRetry} />;
}
