/** The staff accounts table: account, email with status, phone, type, last login, actions. */
import type { User } from '@trungtam/shared/contracts';
import { formatDateTime } from '@trungtam/shared/format';
import { Badge, Box, Table, TableStateRow } from '@trungtam/shared/ui';
import { AccountNameCell, AccountRowButtons, EmailStatusCell, type AccountRowHandlers } from '../../../components/AccountCells';
import type { StaffType } from '../types';
import { STAFF_TYPE_LABELS } from '../utils/payload';

export const STAFF_COLUMNS = ['Tài khoản', 'Email', 'Số điện thoại', 'Loại tài khoản', 'Đăng nhập lần cuối', 'Thao tác'] as const;

export function StaffTable({ rows, loading, ...handlers }: AccountRowHandlers & { rows: User[]; loading: boolean }) {
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" variant="line" aria-label="Danh sách tài khoản giáo vụ" aria-busy={loading}>
        <Table.Header>
          <Table.Row>
            {STAFF_COLUMNS.map((column, index) => (
              <Table.ColumnHeader key={column} textAlign={index === STAFF_COLUMNS.length - 1 ? 'end' : undefined}>
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
                  <Badge colorPalette={user.type === 'administrator' ? 'red' : 'orange'} variant="subtle">
                    {STAFF_TYPE_LABELS[user.type as StaffType] ?? user.type}
                  </Badge>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(user.last_time_login)}</Table.Cell>
                <Table.Cell>
                  <AccountRowButtons user={user} {...handlers} />
                </Table.Cell>
              </Table.Row>
            ))}
          <TableStateRow colSpan={STAFF_COLUMNS.length} loading={loading} rowCount={rows.length} />
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
