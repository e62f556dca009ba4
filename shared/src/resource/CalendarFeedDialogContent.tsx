/**
 * The dialog of a class's, a room's or an account's calendar feed (CalendarFeedDialog.ts), downloaded when
 * first opened or ahead: the kit's CalendarFeedLink of it (its private URL, copy button, QR code and rotation).
 */
import { CalendarFeedLink, CloseButton, Dialog, Portal, Stack, Text } from '@trungtam/shared/ui/core';
import { CALENDAR_FEED_DIALOG_TEXTS, type CalendarFeedDialogProps, type CalendarFeedTarget } from './CalendarFeedDialog';

const T = CALENDAR_FEED_DIALOG_TEXTS;

export function CalendarFeedDialog({ target, onClose }: CalendarFeedDialogProps) {
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
            {target && <FeedContent key={`${target.kind}:${target.id}`} target={target} />}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={T.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function FeedContent({ target }: { target: CalendarFeedTarget }) {
  return (
    <>
      <Dialog.Header>
        <Stack gap="1">
          <Dialog.Title>{T.title}</Dialog.Title>
          <Text color="fg.muted">{target.name}</Text>
        </Stack>
      </Dialog.Header>
      <Dialog.Body pb="6">
        <Stack gap="4">
          <Text fontSize="sm">{T.intro(target.kind)}</Text>
          <CalendarFeedLink
            target={{ kind: target.kind, id: target.id }}
            texts={{ url: T.url(target.kind), qr: T.qr(target.kind, target.name), private: T.private(target.kind), rotateQuestion: T.rotateQuestion(target.kind, target.name) }}
          />
        </Stack>
      </Dialog.Body>
    </>
  );
}
