/**
 * Change-password modal: title 'Đổi mật khẩu tài khoản', one password field (required,
 * 7–50 characters), the button 'Cập nhật mật khẩu tài khoản' when an account id is present and
 * 'Vui lòng chờ trong giây lát...' while the request runs; disabled while submitting or invalid.
 * Failure: 'Có lỗi của hệ thống, mời bạn thử lại' in an alert in the form. Success: the caller's
 * message as a toast, then the modal closes.
 */
import { CloseButton, Portal, Stack } from '@chakra-ui/react';
// (the design system, which a page whose first screen is plain elements has not loaded yet)
import './theme';
import { Dialog } from '@trungtam/shared/ui/core';
import type { UpdatePasswordRequest } from '../contracts';
import { changePasswordSchema } from '../forms/accountSchemas';
import { MESSAGES } from '../validation';
import { FormField, SubmitButton, SubmitForm } from './form';

export const CHANGE_PASSWORD_TEXTS = {
  passwordLabel: 'Mật khẩu mới',
  /** Button text when no account is selected (the modal cannot submit then). */
  noAccount: 'Chưa chọn tài khoản',
  close: 'Đóng',
} as const;

export interface ChangePasswordModalProps {
  open: boolean;
  /** The account whose password is set; the modal only submits when present. */
  accountId: number | null | undefined;
  onClose: () => void;
  /** The request (PUT /user/update-password {id, password}). */
  onSubmit: (payload: UpdatePasswordRequest) => Promise<unknown>;
  /** Success toast: MESSAGES.passwordUpdated for teachers and students, staffPasswordUpdated for staff. */
  successMessage: string;
  /** The waiting time before the call (default 1 second). */
  delayMs?: number;
}

export function ChangePasswordModal({
  open,
  accountId,
  onClose,
  onSubmit,
  successMessage,
  delayMs,
}: ChangePasswordModalProps) {
  const hasAccount = typeof accountId === 'number' && accountId > 0;
  return (
    <Dialog.Root
      open={open}
      placement="center"
      lazyMount
      unmountOnExit
      onOpenChange={(event) => {
        if (!event.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{MESSAGES.changePasswordTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <SubmitForm
                aria-label={MESSAGES.changePasswordTitle}
                initialValues={{ password: '' }}
                validationSchema={changePasswordSchema}
                delayMs={delayMs}
                successMessage={successMessage}
                failureMessage={MESSAGES.passwordUpdateFailed}
                onSubmit={({ password }) => {
                  if (!hasAccount) return Promise.reject(new Error('No account'));
                  return onSubmit({ id: accountId, password });
                }}
                onSuccess={onClose}
              >
                <Stack gap="5">
                  <FormField
                    name="password"
                    type="password"
                    label={CHANGE_PASSWORD_TEXTS.passwordLabel}
                    autoComplete="new-password"
                    required
                  />
                  <SubmitButton alignSelf="flex-end" disabled={!hasAccount}>
                    {hasAccount ? MESSAGES.changePasswordSubmit : CHANGE_PASSWORD_TEXTS.noAccount}
                  </SubmitButton>
                </Stack>
              </SubmitForm>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={CHANGE_PASSWORD_TEXTS.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
