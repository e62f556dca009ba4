/**
 * The dialog of a class's calendar feed (ClassFeedDialog.ts), downloaded when first opened or ahead: the
 * kit's CalendarFeedLink of the class (its private URL, copy button, QR code and rotation).
 */
import { CalendarFeedLink, CloseButton, Dialog, Portal, Stack, Text } from '@trungtam/shared/ui';
import { CLASS_FEED_TEXTS, type ClassFeedDialogProps, type ClassFeedTarget } from './ClassFeedDialog';

const T = CLASS_FEED_TEXTS;

export function ClassFeedDialog({ target, onClose }: ClassFeedDialogProps) {
  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={(event) => {
        if (!event.open) onClose();
      }}
      placement="center"
      size="md"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3">
            {target && <FeedContent key={target.class_id} target={target} />}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={T.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function FeedContent({ target }: { target: ClassFeedTarget }) {
  return (
    <>
      <Dialog.Header>
        <Stack gap="1">
          <Dialog.Title>{T.title}</Dialog.Title>
          <Text color="fg.muted">{target.class_name}</Text>
        </Stack>
      </Dialog.Header>
      <Dialog.Body pb="6">
        <Stack gap="4">
          <Text fontSize="sm">{T.intro}</Text>
          <CalendarFeedLink
            target={{ kind: 'class', id: target.class_id }}
            texts={{ url: T.url, qr: T.qr(target.class_name), private: T.private, rotateQuestion: T.rotateQuestion(target.class_name) }}
          />
        </Stack>
      </Dialog.Body>
    </>
  );
}
