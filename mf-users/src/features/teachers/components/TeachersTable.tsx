/** The teacher accounts table (spec point 2): name, email with status, phone, bank, type, last login, actions. */
import type { User } from '@trungtam/shared/contracts';
import { formatDateTime } from '@trungtam/shared/format';
import { Badge, Box, Stack, Table, TableStateRow, Text } from '@trungtam/shared/ui';
import { AccountNameCell, AccountRowButtons, EmailStatusCell, type AccountRowHandlers } from '../../../components/AccountCells';

export const TEACHER_COLUMNS = [
  'Tài khoản',
  'Email',
  'Số điện thoại',
  'Ngân hàng',
  'Loại tài khoản',
  'Đăng nhập lần cuối',
  'Thao tác',
] as const;

export const TEACHER_TYPE_LABEL = 'Giáo viên';

export interface TeachersTableProps extends AccountRowHandlers {
  rows: User[];
  loading: boolean;
}

export function TeachersTable({ rows, loading, ...handlers }: TeachersTableProps) {
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" variant="line" aria-label="Danh sách giáo viên" aria-busy={loading}>
        <Table.Header>
          <Table.Row>
            {TEACHER_COLUMNS.map((column, index) => (
              <Table.ColumnHeader key={column} textAlign={index === TEACHER_COLUMNS.length - 1 ? 'end' : undefined}>
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
                  <AccountNameCell user={user} />
                </Table.Cell>
                <Table.Cell>
                  <EmailStatusCell user={user} />
                </Table.Cell>
                <Table.Cell>{user.phone_number || '-'}</Table.Cell>
                <Table.Cell>
                  <Stack gap="0">
                    <Text>{user.banking_name || '-'}</Text>
                    {user.banking_number && (
                      <Text color="fg.muted" fontSize="xs">
                        {user.banking_number}
                      </Text>
                    )}
                  </Stack>
                </Table.Cell>
                <Table.Cell>
                  <Badge colorPalette="purple" variant="subtle">
                    {TEACHER_TYPE_LABEL}
                  </Badge>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(user.last_time_login)}</Table.Cell>
                <Table.Cell>
                  <AccountRowButtons user={user} {...handlers} />
                </Table.Cell>
              </Table.Row>
            ))}
          <TableStateRow colSpan={TEACHER_COLUMNS.length} loading={loading} rowCount={rows.length} />
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
