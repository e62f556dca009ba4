/**
 * A calendar feed's private URL (GET /calendar/feed: one's own, or a room's, a class's, a teacher's or a
 * student's in reach), which Google Calendar, an iPhone or Outlook subscribe to: the URL in a read-only field
 * with a copy button, its QR code (to open it on a phone), and a new URL on request (POST
 * /calendar/feed/rotate), confirmed first since the old one stops at once. The account page shows one's own
 * beside the code (`layout="side"`), a class's dialog the code above the URL.
 */
import { Box, Button, Field, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
// (the kit's theme, as every part downloaded apart from the core imports it)
import './theme';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@trungtam/shared/api';
import type { ApiData, CalendarFeed } from '@trungtam/shared/contracts';
import { ConfirmDelete, StateNotice, notifyError, notifySuccess } from '@trungtam/shared/ui/core';
import type { CalendarFeedLinkProps } from './CalendarFeedLinkPart';
import { QrCodeSvg } from './QrCodeSvg';

export const CALENDAR_FEED_TEXTS = {
  copy: 'Sao chép',
  copied: 'Đã sao chép đường dẫn',
  copyFailed: 'Không sao chép được: hãy chọn đường dẫn rồi sao chép',
  rotate: 'Tạo đường dẫn mới',
  rotateWarning: 'Đường dẫn cũ sẽ ngừng hoạt động ngay: lịch đã thêm bằng đường dẫn cũ cần được thêm lại.',
  rotated: 'Đã tạo đường dẫn mới',
  rotateFailed: 'Không tạo được đường dẫn mới, mời bạn thử lại',
} as const;
const T = CALENDAR_FEED_TEXTS;

/** Copies the URL; where the browser refuses (no permission, a page not served over HTTPS) the field is there to select. */
async function copyUrl(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    notifySuccess(T.copied);
  } catch {
    notifyError(T.copyFailed);
  }
}

export function CalendarFeedLink({ target = {}, texts, layout = 'stacked', children }: CalendarFeedLinkProps) {
  const client = useQueryClient();
  const key = ['calendar-feed', target.kind ?? 'own', target.id ?? 0];
  const feed = useQuery({
    queryKey: key,
    queryFn: async () => (await api.get<ApiData<CalendarFeed>>('/calendar/feed', { params: target })).data.data,
  });
  const [asking, setAsking] = useState(false);
  const url = feed.data?.url;
  const side = layout === 'side';
  return (
    <>
      <StateNotice loading={feed.isPending} failed={feed.isError} rowCount={url ? 1 : 0} onRetry={() => void feed.refetch()} />
      {url && (
        <Flex gap={side ? '6' : '4'} direction={side ? { base: 'column', md: 'row' } : 'column'} align={side ? { base: 'stretch', md: 'flex-start' } : 'stretch'}>
          {/* (on a phone, the side layout puts the URL and its buttons first, the code under them) */}
          <Stack gap="2" align="center" flexShrink={0} order={side ? { base: 1, md: 0 } : 0}>
            <Box borderWidth="1px" borderRadius="md" p="2" bg="white">
              <QrCodeSvg text={url} label={texts.qr} size={176} />
            </Box>
            {texts.qrHint && (
              <Text fontSize="sm" color="fg.muted" textAlign="center" maxW="48">
                {texts.qrHint}
              </Text>
            )}
          </Stack>
          <Stack gap="4" flex="1" minW="0">
            <Field.Root readOnly>
              <Field.Label>{texts.url}</Field.Label>
              <Input value={url} fontFamily="mono" fontSize="sm" onFocus={(event) => event.currentTarget.select()} />
              <Field.HelperText>{texts.private}</Field.HelperText>
            </Field.Root>
            <HStack gap="3" wrap="wrap">
              <Button colorPalette="blue" onClick={() => void copyUrl(url)}>
                {T.copy}
              </Button>
              <Button variant="outline" onClick={() => setAsking(true)}>
                {T.rotate}
              </Button>
            </HStack>
            {children}
          </Stack>
        </Flex>
      )}
      <ConfirmDelete
        open={asking}
        onClose={() => setAsking(false)}
        message={texts.rotateQuestion}
        description={T.rotateWarning}
        confirmLabel={T.rotate}
        successMessage={T.rotated}
        failureMessage={T.rotateFailed}
        onConfirm={async () => {
          const rotated = (await api.post<ApiData<CalendarFeed>>('/calendar/feed/rotate', target)).data.data;
          client.setQueryData(key, rotated);
          return rotated;
        }}
      />
    </>
  );
}
