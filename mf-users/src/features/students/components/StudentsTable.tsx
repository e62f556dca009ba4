/**
 * The student accounts table (spec point 2): ID and name; email with status plus created date; source and
 * type; representative name and phone; last login; an action menu (class list, edit, change password, delete).
 */
import type { User } from '@trungtam/shared/contracts';
import { formatDateTime } from '@trungtam/shared/format';
import { Badge, Box, Stack, Table, TableStateRow, Text } from '@trungtam/shared/ui';
import {
  AccountNameCell,
  EmailStatusCell,
  RowActionMenu,
  accountMenuActions,
  type AccountRowHandlers,
} from '../../../components/AccountCells';
import { ListIcon } from '../../../components/icons';
import { sourceLabel } from '../utils/payload';

export const STUDENT_COLUMNS = ['ID / Học viên', 'Email', 'Nguồn / Loại', 'Người đại diện', 'Đăng nhập lần cuối', 'Thao tác'] as const;
export const STUDENT_TYPE_LABEL = 'Học viên';
export const CLASS_LIST_ACTION = 'Danh sách lớp';

export interface StudentsTableProps extends AccountRowHandlers {
  rows: User[];
  loading: boolean;
  /** Opens the enrolment modal; the action is hidden when not given. */
  onClassList?: (user: User) => void;
}

export function StudentsTable({ rows, loading, onClassList, ...handlers }: StudentsTableProps) {
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" variant="line" aria-label="Danh sách học viên" aria-busy={loading}>
        <Table.Header>
          <Table.Row>
            {STUDENT_COLUMNS.map((column, index) => (
              <Table.ColumnHeader key={column} textAlign={index === STUDENT_COLUMNS.length - 1 ? 'end' : undefined}>
                {column}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {!loading &&
            rows.map((user) => (
              <Table.Row key={user.id}>
                <Table.Cell>
                  <AccountNameCell user={user} idFirst />
                </Table.Cell>
                <Table.Cell>
                  <EmailStatusCell user={user} withCreatedAt />
                </Table.Cell>
                <Table.Cell>
                  <Stack gap="1" align="flex-start">
                    <Text>{sourceLabel(user.source)}</Text>
                    <Badge colorPalette="teal" variant="subtle">
                      {STUDENT_TYPE_LABEL}
                    </Badge>
                  </Stack>
                </Table.Cell>
                <Table.Cell>
                  <Stack gap="0">
                    <Text>{user.reference_name || '-'}</Text>
                    {user.reference_phone && (
                      <Text color="fg.muted" fontSize="xs">
                        {user.reference_phone}
                      </Text>
                    )}
                  </Stack>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(user.last_time_login)}</Table.Cell>
                <Table.Cell textAlign="end">
                  <RowActionMenu
                    label={`Thao tác với ${user.name}`}
                    actions={[
                      ...(onClassList
                        ? [{ value: 'classes', label: CLASS_LIST_ACTION, icon: <ListIcon />, onSelect: () => onClassList(user) }]
                        : []),
                      ...accountMenuActions(user, handlers),
                    ]}
                  />
                </Table.Cell>
              </Table.Row>
            ))}
          <TableStateRow colSpan={STUDENT_COLUMNS.length} loading={loading} rowCount={rows.length} />
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
