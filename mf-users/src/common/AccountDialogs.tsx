/**
 * The dialogs every account list has: the staff password change, the 'sign out of every device'
 * confirmation and the delete confirmation.
 */
import type { UpdatePasswordRequest, User } from '@trungtam/shared/contracts';
import { lazyDialog } from '@trungtam/shared/resource';
import { ConfirmDelete } from '@trungtam/shared/ui/list';
import { useState } from 'react';
import { endAccountSessions } from './accounts';

// a form: its code (Formik, yup) downloads apart from the list (lazyParts.tsx in the resource kit)
const ChangePasswordModal = lazyDialog('ChangePasswordModal', () => import('@trungtam/shared/ui/forms').then((m) => m.ChangePasswordModal));

export const END_SESSIONS_TEXTS = {
  question: (name: string) => `Đăng xuất tài khoản ${name} khỏi mọi thiết bị? Người dùng sẽ phải đăng nhập lại.`,
  confirm: 'Đăng xuất',
  done: 'Đã đăng xuất tài khoản khỏi mọi thiết bị',
  failed: 'Không đăng xuất được tài khoản, mời bạn thử lại',
} as const;

export interface AccountDialogsProps {
  passwordTarget: User | null;
  sessionsTarget: User | null;
  deleteTarget: User | null;
  onClosePassword: () => void;
  onCloseSessions: () => void;
  onCloseDelete: () => void;
  updatePassword: (payload: UpdatePasswordRequest) => Promise<unknown>;
  deleteAccount: (id: number) => Promise<unknown>;
  passwordSuccessMessage: string;
  delayMs?: number;
}

export function AccountDialogs({
  passwordTarget,
  sessionsTarget,
  deleteTarget,
  onClosePassword,
  onCloseSessions,
  onCloseDelete,
  updatePassword,
  deleteAccount,
  passwordSuccessMessage,
  delayMs,
}: AccountDialogsProps) {
  // the question keeps its name while the dialog closes
  const [asked, setAsked] = useState<User | null>(null);
  if (sessionsTarget && sessionsTarget !== asked) setAsked(sessionsTarget);
  return (
    <>
      <ChangePasswordModal
        open={passwordTarget !== null}
        accountId={passwordTarget?.id}
        delayMs={delayMs}
        onClose={onClosePassword}
        onSubmit={(payload) => updatePassword(payload)}
        successMessage={passwordSuccessMessage}
      />
      <ConfirmDelete
        open={sessionsTarget !== null}
        onClose={onCloseSessions}
        onConfirm={() => (sessionsTarget ? endAccountSessions(sessionsTarget.id) : Promise.resolve())}
        message={END_SESSIONS_TEXTS.question((sessionsTarget ?? asked)?.name ?? '')}
        confirmLabel={END_SESSIONS_TEXTS.confirm}
        successMessage={END_SESSIONS_TEXTS.done}
        failureMessage={END_SESSIONS_TEXTS.failed}
      />
      <ConfirmDelete
        open={deleteTarget !== null}
        onClose={onCloseDelete}
        onConfirm={() => (deleteTarget ? deleteAccount(deleteTarget.id) : Promise.resolve())}
      />
    </>
  );
}
