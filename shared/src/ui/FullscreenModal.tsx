/** A fullscreen dialog with a title and a close button: the create/edit screens of the account areas. */
import { CloseButton, Portal } from '@chakra-ui/react';
// (the design system, which a page whose first screen is plain elements has not loaded yet)
import './theme';
import { Dialog } from './deferred';
import { useRef, type ReactNode } from 'react';

export interface FullscreenModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Rendered under the body, e.g. buttons bound to a form by its id. */
  footer?: ReactNode;
  /** Accessible name of the close button. */
  closeLabel?: string;
  /**
   * Where focus goes on opening: the first field (default, for a form to fill in) or the close button
   * (for a screen that is read first, where focusing a required field would flag it on the first click).
   */
  initialFocus?: 'first-field' | 'close';
}

export function FullscreenModal({
  open,
  onClose,
  title,
  children,
  footer,
  closeLabel = 'Đóng',
  initialFocus = 'first-field',
}: FullscreenModalProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      initialFocusEl={initialFocus === 'close' ? () => closeRef.current : undefined}
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
              <CloseButton ref={closeRef} size="sm" aria-label={closeLabel} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
