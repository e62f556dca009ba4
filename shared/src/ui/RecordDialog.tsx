/**
 * A dialog that shows one record (an audit entry, a class session): full screen on a phone, large
 * otherwise, its body scrolling inside, mounted only while open, with a close button. `Fact` is one of
 * its label / value pairs.
 */
import { Box, CloseButton, Portal, Text } from '@chakra-ui/react';
// (the design system, which a page whose first screen is plain elements has not loaded yet)
import './theme';
import { Dialog } from './deferred';
import type { ReactNode } from 'react';

export interface RecordDialogProps {
  open: boolean;
  onClose: () => void;
  /** Accessible name of the close button. */
  closeLabel: string;
  /** The header, body and footer (Dialog.Header, Dialog.Body…). */
  children: ReactNode;
  /** Its width from a tablet up (a phone's is the whole screen): 'xl' for a wide table. */
  size?: 'lg' | 'xl';
  /**
   * Escape pressed in the dialog, before it closes: `event.preventDefault()` keeps it open (an edit in
   * progress inside it that Escape should end instead).
   */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
}

export function RecordDialog({ open, onClose, closeLabel, children, size = 'lg', onEscapeKeyDown }: RecordDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(event) => {
        if (!event.open) onClose();
      }}
      onEscapeKeyDown={onEscapeKeyDown}
      size={{ base: 'full', md: size }}
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={closeLabel} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** A label over its value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Box>{children}</Box>
    </Box>
  );
}
