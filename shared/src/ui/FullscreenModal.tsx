/** A fullscreen dialog with a title and a close button: the create/edit screens of the account areas. */
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface FullscreenModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Rendered under the body, e.g. buttons bound to a form by its id. */
  footer?: ReactNode;
  /** Accessible name of the close button. */
  closeLabel?: string;
}

export function FullscreenModal({
  open,
  onClose,
  title,
  children,
  footer,
  closeLabel = 'Đóng',
}: FullscreenModalProps) {
  return (
    <Dialog.Root
      open={open}
      size="full"
      scrollBehavior="inside"
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
            <Dialog.Header borderBottomWidth="1px">
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body py="6">{children}</Dialog.Body>
            {footer && <Dialog.Footer borderTopWidth="1px">{footer}</Dialog.Footer>}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={closeLabel} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
