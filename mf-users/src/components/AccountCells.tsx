/** Table cells the account tables share: name with id, email with status (and created date), row actions. */
import type { User } from '@trungtam/shared/contracts';
import { formatDateTime } from '@trungtam/shared/format';
import { AccountStatusBadge, HStack, IconButton, Menu, Portal, Stack, Text } from '@trungtam/shared/ui';
import type { ReactNode } from 'react';
import { EditIcon, KeyIcon, MoreIcon, TrashIcon } from './icons';

export function AccountNameCell({ user, idFirst = false }: { user: User; idFirst?: boolean }) {
  if (idFirst) {
    return (
      <Stack gap="0">
        <Text color="fg.muted" fontSize="xs">
          #{user.id}
        </Text>
        <Text fontWeight="semibold">{user.name}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="0">
      <Text fontWeight="semibold">{user.name}</Text>
      <Text color="fg.muted" fontSize="xs">
        ID: {user.id}
      </Text>
    </Stack>
  );
}

export function EmailStatusCell({ user, withCreatedAt = false }: { user: User; withCreatedAt?: boolean }) {
  return (
    <Stack gap="1" align="flex-start">
      <Text>{user.email}</Text>
      <AccountStatusBadge status={user.status} />
      {withCreatedAt && (
        <Text color="fg.muted" fontSize="xs">
          Ngày tạo: {formatDateTime(user.created_at)}
        </Text>
      )}
    </Stack>
  );
}

/** The row actions; an action the signed-in user may not take is left out (its handler is not given). */
export interface AccountRowHandlers {
  onChangePassword?: (user: User) => void;
  onEdit?: (user: User) => void;
  onDelete?: (user: User) => void;
  /** Rows that cannot be deleted (one's own account) get no delete action. */
  canDelete?: (user: User) => boolean;
}

export const ROW_ACTION_TEXTS = {
  changePassword: 'Đổi mật khẩu',
  edit: 'Sửa',
  delete: 'Xoá',
  menu: 'Thao tác',
} as const;

/** Icon buttons: change password, edit, delete. */
export function AccountRowButtons({ user, onChangePassword, onEdit, onDelete, canDelete }: AccountRowHandlers & { user: User }) {
  return (
    <HStack gap="1" justify="flex-end">
      {onChangePassword && (
        <IconButton size="sm" variant="ghost" aria-label={ROW_ACTION_TEXTS.changePassword} title={ROW_ACTION_TEXTS.changePassword} onClick={() => onChangePassword(user)}>
          <KeyIcon />
        </IconButton>
      )}
      {onEdit && (
        <IconButton size="sm" variant="ghost" aria-label={ROW_ACTION_TEXTS.edit} title={ROW_ACTION_TEXTS.edit} onClick={() => onEdit(user)}>
          <EditIcon />
        </IconButton>
      )}
      {onDelete && (canDelete?.(user) ?? true) && (
        <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={ROW_ACTION_TEXTS.delete} title={ROW_ACTION_TEXTS.delete} onClick={() => onDelete(user)}>
          <TrashIcon />
        </IconButton>
      )}
    </HStack>
  );
}

export interface MenuAction {
  value: string;
  label: string;
  icon: ReactNode;
  onSelect: () => void;
  danger?: boolean;
}

/** An action menu (⋯) of a row. */
export function RowActionMenu({ label, actions }: { label: string; actions: MenuAction[] }) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton size="sm" variant="ghost" aria-label={label} title={ROW_ACTION_TEXTS.menu}>
          <MoreIcon />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="48">
            {actions.map((action) => (
              <Menu.Item key={action.value} value={action.value} onSelect={action.onSelect} color={action.danger ? 'fg.error' : undefined}>
                {action.icon}
                {action.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** The standard menu: change password, edit, delete (plus any leading actions). */
export function accountMenuActions(user: User, { onEdit, onChangePassword, onDelete, canDelete }: AccountRowHandlers): MenuAction[] {
  const actions: MenuAction[] = [];
  if (onEdit) actions.push({ value: 'edit', label: ROW_ACTION_TEXTS.edit, icon: <EditIcon />, onSelect: () => onEdit(user) });
  if (onChangePassword) {
    actions.push({ value: 'password', label: ROW_ACTION_TEXTS.changePassword, icon: <KeyIcon />, onSelect: () => onChangePassword(user) });
  }
  if (onDelete && (canDelete?.(user) ?? true)) actions.push({ value: 'delete', label: ROW_ACTION_TEXTS.delete, icon: <TrashIcon />, onSelect: () => onDelete(user), danger: true });
  return actions;
}
