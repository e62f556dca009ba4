/** Columns every account table shares: phone, last login, and the actions column (buttons or a ⋯ menu). */
import type { User } from '@trungtam/shared/contracts';
import { formatDateTime } from '@trungtam/shared/format';
import { RowButtons, RowMenu, type Column, type RowAction } from '@trungtam/shared/resource';

export const PHONE_COLUMN: Column<User> = { header: 'Số điện thoại', cell: (user) => user.phone_number || '-' };

/** The last-login column every account table ends its data with. */
export const LAST_LOGIN_COLUMN: Column<User> = {
  header: 'Đăng nhập lần cuối',
  cell: (user) => formatDateTime(user.last_time_login),
  nowrap: true,
};

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
