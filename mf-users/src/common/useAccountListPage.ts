/**
 * An account list screen's state: the kit's list page (view in the URL, form and delete targets,
 * pagination) plus what accounts add: the User permissions of the signed-in role, the password and
 * sign-out targets, and the row actions (no delete on one's own row, no action on another giáo vụ's row for a giáo vụ:
 * the API refuses them).
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ListResult, User } from '@trungtam/shared/contracts';
import { can, isAdministrator } from '@trungtam/shared/permissions';
import { useListPage, type ListView } from '@trungtam/shared/resource';
import { useCurrentUser } from '@trungtam/shared/session';
import { useState } from 'react';
import type { AccountRowHandlers } from './AccountCells';

export function useAccountListPage<F>(view: ListView<F>, list: UseQueryResult<ListResult<User>>) {
  // The API refuses what the role does not allow; the screen does not offer it in the first place.
  const me = useCurrentUser();
  const may = {
    create: can(me, 'User', 'Create'),
    update: can(me, 'User', 'Update'),
    delete: can(me, 'User', 'Delete'),
    export: can(me, 'User', 'Export'),
  };
  const page = useListPage(view, list, may);
  const [passwordTarget, setPasswordTarget] = useState<User | null>(null);
  const [sessionsTarget, setSessionsTarget] = useState<User | null>(null);
  const handlers: AccountRowHandlers = {
    onChangePassword: may.update ? setPasswordTarget : undefined,
    onEdit: may.update ? page.openEdit : undefined,
    onEndSessions: may.update ? setSessionsTarget : undefined,
    onDelete: may.delete ? page.askDelete : undefined,
    canDelete: (user) => user.id !== me?.id,
    // the API's rule: a giáo vụ manages teachers and students, not another giáo vụ's account
    canManage: (user) => isAdministrator(me) || me?.type !== 'academic_affair' || user.type !== 'academic_affair' || user.id === me.id,
  };
  return {
    ...page,
    may,
    handlers,
    dialogs: {
      passwordTarget,
      sessionsTarget,
      deleteTarget: page.deleteDialog.target,
      onClosePassword: () => setPasswordTarget(null),
      onCloseSessions: () => setSessionsTarget(null),
      onCloseDelete: page.deleteDialog.onClose,
    },
  };
}
