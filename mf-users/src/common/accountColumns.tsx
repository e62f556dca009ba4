/**
 * Columns every account table shares: phone, created, last login, and the actions column (buttons or a ⋯ menu);
 * and the table itself (AccountTable), which the teachers, students and staff tables draw with their columns.
 */
import type { User } from '@trungtam/shared/contracts';
import { formatDate, formatDateTime } from '@trungtam/shared/format';
import { DataTable, RowButtons, RowMenu, type Column, type ListSort, type RowAction, type RowSelection, type RowsState } from '@trungtam/shared/resource';

export const PHONE_COLUMN: Column<User> = { header: 'Số điện thoại', cell: (user) => user.phone_number || '-' };

/** The last-login column every account table ends its data with (sortable: the API's last_time_login). */
export const LAST_LOGIN_COLUMN: Column<User> = {
  header: 'Đăng nhập lần cuối',
  cell: (user) => formatDateTime(user.last_time_login),
  nowrap: true,
  sortKey: 'last_time_login',
};

/** The account's creation date (sortable; left out of a phone's card unless among its first lines). */
export const CREATED_COLUMN: Column<User> = {
  header: 'Ngày tạo',
  cell: (user) => formatDate(user.created_at),
  nowrap: true,
  sortKey: 'created_at',
};

/** The account tables' sort: the header's, kept in the URL (useListPage's toggleSort). */
export interface AccountSortProps {
  sort?: ListSort | null;
  onSort?: (sortKey: string) => void;
}

export const ACTIONS_HEADER = 'Thao tác';

/** The actions as icon buttons. */
export const rowButtonsColumn = (actions: RowAction<User>[]): Column<User> => ({
  header: ACTIONS_HEADER,
  cell: (user) => <RowButtons row={user} actions={actions} />,
});

/** The actions in a ⋯ menu named after the account. */
export const rowMenuColumn = (actions: RowAction<User>[]): Column<User> => ({
  header: ACTIONS_HEADER,
  alignEnd: true,
  cell: (user) => <RowMenu row={user} label={`Thao tác với ${user.name}`} actions={actions} />,
});

export const accountRowId = (user: User) => user.id;
/** A row's name for its checkbox and the bulk refusals. */
export const accountName = (user: User) => user.name;

/** What an account table is given besides its row handlers: its rows, sort and the rows chosen for bulk actions. */
export type AccountTableState = RowsState<User> & AccountSortProps & { selection?: RowSelection };

/** An account table: `columns` over the list's rows, sortable, its rows chosen by name for the bulk actions. */
export function AccountTable({ label, columns, rows, loading, failed, onRetry, sort, onSort, selection }: AccountTableState & { label: string; columns: Column<User>[] }) {
  return (
    <DataTable
      label={label}
      selection={selection}
      rowLabel={accountName}
      columns={columns}
      rowId={accountRowId}
      rows={rows}
      loading={loading}
      failed={failed}
      onRetry={onRetry}
      sort={sort}
      onSort={onSort}
    />
  );
}
