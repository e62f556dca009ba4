/** Table cells the account tables share (name with id, email with status and created date) and the row actions. */
import type { User } from '@trungtam/shared/contracts';
import { formatDateTime } from '@trungtam/shared/format';
import { EditIcon, KeyIcon, SignOutIcon, TrashIcon } from '@trungtam/shared/icons';
import { CellLines, CellNote, CellStrong, type RowAction } from '@trungtam/shared/resource';
import { AccountStatusBadge } from '@trungtam/shared/ui/list';

export function AccountNameCell({ user, idFirst = false }: { user: User; idFirst?: boolean }) {
  if (idFirst) {
    return (
      <CellLines>
        <CellNote>#{user.id}</CellNote>
        <CellStrong>{user.name}</CellStrong>
      </CellLines>
    );
  }
  return (
    <CellLines>
      <CellStrong>{user.name}</CellStrong>
      <CellNote>ID: {user.id}</CellNote>
    </CellLines>
  );
}

export function EmailStatusCell({ user, withCreatedAt = false }: { user: User; withCreatedAt?: boolean }) {
  return (
    <CellLines spaced>
      <span>{user.email}</span>
      <AccountStatusBadge status={user.status} />
      {withCreatedAt && <CellNote>Ngày tạo: {formatDateTime(user.created_at)}</CellNote>}
    </CellLines>
  );
}

/** The row actions; an action the signed-in user may not take is left out (its handler is not given). */
export interface AccountRowHandlers {
  onChangePassword?: (user: User) => void;
  onEdit?: (user: User) => void;
  /** Sign the account out of every device. */
  onEndSessions?: (user: User) => void;
  onDelete?: (user: User) => void;
  /** Rows that cannot be deleted or signed out from here (one's own account) get neither action. */
  canDelete?: (user: User) => boolean;
  /** Rows the signed-in user may not change at all (another giáo vụ, for a giáo vụ) get no action. */
  canManage?: (user: User) => boolean;
}

export const ROW_ACTION_TEXTS = {
  changePassword: 'Đổi mật khẩu',
  edit: 'Sửa',
  endSessions: 'Đăng xuất mọi thiết bị',
  delete: 'Xoá',
} as const;

/** The account actions in the order the screens show them: change password, edit, sign out everywhere, delete. */
export function accountRowActions({ onChangePassword, onEdit, onEndSessions, onDelete, canDelete, canManage }: AccountRowHandlers): RowAction<User>[] {
  const unmanaged = (user: User) => !(canManage?.(user) ?? true);
  const actions: RowAction<User>[] = [];
  if (onChangePassword) {
    actions.push({ key: 'password', label: ROW_ACTION_TEXTS.changePassword, icon: <KeyIcon />, onSelect: onChangePassword, hidden: unmanaged });
  }
  if (onEdit) actions.push({ key: 'edit', label: ROW_ACTION_TEXTS.edit, icon: <EditIcon />, onSelect: onEdit, hidden: unmanaged });
  if (onEndSessions) {
    actions.push({
      key: 'sessions',
      label: ROW_ACTION_TEXTS.endSessions,
      icon: <SignOutIcon />,
      onSelect: onEndSessions,
      hidden: (user) => unmanaged(user) || !(canDelete?.(user) ?? true),
    });
  }
  if (onDelete) {
    actions.push({
      key: 'delete',
      label: ROW_ACTION_TEXTS.delete,
      icon: <TrashIcon />,
      onSelect: onDelete,
      danger: true,
      hidden: (user) => unmanaged(user) || !(canDelete?.(user) ?? true),
    });
  }
  return actions;
}

/** The same actions for a ⋯ menu, where edit comes first. */
export function accountMenuActions(handlers: AccountRowHandlers): RowAction<User>[] {
  const [first, second, ...rest] = accountRowActions(handlers);
  return first?.key === 'password' && second?.key === 'edit' ? [second, first, ...rest] : [first, second, ...rest].filter(Boolean);
}
