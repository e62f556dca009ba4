/** The bell's dropdown (with the UI kit: kitPart.tsx): the latest notifications, and 'see more' when there are more. */
import type { ReactElement } from 'react';
import { Link as RouterLink } from '@trungtam/shared/router';
import { Box, Button, Popover, Portal, Separator, Stack, Text, UiProvider } from '@trungtam/shared/ui/base';
import { useTranslation } from '@trungtam/shared/i18n';
import { formatDate } from '@trungtam/shared/format';
import type { Notification } from '@trungtam/shared/contracts/notifications';
import { NOTIFICATION_READ } from '@trungtam/shared/contracts';
import { NOTIFICATION_TEXTS } from './texts';

export function NotificationItem({ item }: { item: Notification }) {
  const unread = item.is_read === NOTIFICATION_READ.UNREAD;
  return (
    <Box as="li" listStyleType="none" data-unread={unread || undefined} fontWeight={unread ? 'bold' : 'normal'}>
      <Text fontWeight="inherit" color="fg">
        {item.name}
      </Text>
      <Text fontSize="xs" color="fg.muted" fontWeight="inherit">
        {item.message}
      </Text>
      <Text fontSize="xs" color="fg.subtle">
        {formatDate(item.created_at)}
      </Text>
    </Box>
  );
}

export function BellDropdown({
  trigger,
  open,
  onOpenChange,
  latest,
  hasMore,
}: {
  /** The header's bell button, which the dropdown opens from. */
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  latest: Notification[];
  hasMore: boolean;
}) {
  const { t } = useTranslation();
  return (
    <UiProvider toaster={false}>
      <Popover.Root open={open} positioning={{ placement: 'bottom-end' }} onOpenChange={(e) => onOpenChange(e.open)}>
        <Popover.Trigger asChild>{trigger}</Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            <Popover.Content width="80" data-testid="notification-dropdown">
              <Popover.Header fontWeight="bold" borderBottomWidth="1px" pb="3">
                {t('header.notifications')}
              </Popover.Header>
              <Popover.Body pt="3">
                {latest.length === 0 ? (
                  <Text color="fg.muted" py="2">
                    {NOTIFICATION_TEXTS.empty}
                  </Text>
                ) : (
                  <Stack as="ul" gap="3" m="0" p="0" separator={<Separator />}>
                    {latest.map((item) => (
                      <NotificationItem key={item.notification_id} item={item} />
                    ))}
                  </Stack>
                )}
                {hasMore && (
                  <Button asChild variant="ghost" size="sm" width="full" mt="3" colorPalette="blue">
                    <RouterLink to="/notifications" onClick={() => onOpenChange(false)}>
                      {t('header.seeMore')}
                    </RouterLink>
                  </Button>
                )}
              </Popover.Body>
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
    </UiProvider>
  );
}
