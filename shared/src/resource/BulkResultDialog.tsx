/**
 * The outcome of a bulk action with refusals (BulkBar.tsx), downloaded when first opened: how many rows
 * it acted on and each row it refused, with the reason.
 */
import { Box, Button } from '@chakra-ui/react';
import { Dialog, Portal } from '../ui/deferred';
import { UNDO_TEXT } from '../ui/toaster';
// (the design system, which a page whose first screen is plain elements has not loaded yet)
import '../ui/theme';
import type { BulkResultDialogProps } from './BulkBar';
import { BULK_BAR_TEXTS } from './bulkTexts';

export function BulkResultDialog({ open, onClose, title, result, rowName, onUndo }: BulkResultDialogProps) {
  return (
    <Dialog.Root open={open} placement="center" size="md" scrollBehavior="inside" onOpenChange={(event) => !event.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Box as="p" mb="3">
                {BULK_BAR_TEXTS.outcome(result.succeeded.length, result.refused.length)}
              </Box>
              <Box as="ul" listStyleType="disc" paddingInlineStart="5" display="flex" flexDirection="column" gap="1" aria-label={BULK_BAR_TEXTS.refusals}>
                {result.refused.map((refusal) => (
                  <li key={refusal.id}>
                    <strong>{rowName?.(refusal.id) ?? `#${refusal.id}`}</strong>: {refusal.reason}
                  </li>
                ))}
              </Box>
            </Dialog.Body>
            <Dialog.Footer>
              {onUndo && (
                <Button
                  variant="outline"
                  onClick={() => {
                    onClose();
                    onUndo();
                  }}
                >
                  {UNDO_TEXT}
                </Button>
              )}
              <Button onClick={onClose}>{BULK_BAR_TEXTS.close}</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
