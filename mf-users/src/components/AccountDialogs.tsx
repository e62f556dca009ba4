/** The dialogs every account list has: the staff password change and the delete confirmation. */
import type { UpdatePasswordRequest, User } from '@trungtam/shared/contracts';
import { ChangePasswordModal, ConfirmDelete } from '@trungtam/shared/ui';

export interface AccountDialogsProps {
  passwordTarget: User | null;
  deleteTarget: User | null;
  onClosePassword: () => void;
  onCloseDelete: () => void;
  updatePassword: (payload: UpdatePasswordRequest) => Promise<unknown>;
  deleteAccount: (id: number) => Promise<unknown>;
  passwordSuccessMessage: string;
  delayMs?: number;
}

export function AccountDialogs({
  passwordTarget,
  deleteTarget,
  onClosePassword,
  onCloseDelete,
  updatePassword,
  deleteAccount,
  passwordSuccessMessage,
  delayMs,
}: AccountDialogsProps) {
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
        open={deleteTarget !== null}
        onClose={onCloseDelete}
        onConfirm={() => (deleteTarget ? deleteAccount(deleteTarget.id) : Promise.resolve())}
      />
    </>
  );
}
