/**
 * Delete confirmation of spec point 2: 'Bạn có chắc chắn muốn xóa?' with cancel and agree buttons.
 * The piece runs the deletion and shows the outcome itself, as a 2-second toast:
 * MESSAGES.deleted on success; on failure the API's reason where it is specific (say, a record still in
 * use), else MESSAGES.deleteFailed. Either way the dialog closes. Any other irreversible action (closing
 * a round's scores) confirms the same way, with its own question, details and outcome from its answer.
 */
import { Box, Button, Portal, Spinner } from '@chakra-ui/react';
import { Dialog } from './deferred';
import { useState, type ReactNode } from 'react';
import { reasonOf } from '@trungtam/shared/api';
import { MESSAGES } from '../validation';
import { notifyError, notifySuccess } from './toaster';

export const CONFIRM_DELETE_TEXTS = {
  cancel: 'Huỷ',
  agree: 'Đồng ý',
} as const;

export interface ConfirmDeleteProps<R = unknown> {
  open: boolean;
  /** Called when the dialog closes (cancel, escape, or after the deletion settled). */
  onClose: () => void;
  /** The deletion. Its rejection is reported as a failure. */
  onConfirm: () => Promise<R>;
  /** Called after a successful deletion (after the toast), e.g. to refresh a list. */
  onDeleted?: () => void;
  /** The question; defaults to the spec's text. */
  message?: string;
  /** What the action does, under the question. */
  description?: ReactNode;
  /** The toasts; default to the spec's delete texts. The success may be told from the action's answer. */
  successMessage?: string | ((result: R) => string);
  failureMessage?: string;
  /** The agree button's text; defaults to 'Đồng ý'. */
  confirmLabel?: string;
  /** The cancel button's text; defaults to 'Huỷ' (give another where the agree button says 'Huỷ …'). */
  cancelLabel?: string;
}

export function ConfirmDelete<R = unknown>({
  open,
  onClose,
  onConfirm,
  onDeleted,
  message,
  description,
  successMessage = MESSAGES.deleted,
  failureMessage = MESSAGES.deleteFailed,
  confirmLabel = CONFIRM_DELETE_TEXTS.agree,
  cancelLabel = CONFIRM_DELETE_TEXTS.cancel,
}: ConfirmDeleteProps<R>) {
  const [pending, setPending] = useState(false);

  const agree = async () => {
    setPending(true);
    let result: R;
    try {
      result = await onConfirm();
    } catch (error) {
      setPending(false);
      notifyError(reasonOf(error, failureMessage));
      onClose();
      return;
    }
    setPending(false);
    notifySuccess(typeof successMessage === 'function' ? successMessage(result) : successMessage);
    onClose();
    onDeleted?.();
  };

  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      placement="center"
      size="sm"
      onOpenChange={(event) => {
        if (!event.open && !pending) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Body pt="6">
              <Dialog.Title fontSize="md" fontWeight="semibold" textAlign="center">
                {message ?? MESSAGES.deleteConfirm}
              </Dialog.Title>
              {description && (
                <Dialog.Description asChild>
                  <Box mt="3" textAlign="center">
                    {description}
                  </Box>
                </Dialog.Description>
              )}
            </Dialog.Body>
            <Dialog.Footer justifyContent="center">
              <Button variant="outline" onClick={onClose} disabled={pending}>
                {cancelLabel}
              </Button>
              <Button colorPalette="red" onClick={() => void agree()} disabled={pending}>
                {pending && <Spinner size="sm" aria-hidden="true" />}
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
