/**
 * The delete confirmation's dialog (ConfirmDelete.tsx), downloaded when first opened or ahead.
 * Delete confirmation: 'Bạn có chắc chắn muốn xóa?' with cancel and agree buttons.
 * The piece runs the deletion and shows the outcome itself, as a 2-second toast:
 * MESSAGES.deleted on success; on failure the API's reason where it is specific (say, a record still in
 * use), else MESSAGES.deleteFailed. Either way the dialog closes. Any other irreversible action (closing
 * a round's scores) confirms the same way, with its own question, details and outcome from its answer.
 */
import { Box, Button, Spinner } from '@chakra-ui/react';
import { CONFIRM_DELETE_TEXTS, type ConfirmDeleteProps } from './ConfirmDelete';
import { Dialog, Portal } from './deferred';
// (the design system, which a page whose first screen is plain elements has not loaded yet)
import './theme';
import { useState } from 'react';
import { reasonOf } from '@trungtam/shared/api';
import { MESSAGES } from '../validation';
import { notifyError, notifySuccess } from './toaster';

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
