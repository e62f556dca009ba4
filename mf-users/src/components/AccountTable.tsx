/**
 * A table of accounts driven by its columns: each feature gives its headers and cells; the frame, the
 * header row (the last column, the actions, aligned to the end) and the loading/empty row are shared.
 */
import type { User } from '@trungtam/shared/contracts';
import { formatDateTime } from '@trungtam/shared/format';
import { Box, Table, TableStateRow } from '@trungtam/shared/ui';
import type { ComponentProps, ReactNode } from 'react';
import { AccountRowButtons, type AccountRowHandlers } from './AccountCells';

export interface AccountColumn {
  header: string;
  cell: (user: User) => ReactNode;
  cellProps?: ComponentProps<typeof Table.Cell>;
}

export interface AccountTableProps {
  /** The table's accessible name. */
  label: string;
  columns: AccountColumn[];
  rows: User[];
  loading: boolean;
}

export function AccountTable({ label, columns, rows, loading }: AccountTableProps) {
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" variant="line" aria-label={label} aria-busy={loading}>
        <Table.Header>
          <Table.Row>
            {columns.map((column, index) => (
              <Table.ColumnHeader key={column.header} textAlign={index === columns.length - 1 ? 'end' : undefined}>
                {column.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {!loading &&
            rows.map((user) => (
              <Table.Row key={user.id}>
                {columns.map((column) => (
                  <Table.Cell key={column.header} {...column.cellProps}>
                    {column.cell(user)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          <TableStateRow colSpan={columns.length} loading={loading} rowCount={rows.length} />
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

export const PHONE_COLUMN: AccountColumn = { header: 'Số điện thoại', cell: (user) => user.phone_number || '-' };

/** The last-login column every account table ends its data with. */
export const LAST_LOGIN_COLUMN: AccountColumn = {
  header: 'Đăng nhập lần cuối',
  cell: (user) => formatDateTime(user.last_time_login),
  cellProps: { whiteSpace: 'nowrap' },
};

/** The actions column as icon buttons: change password, edit, delete. */
export const rowButtonsColumn = (handlers: AccountRowHandlers): AccountColumn => ({
  header: 'Thao tác',
  cell: (user) => <AccountRowButtons user={user} {...handlers} />,
});
