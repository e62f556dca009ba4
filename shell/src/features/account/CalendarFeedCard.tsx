/**
 * "Lịch học trên điện thoại", on the account page of every signed-in user: the private URL of their own
 * sessions (GET /calendar/feed), which Google Calendar, an iPhone or Outlook subscribe to, with a copy
 * button, its QR code (to open it on a phone) and how each app adds it; and a new URL on request (POST
 * /calendar/feed/rotate), confirmed first since the old one stops at once.
 */
import { CalendarFeedLink, Card, Heading, Stack, Text } from '@trungtam/shared/ui/core';

export const CALENDAR_FEED_TEXTS = {
  title: 'Lịch học trên điện thoại',
  intro: 'Thêm các buổi học của bạn vào ứng dụng lịch trên điện thoại hoặc máy tính: buổi mới, buổi đổi giờ và buổi nghỉ tự cập nhật.',
  url: 'Đường dẫn lịch của bạn',
  qr: 'Mã QR của đường dẫn lịch',
  qrHint: 'Quét mã bằng điện thoại để lấy đường dẫn.',
  private: 'Ai có đường dẫn này cũng xem được lịch của bạn: đừng chia sẻ nó.',
  howTo: 'Cách thêm lịch',
  apps: [
    ['Google Calendar', 'Thêm lịch → Từ URL'],
    ['iPhone', 'Cài đặt → Lịch → Tài khoản → Thêm lịch đăng ký'],
    ['Outlook', 'Thêm lịch → Đăng ký từ web'],
  ],
  rotateQuestion: 'Tạo đường dẫn mới cho lịch của bạn?',
} as const;
const T = CALENDAR_FEED_TEXTS;

export function CalendarFeedCard() {
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          {T.title}
        </Heading>
        <Text color="fg.muted">{T.intro}</Text>
      </Card.Header>
      <Card.Body>
        <CalendarFeedLink layout="side" texts={T}>
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
        </CalendarFeedLink>
      </Card.Body>
    </Card.Root>
  );
}
