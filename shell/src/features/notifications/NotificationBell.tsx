/**
 * The header's bell (spec point 2): the unread count as a badge; a click opens the dropdown, marks all
 * of the user's notifications read in one call and sets the badge to 0. The dropdown lists the latest
 * 3 (unread ones, is_read 2, in bold), 'see more' to /notifications when there are more than 3, and
 * 'Chưa có thông báo' when there are none. The count is polled (see api.ts). The dropdown's code is
 * downloaded on first use (OnDemand).
 */
import { useState } from 'react';
import { Link as RouterLink } from '@trungtam/shared/router';
import { Badge, Box, Button, IconButton, Popover, Portal, Separator, Stack, Text } from '@trungtam/shared/ui/base';
import { useTranslation } from '@trungtam/shared/i18n';
import { formatDate } from '@trungtam/shared/format';
import type { Notification } from '@trungtam/shared/contracts/notifications';
import { NOTIFICATION_READ } from '@trungtam/shared/contracts';
import { PAGE_SIZES } from '@trungtam/shared/validation';
import { BellIcon } from '@trungtam/shared/icons';
import { useBellNotifications, useMarkAllRead } from './api';
import { NOTIFICATION_TEXTS } from './texts';
import { OnDemand, type StandInProps } from '@trungtam/shared/ui/base';

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

export function NotificationBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data } = useBellNotifications();
  const markAll = useMarkAllRead();
  const unread = data?.unread_rows ?? 0;
  const rows = data?.rows ?? [];
  const latest = rows.slice(0, PAGE_SIZES.notificationDropdown);
  const hasMore = (data?.total_rows ?? rows.length) > PAGE_SIZES.notificationDropdown;

  const button = (props: Partial<StandInProps>) => (
    <IconButton variant="ghost" position="relative" aria-label={t('header.notifications')} title={t('header.unread', { count: unread })} {...props}>
      <BellIcon />
      {unread > 0 && (
        <Badge
          data-testid="notification-count"
          position="absolute"
          top="0.5"
          right="0.5"
          size="xs"
          rounded="full"
          variant="solid"
          colorPalette="red"
          minW="4"
          justifyContent="center"
        >
          {unread}
        </Badge>
      )}
    </IconButton>
  );

  return (
    <OnDemand
      part="Popover"
      popup="dialog"
      button={button}
      onFirstOpen={() => {
        markAll.mutate();
        setOpen(true);
      }}
    >
      <Popover.Root open={open} positioning={{ placement: 'bottom-end' }} onOpenChange={(e) => setOpen(e.open)}>
        <Popover.Trigger asChild>
          {button({
            onClick: () => {
              if (!open) markAll.mutate();
            },
          })}
        </Popover.Trigger>
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
                    <RouterLink to="/notifications" onClick={() => setOpen(false)}>
                      {t('header.seeMore')}
                    </RouterLink>
                  </Button>
                )}
              </Popover.Body>
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
    </OnDemand>
  );
}
