/**
 * The dialog of a class's calendar feed (ClassFeedDialog.ts), downloaded when first opened or ahead: the
 * private URL of the class's sessions (GET /calendar/feed?kind=class&id=…) with a copy button and its QR
 * code, and a new URL on request (POST /calendar/feed/rotate), confirmed first since the old one stops at
 * once.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type { ApiData } from '@trungtam/shared/contracts';
import { Box, Button, CloseButton, ConfirmDelete, Dialog, Field, Flex, HStack, Input, Portal, QrCodeSvg, Stack, StateNotice, Text, notifyError, notifySuccess } from '@trungtam/shared/ui';
import { useState } from 'react';
import { CLASS_FEED_TEXTS, type ClassFeedDialogProps, type ClassFeedTarget } from './ClassFeedDialog';

const T = CLASS_FEED_TEXTS;

/** A calendar feed's private URL, as GET /calendar/feed answers it. */
interface CalendarFeed {
  kind: 'user' | 'room' | 'class';
  id: number;
  name: string;
  url: string;
}

const feedKey = (classId: number) => ['calendar-feed', 'class', classId];

/** Copies the URL; where the browser refuses (no permission, a page not served over HTTPS) the field is there to select. */
async function copyUrl(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    notifySuccess(T.copied);
  } catch {
    notifyError(T.copyFailed);
  }
}

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
  const client = useQueryClient();
  const key = feedKey(target.class_id);
  const feed = useQuery({
    queryKey: key,
    queryFn: async () => (await api.get<ApiData<CalendarFeed>>('/calendar/feed', { params: { kind: 'class', id: target.class_id } })).data.data,
  });
  const [asking, setAsking] = useState(false);
  const url = feed.data?.url;
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
          <StateNotice loading={feed.isPending} failed={feed.isError} rowCount={url ? 1 : 0} onRetry={() => void feed.refetch()} />
          {url && (
            <>
              <Flex justify="center">
                <Box borderWidth="1px" borderRadius="md" p="2" bg="white">
                  <QrCodeSvg text={url} label={T.qr(target.class_name)} size={176} />
                </Box>
              </Flex>
              <Field.Root readOnly>
                <Field.Label>{T.url}</Field.Label>
                <Input value={url} fontFamily="mono" fontSize="sm" onFocus={(event) => event.currentTarget.select()} />
                <Field.HelperText>{T.private}</Field.HelperText>
              </Field.Root>
              <HStack gap="3" wrap="wrap">
                <Button colorPalette="blue" onClick={() => void copyUrl(url)}>
                  {T.copy}
                </Button>
                <Button variant="outline" onClick={() => setAsking(true)}>
                  {T.rotate}
                </Button>
              </HStack>
            </>
          )}
        </Stack>
        <ConfirmDelete
          open={asking}
          onClose={() => setAsking(false)}
          message={T.rotateQuestion(target.class_name)}
          description={T.rotateWarning}
          confirmLabel={T.rotate}
          successMessage={T.rotated}
          failureMessage={T.rotateFailed}
          onConfirm={async () => {
            const rotated = (await api.post<ApiData<CalendarFeed>>('/calendar/feed/rotate', { kind: 'class', id: target.class_id })).data.data;
            client.setQueryData(key, rotated);
            return rotated;
          }}
        />
      </Dialog.Body>
    </>
  );
}
