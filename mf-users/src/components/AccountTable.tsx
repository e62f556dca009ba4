/**
 * A table of accounts driven by its columns: each feature gives its headers and cells; the frame, the
 * header row (the last column, the actions, aligned to the end) and the loading/empty/failed row are
 * shared. On a narrow screen the table scrolls sideways under headers that keep to one line, and the
 * actions column stays pinned to the right edge, so every action is reachable on a phone.
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

/** What a list gives its table: the rows and the state of their loading. */
export interface AccountRowsState {
  rows: User[];
  loading: boolean;
  /** The list could not be loaded: a notice with a retry instead of the empty row. */
  failed?: boolean;
  onRetry?: () => void;
}

export interface AccountTableProps extends AccountRowsState {
  /** The table's accessible name. */
  label: string;
  columns: AccountColumn[];
}

/** The last column (the actions) stays in view while the rest scrolls sideways. */
const pinnedEnd = { position: 'sticky', insetEnd: 0, bg: 'bg', zIndex: 1, boxShadow: '-6px 0 6px -6px rgba(0,0,0,0.15)' } as const;

export function AccountTable({ label, columns, rows, loading, failed = false, onRetry }: AccountTableProps) {
  const last = columns.length - 1;
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" variant="line" aria-label={label} aria-busy={loading}>
        <Table.Header>
          <Table.Row>
            {columns.map((column, index) => (
              <Table.ColumnHeader key={column.header} whiteSpace="nowrap" {...(index === last ? { textAlign: 'end', ...pinnedEnd } : {})}>
                {column.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {!loading &&
            rows.map((user) => (
              <Table.Row key={user.id}>
                {columns.map((column, index) => (
                  <Table.Cell key={column.header} {...column.cellProps} {...(index === last ? pinnedEnd : {})}>
                    {column.cell(user)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          <TableStateRow colSpan={columns.length} loading={loading} rowCount={rows.length} failed={failed && rows.length === 0} onRetry={onRetry} />
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
