/**
 * "Lịch học trên điện thoại", on the account page of every signed-in user: the private URL of their own
 * sessions (GET /calendar/feed), which Google Calendar, an iPhone or Outlook subscribe to, with a copy
 * button, its QR code (to open it on a phone) and how each app adds it; and a new URL on request (POST
 * /calendar/feed/rotate), confirmed first since the old one stops at once.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Box, Button, Card, ConfirmDelete, Field, Flex, Heading, HStack, Input, QrCodeSvg, Stack, StateNotice, Text, notifyError, notifySuccess } from '@trungtam/shared/ui/core';
import { useCurrentUser } from '@trungtam/shared/session';
import { getOwnCalendarFeed, rotateOwnCalendarFeed } from './api';

export const CALENDAR_FEED_TEXTS = {
  title: 'Lịch học trên điện thoại',
  intro: 'Thêm các buổi học của bạn vào ứng dụng lịch trên điện thoại hoặc máy tính: buổi mới, buổi đổi giờ và buổi nghỉ tự cập nhật.',
  url: 'Đường dẫn lịch của bạn',
  qr: 'Mã QR của đường dẫn lịch',
  qrHint: 'Quét mã bằng điện thoại để lấy đường dẫn.',
  private: 'Ai có đường dẫn này cũng xem được lịch của bạn: đừng chia sẻ nó.',
  copy: 'Sao chép',
  copied: 'Đã sao chép đường dẫn',
  copyFailed: 'Không sao chép được: hãy chọn đường dẫn rồi sao chép',
  howTo: 'Cách thêm lịch',
  apps: [
    ['Google Calendar', 'Thêm lịch → Từ URL'],
    ['iPhone', 'Cài đặt → Lịch → Tài khoản → Thêm lịch đăng ký'],
    ['Outlook', 'Thêm lịch → Đăng ký từ web'],
  ],
  rotate: 'Tạo đường dẫn mới',
  rotateQuestion: 'Tạo đường dẫn mới cho lịch của bạn?',
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

export function CalendarFeedCard() {
  const user = useCurrentUser();
  const client = useQueryClient();
  const key = ['calendar-feed', user?.id ?? 0];
  const feed = useQuery({ queryKey: key, queryFn: getOwnCalendarFeed, enabled: !!user });
  const [asking, setAsking] = useState(false);
  const url = feed.data?.url;
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          {T.title}
        </Heading>
        <Text color="fg.muted">{T.intro}</Text>
      </Card.Header>
      <Card.Body>
        <StateNotice loading={feed.isPending} failed={feed.isError} rowCount={url ? 1 : 0} onRetry={() => void feed.refetch()} />
        {url && (
          <Flex gap="6" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'flex-start' }}>
            {/* (on a phone, the page's own screen: the URL and its buttons first, the code under them) */}
            <Stack gap="2" align="center" flexShrink={0} order={{ base: 1, md: 0 }}>
              <Box borderWidth="1px" borderRadius="md" p="2" bg="white">
                <QrCodeSvg text={url} label={T.qr} size={176} />
              </Box>
              <Text fontSize="sm" color="fg.muted" textAlign="center" maxW="48">
                {T.qrHint}
              </Text>
            </Stack>
            <Stack gap="4" flex="1" minW="0">
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
              <Stack gap="1">
                <Text fontWeight="medium">{T.howTo}</Text>
                <Stack as="ul" gap="1" ps="5" listStyleType="disc" fontSize="sm">
                  {T.apps.map(([app, steps]) => (
                    <li key={app}>
                      <Text as="span" fontWeight="medium">
                        {app}:
                      </Text>{' '}
                      {steps}
                    </li>
                  ))}
                </Stack>
              </Stack>
            </Stack>
          </Flex>
        )}
        <ConfirmDelete
          open={asking}
          onClose={() => setAsking(false)}
          message={T.rotateQuestion}
          description={T.rotateWarning}
          confirmLabel={T.rotate}
          successMessage={T.rotated}
          failureMessage={T.rotateFailed}
          onConfirm={async () => {
            const rotated = await rotateOwnCalendarFeed();
            client.setQueryData(key, rotated);
            return rotated;
          }}
        />
      </Card.Body>
    </Card.Root>
  );
}
