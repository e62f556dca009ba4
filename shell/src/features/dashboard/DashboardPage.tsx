import { Card, Heading, Stack, Text } from '@trungtam/shared/ui';
import { useCurrentUser } from '@trungtam/shared/session';
import { USER_TYPE_LABELS } from '../../app/userTypes';

/** /dashboard: a welcome for now; the schedule and notification cards come with their own issue. */
export function DashboardPage() {
  const user = useCurrentUser();
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="2">
          <Heading as="h1" size="xl">
            Xin chào{user ? `, ${user.name}` : ''}!
          </Heading>
          <Text color="fg.muted">
            Chào mừng bạn đến với hệ thống quản lý trung tâm
            {user ? ` — tài khoản ${USER_TYPE_LABELS[user.type] ?? user.type}` : ''}. Chọn một chức năng ở menu bên
            trái để bắt đầu.
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
