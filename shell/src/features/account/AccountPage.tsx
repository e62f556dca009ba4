import { Avatar, Card, Heading, HStack, Stack, Text } from '@trungtam/shared/ui';
import { useTranslation } from '@trungtam/shared/i18n';
import { useCurrentUser } from '@trungtam/shared/session';
import { formatDateTime } from '@trungtam/shared/format';
import { USER_TYPE_LABELS } from '../../app/userTypes';

/** /crafted/account: the signed-in account's overview (settings come with their own issue). */
export function AccountPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!user) return null;
  const rows: Array<[string, string]> = [
    [t('account.name'), user.name],
    [t('account.email'), user.email],
    [t('account.type'), USER_TYPE_LABELS[user.type] ?? user.type],
    ['Đăng nhập gần nhất', formatDateTime(user.last_time_login)],
  ];
  return (
    <Card.Root>
      <Card.Header>
        <HStack gap="4">
          <Avatar.Root size="xl" colorPalette="blue">
            <Avatar.Fallback name={user.name} />
          </Avatar.Root>
          <Heading as="h1" size="xl">
            {t('account.title')}
          </Heading>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack as="dl" gap="3">
          {rows.map(([label, value]) => (
            <HStack key={label} gap="4" align="baseline">
              <Text as="dt" width="48" color="fg.muted" flexShrink={0}>
                {label}
              </Text>
              <Text as="dd" fontWeight="semibold">
                {value}
              </Text>
            </HStack>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
