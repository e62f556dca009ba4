/**
 * The student accounts table (spec point 2): ID and name; email with status plus created date; source and
 * type; representative name and phone; last login; an action menu (class list, edit, change password, delete).
 */
import type { User } from '@trungtam/shared/contracts';
import { Badge, Stack, Text } from '@trungtam/shared/ui';
import {
  AccountNameCell,
  EmailStatusCell,
  RowActionMenu,
  accountMenuActions,
  type AccountRowHandlers,
} from '../../../components/AccountCells';
import { AccountTable, LAST_LOGIN_COLUMN, type AccountColumn, type AccountRowsState } from '../../../components/AccountTable';
import { ListIcon } from '../../../components/icons';
import { sourceLabel } from '../utils/payload';

export const STUDENT_TYPE_LABEL = 'Học viên';
export const CLASS_LIST_ACTION = 'Danh sách lớp';

export interface StudentsTableProps extends AccountRowHandlers, AccountRowsState {
  /** Opens the enrolment modal; the action is hidden when not given. */
  onClassList?: (user: User) => void;
}

const studentColumns = ({ onClassList, ...handlers }: Omit<StudentsTableProps, keyof AccountRowsState>): AccountColumn[] => [
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
  {
    header: 'Thao tác',
    cellProps: { textAlign: 'end' },
    cell: (user) => (
      <RowActionMenu
        label={`Thao tác với ${user.name}`}
        actions={[
          ...(onClassList ? [{ value: 'classes', label: CLASS_LIST_ACTION, icon: <ListIcon />, onSelect: () => onClassList(user) }] : []),
          ...accountMenuActions(user, handlers),
        ]}
      />
    ),
  },
];

export function StudentsTable({ rows, loading, failed, onRetry, ...handlers }: StudentsTableProps) {
  return <AccountTable label="Danh sách học viên" columns={studentColumns(handlers)} rows={rows} loading={loading} failed={failed} onRetry={onRetry} />;
}
